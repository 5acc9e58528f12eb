// How an api process stops without failing a request: behind nginx (or any load balancer that
// keeps connections to the api open), stopping is a matter of which side closes which connection
// when.
//
// 1. The listening socket closes at once: a new connection is refused, which nginx retries on the
//    other api whatever the method, since nothing was sent.
// 2. Open connections stay open. A request on them, in flight or arriving now, is answered in full
//    with `Connection: close`, so the balancer sees the connection end after that answer instead of
//    sending another request into a socket being closed (for a POST, nginx answers 502 rather than
//    retry: it cannot know whether the api acted on it).
// 3. Connections left idle are closed only after IDLE_REAP_AFTER_MS: by then a busy balancer has
//    used each one it was going to, and got its `Connection: close`.
// 4. After the grace period whatever is still open is cut, so a stop is bounded.
//
// Node's own server.close() would do (1) and close every idle connection at once, and then keep
// connections busy at that moment open until their keep-alive timeout (72 s here): both avoided.
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Idle keep-alive connections are given this long to carry one last request before they are closed. */
export const IDLE_REAP_AFTER_MS = 1_000;

export interface DrainResult {
  /** From the start of the drain to the last connection closed. */
  ms: number;
  /** True when the grace period ran out and connections were cut. */
  forced: boolean;
}

export interface GracefulShutdown {
  readonly draining: boolean;
  /** Stops accepting, finishes what is in flight, resolves once no connection is left (at most graceMs). */
  drain(graceMs: number): Promise<DrainResult>;
}

export function installGracefulShutdown(app: FastifyInstance): GracefulShutdown {
  let draining = false;
  // A health check during the drain says so: a balancer that probes /health takes the api out
  // before the connections end.
  app.addHook('onRequest', async (request, reply) => {
    if (draining && request.url === '/health')
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'draining' });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });

  let drained: Promise<DrainResult> | undefined;
  return {
    get draining() {
      return draining;
    },
    drain(graceMs: number) {
      drained ??= new Promise<DrainResult>((resolve) => {
        draining = true;
        const started = Date.now();
        const server = app.server;
        let forced = false;
        const reaper = setInterval(() => server.closeIdleConnections(), IDLE_REAP_AFTER_MS);
        const deadline = setTimeout(() => {
          forced = true;
          server.closeAllConnections();
        }, graceMs);
        // net.Server's close, not http.Server's: it stops listening and leaves open connections
        // alone; its callback runs once the last of them has closed.
        NetServer.prototype.close.call(server, () => {
          clearInterval(reaper);
          clearTimeout(deadline);
          resolve({ ms: Date.now() - started, forced });
        });
      });
      return drained;
    },
  };
}
