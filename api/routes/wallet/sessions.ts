// Wallet sessions: POST /wallet/v2/session opens one customer's wallet for a while
// (TESSERA_WALLET_SESSION_TTL_SECONDS, 30 minutes by default); POST /wallet/session is the same
// call as the original platform's e-commerce plugin makes it, with an integer customer id.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { MerchantReads } from '../../../db/cache/merchant-cache';
import type { Sql } from '../../../db/connection';
import { openWalletSession } from '../../../db/wallet';
import type { TesseraConfig } from '../../../platform/config';
import type { KeyRing } from '../../auth/key-ring';
import { badRequest } from '../../errors/problem';
import { Ref } from '../../schemas/typebox';
import { WalletLegacySessionRequest, WalletSession, WalletSessionRequest } from '../../schemas/wallet';
import { authenticateWalletCaller, resolveWalletMerchant, walletCallerOf, type WalletCaller } from './callers';
import { ApiErrors, WalletHeaders, walletRouteConfig, walletSecurity } from './common';
import { legacyOwnerReference } from './inputs';

export interface WalletDeps {
  sql: Sql;
  merchants: MerchantReads;
  keys: KeyRing;
  config: TesseraConfig;
}

export function registerWalletSessionRoutes(parent: FastifyInstance, deps: WalletDeps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const hooks = { onRequest: authenticateWalletCaller(deps, 'server'), preHandler: resolveWalletMerchant(deps) };

  async function open(caller: WalletCaller, ownerReference: string): Promise<WalletSession> {
    const session = await openWalletSession(
      deps.sql,
      { entityId: caller.entityId, ownerReference },
      deps.config.walletSessionTtlSeconds,
    );
    return {
      session_id: session.id,
      owner_reference: session.owner_reference,
      merchant: caller.merchantId,
      expiration_date: session.expires_at.toISOString(),
    };
  }

  const description =
    `Opens the customer’s wallet for ${Math.round(deps.config.walletSessionTtlSeconds / 60)} minutes (TESSERA_WALLET_SESSION_TTL_SECONDS): ` +
    'the token paths with a session id answer 404 once it has expired. Server credentials only; x-merchant-id must be the credential’s merchant.';

  app.post(
    '/wallet/v2/session',
    {
      config: walletRouteConfig,
      ...hooks,
      schema: {
        summary: 'Open a wallet session',
        description,
        tags: ['Wallet sessions'],
        security: walletSecurity,
        headers: WalletHeaders,
        body: Ref(WalletSessionRequest),
        response: { 201: Ref(WalletSession), ...ApiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await open(walletCallerOf(request), request.body.owner_reference)),
  );

  app.post(
    '/wallet/session',
    {
      config: walletRouteConfig,
      ...hooks,
      schema: {
        summary: 'Open a wallet session (legacy path)',
        description: `${description} The path of the original platform, kept for its e-commerce plugin: owner_reference may be an integer, read as its decimal string.`,
        deprecated: true,
        tags: ['Wallet sessions'],
        security: walletSecurity,
        headers: WalletHeaders,
        body: Ref(WalletLegacySessionRequest),
        response: { 201: Ref(WalletSession), ...ApiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const owner = legacyOwnerReference(request.body.owner_reference);
      if (!owner.ok) throw badRequest('the request is invalid', [{ pointer: '/owner_reference', detail: owner.error }]);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await open(walletCallerOf(request), owner.value));
    },
  );
}
