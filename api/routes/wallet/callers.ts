// Who calls the wallet API, and for which merchant. Credentials:
// - `authorization: Bearer <access token>` with the payment-api scope, or the secret `x-api-key`:
//   server side, every call;
// - `x-api-key: pk_…`, the publishable key: the shopper's browser, which may only list, favorite
//   and delete tokens through a wallet session, and never reads a token's value.
// The legacy e-commerce plugin sends a Bearer token and its secret API key together; either one
// authenticating is enough (it reuses tokens up to their expiry), but two of different entities
// are refused. Then `x-merchant-id` must name the credential's own entity: another merchant's id,
// like an unknown one, is "not found".
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sql } from '../../../db/connection';
import type { MerchantReads } from '../../../db/cache/merchant-cache';
import { entityOfMerchantId } from '../../../db/wallet';
import { verifyAccessToken } from '../../auth/access-tokens';
import type { KeyRing } from '../../auth/key-ring';
import { HttpProblem } from '../../errors/problem';
import { PUBLISHABLE_KEY_PREFIX } from '../v2/vault';

export type WalletCredential = 'access-token' | 'api-key' | 'publishable-key';

export interface WalletCaller {
  entityId: string;
  merchantId: string;
  via: WalletCredential;
}

/** What a route lets in: server credentials only, or the browser's publishable key as well. */
export type WalletAudience = 'server' | 'server-or-browser';

const WALLET_SCOPE = 'payment-api';

const unauthorized = (detail: string) =>
  new HttpProblem(401, 'unauthorized', detail, undefined, {
    headers: { 'www-authenticate': 'Bearer realm="tessera"' },
  });
const forbidden = (detail: string) =>
  new HttpProblem(403, 'forbidden', detail, undefined, { apiErrorCode: 'FORBIDDEN' });
export const merchantNotFound = () =>
  new HttpProblem(404, 'not_found', 'merchant not found for this credential', undefined, { apiErrorCode: 'NOT_FOUND' });

interface Identified {
  entityId: string;
  via: WalletCredential;
}

async function identifyCredentials(
  request: FastifyRequest,
  deps: { merchants: MerchantReads; keys: KeyRing },
): Promise<Identified> {
  const header = request.headers.authorization;
  const bearer = header && /^bearer\s/i.test(header) ? header.slice(7).trim() : undefined;
  const apiKey =
    typeof request.headers['x-api-key'] === 'string' && request.headers['x-api-key'].length > 0
      ? request.headers['x-api-key']
      : undefined;
  if (bearer === undefined && apiKey === undefined) {
    throw unauthorized(
      'send a Bearer access token with the payment-api scope (POST /oauth/token) or an x-api-key header',
    );
  }
  const identified: Identified[] = [];
  // A genuine token without the scope authenticates nothing, but still says whose it is: beside
  // another entity's key it is refused like any pair of two entities' credentials.
  let unscopedTokenEntity: string | undefined;
  if (bearer !== undefined) {
    const claims = await verifyAccessToken(deps.keys, bearer);
    if (claims?.scopes.includes(WALLET_SCOPE)) identified.push({ entityId: claims.entityId, via: 'access-token' });
    else if (claims) unscopedTokenEntity = claims.entityId;
  }
  if (apiKey !== undefined) {
    const publishable = apiKey.startsWith(PUBLISHABLE_KEY_PREFIX);
    const entityId = publishable
      ? await deps.merchants.entityOfPublishableKey(apiKey)
      : await deps.merchants.entityOfApiKey(apiKey);
    if (entityId) identified.push({ entityId, via: publishable ? 'publishable-key' : 'api-key' });
  }
  const [first] = identified;
  if (!first) {
    if (unscopedTokenEntity !== undefined) throw forbidden(`the wallet API needs the ${WALLET_SCOPE} scope`);
    throw unauthorized(bearer !== undefined ? 'the access token is invalid or expired' : 'the API key is invalid');
  }
  const entities = new Set([
    ...identified.map((one) => one.entityId),
    ...(unscopedTokenEntity ? [unscopedTokenEntity] : []),
  ]);
  if (entities.size > 1) throw forbidden('the credentials sent belong to different entities');
  // A server credential beside the publishable key is what decides what the caller may do.
  return identified.find((candidate) => candidate.via !== 'publishable-key') ?? first;
}

const identifiedOf = new WeakMap<FastifyRequest, Identified>();
const callerOf = new WeakMap<FastifyRequest, WalletCaller>();

/**
 * onRequest hook: authenticates before the body is read, so a token value from an unknown caller
 * is never even parsed.
 */
export function authenticateWalletCaller(deps: { merchants: MerchantReads; keys: KeyRing }, audience: WalletAudience) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const identified = await identifyCredentials(request, deps);
    if (identified.via === 'publishable-key' && audience === 'server') {
      throw forbidden(
        'the publishable key may only list, favorite and delete tokens through a wallet session; this call needs a server credential',
      );
    }
    identifiedOf.set(request, identified);
  };
}

/** preHandler hook, once the headers are validated: x-merchant-id must be the caller's entity. */
export function resolveWalletMerchant(deps: { sql: Sql }) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const identified = identifiedOf.get(request);
    if (!identified) throw new Error(`wallet route ${request.routeOptions.url} has no authentication hook`);
    const merchantId = request.headers['x-merchant-id'];
    if (typeof merchantId !== 'string') throw new Error('x-merchant-id reached the handler unvalidated');
    const entityId = await entityOfMerchantId(deps.sql, merchantId);
    if (entityId !== identified.entityId) throw merchantNotFound();
    callerOf.set(request, { entityId, merchantId, via: identified.via });
  };
}

export function walletCallerOf(request: FastifyRequest): WalletCaller {
  const caller = callerOf.get(request);
  if (!caller) throw new Error(`wallet route ${request.routeOptions.url} reached without a caller`);
  return caller;
}
