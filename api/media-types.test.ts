import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors/error-handler';
import { FORM_MEDIA_TYPE, readBodiesByMediaType } from './media-types';

async function app() {
  const server = Fastify({ logger: false });
  installErrorHandling(server);
  readBodiesByMediaType(server);
  server.post('/v2/things', async (request) => ({ body: request.body }));
  server.post('/oauth/token', { schema: { consumes: [FORM_MEDIA_TYPE] } }, async (request) => ({ body: request.body }));
  return server;
}

describe('readBodiesByMediaType', () => {
  it('answers 415 to a form or a text body where the route reads JSON only', async () => {
    const server = await app();
    for (const type of [FORM_MEDIA_TYPE, 'text/plain', 'text/plain; charset=utf-8']) {
      const answer = await server.inject({
        method: 'POST',
        url: '/v2/things',
        headers: { 'content-type': type },
        payload: type === FORM_MEDIA_TYPE ? 'amount=100' : '{"amount":100}',
      });
      expect(answer.statusCode, type).toBe(415);
      expect(answer.json(), type).toMatchObject({ status: 415, detail: 'send application/json' });
    }
    const json = await server.inject({ method: 'POST', url: '/v2/things', payload: { amount: 100 } });
    expect(json.json()).toEqual({ body: { amount: 100 } });
    await server.close();
  });

  it('reads a form where the route says it consumes one', async () => {
    const server = await app();
    const answer = await server.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': `${FORM_MEDIA_TYPE}; charset=utf-8` },
      payload: 'grant_type=client_credentials&scope=a+b',
    });
    expect(answer.json()).toEqual({ body: { grant_type: 'client_credentials', scope: 'a b' } });
    await server.close();
  });
});
