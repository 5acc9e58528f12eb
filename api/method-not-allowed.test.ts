import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors/error-handler';
import { answerMethodNotAllowed } from './method-not-allowed';

const id = '3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03';
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandling(app);
  answerMethodNotAllowed(app);
  const ok = async () => ({ ok: true });
  app.get('/v2/things/:id', { schema: { params: Type.Object({ id: Type.String({ format: 'uuid' }) }) } }, ok);
  app.put(
    '/v2/things/:action',
    { schema: { params: Type.Object({ action: Type.String({ pattern: '^(capture|void)$' }) }) } },
    ok,
  );
  app.post('/v2/things/create', ok);
  app.options('/v2/things/create', ok);
  app.get('/payment/v1/notes', ok);
  await app.ready();
});
afterAll(async () => app.close());

describe('405 Method Not Allowed', () => {
  it('answers a method no route serves at a known path with 405 and Allow, before reading the body', async () => {
    const answer = await app.inject({ method: 'QUERY', url: `/v2/things/${id}`, payload: 'not json' });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.json()).toMatchObject({ status: 405, error: 'method_not_allowed' });
  });

  it('answers 405 when the route of this method matches only by a parameter it refuses', async () => {
    const answer = await app.inject({ method: 'PUT', url: `/v2/things/${id}` });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('lists only the methods whose route accepts the path parameters, and OPTIONS where a preflight exists', async () => {
    const answer = await app.inject({ method: 'DELETE', url: '/v2/things/create' });
    expect(answer.statusCode).toBe(405);
    // GET /v2/things/:id matches "create" but refuses it (not a uuid); PUT refuses it too.
    expect(answer.headers.allow).toBe('OPTIONS, POST');
  });

  it('answers in the ApiError shape under an ApiError API', async () => {
    const answer = await app.inject({ method: 'POST', url: '/payment/v1/notes' });
    expect(answer.statusCode).toBe(405);
    expect(answer.json()).toMatchObject({ status: 405, error: 'Method Not Allowed', path: '/payment/v1/notes' });
  });

  it('still answers 404 for an unknown path and 400 for a parameter no method takes', async () => {
    expect((await app.inject({ method: 'GET', url: '/v2/unknown' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/v2/things/not-an-id' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/v2/things/${id}` })).statusCode).toBe(200);
  });
});
