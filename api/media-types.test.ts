import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors/error-handler';
import { FORM_MEDIA_TYPE, readBodiesByMediaType } from './media-types';

async function app() {
  const server = Fastify({ logger: false });
  installErrorHandling(server);
  readBodiesByMediaType(server);
  server.post('/v2/things', { schema: { body: { type: 'object' } } }, async (request) => ({ body: request.body }));
  server.delete('/v2/things/:id', async (request) => ({ body: request.body ?? null }));
  server.post('/oauth/token', { schema: { consumes: [FORM_MEDIA_TYPE] } }, async (request) => ({ body: request.body }));
  return server;
}

describe('readBodiesByMediaType', () => {
  it('reads no body where a route takes none, though the client named JSON as its type', async () => {
    const server = await app();
    const answer = await server.inject({
      method: 'DELETE',
      url: '/v2/things/1',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ body: null });
    const sent = await server.inject({ method: 'DELETE', url: '/v2/things/1', payload: { a: 1 } });
    expect(sent.json()).toEqual({ body: { a: 1 } });
    await server.close();
  });

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

  it('refuses a JSON body that is not UTF-8, and reads one that is, whatever its characters', async () => {
    const server = await app();
    const send = (payload: Buffer) =>
      server.inject({ method: 'POST', url: '/v2/things', headers: { 'content-type': 'application/json' }, payload });
    // Two different invalid sequences: decoded as they came, both would read as "a\ufffd".
    for (const invalid of [Buffer.from([0xff]), Buffer.from([0xc3, 0x28]), Buffer.from([0xed, 0xa0, 0x80])]) {
      const answer = await send(Buffer.concat([Buffer.from('{"owner":"a'), invalid, Buffer.from('"}')]));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ detail: 'the body is not UTF-8: send JSON encoded in UTF-8' });
    }
    const text = await send(Buffer.from('{"owner":"Zoë 日本 🎉 \ufffd"}', 'utf8'));
    expect(text.json()).toEqual({ body: { owner: 'Zoë 日本 🎉 \ufffd' } });
    const empty = await send(Buffer.alloc(0));
    expect(empty.json()).toMatchObject({ status: 400, detail: 'the JSON body is empty' });
    const broken = await send(Buffer.from('{"owner":'));
    expect(broken.json()).toMatchObject({ status: 400, detail: 'the body is not valid JSON' });
    await server.close();
  });

  it('names a prototype key as what it refuses, rather than calling the JSON invalid', async () => {
    const server = await app();
    for (const payload of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      const answer = await server.inject({
        method: 'POST',
        url: '/v2/things',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(answer.statusCode, payload).toBe(400);
      expect(answer.json().detail, payload).toContain('"__proto__" key');
    }
    await server.close();
  });
});
