// A known path asked with a method it does not serve answers 405 with an Allow header (RFC 9110
// 15.5.6), in the API's error shape, rather than a 404 that would read as "no such resource":
// - a path no route of this method matches (OPTIONS or QUERY on a payment): 405 before the body is
//   read, so a QUERY with a body gets its 405, not a parsing error;
// - a path a route of this method matches only by a path parameter its schema refuses, while a
//   route of another method takes it (PUT /payment/v1/{entity}/transactions/{id}: PUT serves
//   /transactions/capture, GET serves the transaction).
// A method serves a path when its route matches it with path parameters its schema accepts: GET
// /payment/v1/{entity}/sessions/{session} does not serve /sessions/create. HEAD goes with GET, and
// OPTIONS (the CORS preflights) with whatever else the path serves.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { HttpProblem } from './errors/problem';
import { MAX_PATH_PARAMETER_LENGTH } from './http-limits';

type Method = FindMyWay.HTTPMethod;
const IMPLIED: ReadonlySet<string> = new Set(['HEAD', 'OPTIONS']);

export function answerMethodNotAllowed(app: FastifyInstance): void {
  // A router of its own, built as Fastify's is, whose matches carry each route's params schema:
  // Fastify's findRoute tells that a route matched, not which.
  const routes = FindMyWay({ maxParamLength: MAX_PATH_PARAMETER_LENGTH });
  const methods = new Set<Method>();
  app.addHook('onRoute', (route) => {
    // The web app's catch-all (`*`) matches any path and serves none of the API's.
    if (route.url.includes('*')) return;
    for (const method of [route.method].flat() as Method[]) {
      if (routes.hasRoute(method, route.url)) continue;
      routes.on(method, route.url, () => undefined, { params: route.schema?.params });
      methods.add(method);
    }
  });

  function serves(method: Method, path: string): boolean {
    const found = routes.find(method, path);
    if (!found) return false;
    const schema: TSchema | undefined = (found.store as { params?: TSchema }).params;
    return !schema || Value.Check(schema, found.params);
  }

  function refuse(request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = [...methods].filter(
      (method) => !IMPLIED.has(method) && method !== request.method && serves(method, path),
    );
    if (allowed.length === 0) return;
    if (allowed.includes('GET')) allowed.push('HEAD');
    if (routes.find('OPTIONS', path)) allowed.push('OPTIONS');
    const allow = allowed.sort().join(', ');
    reply.header('allow', allow);
    throw new HttpProblem(405, 'method_not_allowed', `${request.method} is not served at ${path}; it answers ${allow}`);
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) refuse(request, reply);
  });
  app.addHook('preValidation', async (request, reply) => {
    const schema = request.is404 ? undefined : request.routeOptions.schema?.params;
    if (schema && !Value.Check(schema as TSchema, request.params)) refuse(request, reply);
  });
}
