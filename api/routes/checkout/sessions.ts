// What the shopper's browser calls (hosted page and widget), with the entity's publishable key:
// open a client session and submit a means of payment. Merchants' servers use /v2 instead.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import type { MerchantReads } from '../../../db/cache/merchant-cache';
import { validateCheckoutSplit } from '../../../domain/validation/checkout-submission';
import type { KeyRing } from '../../auth/key-ring';
import { badRequest, notFound } from '../../errors/problem';
import type { ClientSessionGateway } from '../../gateway/client-sessions';
import type { PaymentGateway } from '../../gateway/payments';
import { Ref } from '../../schemas/typebox';
import { ClientSession, Payment, PaymentSplitEntry } from '../../schemas/v2';
import { identifyVaultCaller, vaultCorsHeaders, withVaultCors } from '../v2/vault';
import { shopperPaymentView, shopperSessionView } from './shopper-view';
import { problemResponses } from '../schema-refs';

interface Deps {
  merchants: MerchantReads;
  keys: KeyRing;
  clientSessions: ClientSessionGateway;
  payments: PaymentGateway;
}

const SessionParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const Submission = Type.Object(
  {
    split: Type.Array(Ref(PaymentSplitEntry), {
      minItems: 1,
      description:
        'What the shopper pays with, in order; the amounts add up to the session amount (e.g. a gift card, then a card for the rest).',
    }),
  },
  { description: 'The shopper’s choice on a client session.' },
);
const SubmissionResult = Type.Object({ session: Ref(ClientSession), payment: Ref(Payment) });
const PaymentMethodLimits = Type.Array(
  Type.Object({
    partner: Type.String(),
    method: Type.String(),
    min_amount: Type.Integer({ description: 'Least this method takes in one payment (minor units).' }),
    max_amount: Type.Integer({ description: 'Most this method takes in one payment (minor units).' }),
  }),
  { description: 'The session’s eligible solutions, in its order, each with the amounts its contract takes.' },
);

const corsPreflight = {
  ...vaultCorsHeaders,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key, x-request-id',
  'access-control-max-age': '7200',
};

export function registerCheckoutRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const withCors = withVaultCors;
  const entityOf = async (request: FastifyRequest) => (await identifyVaultCaller(request, deps)).entityId;

  for (const path of [
    '/checkout/v1/sessions/:id',
    '/checkout/v1/sessions/:id/payment-methods',
    '/checkout/v1/sessions/:id/payments',
    '/checkout/v1/entities/:entityId/sessions/:id',
  ]) {
    app.options(path, { schema: { hide: true } }, async (_request, reply) =>
      reply.status(204).headers(corsPreflight).send(),
    );
  }

  app.get(
    '/checkout/v1/sessions/:id',
    {
      onRequest: withCors,
      schema: {
        hide: true,
        params: SessionParams,
        response: { 200: Ref(ClientSession), ...problemResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const session = await deps.clientSessions.open(request.params.id, await entityOf(request), request.log);
      return reply.header('cache-control', 'no-store').send(shopperSessionView(session));
    },
  );

  // What each of the session's solutions may pay: a split (a gift card, a card for the rest) must
  // give each part an amount its contract takes. Read without opening the session.
  app.get(
    '/checkout/v1/sessions/:id/payment-methods',
    {
      onRequest: withCors,
      schema: {
        hide: true,
        params: SessionParams,
        response: { 200: PaymentMethodLimits, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const entityId = await entityOf(request);
      const session = await deps.clientSessions.terms(request.params.id, entityId);
      const contracts = await deps.merchants.contractsOf(entityId);
      return session.eligible_solutions.flatMap(({ partner, method }) => {
        const contract = contracts.find((candidate) => candidate.partner === partner && candidate.method === method);
        return contract ? [{ partner, method, min_amount: contract.min_amount, max_amount: contract.max_amount }] : [];
      });
    },
  );

  // The hosted page knows only its own address (/entities/{entity}/sessions/{session}): the
  // unguessable session id in it is the shopper's capability. It gets the session and the
  // entity's publishable key (public by design) to call the vault and submit.
  app.get(
    '/checkout/v1/entities/:entityId/sessions/:id',
    {
      onRequest: withCors,
      schema: {
        hide: true,
        params: Type.Object({ entityId: Type.String({ format: 'uuid' }), id: Type.String({ format: 'uuid' }) }),
        response: {
          200: Type.Object({ publishable_key: Type.String(), session: Ref(ClientSession) }),
          ...problemResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const entity = await deps.merchants.entity(request.params.entityId);
      if (!entity) throw notFound('client session');
      const session = await deps.clientSessions.open(request.params.id, entity.id, request.log);
      return reply
        .header('cache-control', 'no-store')
        .send({ publishable_key: entity.publishable_key, session: shopperSessionView(session) });
    },
  );

  app.post(
    '/checkout/v1/sessions/:id/payments',
    {
      onRequest: withCors,
      schema: {
        hide: true,
        params: SessionParams,
        body: Submission,
        response: { 201: SubmissionResult, ...problemResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const entityId = await entityOf(request);
      const unfit = validateCheckoutSplit(request.body.split);
      if (unfit.length > 0) throw badRequest('a shopper cannot pay with these entries', unfit);
      // Whether the session may still be paid is for its workflow to judge, in the Update below.
      // What the entries name does not depend on the session's terms: both are read at once.
      const [session, facts] = await Promise.all([
        deps.clientSessions.terms(request.params.id, entityId),
        deps.payments.lookUpSplit(entityId, request.body.split),
      ]);
      const allowed = new Set(session.eligible_solutions.map((solution) => `${solution.partner}/${solution.method}`));
      const notOffered = request.body.split.findIndex((entry) => !allowed.has(`${entry.partner}/${entry.method}`));
      if (notOffered >= 0)
        throw badRequest('this means of payment is not offered on this session', [
          { pointer: `/split/${notOffered}/method`, detail: 'is not an eligible solution of the session' },
        ]);

      const paymentId = randomUUID();
      const legs = await deps.payments.legsOf({
        entityId,
        paymentId,
        currency: session.currency,
        allowFutureUsage: session.allow_future_usage,
        customerReference: session.customer?.reference,
        facts,
        spentTokensLeftToTheVault: true,
        // The merchant's 3-D Secure preferences for the session apply to a card entry without its own.
        split: request.body.split.map((entry) =>
          session.three_ds_authentication_options && !entry.three_ds_authentication_options
            ? { ...entry, three_ds_authentication_options: session.three_ds_authentication_options }
            : entry,
        ),
      });
      const result = await deps.clientSessions.submit(
        request.params.id,
        entityId,
        { id: paymentId, legs },
        request.log,
      );
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ session: shopperSessionView(result.session), payment: shopperPaymentView(result.payment) });
    },
  );
}
