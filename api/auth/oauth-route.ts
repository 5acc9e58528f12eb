// POST /oauth/token: OAuth2 client credentials. Accepts the RFC 6749 form body, and also the form
// some existing integrations send: grant_type in the query string, no body, credentials in Basic.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Ref } from '../schemas/typebox';
import { rateLimitedResponse } from '../routes/schema-refs';
import { OAuthTokenRequest, OAuthTokenResponse } from '../schemas/v2';
import type { Sql } from '../../db/connection';
import type { MerchantReads } from '../../db/cache/merchant-cache';
import { findOAuthClient } from '../../db/credentials';
import { allScopes, type Scope } from '../../db/merchants';
import { sameHash, sha256 } from '../../platform/secrets';
import { errorResponse } from '../errors/documented-errors';
import { HttpProblem } from '../errors/problem';
import { SMALL_BODY_LIMIT_BYTES } from '../http-limits';
import { FORM_MEDIA_TYPE } from '../media-types';
import type { AbuseLimits } from '../rate-limits';
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

/**
 * Those clients' HTTP libraries often label the empty body JSON all the same, which the JSON
 * parser would refuse as an empty document: a request that carries no body is read as one without.
 */
async function ignoreTypeOfNoBody(request: FastifyRequest): Promise<void> {
  const length = request.headers['content-length'];
  const noBody = (length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined;
  if (noBody) delete request.headers['content-type'];
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

/**
 * The client asking for a token: an OAuth client by its id and secret (HTTP Basic, else form
 * fields), or, with neither, the entity's secret API key in x-api-key (API v1's token endpoint takes
 * "BasicAuth or ApiKey"); such a token is the API key's, with the scopes the key has.
 */
async function authenticatedClient(
  deps: { sql: Sql; merchants: MerchantReads; limits: AbuseLimits },
  request: FastifyRequest<{ Body: OAuthTokenRequest }>,
): Promise<{ client_id: string; entity_id: string; scopes: Scope[] }> {
  const { sql } = deps;
  const basic = basicCredentials(request.headers.authorization);
  const clientId = basic?.id ?? request.body.client_id;
  const clientSecret = basic?.secret ?? request.body.client_secret;
  const apiKey = request.headers['x-api-key'];
  if (!clientId && !clientSecret && typeof apiKey === 'string' && apiKey.length > 0) {
    const entityId = await deps.merchants.entityOfApiKey(apiKey);
    if (!entityId) throw invalidClient();
    return { client_id: API_KEY_SUBJECT, entity_id: entityId, scopes: [...allScopes] };
  }
  if (!clientId || !clientSecret) throw invalidClient();
  // No client id holds a NUL; one decoded from HTTP Basic would otherwise reach the queries (form
  // fields are refused earlier, api/unfit-text.ts).
  if (clientId.includes('\u0000')) throw invalidClient();
  // A client id over its failures is refused before its secret is even compared.
  await deps.limits.refuseLockedClient(request, clientId);
  const client = await findOAuthClient(sql, clientId);
  if (!client || !sameHash(client.secret_hash, sha256(clientSecret))) {
    await deps.limits.countTokenFailure(request, clientId);
    throw invalidClient();
  }
  return { client_id: clientId, entity_id: client.entity_id, scopes: client.scopes };
}

/** The subject of a token obtained with the entity's API key rather than an OAuth client. */
const API_KEY_SUBJECT = 'api-key';

const invalidClient = () =>
  new HttpProblem(401, 'invalid_client', 'client authentication failed', undefined, {
    headers: { 'www-authenticate': 'Basic realm="tessera"' },
  });

export function registerOAuthRoute(
  app: FastifyInstance,
  deps: { sql: Sql; merchants: MerchantReads; keys: KeyRing; limits: AbuseLimits; accessTokenTtlSeconds: number },
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/oauth/token',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      onRequest: ignoreTypeOfNoBody,
      preValidation: readGrantTypeFromQuery,
      schema: {
        summary: 'Get an access token (OAuth2 client credentials)',
        description:
          'Form-encoded body. Client id and secret by HTTP Basic or as form fields, or, with neither, the entity’s secret API key in `x-api-key`. `grant_type` may also be given in the query string with no body.',
        tags: ['Authentication'],
        consumes: [FORM_MEDIA_TYPE],
        body: Ref(OAuthTokenRequest),
        querystring: Type.Object({ grant_type: Type.Optional(Type.String()) }),
        response: {
          200: Ref(OAuthTokenResponse),
          400: errorResponse(
            'problem',
            400,
            'grant_type is not client_credentials (unsupported_grant_type), a requested scope is not granted to the client (invalid_scope), or a field is invalid (invalid_request).',
          ),
          401: errorResponse(
            'problem',
            401,
            'Client authentication failed (invalid_client): unknown client id, wrong secret, unknown API key, or no credentials.',
          ),
          ...rateLimitedResponse(
            'too many failed requests for this client id; the right secret is refused too until the limit resets',
          ),
        },
      },
    },
    async (request, reply) => {
      const client = await authenticatedClient(deps, request);
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
        { entityId: client.entity_id, clientId: client.client_id, scopes },
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
