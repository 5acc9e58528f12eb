// Where partners send the shopper back (3DS challenge, wallet approval, lender page), and where
// partners post their notifications. Neither is called by the merchant: no credentials, but a
// notification must carry the partner's signature.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Client } from '@temporalio/client';
import { PartnerNotificationError, type PartnerRegistry } from '../../../partners';
import { getPaymentQuery, getShopperDestinationQuery, parseAuthorizationIdempotencyKey, partnerNotificationSignal, paymentWorkflowId, refreshPaymentUpdate } from '../../../workflows/payment/messages';
import type { KeyRing } from '../../auth/key-ring';
import { redirectionUrl, signRedirection } from '../../auth/redirect-token';
import { HttpProblem, notFound } from '../../errors/problem';
import { isWorkflowNotFound } from '../../temporal/workflow-errors';
import { getClientSessionQuery } from '../../../workflows/client-session';
import { clientSessionWorkflowId } from './client-sessions';

interface Deps {
  temporal: Client;
  keys: KeyRing;
  partners: PartnerRegistry;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function registerShopperReturnRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/v2/payments/:id/return',
    { schema: { hide: true, params: Type.Object({ id: Type.String({ format: 'uuid' }) }) } },
    async (request, reply) => {
      const handle = deps.temporal.workflow.getHandle(paymentWorkflowId(request.params.id));
      let destination;
      let payment;
      try {
        destination = await handle.query(getShopperDestinationQuery);
        // The partner's redirect carries no proof of outcome: ask the partner ourselves. A payment
        // whose workflow has already completed (its partner notified first) is final: read it.
        payment = await handle
          .executeUpdate(refreshPaymentUpdate, { args: [{ entity_id: destination.entity_id }] })
          .catch((error: unknown) => (isWorkflowNotFound(error) ? handle.query(getPaymentQuery) : Promise.reject(error)));
      } catch (error) {
        if (isWorkflowNotFound(error)) throw notFound('payment');
        throw error;
      }
      const status = payment.authorization?.status ?? 'PENDING';
      if (destination.shopper_redirection_url) {
        const token = await signRedirection(deps.keys, {
          entity_id: payment.entity_id,
          payment_id: payment.id,
          authorization_status: status,
          ...(payment.client_session_id ? { client_session_id: payment.client_session_id, client_session_status: await sessionStatus(deps, payment.client_session_id) } : {}),
        });
        return reply.redirect(redirectionUrl(destination.shopper_redirection_url, token), 303);
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment ${escapeHtml(status)}</title></head><body><main><h1>Payment ${escapeHtml(status.toLowerCase())}</h1><p>You can close this window.</p></main></body></html>`);
    },
  );

  app.register(async (scope) => {
    // Signatures are computed over the exact bytes: keep the body as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/partners/:partner/notifications', { schema: { hide: true } }, async (request, reply) => {
      const { partner } = request.params as { partner: string };
      let adapter;
      try {
        adapter = deps.partners.partnerFor(partner);
      } catch {
        throw notFound('partner');
      }
      let notification;
      try {
        notification = adapter.parseNotification({ body: typeof request.body === 'string' ? request.body : '', headers: request.headers });
      } catch (error) {
        if (error instanceof PartnerNotificationError) throw new HttpProblem(401, 'invalid_signature', 'the notification signature is invalid');
        throw error;
      }
      const target = parseAuthorizationIdempotencyKey(notification.idempotency_key);
      if (!target) throw notFound('payment');
      try {
        await deps.temporal.workflow.getHandle(paymentWorkflowId(target.paymentId)).signal(partnerNotificationSignal, { leg_id: target.legId, result: notification.result });
      } catch (error) {
        if (isWorkflowNotFound(error)) throw notFound('payment');
        throw error;
      }
      return reply.status(204).send();
    });
  });
}


async function sessionStatus(deps: Deps, sessionId: string): Promise<string> {
  const session = await deps.temporal.workflow.getHandle(clientSessionWorkflowId(sessionId)).query(getClientSessionQuery);
  return session.status;
}
