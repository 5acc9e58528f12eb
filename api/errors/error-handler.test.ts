import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerFrameworkError, installErrorHandling } from './error-handler';

/** What the Temporal client throws when the server answers a gRPC status (e.g. on Update-with-Start). */
function grpcError(code: number, details: string): Error {
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata: {} });
}

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  app.get('/v2/thing', async () => {
    throw error;
  });
  const answer = await app.inject({ method: 'GET', url: '/v2/thing' });
  await app.close();
  return answer;
}

describe('errors from the Temporal server', () => {
  it.each([
    [9, 'Unable to perform workflow execution update due to Workflow Task in failed state.'],
    [14, 'No connection established'],
    [4, 'Deadline exceeded'],
    [8, 'namespace rate limit exceeded'],
  ])('answers gRPC code %i as 503 with Retry-After, never a 500', async (code, details) => {
    const answer = await answerTo(grpcError(code, details));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.json()).toMatchObject({ error: 'temporarily_unavailable' });
  });

  it('still answers a programming error as a 500', async () => {
    expect((await answerTo(new TypeError('x is undefined'))).statusCode).toBe(500);
  });
});

describe('errors of the router, before any route runs', () => {
  it('answer a path parameter over the limit with 414, and a broken path with 400, in the API shape', async () => {
    const app = Fastify({ logger: false, frameworkErrors: answerFrameworkError, routerOptions: { maxParamLength: 8 } });
    installErrorHandling(app);
    app.get('/v2/things/:id', async () => ({ ok: true }));
    app.get('/wallet/v2/things/:id', async () => ({ ok: true }));

    const long = await app.inject({ method: 'GET', url: '/v2/things/123456789' });
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json()).toMatchObject({ status: 414, error: 'uri_too_long', request_id: long.headers['x-request-id'] });
    const wallet = await app.inject({ method: 'GET', url: '/wallet/v2/things/123456789' });
    expect(wallet.json()).toMatchObject({ status: 414, error: 'URI Too Long', error_code: 'BAD_REQUEST' });
    const broken = await app.inject({ method: 'GET', url: '/v2/things/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'invalid_request', detail: 'the path is not a valid URL' });
    await app.close();
  });
});
