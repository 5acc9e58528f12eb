import Fastify, { type FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors/error-handler';
import { httpServerOptions, MAX_HEADER_BYTES, SMALL_BODY_LIMIT_BYTES } from './http-limits';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(limits = { bodyLimitBytes: 4096, requestTimeoutMs: 600, keepAliveTimeoutMs: 72_000 }) {
  const options = httpServerOptions(limits, false);
  // Node checks request timeouts every 30 s by default; the test cannot wait that long.
  app = Fastify({ logger: false, ...options, http: { ...options.http, connectionsCheckingInterval: 50 } });
  installErrorHandling(app);
  app.post('/v2/things', async () => ({ ok: true }));
  app.post('/v2/vault/things', { bodyLimit: SMALL_BODY_LIMIT_BYTES }, async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return { url: `http://127.0.0.1:${address.port}`, port: address.port };
}

/** Writes `text` on a raw socket and gives what came back before the server closed it (bounded). */
function rawExchange(port: number, text: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
    }, timeoutMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', () => {});
    socket.write(text);
  });
}

describe('HTTP server limits', () => {
  it('answers 413 in the API error shape past the body limit, and the route limit where smaller', async () => {
    const { url } = await serve({ bodyLimitBytes: 64 * 1024, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 });
    const post = (path: string, bytes: number) =>
      fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(bytes) }),
      });
    expect((await post('/v2/things', 32 * 1024)).status).toBe(200);
    const tooLarge = await post('/v2/things', 64 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('content-type')).toContain('application/problem+json');
    expect(await tooLarge.json()).toMatchObject({
      error: 'payload_too_large',
      detail: 'the request body exceeds 64 KiB',
    });
    const vault = await post('/v2/vault/things', SMALL_BODY_LIMIT_BYTES);
    expect(vault.status).toBe(413);
    expect(await vault.json()).toMatchObject({ detail: 'the request body exceeds 16 KiB' });
  });

  it('answers 431 to headers larger than the limit', async () => {
    const { url } = await serve();
    const answer = await fetch(`${url}/v2/things`, {
      method: 'POST',
      headers: { 'x-padding': 'x'.repeat(MAX_HEADER_BYTES) },
    });
    expect(answer.status).toBe(431);
  });

  it('closes with 408 a request whose headers never finish (slowloris)', async () => {
    const { port } = await serve();
    const started = Date.now();
    const answer = await rawExchange(port, 'POST /v2/things HTTP/1.1\r\nHost: 127.0.0.1\r\nx-slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('closes with 408 a request whose body never finishes', async () => {
    const { port } = await serve();
    const answer = await rawExchange(
      port,
      'POST /v2/things HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('keeps idle connections longer than a load balancer does', async () => {
    await serve();
    expect(app!.server.keepAliveTimeout).toBe(72_000);
    expect(app!.server.requestTimeout).toBe(600);
    expect(app!.server.headersTimeout).toBe(600);
  });
});
