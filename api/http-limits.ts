// The api's HTTP server limits, chosen rather than inherited (README's configuration table names
// the variables). They bound what one client can make the process hold: memory for a body or
// headers, a socket for a request sent slowly on purpose, an idle connection.
import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { HttpLimits } from '../platform/config';

/**
 * Bodies of the calls a browser may make with a publishable key (card and gift card vault) and of
 * POST /oauth/token. A card is about 150 bytes of JSON and a token request less; 16 KiB leaves
 * room for any honest client and none for a flood of large bodies on the public routes.
 */
export const SMALL_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Node's default header size, made explicit: a Bearer token and the usual browser headers take
 * 2-3 KiB. Larger headers answer 431 before any route runs.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Longest path parameter routed; the documents' longest is 255 (api/errors/documented-errors.ts). */
export const MAX_PATH_PARAMETER_LENGTH = 1024;

/** Headers arrive first and are small: a client that has not sent them in 15 s is not going to. */
const HEADERS_TIMEOUT_MS = 15_000;

export function httpServerOptions(
  limits: HttpLimits,
  trustProxy: boolean | string,
): Pick<
  FastifyServerOptions,
  'bodyLimit' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'trustProxy' | 'routerOptions'
> & { http: ServerOptions } {
  return {
    // The default 1 MiB is ten times the largest cart a v1 shop plugin sends; a route that takes
    // less says so (SMALL_BODY_LIMIT_BYTES).
    bodyLimit: limits.bodyLimitBytes,
    // Time to receive a whole request, not to answer it: a payment waiting on a slow partner is
    // never cut, a client trickling its bytes in (slowloris) is, with 408.
    requestTimeout: limits.requestTimeoutMs,
    // Above the idle timeout of the load balancer in front (nginx and cloud balancers: 60 s), so it
    // is always the balancer that closes an idle connection and never sends a request on a socket
    // the api is closing (a 502 for the client).
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // No socket inactivity timeout: an answer that waits on a partner (3-D Secure, a slow acquirer)
    // is bounded by the partner calls' own timeouts, not by the socket.
    connectionTimeout: 0,
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, limits.requestTimeoutMs || HEADERS_TIMEOUT_MS),
    },
    trustProxy,
    // Path parameters are UUIDs and references of up to 255 characters (a wallet's customer id):
    // Fastify's default of 100 refused valid ones. Past this, 414 (api/errors/error-handler.ts).
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
  };
}
