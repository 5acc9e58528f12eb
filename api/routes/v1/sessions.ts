// API v1 sessions: create, init, validate and read, on the same client session and payment
// workflows as v2 (through the gateways), so a session made here is a v2 client session with the
// same id, and its payment is a v2 payment.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { MerchantReads } from '../../../db/cache/merchant-cache';
import type { Sql } from '../../../db/connection';
import { paymentsOfOrder, paymentsOfSession, transactionParents } from '../../../db/projections';
import { parseMajorUnits } from '../../../domain/decimal-amount';
import { mayBePaid } from '../../../domain/client-session-status';
import { validateClientSessionApplication } from '../../../domain/validation/client-session';
import { privateWebhookUrlErrors } from '../../webhook-url-addresses';
import { GIFT_CARD_PARTNERS, type PartnerRegistry } from '../../../partners';
import type { TesseraConfig } from '../../../platform/config';
import { HttpProblem, badRequest, type FieldError } from '../../errors/problem';
import type { ClientSessionGateway } from '../../gateway/client-sessions';
import type { PaymentGateway } from '../../gateway/payments';
import { v1HookSubscription } from '../../gateway/webhook-subscription';
import { giftCardBalance } from '../../gift-card-balance';
import { Ref } from '../../schemas/typebox';
import {
  V1ActionResult,
  V1ApiError,
  V1ClientAction,
  V1CreateSessionApplication,
  V1DefaultSessionSolutionApplication,
  V1InitResult,
  V1SessionProtocols,
  V1ValidateSessionRequest,
} from '../../schemas/v1';
import type { Payment } from '../../schemas/v2';
import type { ClientSessionState } from '../../../workflows/client-session/types';
import { giftCardInitOutcome, v1ActionResults, v1Protocols, validateOutcome } from './action-results';
import { apiKeyCallerOf, authenticateApiKeyCaller, entityOfPrincipal } from './callers';
import { answerOnce, gatewayKeyOf, madeOnce, type V1Answer } from './idempotency';
import { clientSessionApplicationOf } from './session-application';
import { vaultCorsHeaders, withVaultCors } from '../v2/vault';
import { ApiErrors, atV1Paths, V1IdempotencyHeaders, v1ErrorShape, v1RouteOptions, withV1Pointers } from './v1-routes';
import { minorToMajorUnits } from '../../../domain/decimal-amount';
import { randomUUID } from 'node:crypto';
import { deterministicUuid } from '../../../platform/ids';

export interface V1Deps {
  sql: Sql;
  merchants: MerchantReads;
  config: TesseraConfig;
  partners: PartnerRegistry;
  clientSessions: ClientSessionGateway;
  payments: PaymentGateway;
}

const EntityParams = Type.Object({ entity: Type.String({ format: 'uuid' }) });
const SessionParams = Type.Object({
  entity: Type.String({ format: 'uuid' }),
  session: Type.String({ format: 'uuid' }),
});

/** What the browser may send to init and validate: its publishable key, JSON, an idempotency key. */
const browserPreflightHeaders = {
  ...vaultCorsHeaders,
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key, x-idempotency-key, x-request-id',
  'access-control-max-age': '7200',
} as const;

const sessionNotFound = () => new HttpProblem(404, 'not_found', 'session not found');

function sessionAnswer(session: ClientSessionState, protocols: ReturnType<typeof v1Protocols>) {
  return {
    id: session.id,
    amount: minorToMajorUnits(session.amount, session.currency),
    currency_code: session.currency,
    expiration_date: session.expires_at,
    redirection: { success_url: session.shopper_redirection_url, failure_url: session.shopper_redirection_url },
    protocols,
  };
}

/** The Location of a created session (201), whether just created or answered again for its idempotency key. */
function sessionLocation(publicUrl: string, entityId: string, answer: V1Answer): Record<string, string> {
  const id =
    answer.status === 201 && typeof answer.body === 'object' && answer.body
      ? Reflect.get(answer.body, 'id')
      : undefined;
  return typeof id === 'string' ? { location: `${publicUrl}/payment/v1/${entityId}/sessions/${id}` } : {};
}

