// The shopper's saved means of payment, for the hosted page and the widget: the active tokens of
// the session's customer (customer.reference) at this merchant, favorite first, shown without their
// values, and removable by the shopper. The page then pays with one by its id (wallet_token). The
// session's unguessable id and the publishable key are what the browser proves, as for submission.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { MerchantReads } from '../../../db/cache/merchant-cache';
import type { Sql } from '../../../db/connection';
import { deleteWalletToken, listWalletTokens } from '../../../db/wallet';
import type { KeyRing } from '../../auth/key-ring';
import { notFound } from '../../errors/problem';
import type { ClientSessionGateway } from '../../gateway/client-sessions';
import { identifyVaultCaller, withVaultCors } from '../v2/vault';
import { problemResponses } from '../schema-refs';

interface Deps {
  sql: Sql;
  merchants: MerchantReads;
  keys: KeyRing;
  encryptionKey: Buffer;
  clientSessions: ClientSessionGateway;
}

const SavedMethod = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Pay with it: wallet_token of a split entry.' }),
  partner: Type.String(),
  method: Type.String(),
  brand_name: Type.String(),
  display_token: Type.String(),
  holder_name: Type.Optional(Type.String()),
  favorite: Type.Boolean(),
  expiration_date: Type.String({ format: 'date-time' }),
});
/** What the browser checkout reads of a saved card (web/src/checkout/core/types.ts). */
export type SavedMethod = Static<typeof SavedMethod>;

export function registerSavedMethodRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  /** The wallet the session's customer has at the session's merchant; none without a customer.reference. */
  async function ownerOf(request: FastifyRequest, sessionId: string) {
    const { entityId } = await identifyVaultCaller(request, deps);
    const session = await deps.clientSessions.terms(sessionId, entityId);
    const reference = session.customer?.reference;
    return reference ? { entityId, ownerReference: reference } : undefined;
  }

  // Both addresses answer preflights: a widget or headless page on the merchant's origin lists the
  // saved cards (GET, with x-api-key) as much as it removes one.
  for (const path of ['/checkout/v1/sessions/:id/saved-methods', '/checkout/v1/sessions/:id/saved-methods/:token'])
    app.options(path, { schema: { hide: true }, onRequest: withVaultCors }, async (_request, reply) =>
      reply
        .status(204)
        .headers({
          'access-control-allow-methods': 'GET, DELETE, OPTIONS',
          'access-control-allow-headers': 'content-type, x-api-key, x-request-id',
          'access-control-max-age': '7200',
        })
        .send(),
    );

  app.get(
    '/checkout/v1/sessions/:id/saved-methods',
    {
      onRequest: withVaultCors,
      schema: {
        hide: true,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Array(SavedMethod), ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const owner = await ownerOf(request, request.params.id);
      if (!owner) return [];
      const tokens = await listWalletTokens(deps.sql, deps.encryptionKey, owner, { status: 'ACTIVE', reveal: false });
      return tokens.map((token) => ({
        id: token.id,
        partner: token.partner,
        method: token.method,
        brand_name: token.brand_name,
        display_token: token.display_token,
        ...(token.holder_name ? { holder_name: token.holder_name } : {}),
        favorite: token.favorite,
        expiration_date: token.expiration_date.toISOString(),
      }));
    },
  );

  app.delete(
    '/checkout/v1/sessions/:id/saved-methods/:token',
    {
      onRequest: withVaultCors,
      schema: {
        hide: true,
        params: Type.Object({ id: Type.String({ format: 'uuid' }), token: Type.String({ format: 'uuid' }) }),
        response: { 204: Type.Null(), ...problemResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, request.params.id);
      if (!owner || !(await deleteWalletToken(deps.sql, owner, request.params.token)))
        throw notFound('saved means of payment');
      return reply.status(204).send(null);
    },
  );
}
