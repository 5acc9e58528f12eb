import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TesseraClient, V2Components } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { call, sessionApplication } from '../support/api-client';
import { startStack, type Stack } from '../support/stack';
import { resourceIdOf } from '../support/typed-answers';

let stack: Stack;
let merchant: CreatedMerchant;
let other: CreatedMerchant;
let token: string;
let tessera: TesseraClient;
let otherTessera: TesseraClient;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Shop A');
  other = await stack.createMerchant('Shop B');
  token = await stack.accessToken(merchant);
  tessera = stack.client({ accessToken: token });
  otherTessera = stack.client({ accessToken: await stack.accessToken(other) });
});
afterAll(async () => stack?.close());

const create = (body: V2Components['schemas']['ClientSessionApplication'], idempotencyKey?: string) =>
  tessera.v2.POST('/v2/client-sessions', {
    params: idempotencyKey ? { header: { 'x-idempotency-key': idempotencyKey } } : {},
    body,
  });
/** Raw HTTP: bodies the typed client would not let a merchant send. */
const createRaw = (body: unknown) => call(stack.baseUrl, 'POST', '/v2/client-sessions', { token, body });
const read = (id: string, client = tessera) => client.v2.GET('/v2/client-sessions/{id}', { params: { path: { id } } });
const abort = (id: string, status: 'ABORTED_BY_MERCHANT' | 'ABORTED_BY_CUSTOMER', client = tessera) =>
  client.v2.POST('/v2/client-sessions/{id}/abort', { params: { path: { id } }, body: { status } });

