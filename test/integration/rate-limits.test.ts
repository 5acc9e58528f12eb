// The abuse limits (api/rate-limits.ts) against a real PostgreSQL: card and gift card
// tokenization per client address and per publishable key, failed token requests per client id,
// shared by two api processes on one database. The limits here are low on purpose; every other
// suite runs with limits it never reaches (test/support/stack.ts).
//
// Client addresses come from x-forwarded-for, which the api believes from 127.0.0.1 only in this
// file (trustProxy): they are header values from the documentation ranges (RFC 5737, RFC 3849),
// never addresses anything is sent to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { buildApi, type Api } from '../../api/server';
import { KeyRing } from '../../api/auth/key-ring';
import { sweepCounters } from '../../db/rate-limit-counters';
import { call, type JsonResponse } from '../support/api-client';
import { freePort } from '../support/free-port';
import { startStack, type Stack } from '../support/stack';

const WINDOW_MS = 10 * 60_000;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    inProcessWorker: false,
    trustProxy: '127.0.0.1',
    rateLimits: {
      vaultPerIp: { max: 3, windowMs: WINDOW_MS },
      vaultPerPublishableKey: { max: 5, windowMs: WINDOW_MS },
      tokenFailuresPerClient: { max: 2, windowMs: WINDOW_MS },
    },
  });
});
afterAll(async () => stack?.close());

const card = { number: '4242424242424242', expiry_month: '12', expiry_year: '38', cvv: '123' };
const tokenize = (apiKey: string, from: string, baseUrl = stack.baseUrl) =>
  call(baseUrl, 'POST', '/v2/vault/cards', {
    apiKey,
    body: card,
    headers: { 'x-forwarded-for': from, origin: 'https://shop.example' },
  });

/** Every window ends now: what the next request sees once Retry-After has passed. */
const endWindows = () => stack.sql`update rate_limit_counters set window_ends_at = now()`;

function expectRateLimited(answer: JsonResponse, detail: RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect(answer.body).toMatchObject({ status: 429, error: 'rate_limited', title: 'Too Many Requests' });
  expect(answer.body.detail).toMatch(detail);
  expect(answer.body.request_id).toBe(answer.headers.get('x-request-id'));
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
}