/** The session's transactions, every payment submitted on it, refresh of the latest included. */
async function sessionResults(
  deps: V1Deps,
  session: ClientSessionState,
  log: Parameters<PaymentGateway['read']>[2]['log'],
) {
  const stored = await paymentsOfSession(deps.sql, deps.config.encryptionKey, session.id);
  const latest = session.payment_id
    ? await deps.payments.read(session.payment_id, session.entity_id, { log }).catch(() => undefined)
    : undefined;
  const payments: Payment[] = latest ? [...stored.filter((payment) => payment.id !== latest.id), latest] : stored;
  const results = [];
  for (const payment of payments)
    results.push(...v1ActionResults(payment, session.id, await transactionParents(deps.sql, payment.id)));
  return results;
}

export function registerV1SessionRoutes(parent: FastifyInstance, deps: V1Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const secrets = { sql: deps.sql, encryptionKey: deps.config.encryptionKey };

  atV1Paths('/:entity/sessions/create', (url, documented) =>
    app.post(
      url,
      {
        config: { ...v1ErrorShape, auth: { scope: 'payment-api' } },
        ...v1RouteOptions(documented, {
          summary: 'Create a session',
          description:
            'Creates the payment session of an order: a v2 client session with the same id. Amounts are decimal major units (numbers or numeric strings). Answers 201 with the solutions the entity may offer for this amount and currency, or 204 when none is eligible. With x-idempotency-key, a repeat answers the first result again for 14 days.',
          params: EntityParams,
          body: Ref(V1CreateSessionApplication),
          headers: V1IdempotencyHeaders,
          response: {
            201: Ref(V1SessionProtocols),
            204: Type.Null({ description: 'No solution is eligible for this order' }),
            ...ApiErrors(400, 401, 404, 409, 503),
          },
        }),
      },
      async (request, reply) => {
        const entityId = entityOfPrincipal(request, request.params.entity);
        return answerOnce(
          secrets,
          request,
          reply,
          entityId,
          async () => {
            const converted = clientSessionApplicationOf(entityId, request.body);
            if (!converted.ok) throw badRequest('the session is invalid', converted.errors);
            const errors = [
              ...validateClientSessionApplication(converted.application),
              ...privateWebhookUrlErrors(deps.config.webhookPrivateAddresses, request.body.hook, '/hook'),
            ];
            if (errors.length > 0) throw badRequest('the session is invalid', errors);
            const contracts = await deps.merchants.contractsOf(entityId);
            const protocols = v1Protocols(contracts, converted.application.amount, converted.currency);
            if (Object.keys(protocols).length === 0) return { status: 204, body: undefined };
            const key = gatewayKeyOf(request);
            const session = await madeOnce(
              () =>
                deps.clientSessions.create(converted.application, {
                  log: request.log,
                  contracts,
                  ...(key ? { idempotencyKey: key } : {}),
                  ...(request.body.hook ? { subscription: v1HookSubscription(request.body.hook) } : {}),
                }),
              (id) => deps.clientSessions.read(id, entityId),
            );
            return { status: 201, body: sessionAnswer(session, protocols) };
          },
          (answer) => sessionLocation(deps.config.publicUrl, entityId, answer),
        );
      },
    ),
  );

  atV1Paths('/:entity/sessions/:session', (url, documented) =>
    app.get(
      url,
      {
        config: { ...v1ErrorShape, auth: { scope: 'payment-api' } },
        ...v1RouteOptions(documented, {
          summary: 'Get the transactions of a session',
          description:
            'Every transaction of the session as an ActionResult, in the order they happened; an empty array before payment.',
          params: SessionParams,
          response: { 200: Type.Array(Ref(V1ActionResult)), ...ApiErrors(401, 404, 503) },
        }),
      },
      async (request) => {
        const entityId = entityOfPrincipal(request, request.params.entity);
        const session = await deps.clientSessions
          .read(request.params.session, entityId)
          .catch(() => Promise.reject(sessionNotFound()));
        return sessionResults(deps, session, request.log);
      },
    ),
  );

  atV1Paths('/:entity/orders/:order', (url, documented) =>
    app.get(
      url,
      {
        config: { ...v1ErrorShape, auth: { scope: 'payment-api' } },
        ...v1RouteOptions(documented, {
          summary: 'Get the transactions of an order (deprecated)',
          description:
            'The transactions of every payment with this order reference. References are not unique: prefer the session or transaction calls.',
          params: Type.Object({
            entity: Type.String({ format: 'uuid' }),
            order: Type.String({ minLength: 1, maxLength: 255 }),
          }),
          response: { 200: Type.Array(Ref(V1ActionResult)), ...ApiErrors(401, 404, 503) },
        }),
      },
      async (request) => {
        const entityId = entityOfPrincipal(request, request.params.entity);
        const results = [];
        for (const payment of await paymentsOfOrder(
          deps.sql,
          deps.config.encryptionKey,
          entityId,
          request.params.order,
        )) {
          results.push(
            ...v1ActionResults(payment, payment.client_session_id, await transactionParents(deps.sql, payment.id)),
          );
        }
        return results;
      },
    ),
  );

  // init and validate are called from the shopper's browser, on the merchant's page: another origin.
  for (const path of ['/:entity/sessions/:session/init', '/:entity/sessions/:session/validate'])
    atV1Paths(path, (url) =>
      app.options(url, { schema: { hide: true }, onRequest: withVaultCors }, async (_request, reply) =>
        reply.status(204).headers(browserPreflightHeaders).send(),
      ),
    );

  atV1Paths('/:entity/sessions/:session/init', (url, documented) =>
    app.post(
      url,
      {
        config: v1ErrorShape,
        onRequest: [withVaultCors, authenticateApiKeyCaller(deps.merchants)],
        ...v1RouteOptions(documented, {
          summary: 'Prepare a solution',
          description:
            'Opens the session for the shopper and prepares one solution: for a gift card (payment_data.token from the gift card vault) plugin_result.amount is what the card can pay now, at most the amount asked; a card needs nothing more than its vault token at validate; a redirect method (wallet, instalments) gets its address in the validate answer. API key only (publishable or secret).',
          security: [{ apiKey: [] }],
          params: SessionParams,
          body: Ref(V1DefaultSessionSolutionApplication),
          response: { 200: Ref(V1InitResult), ...ApiErrors(400, 401, 404, 503) },
        }),
      },
      async (request) => {
        const entityId = apiKeyCallerOf(request);
        const session = await deps.clientSessions
          .open(request.params.session, entityId, request.log)
          .catch((error: unknown) =>
            Promise.reject(error instanceof HttpProblem && error.status === 404 ? sessionNotFound() : error),
          );
        assertPayable(session);
        const { partner, method, payment_data: paymentData, step_id: stepId } = request.body;
        assertOffered(session, partner, method, '');
        const asked =
          request.body.amount === undefined
            ? { ok: true as const, value: session.amount }
            : parseMajorUnits(request.body.amount, session.currency, { sign: 'positive' });
        if (!asked.ok) throw badRequest('the amount is invalid', [{ pointer: '/amount', detail: asked.error }]);
        // What a solution pays is part of the session's amount: more would leave the plugin a
        // negative rest to pay with a second solution.
        if (asked.value > session.amount)
          throw badRequest('the amount is more than the session’s', [
            {
              pointer: '/amount',
              detail: `must not exceed ${minorToMajorUnits(session.amount, session.currency)}, the session's amount`,
            },
          ]);
        const base = {
          partner,
          method,
          session_id: session.id,
          date: new Date().toISOString(),
          ...(stepId ? { step_id: stepId } : {}),
        };
        if (GIFT_CARD_PARTNERS.includes(partner)) {
          if (!paymentData?.token)
            throw badRequest('a gift card needs its vault token', [
              {
                pointer: '/payment_data/token',
                detail: 'is required: tokenize the gift card with POST /v2/vault/gift-cards',
              },
            ]);
          const { balance } = await giftCardBalance(
            { ...secrets, merchants: deps.merchants, partners: deps.partners },
            entityId,
            paymentData.token,
            session.currency,
          ).catch((error: unknown) =>
            Promise.reject(
              withV1Pointers(error, (pointer) => (pointer === '/vault_form_token' ? '/payment_data/token' : pointer)),
            ),
          );
          return { ...base, ...giftCardInitOutcome(balance, asked.value, session.currency) };
        }
        const redirects = partner === 'sandbox-wallet' || partner === 'sandbox-instalments';
        return {
          ...base,
          status: redirects
            ? {
                action: 'AUTHORIZE' as const,
                state: 'CUSTOMER' as const,
                code: 'WAITING_PARTNER_RESPONSE' as const,
                description: 'validate this solution: its answer carries the redirection to the partner',
              }
            : {
                action: 'AUTHORIZE' as const,
                state: 'SUCCESS' as const,
                code: 'SUCCEEDED' as const,
                description: 'ready: validate with the vault token of the card',
              },
          plugin_result: {
            amount: minorToMajorUnits(asked.value, session.currency),
            currency_code: session.currency,
            status: 'READY',
          },
        };
      },
    ),
  );

  atV1Paths('/:entity/sessions/:session/validate', (url, documented) =>
    app.post(
      url,
      {
        config: v1ErrorShape,
        onRequest: [withVaultCors, authenticateApiKeyCaller(deps.merchants)],
        ...v1RouteOptions(documented, {
          summary: 'Pay the session',
          description:
            'Pays the session with the solutions given, in order (a gift card, then a card for the rest); their amounts add up to the session amount. 200 when all succeeded or the shopper must follow `redirection`; 207 when some failed (what succeeded is then released, and a VOID or REFUND follows); 409 when all failed. A session already paid answers 400 SESSION_ALREADY_SUBMITTED_ERROR. API key only (publishable or secret).',
          security: [{ apiKey: [] }],
          params: SessionParams,
          body: Ref(V1ValidateSessionRequest),
          headers: V1IdempotencyHeaders,
          response: {
            200: Ref(V1ClientAction),
            207: Ref(V1ClientAction),
            409: Type.Union([Ref(V1ClientAction), Ref(V1ApiError)], {
              description:
                'Every solution failed (a ClientAction with global_status ERROR), or an ApiError: the x-idempotency-key was used for another request, or its first request is still running (ALREADY_EXISTS).',
            }),
            ...ApiErrors(400, 401, 404, 503),
          },
        }),
      },
      async (request, reply) => {
        const entityId = apiKeyCallerOf(request);
        return answerOnce(secrets, request, reply, entityId, async () => {
          const session = await deps.clientSessions
            .terms(request.params.session, entityId)
            .catch((error: unknown) =>
              Promise.reject(error instanceof HttpProblem && error.status === 404 ? sessionNotFound() : error),
            );
          const { split, stepIds } = splitOf(session, request.body);
          const key = gatewayKeyOf(request);
          const paymentId = key ? deterministicUuid('v1-validate', entityId, session.id, key) : randomUUID();
          const submit = async () => {
            const legs = await deps.payments
              .legsOf({
                entityId,
                paymentId,
                currency: session.currency,
                allowFutureUsage: session.allow_future_usage,
                split,
                spentTokensLeftToTheVault: true,
              })
              .catch((error: unknown) => Promise.reject(withV1Pointers(error, validatePointer)));
            return (await deps.clientSessions.submit(session.id, entityId, { id: paymentId, legs }, request.log))
              .payment;
          };
          // Run again after a first run that died: the payment its key names exists, answer it.
          const made = key
            ? await deps.payments
                .read(paymentId, entityId, { log: request.log })
                .catch((error: unknown) =>
                  error instanceof HttpProblem && error.status === 404 ? undefined : Promise.reject(error),
                )
            : undefined;
          const payment = made ?? (await submit());
          const results = v1ActionResults(payment, session.id)
            .filter((result) => result.status.action === 'AUTHORIZE')
            .map((result, index) => ({ ...result, ...(stepIds[index] ? { step_id: stepIds[index] } : {}) }));
          const refusedAsAWhole =
            payment.authorization?.status !== 'AUTHORIZED' &&
            results.some((result) => result.status.state === 'SUCCESS');
          const described = refusedAsAWhole
            ? results.map((result) =>
                result.status.state === 'SUCCESS'
                  ? {
                      ...result,
                      status: {
                        ...result.status,
                        description: 'authorized, then released: another solution failed, so a VOID follows',
                      },
                    }
                  : result,
              )
            : results;
          const outcome = validateOutcome(described, payment.redirection);
          return {
            status: outcome.httpStatus,
            reportsWhatWasMade: true,
            body: {
              global_status: outcome.global_status,
              results: described,
              ...(payment.redirection ? { redirection: payment.redirection } : {}),
            },
          };
        });
      },
    ),
  );
}

