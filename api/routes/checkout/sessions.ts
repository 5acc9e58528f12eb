// What the shopper's browser calls (hosted page and widget), with the entity's publishable key:
// open a client session and submit a means of payment. Merchants' servers use /v2 instead.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../../db/connection';
import { contractsOf } from '../../../db/contracts';
import { findEntity } from '../../../db/merchants';
import { readClientSessionProjection } from '../../../db/projections';
import type { TesseraConfig } from '../../../platform/config';
import { deterministicUuid } from '../../../platform/ids';
import { getClientSessionQuery, openClientSessionUpdate, submitClientSessionUpdate } from '../../../workflows/client-session';
import type { KeyRing } from '../../auth/key-ring';
import { projectAnswer } from '../../read-model';
import { badRequest, notFound } from '../../errors/problem';
import { Ref } from '../../schemas/typebox';
import { ClientSession, Payment, PaymentSplitEntry } from '../../schemas/v2';
import { isWorkflowNotFound, updateFailure } from '../../temporal/workflow-errors';
import { clientSessionWorkflowId } from '../v2/client-sessions';
import type { ClientSessionState } from '../../../workflows/client-session-types';
import { legsFromSplit } from '../v2/payment-legs';
import { identifyVaultCaller, vaultCorsHeaders, withVaultCors } from '../v2/vault';
import { problemResponses } from '../schema-refs';

interface Deps {
  sql: Sql;
  temporal: Client;
  config: TesseraConfig;
  keys: KeyRing;
}

const SessionParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const Submission = Type.Object(
  {
    split: Type.Array(Ref(PaymentSplitEntry), {
      minItems: 1,
      description: 'What the shopper pays with, in order; the amounts add up to the session amount (e.g. a gift card, then a card for the rest).',
    }),
  },
  { description: 'The shopper’s choice on a client session.' },
);
const SubmissionResult = Type.Object({ session: Ref(ClientSession), payment: Ref(Payment) });

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

  /**
   * Opening the page or widget moves the session to CHOICE_IN_PROGRESS; any other status is shown
   * as it is (the page then explains it instead of offering a form).
   */
  async function openSession(request: FastifyRequest, id: string, entityId: string) {
    const handle = deps.temporal.workflow.getHandle(clientSessionWorkflowId(id));
    try {
      const session = await handle.executeUpdate(openClientSessionUpdate, { args: [{ entity_id: entityId }] });
      await projectAnswer(deps.sql, request.log, { session });
      return session;
    } catch (error) {
      if (updateFailure(error)?.type === 'NotFound') throw notFound('client session');
      if (!isWorkflowNotFound(error)) throw error;
    }
    // The workflow has completed: the session is final (paid, expired or aborted) and shown as it is.
    const session = await querySession(id);
    if (session.entity_id !== entityId) throw notFound('client session');
    return session;
  }

  async function querySession(id: string): Promise<ClientSessionState> {
    try {
      return await deps.temporal.workflow.getHandle(clientSessionWorkflowId(id)).query(getClientSessionQuery);
    } catch (error) {
      if (isWorkflowNotFound(error)) throw notFound('client session');
      throw error;
    }
  }

  /** What never changes after creation (currency, solutions, 3DS preferences): from the read model, else the workflow. */
  async function sessionTerms(id: string): Promise<ClientSessionState> {
    return (await readClientSessionProjection(deps.sql, id)) ?? querySession(id);
  }

  for (const path of ['/checkout/v1/sessions/:id', '/checkout/v1/sessions/:id/payments', '/checkout/v1/entities/:entityId/sessions/:id']) {
    app.options(path, { schema: { hide: true } }, async (_request, reply) => reply.status(204).headers(corsPreflight).send());
  }

  app.get(
    '/checkout/v1/sessions/:id',
    {
      onRequest: withCors,
      schema: { hide: true, params: SessionParams, response: { 200: Ref(ClientSession), ...problemResponses(400, 401, 404) } },
    },
    async (request) => openSession(request, request.params.id, await entityOf(request)),
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
        response: { 200: Type.Object({ publishable_key: Type.String(), session: Ref(ClientSession) }), ...problemResponses(400, 404) },
      },
    },
    async (request) => {
      const entity = await findEntity(deps.sql, request.params.entityId);
      if (!entity) throw notFound('client session');
      const session = await openSession(request, request.params.id, entity.id);
      return { publishable_key: entity.publishable_key, session };
    },
  );

  app.post(
    '/checkout/v1/sessions/:id/payments',
    {
      onRequest: withCors,
      schema: { hide: true, params: SessionParams, body: Submission, response: { 201: SubmissionResult, ...problemResponses(400, 401, 404) } },
    },
    async (request, reply) => {
      const entityId = await entityOf(request);
      const handle = deps.temporal.workflow.getHandle(clientSessionWorkflowId(request.params.id));
      // Whether the session may still be paid is for its workflow to judge, in the Update below.
      const [session, contracts] = await Promise.all([sessionTerms(request.params.id), contractsOf(deps.sql, entityId)]);
      if (session.entity_id !== entityId) throw notFound('client session');
      const allowed = new Set(session.eligible_solutions.map((solution) => `${solution.partner}/${solution.method}`));
      const notOffered = request.body.split.findIndex((entry) => !allowed.has(`${entry.partner}/${entry.method}`));
      if (notOffered >= 0) throw badRequest('this means of payment is not offered on this session', [{ pointer: `/split/${notOffered}/method`, detail: 'is not an eligible solution of the session' }]);

      const paymentId = randomUUID();
      let legIndex = 0;
      const { legs, errors } = await legsFromSplit({
        sql: deps.sql,
        entityId,
        currency: session.currency,
        allowFutureUsage: session.allow_future_usage,
        contracts,
        // The merchant's 3-D Secure preferences for the session apply to a card entry without its own.
        split: request.body.split.map((entry) =>
          session.three_ds_authentication_options && !entry.three_ds_authentication_options
            ? { ...entry, three_ds_authentication_options: session.three_ds_authentication_options }
            : entry,
        ),
        newId: () => deterministicUuid('payment-leg', paymentId, String(legIndex++)),
        now: new Date().toISOString(),
      });
      if (errors.length > 0) throw badRequest('the payment cannot be authorized as given', errors);
      try {
        const result = await handle.executeUpdate(submitClientSessionUpdate, {
          args: [{ entity_id: entityId, payment_id: paymentId, legs, publicUrl: deps.config.publicUrl }],
        });
        await projectAnswer(deps.sql, request.log, result);
        return reply.status(201).send(result);
      } catch (error) {
        const failure = updateFailure(error);
        if (failure?.type === 'NotFound') throw notFound('client session');
        if (failure) throw badRequest(failure.message);
        if (isWorkflowNotFound(error)) throw badRequest('the client session has ended');
        throw error;
      }
    },
  );
}
