// Tessera's typed TypeScript client: openapi-fetch over the types generated from the API's own
// OpenAPI documents (./generated, `npm run client:generate`), so a call's path, parameters, body
// and answers are checked by the compiler against what the api serves.
//
//   const tessera = createTesseraClient({ baseUrl: 'http://127.0.0.1:3000', accessToken });
//   const { data, error, response } = await tessera.v2.POST('/v2/client-sessions', { body: {...} });
//
// `data` is the 2xx answer, `error` the documented error body (a problem for v2, an ApiError for v1
// and the wallet).
import createClient, { type Client } from 'openapi-fetch';
import type { paths as V1Paths } from './generated/v1';
import type { components as V2Schemas } from './generated/v2';
import type { paths as V2Paths } from './generated/v2';
import type { paths as WalletPaths } from './generated/wallet';

export type { V1Paths, V2Paths, WalletPaths };
export type { components as V2Components } from './generated/v2';
export type { components as V1Components } from './generated/v1';
export type { components as WalletComponents } from './generated/wallet';

export interface TesseraClientOptions {
  baseUrl: string;
  /** An access token of POST /oauth/token, sent as `Authorization: Bearer`. */
  accessToken?: string;
  /** The entity's secret API key (server side) or publishable key (browser), sent as `x-api-key`. */
  apiKey?: string;
  /** Headers sent with every call, besides the credentials. */
  headers?: Record<string, string>;
  fetch?: (request: Request) => Promise<Response>;
}

export interface TesseraClient {
  v2: Client<V2Paths>;
  /** The deprecated API v1 (under /payment/v1). */
  v1: Client<V1Paths>;
  wallet: Client<WalletPaths>;
}

export function createTesseraClient(options: TesseraClientOptions): TesseraClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.accessToken !== undefined) headers.authorization = `Bearer ${options.accessToken}`;
  if (options.apiKey !== undefined) headers['x-api-key'] = options.apiKey;
  const settings = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  return {
    v2: createClient<V2Paths>(settings),
    v1: createClient<V1Paths>(settings),
    wallet: createClient<WalletPaths>(settings),
  };
}

export type AccessToken = V2Schemas['schemas']['OAuthTokenResponse'];

/**
 * An access token for the entity's OAuth client (client credentials, sent by HTTP Basic). Reuse it
 * until `expires_in` runs out rather than asking for one per call.
 */
export async function requestAccessToken(options: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Fewer scopes than the client has (space-separated, e.g. `payment-api`); all of them when absent. */
  scope?: string;
  fetch?: typeof fetch;
}): Promise<AccessToken> {
  const client = createClient<V2Paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const basic = Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`);
  const { data, error, response } = await client.POST('/oauth/token', {
    body: { grant_type: 'client_credentials', ...(options.scope !== undefined ? { scope: options.scope } : {}) },
    headers: {
      authorization: `Basic ${basic.toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    bodySerializer: (body) =>
      new URLSearchParams({
        grant_type: body.grant_type ?? 'client_credentials',
        ...(body.scope !== undefined ? { scope: body.scope } : {}),
      }),
  });
  if (!data) throw new Error(`POST /oauth/token answered ${response.status}: ${JSON.stringify(error)}`);
  return data;
}