/** init prepares a payment: a session paid already, or ended, has none to prepare (validate answers the same). */
function assertPayable(session: ClientSessionState): void {
  if (mayBePaid(session.status, session.authorization?.status)) return;
  if (session.status === 'SUBMITTED')
    throw new HttpProblem(400, 'session_already_submitted', 'the session has been paid: read its transactions');
  throw new HttpProblem(400, 'session_ended', `the session is ${session.status}; it can no longer be paid`);
}

function assertOffered(session: ClientSessionState, partner: string, method: string, at: string): void {
  if (!session.eligible_solutions.some((solution) => solution.partner === partner && solution.method === method)) {
    throw badRequest('this solution is not offered on this session', [
      { pointer: `${at}/method`, detail: `${partner} ${method} is not one of the session's protocols` },
    ]);
  }
}

/** The validate entries as v2 split entries, amounts exact, adding up to the session amount. */
function splitOf(session: ClientSessionState, entries: V1ValidateSessionRequest) {
  const errors: FieldError[] = [];
  const split = [];
  const stepIds: (string | undefined)[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = `/${index}`;
    assertOffered(session, entry.partner, entry.method, at);
    const amount = parseMajorUnits(entry.amount, session.currency, { sign: 'positive' });
    if (!amount.ok) {
      errors.push({ pointer: `${at}/amount`, detail: amount.error });
      continue;
    }
    const token = entry.payment_data?.token;
    split.push({
      amount: amount.value,
      partner: entry.partner,
      method: entry.method,
      ...(token ? { vault_form_token: token } : {}),
      ...(session.three_ds_authentication_options
        ? { three_ds_authentication_options: session.three_ds_authentication_options }
        : {}),
    });
    stepIds.push(entry.step_id);
  }
  const total = split.reduce((sum, entry) => sum + entry.amount, 0);
  if (errors.length === 0 && total !== session.amount) {
    errors.push({
      pointer: '',
      detail: `the solutions add up to ${minorToMajorUnits(total, session.currency)}, the session amount is ${minorToMajorUnits(session.amount, session.currency)}`,
    });
  }
  if (errors.length > 0) throw badRequest('the solutions cannot pay the session', errors);
  return { split, stepIds };
}

/** Split entry errors point into v2's `/split/N/…`; a v1 validate body is the array itself: `/N/…`. */
function validatePointer(pointer: string): string {
  return pointer.replace(/^\/split\/(\d+)\/vault_form_token/, '/$1/payment_data/token').replace(/^\/split/, '');
}