describe('client sessions', () => {
  it('creates an EMBEDDED session with widget data, eligible solutions and links', async () => {
    const answer = await create(
      sessionApplication(merchant.entity_id, { amount: 10000, order: { reference: 'ord-1', net_amount: 10000 } }),
    );
    expect(answer.response.status).toBe(201);
    const session = answer.data!;
    expect(session).toMatchObject({
      entity_id: merchant.entity_id,
      status: 'CREATED',
      amount: 10000,
      currency: 'EUR',
      capture_mode: 'MANUAL',
      integration_mode: 'EMBEDDED',
      allow_future_usage: false,
      order: { reference: 'ord-1', net_amount: 10000 },
      shopper_redirection_url: 'https://shop.example/return',
    });
    expect(session.payment_id).toBeUndefined();
    expect(session.eligible_solutions).toEqual([
      { partner: 'sandbox-card', method: 'creditcard' },
      { partner: 'sandbox-giftcard', method: 'giftcard' },
      { partner: 'sandbox-wallet', method: 'wallet' },
      { partner: 'sandbox-instalments', method: '3x' },
      { partner: 'sandbox-instalments', method: '4x' },
    ]);
    const expiresIn = Date.parse(session.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3600 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(session.links.self).toBe(`${stack.baseUrl}/v2/client-sessions/${session.id}`);
    expect(session.links.abort).toBe(`${stack.baseUrl}/v2/client-sessions/${session.id}/abort`);
    expect(session.links.hosted_page).toBeUndefined();
    expect(session.widget?.js_url).toMatch(/\/widget\/v1\/tessera-widget\.js$/);
    const widget = JSON.parse(Buffer.from(session.widget!.data, 'base64').toString('utf8'));
    expect(widget).toMatchObject({
      entity_id: merchant.entity_id,
      publishable_key: merchant.publishable_key,
      session: { id: session.id },
    });
    expect(answer.response.headers.get('location')).toBe(session.links.self);
  });

  it('creates a HOSTED_PAGE session with its hosted page link and no widget', async () => {
    const answer = await create(
      sessionApplication(merchant.entity_id, { integration_mode: 'HOSTED_PAGE', capture_mode: 'AUTOMATIC' }),
    );
    expect(answer.response.status).toBe(201);
    expect(answer.data?.links.hosted_page).toBe(
      `${stack.baseUrl}/entities/${merchant.entity_id}/sessions/${answer.data?.id}`,
    );
    expect(answer.data?.widget).toBeUndefined();
    expect(answer.data?.capture_mode).toBe('AUTOMATIC');
  });

  it('offers only the solutions whose contract fits currency and amount', async () => {
    const small = await create(
      sessionApplication(merchant.entity_id, {
        amount: 1000,
        currency: 'JPY',
        order: { reference: 'jpy', net_amount: 1000 },
      }),
    );
    expect(small.data?.eligible_solutions).toEqual([
      { partner: 'sandbox-card', method: 'creditcard' },
      { partner: 'sandbox-wallet', method: 'wallet' },
    ]);
  });

  it('reads a session back from its workflow, with the time it was created', async () => {
    const before = Date.now();
    const created = await create(sessionApplication(merchant.entity_id));
    const createdAt = Date.parse(created.data!.created_at);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
    const again = await read(created.data!.id);
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(created.data);
  });

  it('aborts an open session, then refuses a second abort with 400', async () => {
    const created = (await create(sessionApplication(merchant.entity_id))).data!;
    const aborted = await abort(created.id, 'ABORTED_BY_MERCHANT');
    expect(aborted.response.status).toBe(200);
    expect(aborted.data?.status).toBe('ABORTED_BY_MERCHANT');
    const again = await abort(created.id, 'ABORTED_BY_CUSTOMER');
    expect(again.response.status).toBe(400);
    expect(again.response.headers.get('content-type')).toContain('application/problem+json');
    expect(again.error?.detail).toMatch(/ABORTED_BY_MERCHANT/);
    expect((await read(created.id)).data?.status).toBe('ABORTED_BY_MERCHANT');
  });

  it('refuses an abort body without a valid status', async () => {
    const created = (await create(sessionApplication(merchant.entity_id))).data!;
    const missing = await call(stack.baseUrl, 'POST', `/v2/client-sessions/${created.id}/abort`, {
      token,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ pointer: '/status' }));
    const wrong = await call(stack.baseUrl, 'POST', `/v2/client-sessions/${created.id}/abort`, {
      token,
      body: { status: 'EXPIRED' },
    });
    expect(wrong.status).toBe(400);
  });

  it("never shows or changes another entity's session (404)", async () => {
    const created = (await create(sessionApplication(merchant.entity_id))).data!;
    expect((await read(created.id, otherTessera)).response.status).toBe(404);
    expect((await abort(created.id, 'ABORTED_BY_MERCHANT', otherTessera)).response.status).toBe(404);
    expect((await read(created.id)).data?.status).toBe('CREATED');
  });

  it('refuses to create a session for another entity', async () => {
    const answer = await create(sessionApplication(other.entity_id));
    expect(answer.response.status).toBe(403);
  });

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    expect((await read(crypto.randomUUID())).response.status).toBe(404);
    const malformed = await call(stack.baseUrl, 'GET', '/v2/client-sessions/not-a-uuid', { token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].pointer).toBe('/params/id');
  });

  it('answers 409 with resource_id when an idempotency key repeats, also when two requests race', async () => {
    const body = sessionApplication(merchant.entity_id);
    const first = await create(body, 'session-key-1');
    expect(first.response.status).toBe(201);
    const second = await create(body, 'session-key-1');
    expect(second.response.status).toBe(409);
    expect(resourceIdOf(second.error)).toBe(first.data?.id);

    // The standard header name, as clients written for other payment APIs send it, is the same key.
    const standard = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token,
      body,
      headers: { 'Idempotency-Key': 'session-key-1' },
    });
    expect(standard.status).toBe(409);
    expect(standard.body.resource_id).toBe(first.data?.id);

    const racing = await Promise.all([1, 2, 3].map(() => create(body, 'session-key-race')));
    expect(racing.map((answer) => answer.response.status).sort((a, b) => a - b)).toEqual([201, 409, 409]);
    const winner = racing.find((answer) => answer.response.status === 201)!;
    for (const loser of racing.filter((answer) => answer.response.status === 409))
      expect(resourceIdOf(loser.error)).toBe(winner.data?.id);
  });
});

