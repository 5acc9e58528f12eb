// POST /oauth/token: OAuth2 client credentials. Accepts the RFC 6749 form body, and also the form
// some existing integrations send: grant_type in the query string, no body, credentials in Basic.
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Sql } from '../../db/connection';
import { findOAuthClient } from '../../db/credentials';
import type { Scope } from '../../db/merchants';
import { sameHash, sha256 } from '../../platform/secrets';
import { HttpProblem } from '../errors/problem';
import { issueAccessToken, isScope } from './access-tokens';
import type { KeyRing } from './key-ring';

const TokenResponse = Type.Object(
  {
    access_token: Type.String({ description: 'JWT to send as `Authorization: Bearer <token>`' }),
    expires_in: Type.Integer({ description: 'Lifetime in seconds', examples: [3600] }),
    scope: Type.String({ description: 'Space-separated granted scopes', examples: ['payment-api orchestration-api'] }),
    token_type: Type.Literal('Bearer'),
  },
  { $id: 'OAuthTokenResponse', title: 'OAuthTokenResponse' },
);

const TokenRequest = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ description: 'Must be `client_credentials`' })),
    client_id: Type.Optional(Type.String()),
    client_secret: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String({ description: 'Space-separated subset of `payment-api orchestration-api`; all granted scopes when absent' })),
  },
  { title: 'OAuthTokenRequest' },
);

function stringField(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = Reflect.get(source, name);
  return typeof value === 'string' ? value : undefined;
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header || !/^basic\s/i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // RFC 6749 2.3.1: both parts are form-urlencoded before base64.
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replaceAll('+', ' '));
    } catch {
      return part;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}

const invalidClient = () =>
  new HttpProblem(401, 'invalid_client', 'client authentication failed', undefined, {
    headers: { 'www-authenticate': 'Basic realm="tessera"' },
  });

export function registerOAuthRoute(app: FastifyInstance, deps: { sql: Sql; keys: KeyRing; accessTokenTtlSeconds: number }): void {
  app.post(
    '/oauth/token',
    {
      // Existing clients send no body at all (grant_type in the query string): validate that as {}.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: {
        summary: 'Get an access token (OAuth2 client credentials)',
        description:
          'Form-encoded body. Client id and secret by HTTP Basic or as form fields. `grant_type` may also be given in the query string with no body.',
        tags: ['Authentication'],
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenRequest,
        querystring: Type.Object({ grant_type: Type.Optional(Type.String()) }),
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) => {
      const grantType = stringField(request.body, 'grant_type') ?? stringField(request.query, 'grant_type');
      if (grantType === undefined) {
        throw new HttpProblem(400, 'invalid_request', 'grant_type is required', [{ pointer: '/grant_type', detail: 'is required' }]);
      }
      if (grantType !== 'client_credentials') {
        throw new HttpProblem(400, 'unsupported_grant_type', 'grant_type must be client_credentials', [
          { pointer: '/grant_type', detail: 'must be client_credentials' },
        ]);
      }
      const basic = basicCredentials(request.headers.authorization);
      const clientId = basic?.id ?? stringField(request.body, 'client_id');
      const clientSecret = basic?.secret ?? stringField(request.body, 'client_secret');
      if (!clientId || !clientSecret) throw invalidClient();
      const client = await findOAuthClient(deps.sql, clientId);
      if (!client || !sameHash(client.secret_hash, sha256(clientSecret))) throw invalidClient();

      const requested = stringField(request.body, 'scope')?.split(/\s+/).filter(Boolean);
      let scopes: Scope[] = client.scopes;
      if (requested && requested.length > 0) {
        const unknown = requested.filter((scope) => !isScope(scope) || !client.scopes.includes(scope));
        if (unknown.length > 0) throw new HttpProblem(400, 'invalid_scope', `scope not granted to this client: ${unknown.join(' ')}`);
        scopes = requested.filter(isScope);
      }
      const accessToken = await issueAccessToken(deps.keys, { entityId: client.entity_id, clientId, scopes }, deps.accessTokenTtlSeconds);
      reply.header('cache-control', 'no-store');
      return { access_token: accessToken, expires_in: deps.accessTokenTtlSeconds, scope: scopes.join(' '), token_type: 'Bearer' as const };
    },
  );
}
