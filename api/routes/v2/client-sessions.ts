import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { validateClientSessionApplication } from '../../../domain/validation/client-session';
import { principalOf } from '../../auth/authenticate';
import { badRequest, forbidden } from '../../errors/problem';
import type { ClientSessionGateway } from '../../gateway/client-sessions';
import type { WebhookPrivateAddresses } from '../../../platform/config';
import { privateWebhookUrlErrors } from '../../webhook-url-addresses';
import { AbortClientSessionRequest, ClientSession, ClientSessionApplication } from '../../schemas/v2';
import { idempotencyHeaders, problemResponses } from '../schema-refs';
import { Ref } from '../../schemas/typebox';

const SessionIdParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Client session id' }) });
const IdempotencyHeaders = idempotencyHeaders('client session');

export function registerClientSessionRoutes(
  parent: FastifyInstance,
  deps: { clientSessions: ClientSessionGateway; webhookPrivateAddresses: WebhookPrivateAddresses },
): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/v2/client-sessions',
    {
      config: { auth: { scope: 'payment-api' } },
      schema: {
        summary: 'Create a client session',
        description:
          'Starts the payment journey of an order. The session lists the solutions the shopper may choose and either widget data (EMBEDDED) or a hosted page link (HOSTED_PAGE). It expires after about one day.',
        tags: ['Client sessions'],
        headers: IdempotencyHeaders,
        body: Ref(ClientSessionApplication),
        response: { 201: Ref(ClientSession), ...problemResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const application = request.body;
      const errors = [
        ...validateClientSessionApplication(application),
        ...privateWebhookUrlErrors(deps.webhookPrivateAddresses, application.webhook?.url, '/webhook/url'),
      ];
      if (errors.length > 0) throw badRequest('the client session is invalid', errors);
      if (application.entity_id !== principal.entityId)
        throw forbidden('the credential does not belong to this entity_id');
      const idempotencyKey = request.headers['x-idempotency-key'];
      const session = await deps.clientSessions.create(application, {
        ...(idempotencyKey ? { idempotencyKey } : {}),
        log: request.log,
      });
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
        response: { 200: Ref(ClientSession), ...problemResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => deps.clientSessions.read(request.params.id, principalOf(request).entityId),
  );

  app.post(
    '/v2/client-sessions/:id/abort',
    {
      config: { auth: { scope: 'orchestration-api' } },
      schema: {
        summary: 'Abort a client session',
        description:
          'A session can be aborted while it may still be paid, before its expires_at: CREATED, CHOICE_IN_PROGRESS, ' +
          'or SUBMITTED with a failed authorization (REFUSED, ERROR, ABORTED), which keeps its payment_id. Any other abort answers 400.',
        tags: ['Client sessions'],
        params: SessionIdParams,
        body: Ref(AbortClientSessionRequest),
        response: { 200: Ref(ClientSession), ...problemResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) =>
      deps.clientSessions.abort(request.params.id, principalOf(request).entityId, request.body.status, request.log),
  );
}
