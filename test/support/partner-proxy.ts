// A loopback HTTP proxy between Tessera and the sandbox partner network, for fault tests: it
// counts partner calls in flight (so a kill can be said to land mid-call) and the answers a
// killed caller never received, and it can make the partner network fail the way a real one does:
//   down   every connection is cut at once (the network or the partner is gone);
//   slow   each call waits 2 to 5 s before it reaches the partner;
//   error  calls answer 5xx: half without reaching the partner, half after the partner processed
//          them (the effect happened, its answer is lost: what idempotency keys are for).
import { EventEmitter } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';

export type PartnerNetworkMode = 'up' | 'down' | 'slow' | 'error';

export interface PartnerProxy {
  url: string;
  readonly mode: PartnerNetworkMode;
  stats: {
    calls: number;
    inFlight: number;
    answersLost: number;
    replayed: number;
    refused: number;
    slowed: number;
    failed: number;
  };
  /** 'request' when a call arrives, 'answered' when its answer has been handed over; both with the path. */
  events: EventEmitter;
  /** Resolves with the path of the next request or answer, or undefined after timeoutMs. */
  next(event: 'request' | 'answered', timeoutMs: number): Promise<string | undefined>;
  setMode(mode: PartnerNetworkMode): void;
  close(): Promise<void>;
}

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export async function startPartnerProxy(target: string): Promise<PartnerProxy> {
  const upstream = new URL(target);
  const stats = { calls: 0, inFlight: 0, answersLost: 0, replayed: 0, refused: 0, slowed: 0, failed: 0 };
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const sockets = new Set<Socket>();
  let mode: PartnerNetworkMode = 'up';
  let errorTurn = 0;

  const server: Server = createServer((req, res) => {
    stats.calls += 1;
    stats.inFlight += 1;
    events.emit('request', req.url);
    let open = true;
    const done = () => {
      if (!open) return;
      open = false;
      stats.inFlight -= 1;
    };
    res.on('close', () => {
      if (!res.writableFinished) stats.answersLost += 1;
      else events.emit('answered', req.url);
      done();
    });
    if (mode === 'down') {
      stats.refused += 1;
      req.socket.destroy();
      return;
    }
    const failAfter = mode === 'error' && errorTurn++ % 2 === 1;
    if (mode === 'error' && !failAfter) {
      stats.failed += 1;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
      return;
    }
    const forward = () => {
      // The partner goes on processing even if the caller has gone: what a real network does.
      const call = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (answer.headers['idempotent-replayed'] === 'true') stats.replayed += 1;
          if (res.destroyed) {
            answer.resume();
            return;
          }
          if (failAfter) {
            stats.failed += 1;
            answer.resume();
            res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"bad_gateway"}');
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      call.on('error', () => res.destroy());
      req.pipe(call);
    };
    if (mode === 'slow') {
      stats.slowed += 1;
      req.pause();
      setTimeout(forward, between(2_000, 5_000));
    } else forward();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('partner proxy: unexpected address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    get mode() {
      return mode;
    },
    stats,
    events,
    next(event, timeoutMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          events.off(event, on);
          resolve(undefined);
        }, timeoutMs);
        const on = (path: string) => {
          clearTimeout(timer);
          resolve(path);
        };
        events.once(event, on);
      });
    },
    setMode(next) {
      mode = next;
      // Going down cuts what is open too: kept-alive connections and calls under way.
      if (next === 'down') for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