describe('card tokenization with a publishable key (card testing)', () => {
  let shop: CreatedMerchant;
  beforeAll(async () => {
    shop = await stack.createMerchant('Rate limited shop');
  });

  it('answers 429 with Retry-After past the limit per client address, CORS headers included', async () => {
    for (let i = 0; i < 3; i += 1) expect((await tokenize(shop.publishable_key, '198.51.100.1')).status).toBe(201);
    const refused = await tokenize(shop.publishable_key, '198.51.100.1');
    expectRateLimited(refused, /from this address/);
    // The widget on the merchant's page must be able to read the answer.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    // A page of another origin reads when to try again (browsers hide the header otherwise).
    expect(refused.headers.get('access-control-expose-headers')?.split(', ')).toContain('retry-after');
    // Another shopper of the same shop is not held back by it.
    expect((await tokenize(shop.publishable_key, '198.51.100.2')).status).toBe(201);
  });

  it('counts gift card tokenizations and balance checks in the same budget', async () => {
    const other = await stack.createMerchant('Gift card shop');
    const from = { 'x-forwarded-for': '198.51.100.3' };
    const giftCard = await call(stack.baseUrl, 'POST', '/v2/vault/gift-cards', {
      apiKey: other.publishable_key,
      body: { number: '6036280000000001', pin: '1234' },
      headers: from,
    });
    expect(giftCard.status).toBe(201);
    const balance = await call(stack.baseUrl, 'POST', '/v2/vault/gift-cards/balance', {
      apiKey: other.publishable_key,
      body: { vault_form_token: giftCard.body.vault_form_token, currency: 'EUR' },
      headers: from,
    });
    expect(balance.status).toBe(200);
    expect((await tokenize(other.publishable_key, '198.51.100.3')).status).toBe(201);
    const refused = await call(stack.baseUrl, 'POST', '/v2/vault/gift-cards', {
      apiKey: other.publishable_key,
      body: { number: '6036280000000001', pin: '1234' },
      headers: from,
    });
    expectRateLimited(refused, /from this address/);
  });

  it('answers 429 past the limit per publishable key, whatever the addresses', async () => {
    const target = await stack.createMerchant('Card tested shop');
    for (let i = 1; i <= 5; i += 1) expect((await tokenize(target.publishable_key, `203.0.113.${i}`)).status).toBe(201);
    expectRateLimited(await tokenize(target.publishable_key, '203.0.113.6'), /with this publishable key/);
    // Another shop's shoppers are not affected.
    const neighbour = await stack.createMerchant('Neighbour shop');
    expect((await tokenize(neighbour.publishable_key, '203.0.113.7')).status).toBe(201);
  });

  it('counts an IPv6 client per /64', async () => {
    const v6 = await stack.createMerchant('IPv6 shop');
    for (const host of ['1', '2', '3'])
      expect((await tokenize(v6.publishable_key, `2001:db8:1:1::${host}`)).status).toBe(201);
    expectRateLimited(await tokenize(v6.publishable_key, '2001:db8:1:1:ffff::9'), /from this address/);
    expect((await tokenize(v6.publishable_key, '2001:db8:1:2::1')).status).toBe(201);
  });

  it('lets the address tokenize again once the window has ended', async () => {
    const later = await stack.createMerchant('Patient shop');
    for (let i = 0; i < 3; i += 1) expect((await tokenize(later.publishable_key, '198.51.100.20')).status).toBe(201);
    expect((await tokenize(later.publishable_key, '198.51.100.20')).status).toBe(429);
    await endWindows();
    expect((await tokenize(later.publishable_key, '198.51.100.20')).status).toBe(201);
  });

  it('neither limits server credentials nor counts an unknown key', async () => {
    const server = await stack.createMerchant('Server side shop');
    for (let i = 0; i < 5; i += 1) expect((await tokenize(server.api_key, '198.51.100.30')).status).toBe(201);
    for (let i = 0; i < 5; i += 1) expect((await tokenize('pk_unknown', '198.51.100.30')).status).toBe(401);
    expect((await tokenize(server.publishable_key, '198.51.100.30')).status).toBe(201);
  });

  it('holds across api processes: two apis on one database share the counters', async () => {
    const second: Api = await buildApi({
      config: stack.config,
      sql: stack.sql,
      temporal: stack.temporal,
      keys: new KeyRing(stack.sql, stack.config.encryptionKey),
      logLevel: 'warn',
      serveWebApp: false,
    });
    const port = await freePort();
    await second.listen({ host: '127.0.0.1', port });
    try {
      const shared = await stack.createMerchant('Balanced shop');
      const apis = [stack.baseUrl, `http://127.0.0.1:${port}`];
      for (let i = 0; i < 3; i += 1)
        expect((await tokenize(shared.publishable_key, '198.51.100.40', apis[i % 2])).status).toBe(201);
      expect((await tokenize(shared.publishable_key, '198.51.100.40', apis[1])).status).toBe(429);
      expect((await tokenize(shared.publishable_key, '198.51.100.40', apis[0])).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('failed token requests per client id', () => {
  const tokenRequest = (clientId: string, secret: string, from = '198.51.100.50') =>
    call(stack.baseUrl, 'POST', '/oauth/token', {
      rawBody: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'x-forwarded-for': from,
      },
    });

  it('never counts successful requests', async () => {
    const merchant = await stack.createMerchant('Busy token shop');
    for (let i = 0; i < 4; i += 1)
      expect((await tokenRequest(merchant.client_id, merchant.client_secret)).status).toBe(200);
  });

  it('refuses the client id, from any address and with the right secret, once failures reach the limit', async () => {
    const merchant = await stack.createMerchant('Guessed shop');
    expect((await tokenRequest(merchant.client_id, 'wrong-1')).status).toBe(401);
    expect((await tokenRequest(merchant.client_id, 'wrong-2', '198.51.100.51')).status).toBe(401);
    expectRateLimited(await tokenRequest(merchant.client_id, 'wrong-3'), /failed token requests/);
    expectRateLimited(await tokenRequest(merchant.client_id, merchant.client_secret, '198.51.100.52'), /client id/);
    // Other clients are not affected.
    const other = await stack.createMerchant('Unrelated shop');
    expect((await tokenRequest(other.client_id, other.client_secret)).status).toBe(200);

    await endWindows();
    expect((await tokenRequest(merchant.client_id, merchant.client_secret)).status).toBe(200);
  });

  it('keeps no client id in clear, however long', async () => {
    const longId = `attacker-${'x'.repeat(4000)}`;
    expect((await tokenRequest(longId, 'nope')).status).toBe(401);
    const keys = await stack.sql<
      { key: string }[]
    >`select key from rate_limit_counters where key like 'token-failures:%'`;
    for (const { key } of keys) {
      expect(key).not.toContain('attacker');
      expect(key.length).toBeLessThan(64);
    }
  });
});

describe('the counters table', () => {
  it('is swept of ended windows', async () => {
    await stack.sql`insert into rate_limit_counters (key, hits, window_ends_at)
      values ('test:ended', 7, now() - interval '1 second'), ('test:open', 7, now() + interval '1 hour')`;
    expect(await sweepCounters(stack.sql)).toBeGreaterThanOrEqual(1);
    const left = await stack.sql<{ key: string }[]>`select key from rate_limit_counters where key like 'test:%'`;
    expect(left.map((row) => row.key)).toEqual(['test:open']);
  });
});
