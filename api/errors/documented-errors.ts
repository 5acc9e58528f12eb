// Every error status a route can answer is in its OpenAPI document, with the body schema and media
// type the error handler really sends (error-handler.ts): problem+json for v2 and /oauth/token,
// ApiError as application/json for the wallet and v1. A route declares the errors of its own logic
// (404 for an unknown id, 409, 503 when it waits on the payment engine); the answers any route of a
// given shape can give are added here, so no route forgets one:
// - 400: a parameter, header or body is invalid (the schema, a NUL character: request-text.ts);
// - 401 and 403: a route that authenticates (config.auth) refuses missing credentials and a token
//   without the route's scope;
// - 404 and 414: a path with parameters names nothing, or a parameter is too long to be an id;
// - 413 and 415: a body over the route's limit, or in a media type the route does not parse.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Ref } from '../schemas/typebox';
import { ApiError, Problem } from '../schemas/v2';
import { V1ApiError } from '../schemas/v1';
import { errorShapeOf, type ErrorShape } from './error-handler';
import { reasonPhrase } from './reason-phrases';

const shapes: Record<ErrorShape, { mediaType: string; schema: ReturnType<typeof Ref> }> = {
  problem: { mediaType: 'application/problem+json', schema: Ref(Problem) },
  'wallet-api-error': { mediaType: 'application/json', schema: Ref(ApiError) },
  'v1-api-error': { mediaType: 'application/json', schema: Ref(V1ApiError) },
};

/** What each error status means, whichever route answers it. */
const meanings: Readonly<Record<number, string>> = {
  400: 'The request is invalid: a parameter, header or body field breaks a rule (each one is named).',
  401: 'No valid credentials: send a Bearer access token (POST /oauth/token) or the entity’s API key in x-api-key.',
  403: 'The credentials are valid but may not make this call (the access token lacks its scope, or the entity is not the caller’s).',
  404: 'Nothing with this id belongs to the caller’s entity.',
  409: 'The request conflicts with what was already done.',
  413: 'The body is larger than this call accepts.',
  414: 'A path parameter is longer than any id (1024 characters).',
  415: 'The body is not in a media type this call reads (Content-Type).',
  503: 'The payment engine is busy or recovering: nothing was lost; send the same request again (same idempotency key) after Retry-After seconds.',
};

/** One documented error answer of a route whose errors have `shape`. */
export function errorResponse(shape: ErrorShape, status: number, description?: string) {
  const { mediaType, schema } = shapes[shape];
  return {
    description: description ?? meanings[status] ?? reasonPhrase(status),
    ...(status === 503
      ? { headers: { 'retry-after': { type: 'integer', minimum: 1, description: 'Seconds to wait before retrying.' } } }
      : {}),
    content: { [mediaType]: { schema } },
  };
}

/** The documented error answers of a route, each with its shape's body and media type. */
export function errorResponses(shape: ErrorShape, ...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(shape, status)]));
}

/** The error statuses a route can answer by its shape alone, whatever its handler does. */
export function statusesOf(route: Pick<RouteOptions, 'url' | 'schema' | 'config'>): number[] {
  const schema = route.schema ?? {};
  const statuses = new Set<number>();
  if (schema.body || schema.params || schema.querystring || schema.headers) statuses.add(400);
  if (schema.body) for (const status of [413, 415]) statuses.add(status);
  const auth =
    route.config && typeof route.config === 'object' && 'auth' in route.config ? route.config.auth : undefined;
  if (auth) for (const status of [401, 403]) statuses.add(status);
  if (route.url.includes(':')) for (const status of [404, 414]) statuses.add(status);
  return [...statuses];
}

/** Adds to each route's responses the errors its shape implies (statusesOf) that it did not declare. */
export function documentRouteErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.method === 'HEAD') return;
    const declared = route.schema.response ?? {};
    if (typeof declared !== 'object') return;
    const shape = errorShapeOf(route.url, route.config);
    const missing = statusesOf(route).filter((status) => !(status in declared || String(status) in declared));
    if (missing.length === 0) return;
    route.schema = { ...route.schema, response: { ...declared, ...errorResponses(shape, ...missing) } };
  });
}
