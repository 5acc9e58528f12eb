// Who is calling: a Bearer access token (OAuth2 client credentials) or a secret API key in
// x-api-key. Each route declares the scope it needs in its config; a route without `auth` is public.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { allScopes, type Scope } from '../../db/merchants';
import type { MerchantReads } from '../../db/cache/merchant-cache';
import { HttpProblem } from '../errors/problem';
import { verifyAccessToken } from './access-tokens';
import type { KeyRing } from './key-ring';

export interface Principal {
  entityId: string;
  scopes: readonly Scope[];
  via: 'access-token' | 'api-key';
}

export interface RouteAuth {
  scope: Scope;
  /** Defaults to true: every v2 call also accepts the entity's secret API key. */
  apiKey?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

const unauthorized = (detail: string) =>
  new HttpProblem(401, 'unauthorized', detail, undefined, {
    headers: { 'www-authenticate': 'Bearer realm="tessera"' },
  });

export async function authenticate(
  request: FastifyRequest,
  deps: { merchants: MerchantReads; keys: KeyRing },
  auth: RouteAuth,
): Promise<Principal> {
  const header = request.headers.authorization;
  if (header && /^bearer\s/i.test(header)) {
    const claims = await verifyAccessToken(deps.keys, header.slice(7).trim());
    if (!claims) throw unauthorized('the access token is invalid or expired');
    if (!claims.scopes.includes(auth.scope)) {
      throw new HttpProblem(403, 'insufficient_scope', `this call needs the ${auth.scope} scope`);
    }
    return { entityId: claims.entityId, scopes: claims.scopes, via: 'access-token' };
  }
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.length > 0 && auth.apiKey !== false) {
    const entityId = await deps.merchants.entityOfApiKey(apiKey);
    if (!entityId) throw unauthorized('the API key is invalid');
    return { entityId, scopes: allScopes, via: 'api-key' };
  }
  throw unauthorized('send a Bearer access token (POST /oauth/token) or an x-api-key header');
}

export const authenticationPlugin = fp(
  async (app: FastifyInstance, deps: { merchants: MerchantReads; keys: KeyRing }) => {
    app.decorateRequest('principal', undefined);
    // Before the body is parsed and validated: a caller without credentials learns only that (401),
    // not what the body should have been, and costs no parsing.
    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config.auth;
      if (!auth) return;
      request.principal = await authenticate(request, deps, auth);
    });
  },
);

/** The caller of an authenticated route; a route that forgot its `auth` config fails loudly. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`route ${request.routeOptions.url} has no auth config`);
  return request.principal;
}