describe('request validation', () => {
  it('names every offending field with a JSON pointer', async () => {
    const answer = await createRaw({
      entity_id: 'nope',
      amount: 0,
      currency: 'XXX',
      shopper_redirection_url: 'https://shop.example',
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    const pointers = answer.body.errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/entity_id', '/amount', '/currency', '/order']));
    expect(answer.body).toMatchObject({ status: 400, title: 'Bad Request', instance: '/v2/client-sessions' });
    expect(answer.body.request_id).toBe(answer.headers.get('x-request-id'));
  });

  it('refuses a string amount instead of coercing it', async () => {
    const answer = await createRaw(sessionApplication(merchant.entity_id, { amount: '2599' }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { pointer: string }) => e.pointer)).toContain('/amount');
  });

  it('applies the order rules of the domain (net_amount below the payment amount)', async () => {
    const answer = await create(
      sessionApplication(merchant.entity_id, { amount: 5000, order: { reference: 'x', net_amount: 4000 } }),
    );
    expect(answer.response.status).toBe(400);
    expect(answer.error?.errors?.map((e) => e.pointer)).toContain('/order/net_amount');
  });

  it('answers 400 to malformed JSON and 413 to a body over 1 MB', async () => {
    const malformed = await call(stack.baseUrl, 'POST', '/v2/client-sessions', { token, rawBody: '{"amount": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toContain('application/problem+json');
    const huge = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token,
      rawBody: JSON.stringify({ ...sessionApplication(merchant.entity_id), padding: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.status).toBe(413);
  });

  it('echoes a caller-supplied x-request-id and makes one otherwise', async () => {
    const given = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${crypto.randomUUID()}`, {
      token,
      headers: { 'x-request-id': 'trace-1234567' },
    });
    expect(given.headers.get('x-request-id')).toBe('trace-1234567');
    expect(given.body.request_id).toBe('trace-1234567');
    const made = await call(stack.baseUrl, 'GET', '/no/such/route');
    expect(made.status).toBe(404);
    expect(made.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('operability', () => {
  it('reports health only when database, Temporal and a worker answer', async () => {
    const healthy = await call(stack.baseUrl, 'GET', '/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body.checks).toEqual({ database: { ok: true }, temporal: { ok: true }, worker: { ok: true } });
  });

  it('exposes request metrics by route pattern, never by concrete id', async () => {
    await call(stack.baseUrl, 'GET', `/v2/client-sessions/${crypto.randomUUID()}`, { token });
    const response = await fetch(`${stack.baseUrl}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /tessera_http_request_duration_ms_count\{method="GET",route="\/v2\/client-sessions\/:id",status="404"\} [1-9]/,
    );
    expect(text).not.toMatch(/client-sessions\/[0-9a-f]{8}-/);
    // Node's own figures beside them.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const doc = await call(stack.baseUrl, 'GET', '/openapi/v2.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/oauth/token',
        '/v2/client-sessions',
        '/v2/client-sessions/{id}',
        '/v2/client-sessions/{id}/abort',
      ]),
    );
    expect(doc.body.paths['/v2/client-sessions'].post.requestBody).toBeDefined();
    expect(doc.body.paths['/health']).toBeUndefined();
    expect(doc.body.webhooks.event.post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookEvent',
    });
    expect(doc.body.components.schemas.WebhookEvent.properties.event_type.enum).toContain(
      'PARTNER_TRANSACTION_CAPTURE',
    );
  });
});

describe('idempotency after the session ended', () => {
  it('keeps a session key spent after an abort', async () => {
    const body = sessionApplication(merchant.entity_id);
    const first = (await create(body, 'session-ended')).data!;
    await abort(first.id, 'ABORTED_BY_MERCHANT');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await create(body, 'session-ended');
    expect(again.response.status).toBe(409);
    expect(resourceIdOf(again.error)).toBe(first.id);
  });
});

describe('when Temporal cannot be reached', () => {
  it('answers 503 with Retry-After instead of a 500', async () => {
    const { lazyClient } = await import('../../temporal/client');
    const { buildApi } = await import('../../api/server');
    const unreachable = lazyClient({ ...stack.config, temporalAddress: '127.0.0.1:1' }, 500);
    const app = await buildApi({
      config: stack.config,
      sql: stack.sql,
      temporal: unreachable,
      logLevel: 'silent',
      serveWebApp: false,
    });
    try {
      const answer = await app.inject({
        method: 'GET',
        url: `/v2/client-sessions/${crypto.randomUUID()}`,
        headers: { 'x-api-key': merchant.api_key },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.json()).toMatchObject({ status: 503, error: 'temporarily_unavailable' });
    } finally {
      await app.close();
    }
  });
});
