import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../../db/connection';
import { contractsOf } from '../../../db/contracts';
import { findEntity, type EntityRecord } from '../../../db/merchants';
import { eligibleSolutions } from '../../../domain/eligibility';
import { validateClientSessionApplication } from '../../../domain/validation/client-session';
import type { TesseraConfig } from '../../../platform/config';
import { deterministicUuid } from '../../../platform/ids';
import { encrypt } from '../../../platform/secrets';
import { entityIdKey, merchantReferenceKey } from '../../../temporal/search-attributes';
import { deleteClientSessionProjection } from '../../../db/projections';
import { projectAnswer } from '../../read-model';
import type { WebhookEventType, WebhookSubscription } from '../../../activities/webhook-types';
import {
  abortClientSessionUpdate,
  clientSessionWorkflow,
  getClientSessionQuery,
} from '../../../workflows/client-session';
import type { ClientSessionState } from '../../../workflows/client-session-types';
import { principalOf } from '../../auth/authenticate';
import { badRequest, forbidden, HttpProblem, notFound } from '../../errors/problem';
import { AbortClientSessionRequest, ClientSession, ClientSessionApplication } from '../../schemas/v2';
import { problemResponses } from '../schema-refs';
import { Ref } from '../../schemas/typebox';
import { isWorkflowNotFound, updateFailure } from '../../temporal/workflow-errors';

export const clientSessionWorkflowId = (id: string) => `client-session/${id}`;

const SessionIdParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Client session id' }) });
const IdempotencyHeaders = Type.Object({
  'x-idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Repeat a creation safely: the same key answers 409 with the resource_id of the session already created' })),
});

interface Deps {
  sql: Sql;
  temporal: Client;
  config: TesseraConfig;
}

