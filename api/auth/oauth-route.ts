// POST /oauth/token: OAuth2 client credentials. Accepts the RFC 6749 form body, and also the form
// some existing integrations send: grant_type in the query string, no body, credentials in Basic.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Ref } from '../schemas/typebox';
import { OAuthTokenRequest, OAuthTokenResponse } from '../schemas/v2';
import type { Sql } from '../../db/connection';
import { findOAuthClient } from '../../db/credentials';
import type { Scope } from '../../db/merchants';
import { sameHash, sha256 } from '../../platform/secrets';
import { HttpProblem } from '../errors/problem';
import { issueAccessToken, isScope } from './access-tokens';
import type { KeyRing } from './key-ring';

function stringField(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = Reflect.get(source, name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Existing clients send no body at all, with grant_type in the query string: read it from there,
 * and answer RFC 6749's unsupported_grant_type before schema validation would.
 */
async function readGrantTypeFromQuery(request: FastifyRequest): Promise<void> {
  const body: Record<string, unknown> =
    typeof request.body === 'object' && request.body !== null ? { ...request.body } : {};
  const grantType = stringField(body, 'grant_type') ?? stringField(request.query, 'grant_type');
  if (grantType !== undefined) body.grant_type = grantType;
  if (grantType !== undefined && grantType !== 'client_credentials') {
    throw new HttpProblem(400, 'unsupported_grant_type', 'grant_type must be client_credentials', [
      { pointer: '/grant_type', detail: 'must be client_credentials' },
    ]);
  }
  request.body = body;
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

export function registerOAuthRoute(
  app: FastifyInstance,
  deps: { sql: Sql; keys: KeyRing; accessTokenTtlSeconds: number },
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/oauth/token',
    {
      preValidation: readGrantTypeFromQuery,
      schema: {
        summary: 'Get an access token (OAuth2 client credentials)',
        description:
          'Form-encoded body. Client id and secret by HTTP Basic or as form fields. `grant_type` may also be given in the query string with no body.',
        tags: ['Authentication'],
        consumes: ['application/x-www-form-urlencoded'],
        body: Ref(OAuthTokenRequest),
        querystring: Type.Object({ grant_type: Type.Optional(Type.String()) }),
        response: { 200: Ref(OAuthTokenResponse) },
      },
    },
    async (request, reply) => {
      const basic = basicCredentials(request.headers.authorization);
      const clientId = basic?.id ?? request.body.client_id;
      const clientSecret = basic?.secret ?? request.body.client_secret;
      if (!clientId || !clientSecret) throw invalidClient();
      const client = await findOAuthClient(deps.sql, clientId);
      if (!client || !sameHash(client.secret_hash, sha256(clientSecret))) throw invalidClient();

      const requested = request.body.scope?.split(/\s+/).filter(Boolean);
      let scopes: Scope[] = client.scopes;
      if (requested && requested.length > 0) {
        const unknown = requested.filter((scope) => !isScope(scope) || !client.scopes.includes(scope));
        if (unknown.length > 0)
          throw new HttpProblem(400, 'invalid_scope', `scope not granted to this client: ${unknown.join(' ')}`);
        scopes = requested.filter(isScope);
      }
      const accessToken = await issueAccessToken(
        deps.keys,
        { entityId: client.entity_id, clientId, scopes },
        deps.accessTokenTtlSeconds,
      );
      reply.header('cache-control', 'no-store');
      return {
        access_token: accessToken,
        expires_in: deps.accessTokenTtlSeconds,
        scope: scopes.join(' '),
        token_type: 'Bearer' as const,
      };
    },
  );
}
