import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors/error-handler';
import { readStandardIdempotencyHeader } from './idempotency-key-header';

async function app() {
  const server = Fastify({ logger: false });
  installErrorHandling(server);
  readStandardIdempotencyHeader(server);
  server.post('/v2/things', async (request) => ({ key: request.headers['x-idempotency-key'] ?? null }));
  return server;
}

describe('readStandardIdempotencyHeader', () => {
  it('reads Idempotency-Key as x-idempotency-key, and leaves a request with neither alone', async () => {
    const server = await app();
    const send = (headers: Record<string, string>) =>
      server.inject({ method: 'POST', url: '/v2/things', headers, payload: {} });
    expect((await send({ 'Idempotency-Key': 'order-42' })).json()).toEqual({ key: 'order-42' });
    expect((await send({ 'x-idempotency-key': 'order-43' })).json()).toEqual({ key: 'order-43' });
    expect((await send({ 'Idempotency-Key': 'order-44', 'x-idempotency-key': 'order-44' })).json()).toEqual({
      key: 'order-44',
    });
    expect((await send({})).json()).toEqual({ key: null });
    await server.close();
  });

  it('answers 400 when the two headers hold different keys', async () => {
    const server = await app();
    const answer = await server.inject({
      method: 'POST',
      url: '/v2/things',
      headers: { 'Idempotency-Key': 'order-45', 'x-idempotency-key': 'order-46' },
      payload: {},
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ errors: [{ pointer: '/headers/idempotency-key' }] });
    await server.close();
  });
});