/** What a browser checkout needs to mount the widget; base64 JSON as existing clients decode it. */
function widgetData(session: { id: string; amount: number; currency: string }, entity: EntityRecord, publicUrl: string): string {
  const payload = {
    entity_id: entity.id,
    publishable_key: entity.publishable_key,
    environment: 'sandbox',
    api_url: publicUrl,
    session: { id: session.id, amount: session.amount, currency: session.currency },
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

function sessionLinks(publicUrl: string, id: string, entityId: string, hosted: boolean): ClientSessionState['links'] {
  const self = `${publicUrl}/v2/client-sessions/${id}`;
  return { self, abort: `${self}/abort`, ...(hosted ? { hosted_page: `${publicUrl}/entities/${entityId}/sessions/${id}` } : {}) };
}

export function registerClientSessionRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const taskQueue = deps.config.taskQueue;

  app.post(
    '/v2/client-sessions',
    {
      config: { auth: { scope: 'payment-api' } },
      schema: {
        summary: 'Create a client session',
        description: 'Starts the payment journey of an order. The session lists the solutions the shopper may choose and either widget data (EMBEDDED) or a hosted page link (HOSTED_PAGE). It expires after about one day.',
        tags: ['Client sessions'],
        headers: IdempotencyHeaders,
        body: Ref(ClientSessionApplication),
        response: { 201: Ref(ClientSession), ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const application = request.body;
      const errors = validateClientSessionApplication(application);
      if (errors.length > 0) throw badRequest('the client session is invalid', errors);
      if (application.entity_id !== principal.entityId) throw forbidden('the credential does not belong to this entity_id');
      // Independent reads: in parallel, they cost one database round trip instead of two.
      const [entity, contracts] = await Promise.all([findEntity(deps.sql, application.entity_id), contractsOf(deps.sql, application.entity_id)]);
      if (!entity) throw notFound('entity');

      const idempotencyKey = request.headers['x-idempotency-key'];
      const id = idempotencyKey ? deterministicUuid('client-session', entity.id, idempotencyKey) : randomUUID();
      const now = new Date();
      const integrationMode = application.integration_mode ?? 'EMBEDDED';
      const session: ClientSessionState = {
        id,
        entity_id: entity.id,
        status: 'CREATED',
        version: 1,
        amount: application.amount,
        currency: application.currency,
        capture_mode: application.capture_mode ?? 'MANUAL',
        integration_mode: integrationMode,
        allow_future_usage: application.allow_future_usage ?? false,
        ...(application.customer ? { customer: application.customer } : {}),
        order: application.order,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + deps.config.sessionTtlSeconds * 1000).toISOString(),
        shopper_redirection_url: application.shopper_redirection_url,
        ...(integrationMode === 'EMBEDDED'
          ? { widget: { data: widgetData({ id, amount: application.amount, currency: application.currency }, entity, deps.config.publicUrl), js_url: `${deps.config.publicUrl}/widget/v1/tessera-widget.js` } }
          : {}),
        ...(application.three_ds_authentication_options ? { three_ds_authentication_options: application.three_ds_authentication_options } : {}),
        eligible_solutions: eligibleSolutions(contracts, application.amount, application.currency),
        links: sessionLinks(deps.config.publicUrl, id, entity.id, integrationMode === 'HOSTED_PAGE'),
      };
      const webhook: WebhookSubscription | undefined = application.webhook
        ? {
            url: application.webhook.url,
            event_types: (application.webhook.event_types ?? ['PAYMENT']) as WebhookEventType[],
            ...(application.webhook.headers && application.webhook.headers.length > 0
              ? { headers_encrypted: encrypt(deps.config.encryptionKey, JSON.stringify(application.webhook.headers)) }
              : {}),
          }
        : undefined;

      // The read model is written beside the start, not after it: the submission reads the session
      // from it, and the shopper may be that fast.
      const projected = projectAnswer(deps.sql, request.log, { session });
      try {
        await deps.temporal.workflow.start(clientSessionWorkflow, {
          workflowId: clientSessionWorkflowId(id),
          taskQueue,
          // An idempotency key stays spent after its session has ended, not only while it runs.
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          args: [
            {
              session,
              ...(webhook ? { webhook } : {}),
              webhookRetry: { initialIntervalMs: deps.config.webhookRetryInitialIntervalMs },
            },
          ],
          typedSearchAttributes: [
            { key: entityIdKey, value: entity.id },
            { key: merchantReferenceKey, value: application.order.reference },
          ],
        });
        await projected;
      } catch (error) {
        await projected;
        if (error instanceof WorkflowExecutionAlreadyStartedError) {
          throw new HttpProblem(409, 'idempotency_conflict', 'a client session was already created with this x-idempotency-key', undefined, { resource_id: id });
        }
        // No session exists under this id (unless a lost answer hid its start: then the
        // workflow's next change writes the row again).
        await deleteClientSessionProjection(deps.sql, id, 1).catch(() => undefined);
        throw error;
      }
      return reply.status(201).header('location', session.links.self).send(session);
    },
  );

  app.get(
    '/v2/client-sessions/:id',
    {
      config: { auth: { scope: 'orchestration-api' } },
      schema: {
        summary: 'Get a client session',
        tags: ['Client sessions'],
        params: SessionIdParams,
        response: { 200: Ref(ClientSession), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readSession(request.params.id, principalOf(request).entityId),
  );

  app.post(
    '/v2/client-sessions/:id/abort',
    {
      config: { auth: { scope: 'orchestration-api' } },
      schema: {
        summary: 'Abort a client session',
        description: 'Only a CREATED or CHOICE_IN_PROGRESS session can be aborted; any other status answers 400.',
        tags: ['Client sessions'],
        params: SessionIdParams,
        body: Ref(AbortClientSessionRequest),
        response: { 200: Ref(ClientSession), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const entityId = principalOf(request).entityId;
      const handle = deps.temporal.workflow.getHandle(clientSessionWorkflowId(request.params.id));
      try {
        const session = await handle.executeUpdate(abortClientSessionUpdate, { args: [{ status: request.body.status, entity_id: entityId }] });
        await projectAnswer(deps.sql, request.log, { session });
        return session;
      } catch (error) {
        const failure = updateFailure(error);
        if (failure?.type === 'NotFound') throw notFound('client session');
        if (failure) throw badRequest(failure.message, [{ pointer: '/status', detail: failure.message }]);
        if (!isWorkflowNotFound(error)) throw error;
        // The workflow has completed (the session is final): tell which status stands in the way.
        const session = await readSession(request.params.id, entityId);
        throw badRequest(`the client session is ${session.status}; it cannot be aborted`, [{ pointer: '/status', detail: `the client session is ${session.status}` }]);
      }
    },
  );

  async function readSession(id: string, entityId: string): Promise<ClientSessionState> {
    try {
      const session = await deps.temporal.workflow.getHandle(clientSessionWorkflowId(id)).query(getClientSessionQuery);
      // Another entity's session is indistinguishable from one that does not exist.
      if (session.entity_id !== entityId) throw notFound('client session');
      return session;
    } catch (error) {
      if (isWorkflowNotFound(error)) throw notFound('client session');
      throw error;
    }
  }
}
