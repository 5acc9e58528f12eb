import { Agent, request } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_REAP_AFTER_MS, installGracefulShutdown, type GracefulShutdown } from './graceful-shutdown';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

let app: FastifyInstance;
let graceful: GracefulShutdown;
let port: number;
let agent: Agent;
/** Resolves the /slow requests waiting in the handler. */
let release: () => void;
let releaseSlow: Promise<void>;
/** Resolves once a /slow request is in its handler. */
let slowEntered: Promise<void>;

async function start() {
  app = Fastify({ keepAliveTimeout: 72_000, forceCloseConnections: 'idle' });
  graceful = installGracefulShutdown(app);
  releaseSlow = new Promise((resolve) => (release = resolve));
  let entered: () => void;
  slowEntered = new Promise((resolve) => (entered = resolve));
  app.get('/slow', async () => {
    entered();
    await releaseSlow;
    return { slow: true };
  });
  app.get('/fast', async () => ({ fast: true }));
  app.get('/health', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
  // One connection, kept alive: what nginx holds open to each api.
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
}

function get(path: string, via: Agent | false = agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: via }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

afterEach(async () => {
  release?.();
  agent?.destroy();
  await app?.close();
});

describe('installGracefulShutdown', () => {
  it('refuses new connections, answers the request in flight in full, and ends once it is answered', async () => {
    await start();
    const inFlight = get('/slow');
    await slowEntered;

    const drained = graceful.drain(10_000);
    // A new connection is refused at once: nothing was sent, so a balancer retries it elsewhere.
    await expect(get('/fast', false)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    release();
    const answer = await inFlight;
    expect(answer).toEqual({ status: 200, connection: 'close', body: '{"slow":true}' });
    // Closed after its answer, rather than left idle until the keep-alive timeout (72 s).
    expect((await drained).forced).toBe(false);
  });

  it('answers a request arriving on an open keep-alive connection during the drain, with Connection: close', async () => {
    await start();
    expect(await get('/fast')).toMatchObject({ status: 200, connection: 'keep-alive' });

    const drained = graceful.drain(10_000);
    // The balancer picked the idle connection just as the drain began: it gets an answer, not a reset.
    expect(await get('/fast')).toEqual({ status: 200, connection: 'close', body: '{"fast":true}' });
    expect((await drained).forced).toBe(false);
  });

  it('closes connections left idle once the balancer had time to use them', async () => {
    await start();
    expect((await get('/fast')).status).toBe(200);
    const result = await graceful.drain(10_000);
    expect(result.forced).toBe(false);
    expect(result.ms).toBeGreaterThanOrEqual(IDLE_REAP_AFTER_MS - 50);
    expect(result.ms).toBeLessThan(IDLE_REAP_AFTER_MS * 5);
  });

  it('says so on /health while draining', async () => {
    await start();
    expect((await get('/health')).status).toBe(200);
    const drained = graceful.drain(10_000);
    expect(graceful.draining).toBe(true);
    expect(await get('/health')).toEqual({ status: 503, connection: 'close', body: '{"status":"draining"}' });
    await drained;
  });

  it('cuts what is still running at the end of the grace period', async () => {
    await start();
    const stuck = get('/slow');
    stuck.catch(() => {}); // awaited below, after the drain
    await slowEntered;
    const started = Date.now();
    const result = await graceful.drain(300);
    expect(result.forced).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(stuck).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
