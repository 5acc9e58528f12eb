// Where partners send the shopper back (3DS challenge, wallet approval, lender page), and where
// partners post their notifications. Neither is called by the merchant: no credentials, but a
// notification must carry the partner's signature.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PartnerNotificationError, type PartnerRegistry } from '../../../partners';
import { parseAuthorizationIdempotencyKey } from '../../../workflows/payment/ids';
import type { KeyRing } from '../../auth/key-ring';
import { redirectionUrl, signRedirection } from '../../auth/redirect-token';
import { HttpProblem, notFound } from '../../errors/problem';
import type { ClientSessionGateway } from '../../gateway/client-sessions';
import type { PaymentGateway } from '../../gateway/payments';

interface Deps {
  keys: KeyRing;
  partners: PartnerRegistry;
  clientSessions: ClientSessionGateway;
  payments: PaymentGateway;
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
      const { payment, shopperRedirectionUrl } = await deps.payments.shopperReturned(request.params.id);
      const status = payment.authorization?.status ?? 'PENDING';
      if (shopperRedirectionUrl) {
        const token = await signRedirection(deps.keys, {
          entity_id: payment.entity_id,
          payment_id: payment.id,
          authorization_status: status,
          ...(payment.client_session_id
            ? {
                client_session_id: payment.client_session_id,
                client_session_status: (await deps.clientSessions.query(payment.client_session_id)).status,
              }
            : {}),
        });
        return reply.redirect(redirectionUrl(shopperRedirectionUrl, token), 303);
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment ${escapeHtml(status)}</title></head><body><main><h1>Payment ${escapeHtml(status.toLowerCase())}</h1><p>You can close this window.</p></main></body></html>`,
        );
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
        notification = adapter.parseNotification({
          body: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
        });
      } catch (error) {
        if (error instanceof PartnerNotificationError)
          throw new HttpProblem(401, 'invalid_signature', 'the notification signature is invalid');
        throw error;
      }
      const target = parseAuthorizationIdempotencyKey(notification.idempotency_key);
      if (!target) throw notFound('payment');
      await deps.payments.partnerNotified(target.paymentId, target.legId, notification.result);
      return reply.status(204).send();
    });
  });
}
