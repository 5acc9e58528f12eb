// Where partners send the shopper back (3DS challenge, wallet approval, lender page), and where
// partners post their notifications (an authorization's outcome, a dispute, a settlement file ready). Neither is called by the merchant: no credentials, but a
// notification must carry the partner's signature. A partner on each entity's own account (Stripe)
// signs with that entity's secret and posts to the entity's address,
// /partners/{partner}/notifications/{entity_id}: the address says whose secret to check with, and
// its events prompt the payment to read the partner again (gateway/payments.ts partnerPrompted).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  PartnerNotificationError,
  isPartnerName,
  needsAccount,
  type PartnerAccount,
  type PartnerAdapter,
  type PartnerRegistry,
} from '../../../partners';
import { parseAuthorizationIdempotencyKey } from '../../../workflows/payment/ids';
import type { KeyRing } from '../../auth/key-ring';
import { redirectionUrl, signRedirection } from '../../auth/redirect-token';
import { HttpProblem, notFound } from '../../errors/problem';
import type { ClientSessionGateway } from '../../gateway/client-sessions';
import type { PaymentGateway } from '../../gateway/payments';
import type { SettlementGateway } from '../../gateway/settlements';

interface Deps {
  keys: KeyRing;
  partners: PartnerRegistry;
  /** The entity's account at a partner that needs one (db/partner-accounts.ts), decrypted. */
  partnerAccount: (entityId: string, partner: string) => Promise<PartnerAccount | undefined>;
  clientSessions: ClientSessionGateway;
  payments: PaymentGateway;
  settlements: SettlementGateway;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
                client_session_status: (await deps.clientSessions.read(payment.client_session_id, payment.entity_id))
                  .status,
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
    const receive = async (
      request: FastifyRequest,
      reply: FastifyReply,
      partner: string,
      entityId: string | undefined,
    ): Promise<FastifyReply> => {
      // A partner on the entities' own accounts is only heard at an entity's address, the others only at theirs.
      if (!isPartnerName(partner) || needsAccount(partner) !== (entityId !== undefined)) throw notFound('partner');
      let adapter: PartnerAdapter;
      if (entityId === undefined) {
        adapter = deps.partners.partnerFor(partner);
      } else {
        const account = UUID.test(entityId) ? await deps.partnerAccount(entityId, partner) : undefined;
        if (!account) throw notFound('partner');
        adapter = deps.partners.partnerFor(partner, account);
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
      // Trusted, but about nothing Tessera waits for (a refund's event, a payment made elsewhere):
      // acknowledged, or the partner would send it again for days.
      if (!notification) return reply.status(204).send();
      if ('settlement_batch_id' in notification) {
        await deps.settlements.partnerSettled(notification.partner, notification.settlement_batch_id, request.log);
        return reply.status(204).send();
      }
      const target = parseAuthorizationIdempotencyKey(notification.idempotency_key);
      if (!target) throw notFound('payment');
      if ('dispute' in notification) {
        await deps.payments.partnerDisputed(target.paymentId, target.legId, notification.dispute, request.log);
      } else if (entityId === undefined) {
        await deps.payments.partnerNotified(target.paymentId, target.legId, notification.result);
      } else {
        await deps.payments.partnerPrompted(target.paymentId, entityId, request.log);
      }
      return reply.status(204).send();
    };
    scope.post('/partners/:partner/notifications', { schema: { hide: true } }, (request, reply) =>
      receive(request, reply, (request.params as { partner: string }).partner, undefined),
    );
    scope.post('/partners/:partner/notifications/:entity_id', { schema: { hide: true } }, (request, reply) => {
      const params = request.params as { partner: string; entity_id: string };
      return receive(request, reply, params.partner, params.entity_id);
    });
  });
}
