import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpTransport, TransportTimeoutError } from './http-transport';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Which connection brought it, counted from 1. */
  connection: number;
  /** Its place on that connection, counted from 1. */
  onConnection: number;
}

type Handler = (seen: Seen, request: http.IncomingMessage, response: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Handler): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const requestsOn = new Map<Socket, { connection: number; count: number }>();
  let connections = 0;
  const server = http.createServer((request, response) => {
    const socket = request.socket;
    const place = requestsOn.get(socket) ?? { connection: (connections += 1), count: 0 };
    place.count += 1;
    requestsOn.set(socket, place);
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
        connection: place.connection,
        onConnection: place.count,
      };
      seen.push(entry);
      handler(entry, request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

describe('httpTransport', () => {
  it('sends the method, headers and body, and reads the status, headers and body of the answer', async () => {
    const { url, seen } = await serve((_seen, _request, response) =>
      json(response, 402, { declined: true }, { 'stripe-should-retry': 'false' }),
    );
    const answer = await httpTransport(`${url}/v1/charges?expand=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'key-1' },
      body: '{"amount":1250,"note":"é"}',
      timeoutMs: 2_000,
    });
    expect(answer.status).toBe(402);
    expect(answer.header('stripe-should-retry')).toBe('false');
    expect(answer.header('x-absent')).toBeUndefined();
    expect(JSON.parse(await answer.text())).toEqual({ declined: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/charges?expand=x', body: '{"amount":1250,"note":"é"}' });
    expect(seen[0]?.headers['idempotency-key']).toBe('key-1');
    // Nothing here decodes a compressed body: the server is told so.
    expect(seen[0]?.headers['accept-encoding']).toBe('identity');
    // Counted in bytes, not characters.
    expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength('{"amount":1250,"note":"é"}')));
  });

  it('keeps the connection for the next call', async () => {
    const { url, seen } = await serve((_seen, _request, response) => json(response, 200, { ok: true }));
    for (let call = 0; call < 3; call += 1) {
      const answer = await httpTransport(`${url}/v1/status`, { method: 'GET', headers: {}, timeoutMs: 2_000 });
      await answer.text();
    }
    expect(seen.map((entry) => entry.connection)).toEqual([1, 1, 1]);
  });

  it('discards a body unread, and the connection serves the next call', async () => {
    const { url, seen } = await serve((_entry, _request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('y'.repeat(200_000));
    });
    const first = await httpTransport(`${url}/a`, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2_000 });
    await first.discard();
    const second = await httpTransport(`${url}/b`, { method: 'GET', headers: {}, timeoutMs: 2_000 });
    expect(await second.text()).toHaveLength(200_000);
    expect(seen.map((entry) => entry.connection)).toEqual([1, 1]);
  });

  it('leaves a retry to the caller when the partner closed the kept connection: nothing is sent twice', async () => {
    // The second request on a connection meets it closed (the partner's keep-alive timeout ran out
    // as the request left, or the partner failed after processing it: the two look the same here).
    const { url, seen } = await serve((entry, request, response) => {
      if (entry.onConnection === 2) request.socket.destroy();
      else json(response, 200, { call: seen.length });
    });
    const first = await httpTransport(`${url}/first`, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2_000 });
    await first.text();
    await expect(
      httpTransport(`${url}/second`, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2_000 }),
    ).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(seen.map((entry) => entry.url)).toEqual(['/first', '/second']);
    const third = await httpTransport(`${url}/third`, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2_000 });
    expect(JSON.parse(await third.text())).toEqual({ call: 3 });
    expect(seen[2]?.connection).toBe(2);
  });

  it("closes an idle connection before the partner's announced keep-alive timeout", async () => {
    // timeout=2 leaves one second of idleness (Node keeps a second in hand).
    const { url, seen } = await serve((_entry, _request, response) =>
      json(response, 200, {}, { connection: 'keep-alive', 'keep-alive': 'timeout=2' }),
    );
    const call = async () => (await httpTransport(`${url}/`, { method: 'GET', headers: {}, timeoutMs: 2_000 })).text();
    await call();
    await call();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    await call();
    expect(seen.map((entry) => entry.connection)).toEqual([1, 1, 2]);
  });

  it('fails at once when a new connection fails', async () => {
    const { url, seen } = await serve((_entry, request) => request.socket.destroy());
    await expect(
      httpTransport(`${url}/v1/captures`, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2_000 }),
    ).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(seen).toHaveLength(1);
  });

  it('fails with a timeout when no answer comes in time', async () => {
    const { url } = await serve(() => {
      // Never answers.
    });
    const started = Date.now();
    await expect(httpTransport(`${url}/slow`, { method: 'GET', headers: {}, timeoutMs: 200 })).rejects.toBeInstanceOf(
      TransportTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('counts reading the body in the timeout', async () => {
    const { url } = await serve((_entry, _request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"partial":');
      // The rest never comes.
    });
    const answer = await httpTransport(`${url}/stalls`, { method: 'GET', headers: {}, timeoutMs: 300 });
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('gives a large body as it arrives', async () => {
    const lines = Array.from({ length: 2_000 }, (_, index) => `line ${index},${'x'.repeat(40)}\n`);
    const { url } = await serve((_entry, _request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv' });
      for (const line of lines) response.write(line);
      response.end();
    });
    const answer = await httpTransport(`${url}/file`, { method: 'GET', headers: {}, timeoutMs: 2_000 });
    const chunks: string[] = [];
    for await (const chunk of answer.textChunks()) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(lines.join(''));
  });

  it('rejects a request it cannot send rather than throwing', async () => {
    const sent = httpTransport('not a url', { method: 'GET', headers: {}, timeoutMs: 1_000 });
    await expect(sent).rejects.toThrow();
    const { url } = await serve((_entry, _request, response) => json(response, 200, {}));
    await expect(
      httpTransport(url, { method: 'GET', headers: { 'bad header': 'x' }, timeoutMs: 1_000 }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_HTTP_TOKEN' });
  });

  it('fails at once when nobody listens', async () => {
    const { url } = await serve(() => {});
    const port = new URL(url).port;
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    await expect(
      httpTransport(`http://127.0.0.1:${port}/gone`, { method: 'GET', headers: {}, timeoutMs: 2_000 }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('connects to public addresses only when asked: an address in the url and a name are checked before anything is sent', async () => {
    const { url, seen } = await serve((_seen, _request, response) => json(response, 200, {}));
    const port = new URL(url).port;
    for (const target of [url, `http://localhost:${port}`, `http://[::1]:${port}`, `http://[::ffff:127.0.0.1]:${port}`])
      await expect(
        httpTransport(`${target}/hook`, {
          method: 'POST',
          headers: {},
          body: '{}',
          timeoutMs: 2_000,
          publicAddressesOnly: true,
        }),
        target,
      ).rejects.toMatchObject({ name: 'PrivateAddressError' });
    expect(seen).toHaveLength(0);
    const allowed = await httpTransport(`${url}/hook`, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2_000 });
    expect(allowed.status).toBe(200);
  });
});
