// The wallet API against a real PostgreSQL (and the rest of a stack): every call, its failures,
// isolation between merchants, who may read token values, and where those values never go.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletComponents } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { listWalletTokens, saveWalletToken, setFavoriteWalletToken, updateWalletTokenStatus } from '../../db/wallet';
import { KeyRing } from '../../api/auth/key-ring';
import { buildApi } from '../../api/server';
import { call, type JsonResponse } from '../support/api-client';
import { apiWithCapturedLogs } from '../support/captured-api';
import { WEB_APP_TITLE, withWebAppApi } from '../support/web-app-api';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let shopA: CreatedMerchant;
let shopB: CreatedMerchant;
let bearerA: string;

beforeAll(async () => {
  stack = await startStack();
  shopA = await stack.createMerchant('Wallet shop A');
  shopB = await stack.createMerchant('Wallet shop B');
  bearerA = await stack.accessToken(shopA, 'payment-api');
}, 120_000);
afterAll(async () => stack?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Credential = 'api-key' | 'bearer' | 'publishable-key' | 'none';

interface WalletCall {
  as?: CreatedMerchant;
  credential?: Credential;
  /** The x-merchant-id header; the caller's own by default, null to leave it out. */
  merchantId?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Raw HTTP: what this suite checks is each call's contract (credentials, headers, bad input, ApiErrors). */
function wallet<T = any>(method: string, path: string, options: WalletCall = {}): Promise<JsonResponse<T>> {
  const merchant = options.as ?? shopA;
  const credential = options.credential ?? 'api-key';
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  const merchantId = options.merchantId === undefined ? merchant.merchant_id : options.merchantId;
  if (merchantId !== null) headers['x-merchant-id'] = merchantId;
  if (credential === 'api-key') headers['x-api-key'] = merchant.api_key;
  if (credential === 'publishable-key') headers['x-api-key'] = merchant.publishable_key;
  if (credential === 'bearer') {
    if (merchant !== shopA) throw new Error('bearer calls are made as shop A');
    headers.authorization = `Bearer ${bearerA}`;
  }
  return call<T>(stack.baseUrl, method, path, {
    headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
}

/** An ApiError answer: its shape, its code, and the fields its message names. */
function expectApiError(answer: JsonResponse, status: number, code: string, path: string, fields: string[] = []) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body).toEqual({
    timestamp: expect.any(String),
    error_code: code,
    message: expect.any(String),
    request_id: answer.headers.get('x-request-id'),
    status,
    path,
    error: expect.any(String),
  });
  for (const field of fields) expect(answer.body.message).toContain(field);
}

// The set-up a merchant's server does (sessions opened, tokens added and listed) goes through the
// typed client (api/client) with the merchant's API key, as the merchant's own code would.
interface MerchantCall {
  as?: CreatedMerchant;
  /** Shop A's payment-api access token instead of the API key. */
  credential?: 'api-key' | 'bearer';
}
const merchantWallet = ({ as: merchant = shopA, credential = 'api-key' }: MerchantCall = {}) => ({
  wallet: stack.client(credential === 'bearer' ? { accessToken: bearerA } : { apiKey: merchant.api_key }).wallet,
  header: { 'x-merchant-id': merchant.merchant_id },
});

const openSession = async (owner: string, options: MerchantCall = {}) => {
  const { wallet: client, header } = merchantWallet(options);
  const answer = await client.POST('/wallet/v2/session', { params: { header }, body: { owner_reference: owner } });
  expect(answer.response.status, JSON.stringify(answer.error)).toBe(201);
  return answer.data!.session_id;
};

let cardCounter = 0;
const tokenBody = <const O extends object = object>(overrides?: O) => {
  cardCounter += 1;
  return {
    token: `sbx_tok_${randomUUID().replaceAll('-', '')}`,
    expiration_date: '2031-09-30',
    description: {
      brand_name: 'VISA',
      display_token: `•••• ${String(4000 + cardCounter)}`,
      holder_name: 'CAMILLE MARTIN',
    },
    payment_id: { partner: 'sandbox-card', method: 'creditcard' },
    uniqueness_token: `fp_${randomUUID()}`,
    ...overrides,
  };
};

const tokensPath = (owner: string, session: string) =>
  `/wallet/v2/${encodeURIComponent(owner)}/sessions/${session}/tokens`;
const favoritePath = (owner: string, session: string, token: string) =>
  `/wallet/v2/${encodeURIComponent(owner)}/sessions/${session}/token/${token}/favorite`;
const tokenPath = (owner: string, token: string) => `/wallet/v2/${encodeURIComponent(owner)}/tokens/${token}`;

async function addToken(
  owner: string,
  session: string,
  overrides: Partial<WalletComponents['schemas']['WalletTokenAddRequest']> = {},
  options: MerchantCall = {},
) {
  const body = tokenBody(overrides);
  const { wallet: client, header } = merchantWallet(options);
  const answer = await client.POST('/wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens', {
    params: { header, path: { customer_id: owner, wallet_session_id: session } },
    body,
  });
  expect(answer.response.status, JSON.stringify(answer.error)).toBe(201);
  return { body, token: answer.data! };
}

const listIds = async (
  owner: string,
  session: string,
  query: { status?: 'ACTIVE' | 'INACTIVE' } = {},
  options: MerchantCall = {},
) => {
  const { wallet: client, header } = merchantWallet(options);
  const answer = await client.GET('/wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens', {
    params: { header, path: { customer_id: owner, wallet_session_id: session }, query },
  });
  expect(answer.response.status, JSON.stringify(answer.error)).toBe(200);
  return (answer.data ?? []).map((token) => token.id);
};

const expireToken = (id: string) =>
  stack.sql`update wallet_tokens set expiration_date = now() - interval '1 second' where id = ${id}`;
const expireSession = (id: string) =>
  stack.sql`update wallet_sessions set expires_at = created_at + interval '1 millisecond' where id = ${id}`;

describe('POST /wallet/v2/session', () => {
  it('opens a 30-minute session with the secret API key', async () => {
    const before = Date.now();
    const answer = await wallet('POST', '/wallet/v2/session', { body: { owner_reference: 'CUST-1' } });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      session_id: expect.stringMatching(UUID),
      owner_reference: 'CUST-1',
      merchant: shopA.merchant_id,
      expiration_date: expect.any(String),
    });
    const lifetime = Date.parse(answer.body.expiration_date) - before;
    expect(lifetime).toBeGreaterThan(1795_000);
    expect(lifetime).toBeLessThan(1830_000);
  });

  it('opens a session with a Bearer token of the payment-api scope', async () => {
    const answer = await wallet('POST', '/wallet/v2/session', {
      credential: 'bearer',
      body: { owner_reference: 'CUST-1' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.merchant).toBe(shopA.merchant_id);
  });

  it('lasts what TESSERA_WALLET_SESSION_TTL_SECONDS says', async () => {
    const api = await buildApi({
      config: { ...stack.config, walletSessionTtlSeconds: 120 },
      sql: stack.sql,
      temporal: stack.temporal,
      keys: new KeyRing(stack.sql, stack.config.encryptionKey),
      logLevel: 'warn',
      serveWebApp: false,
    });
    try {
      const answer = await api.inject({
        method: 'POST',
        url: '/wallet/v2/session',
        headers: { 'x-api-key': shopA.api_key, 'x-merchant-id': shopA.merchant_id },
        payload: { owner_reference: 'CUST-TTL' },
      });
      expect(answer.statusCode).toBe(201);
      const lifetime = Date.parse(answer.json().expiration_date) - Date.now();
      expect(lifetime).toBeGreaterThan(100_000);
      expect(lifetime).toBeLessThanOrEqual(121_000);
    } finally {
      await api.close();
    }
  });

  it('answers 400 without x-merchant-id, or with a malformed one, naming the header', async () => {
    expectApiError(
      await wallet('POST', '/wallet/v2/session', { merchantId: null, body: { owner_reference: 'CUST-1' } }),
      400,
      'BAD_REQUEST',
      '/wallet/v2/session',
      ['x-merchant-id'],
    );
    expectApiError(
      await wallet('POST', '/wallet/v2/session', { merchantId: 'mer 1; drop', body: { owner_reference: 'CUST-1' } }),
      400,
      'BAD_REQUEST',
      '/wallet/v2/session',
      ['x-merchant-id'],
    );
  });

  it('answers 401 without a credential or with an unknown one', async () => {
    expectApiError(
      await wallet('POST', '/wallet/v2/session', { credential: 'none', body: { owner_reference: 'CUST-1' } }),
      401,
      'FORBIDDEN',
      '/wallet/v2/session',
    );
    expectApiError(
      await wallet('POST', '/wallet/v2/session', {
        credential: 'none',
        headers: { 'x-api-key': 'sk_unknown' },
        body: { owner_reference: 'CUST-1' },
      }),
      401,
      'FORBIDDEN',
      '/wallet/v2/session',
    );
    expectApiError(
      await wallet('POST', '/wallet/v2/session', {
        credential: 'none',
        headers: { authorization: 'Bearer not.a.token' },
        body: { owner_reference: 'CUST-1' },
      }),
      401,
      'FORBIDDEN',
      '/wallet/v2/session',
    );
  });

  it('answers 403 to a token without the payment-api scope, and to the publishable key', async () => {
    const orchestrationOnly = await stack.accessToken(shopA, 'orchestration-api');
    expectApiError(
      await wallet('POST', '/wallet/v2/session', {
        credential: 'none',
        headers: { authorization: `Bearer ${orchestrationOnly}` },
        body: { owner_reference: 'CUST-1' },
      }),
      403,
      'FORBIDDEN',
      '/wallet/v2/session',
      ['payment-api'],
    );
    expectApiError(
      await wallet('POST', '/wallet/v2/session', {
        credential: 'publishable-key',
        body: { owner_reference: 'CUST-1' },
      }),
      403,
      'FORBIDDEN',
      '/wallet/v2/session',
    );
  });

  it('answers 404 when x-merchant-id is another merchant’s or unknown', async () => {
    expectApiError(
      await wallet('POST', '/wallet/v2/session', {
        merchantId: shopB.merchant_id,
        body: { owner_reference: 'CUST-1' },
      }),
      404,
      'NOT_FOUND',
      '/wallet/v2/session',
    );
    expectApiError(
      await wallet('POST', '/wallet/v2/session', {
        merchantId: 'mer_00000000000000000000',
        body: { owner_reference: 'CUST-1' },
      }),
      404,
      'NOT_FOUND',
      '/wallet/v2/session',
    );
  });

  it('answers 400 naming owner_reference when it is missing, empty or an integer', async () => {
    for (const body of [{}, { owner_reference: '' }, { owner_reference: 42 }]) {
      expectApiError(await wallet('POST', '/wallet/v2/session', { body }), 400, 'BAD_REQUEST', '/wallet/v2/session', [
        '/owner_reference',
      ]);
    }
    expectApiError(
      await wallet('POST', '/wallet/v2/session', { headers: { 'content-type': 'application/json' }, body: undefined }),
      400,
      'BAD_REQUEST',
      '/wallet/v2/session',
    );
  });

  it('answers 400 to an owner_reference that is not Unicode text, which would name another customer’s wallet once stored', async () => {
    // Stored as UTF-8, both of these would become "customer-\ufffd": one wallet for two owners.
    for (const owner_reference of ['customer-\ud800', 'customer-\udbff']) {
      expectApiError(
        await wallet('POST', '/wallet/v2/session', { body: { owner_reference } }),
        400,
        'BAD_REQUEST',
        '/wallet/v2/session',
        ['/owner_reference'],
      );
    }
    const invalidBytes = await fetch(`${stack.baseUrl}/wallet/v2/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': shopA.api_key, 'x-merchant-id': shopA.merchant_id },
      body: Buffer.concat([Buffer.from('{"owner_reference":"customer-'), Buffer.from([0xff]), Buffer.from('"}')]),
    });
    expectApiError(
      { status: invalidBytes.status, headers: invalidBytes.headers, body: await invalidBytes.json() },
      400,
      'BAD_REQUEST',
      '/wallet/v2/session',
      ['UTF-8'],
    );
  });
});

describe('POST /wallet/session (the legacy plugin’s call)', () => {
  it('takes an integer owner_reference with both a Bearer token and the API key, and answers like /wallet/v2/session', async () => {
    const answer = await call(stack.baseUrl, 'POST', '/wallet/session', {
      headers: { 'x-merchant-id': shopA.merchant_id, authorization: `Bearer ${bearerA}`, 'x-api-key': shopA.api_key },
      rawBody: '{"owner_reference": 42}',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      session_id: expect.stringMatching(UUID),
      owner_reference: '42',
      merchant: shopA.merchant_id,
      expiration_date: expect.any(String),
    });
    // The session is the customer "42"'s.
    const { token } = await addToken('42', answer.body.session_id);
    expect(token.owner_reference).toBe('42');
    expect(await listIds('42', answer.body.session_id)).toEqual([token.id]);
  });

  it('still works when the plugin’s Bearer token has run out but its API key is good', async () => {
    const answer = await call(stack.baseUrl, 'POST', '/wallet/session', {
      headers: {
        'x-merchant-id': shopA.merchant_id,
        authorization: 'Bearer expired.or.forged',
        'x-api-key': shopA.api_key,
      },
      body: { owner_reference: 'CUST-LEGACY' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.owner_reference).toBe('CUST-LEGACY');
  });

  it('refuses credentials of two different entities', async () => {
    const answer = await call(stack.baseUrl, 'POST', '/wallet/session', {
      headers: { 'x-merchant-id': shopA.merchant_id, authorization: `Bearer ${bearerA}`, 'x-api-key': shopB.api_key },
      body: { owner_reference: 42 },
    });
    expectApiError(answer, 403, 'FORBIDDEN', '/wallet/session');
  });

  it('refuses a token without the payment-api scope beside another entity’s key, and lets it by beside its own', async () => {
    const unscopedA = await stack.accessToken(shopA, 'orchestration-api');
    const send = (apiKey: string, merchantId: string) =>
      call(stack.baseUrl, 'POST', '/wallet/session', {
        headers: { 'x-merchant-id': merchantId, authorization: `Bearer ${unscopedA}`, 'x-api-key': apiKey },
        body: { owner_reference: 42 },
      });
    const crossed = await send(shopB.api_key, shopB.merchant_id);
    expectApiError(crossed, 403, 'FORBIDDEN', '/wallet/session');
    expect(crossed.body.message).toContain('different entities');
    expect((await send(shopA.api_key, shopA.merchant_id)).status).toBe(201);
  });

  it('answers ApiErrors: 400 naming the field, 401, 404', async () => {
    expectApiError(
      await wallet('POST', '/wallet/session', { body: { owner_reference: 4.5 } }),
      400,
      'BAD_REQUEST',
      '/wallet/session',
      ['/owner_reference'],
    );
    expectApiError(
      await wallet('POST', '/wallet/session', { body: { owner_reference: 2 ** 60 } }),
      400,
      'BAD_REQUEST',
      '/wallet/session',
      ['/owner_reference'],
    );
    expectApiError(
      await wallet('POST', '/wallet/session', { merchantId: null, body: { owner_reference: 42 } }),
      400,
      'BAD_REQUEST',
      '/wallet/session',
      ['x-merchant-id'],
    );
    expectApiError(
      await wallet('POST', '/wallet/session', { credential: 'none', body: { owner_reference: 42 } }),
      401,
      'FORBIDDEN',
      '/wallet/session',
    );
    expectApiError(
      await wallet('POST', '/wallet/session', { merchantId: shopB.merchant_id, body: { owner_reference: 42 } }),
      404,
      'NOT_FOUND',
      '/wallet/session',
    );
    expectApiError(
      await call(stack.baseUrl, 'POST', '/wallet/session', {
        headers: { 'x-merchant-id': shopA.merchant_id, 'x-api-key': shopA.api_key, 'content-type': 'application/json' },
        rawBody: '{"owner_reference":',
      }),
      400,
      'BAD_REQUEST',
      '/wallet/session',
    );
  });
});

describe('POST /wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens', () => {
  it('adds an ACTIVE token, not favorite, without showing its value', async () => {
    const session = await openSession('CUST-ADD');
    const body = tokenBody({ pin_code: '9876', reason: 'saved at checkout' });
    const answer = await wallet('POST', tokensPath('CUST-ADD', session), { body });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(UUID),
      uniqueness_token: body.uniqueness_token,
      expiration_date: '2031-09-30T23:59:59.999Z',
      owner_reference: 'CUST-ADD',
      merchant: shopA.merchant_id,
      status: 'ACTIVE',
      description: body.description,
      payment_id: body.payment_id,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      favorite: false,
    });
    const [row] = await stack.sql`select reason, entity_id from wallet_tokens where id = ${answer.body.id}`;
    expect(row).toEqual({ reason: 'saved at checkout', entity_id: shopA.entity_id });
  });

  it('adds with a Bearer token, a date-time expiry, and without the optional fields', async () => {
    const session = await openSession('CUST-ADD-2', { credential: 'bearer' });
    const answer = await wallet('POST', tokensPath('CUST-ADD-2', session), {
      credential: 'bearer',
      body: {
        token: 'sbx_tok_plain',
        expiration_date: '2030-01-31T10:00:00+01:00',
        description: { brand_name: 'MASTERCARD', display_token: '•••• 4444' },
        payment_id: { partner: 'sandbox-card', method: 'creditcard' },
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.expiration_date).toBe('2030-01-31T09:00:00.000Z');
    expect(answer.body.uniqueness_token).toBeUndefined();
    expect(answer.body.description).toEqual({ brand_name: 'MASTERCARD', display_token: '•••• 4444' });
  });

  it('answers 409 ALREADY_EXISTS for a uniqueness_token the customer already holds at this merchant', async () => {
    const session = await openSession('CUST-DUP');
    const { body } = await addToken('CUST-DUP', session);
    const again = await wallet('POST', tokensPath('CUST-DUP', session), {
      body: tokenBody({ uniqueness_token: body.uniqueness_token }),
    });
    expectApiError(again, 409, 'ALREADY_EXISTS', tokensPath('CUST-DUP', session));
    // Another customer, or the same customer at another merchant, may hold it.
    await addToken('CUST-DUP-2', await openSession('CUST-DUP-2'), { uniqueness_token: body.uniqueness_token });
    await addToken(
      'CUST-DUP',
      await openSession('CUST-DUP', { as: shopB }),
      { uniqueness_token: body.uniqueness_token },
      { as: shopB },
    );
  });

  it('replaces an expired token holding the same uniqueness_token (a renewed card)', async () => {
    const session = await openSession('CUST-RENEW');
    const { body, token: old } = await addToken('CUST-RENEW', session);
    await expireToken(old.id);
    const { token: renewed } = await addToken('CUST-RENEW', session, {
      uniqueness_token: body.uniqueness_token,
      expiration_date: '2034-01-31',
    });
    expect(renewed.id).not.toBe(old.id);
    expect(await stack.sql`select id from wallet_tokens where id = ${old.id}`).toHaveLength(0);
  });

  it('accepts a token already expired (an import), which is never listed', async () => {
    const session = await openSession('CUST-IMPORT');
    const { token } = await addToken('CUST-IMPORT', session, { expiration_date: '2020-01-31' });
    expect(token.expiration_date).toBe('2020-01-31T23:59:59.999Z');
    expect(await listIds('CUST-IMPORT', session)).toEqual([]);
  });

  it('answers 400 naming every missing or invalid field', async () => {
    const session = await openSession('CUST-BAD');
    const path = tokensPath('CUST-BAD', session);
    expectApiError(await wallet('POST', path, { body: {} }), 400, 'BAD_REQUEST', path, [
      '/token',
      '/expiration_date',
      '/description',
      '/payment_id',
    ]);
    expectApiError(
      await wallet('POST', path, {
        body: tokenBody({ description: { brand_name: 'VISA' }, payment_id: { partner: 'sandbox-card' } }),
      }),
      400,
      'BAD_REQUEST',
      path,
      ['/description/display_token', '/payment_id/method'],
    );
    expectApiError(await wallet('POST', path, { body: tokenBody({ token: '' }) }), 400, 'BAD_REQUEST', path, [
      '/token',
    ]);
    for (const expiration of ['09/2031', '2031-02-30', '2031-09-30T12:00:00']) {
      expectApiError(
        await wallet('POST', path, { body: tokenBody({ expiration_date: expiration }) }),
        400,
        'BAD_REQUEST',
        path,
        ['/expiration_date'],
      );
    }
    // A partner or method Tessera does not route to: such a token could never pay.
    for (const [payment_id, field] of [
      [{ partner: 'adyen', method: 'creditcard' }, '/payment_id/partner'],
      [{ partner: 'sandbox-card', method: 'giftcard' }, '/payment_id/method'],
    ] as const) {
      expectApiError(await wallet('POST', path, { body: tokenBody({ payment_id }) }), 400, 'BAD_REQUEST', path, [
        field,
      ]);
    }
    expect(await listIds('CUST-BAD', session)).toEqual([]);
  });

  it('answers 404 on a session expired, unknown, or of another customer; 400 on a malformed session id', async () => {
    const session = await openSession('CUST-S');
    expectApiError(
      await wallet('POST', tokensPath('CUST-OTHER', session), { body: tokenBody() }),
      404,
      'NOT_FOUND',
      tokensPath('CUST-OTHER', session),
    );
    expectApiError(
      await wallet('POST', tokensPath('CUST-S', randomUUID()), { body: tokenBody() }),
      404,
      'NOT_FOUND',
      expect.any(String),
    );
    expectApiError(
      await wallet('POST', '/wallet/v2/CUST-S/sessions/not-a-uuid/tokens', { body: tokenBody() }),
      400,
      'BAD_REQUEST',
      '/wallet/v2/CUST-S/sessions/not-a-uuid/tokens',
      ['wallet_session_id'],
    );
    await expireSession(session);
    expectApiError(
      await wallet('POST', tokensPath('CUST-S', session), { body: tokenBody() }),
      404,
      'NOT_FOUND',
      tokensPath('CUST-S', session),
    );
  });

  it('is refused to the publishable key', async () => {
    const session = await openSession('CUST-PK-ADD');
    expectApiError(
      await wallet('POST', tokensPath('CUST-PK-ADD', session), { credential: 'publishable-key', body: tokenBody() }),
      403,
      'FORBIDDEN',
      tokensPath('CUST-PK-ADD', session),
    );
  });
});

describe('GET /wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens', () => {
  const owner = 'CUST-LIST';
  let session: string;
  let active: { body: ReturnType<typeof tokenBody>; token: any };
  let inactive: { body: ReturnType<typeof tokenBody>; token: any };
  let expired: { body: ReturnType<typeof tokenBody>; token: any };

  beforeAll(async () => {
    session = await openSession(owner);
    active = await addToken(owner, session, { pin_code: '1234' });
    inactive = await addToken(owner, session);
    expired = await addToken(owner, session);
    expect(
      (await wallet('PATCH', `${tokenPath(owner, inactive.token.id)}/status`, { body: { status: 'INACTIVE' } })).status,
    ).toBe(200);
    await expireToken(expired.token.id);
  });

  it('lists the tokens that have not expired, newest first, without values', async () => {
    const answer = await wallet('GET', tokensPath(owner, session));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.map((token: any) => token.id)).toEqual([inactive.token.id, active.token.id]);
    for (const token of answer.body) {
      expect(token.value).toBeUndefined();
      expect(token.pin_code).toBeUndefined();
    }
    expect(answer.body[1]).toEqual({ ...active.token, updated_at: expect.any(String) });
  });

  it('filters by status, both ways', async () => {
    expect(await listIds(owner, session, { status: 'ACTIVE' })).toEqual([active.token.id]);
    expect(await listIds(owner, session, { status: 'INACTIVE' })).toEqual([inactive.token.id]);
  });

  it('answers 400 naming an unknown status or vault value', async () => {
    expectApiError(
      await wallet('GET', `${tokensPath(owner, session)}?status=DELETED`),
      400,
      'BAD_REQUEST',
      tokensPath(owner, session),
      ['status'],
    );
    expectApiError(
      await wallet('GET', `${tokensPath(owner, session)}?vault=yes`),
      400,
      'BAD_REQUEST',
      tokensPath(owner, session),
      ['vault'],
    );
  });

  it('shows values and PIN codes with vault=true and a server credential', async () => {
    for (const credential of ['api-key', 'bearer'] as const) {
      const answer = await wallet('GET', `${tokensPath(owner, session)}?vault=true&status=ACTIVE`, { credential });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([
        expect.objectContaining({
          id: active.token.id,
          value: active.body.token,
          pin_code: '1234',
          uniqueness_token: active.body.uniqueness_token,
        }),
      ]);
    }
  });

  it('lets the publishable key list, with CORS, but never read values or fingerprints', async () => {
    const answer = await wallet('GET', tokensPath(owner, session), {
      credential: 'publishable-key',
      headers: { origin: 'https://shop.example' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.body.map((token: any) => token.id)).toEqual([inactive.token.id, active.token.id]);
    for (const token of answer.body) {
      expect(Object.keys(token)).not.toContain('value');
      expect(Object.keys(token)).not.toContain('pin_code');
      expect(Object.keys(token)).not.toContain('uniqueness_token');
    }
    const vault = await wallet('GET', `${tokensPath(owner, session)}?vault=true`, { credential: 'publishable-key' });
    expectApiError(vault, 403, 'FORBIDDEN', tokensPath(owner, session));
    expect(JSON.stringify(vault.body)).not.toContain(active.body.token);
  });

  it('answers a CORS preflight for the browser’s calls', async () => {
    const preflight = await fetch(`${stack.baseUrl}${tokensPath(owner, session)}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key, x-merchant-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-merchant-id');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
  });

  it('answers 404 once the session has expired, and for another customer in the path', async () => {
    expectApiError(
      await wallet('GET', tokensPath('CUST-SOMEONE', session)),
      404,
      'NOT_FOUND',
      tokensPath('CUST-SOMEONE', session),
    );
    const shortLived = await openSession(owner);
    expect(await listIds(owner, shortLived)).toHaveLength(2);
    await expireSession(shortLived);
    expectApiError(
      await wallet('GET', tokensPath(owner, shortLived), { credential: 'publishable-key' }),
      404,
      'NOT_FOUND',
      tokensPath(owner, shortLived),
    );
  });

  it('still deletes an expired token, which is never listed', async () => {
    expect((await wallet('DELETE', tokenPath(owner, expired.token.id))).status).toBe(204);
    expect(await stack.sql`select id from wallet_tokens where id = ${expired.token.id}`).toHaveLength(0);
  });
});

describe('PATCH /wallet/v2/{customer_id}/sessions/{wallet_session_id}/token/{token_id}/favorite', () => {
  it('makes one favorite per customer: a second one clears the first', async () => {
    const owner = 'CUST-FAV';
    const session = await openSession(owner);
    const first = (await addToken(owner, session)).token;
    const second = (await addToken(owner, session)).token;

    const set = await wallet('PATCH', favoritePath(owner, session, first.id));
    expect(set.status).toBe(200);
    expect(set.headers.get('cache-control')).toBe('no-store');
    expect(set.body).toMatchObject({ id: first.id, favorite: true, status: 'ACTIVE', merchant: shopA.merchant_id });
    expect(set.body.value).toBeUndefined();
    expect(await listIds(owner, session)).toEqual([first.id, second.id]);

    expectApiError(
      await wallet('PATCH', favoritePath(owner, session, first.id)),
      400,
      'BAD_REQUEST',
      favoritePath(owner, session, first.id),
      ['favorite'],
    );

    // As a browser's HTTP client sends it: its JSON content type on a call without a body.
    const fromBrowser = await wallet('PATCH', favoritePath(owner, session, second.id), {
      credential: 'publishable-key',
      headers: { 'content-type': 'application/json' },
    });
    expect(fromBrowser.status, JSON.stringify(fromBrowser.body)).toBe(200);
    expect(fromBrowser.body.favorite).toBe(true);
    const listed = (await wallet('GET', tokensPath(owner, session))).body;
    expect(listed.map((token: any) => [token.id, token.favorite])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('answers 400 for a missing token, an expired one, or another customer’s', async () => {
    const owner = 'CUST-FAV-MISSING';
    const session = await openSession(owner);
    expectApiError(
      await wallet('PATCH', favoritePath(owner, session, randomUUID())),
      400,
      'BAD_REQUEST',
      expect.any(String),
      ['token_id'],
    );
    const { token } = await addToken(owner, session);
    await expireToken(token.id);
    expectApiError(
      await wallet('PATCH', favoritePath(owner, session, token.id)),
      400,
      'BAD_REQUEST',
      favoritePath(owner, session, token.id),
    );
    const elsewhere = await openSession('CUST-FAV-ELSEWHERE');
    const theirs = (await addToken('CUST-FAV-ELSEWHERE', elsewhere)).token;
    expectApiError(
      await wallet('PATCH', favoritePath(owner, session, theirs.id)),
      400,
      'BAD_REQUEST',
      favoritePath(owner, session, theirs.id),
    );
    expectApiError(
      await wallet('PATCH', favoritePath(owner, session, 'nope')),
      400,
      'BAD_REQUEST',
      favoritePath(owner, session, 'nope'),
      ['token_id'],
    );
  });

  it('is open to the publishable key, which gets no value back', async () => {
    const owner = 'CUST-FAV-PK';
    const session = await openSession(owner);
    const { token } = await addToken(owner, session);
    const answer = await wallet('PATCH', favoritePath(owner, session, token.id), { credential: 'publishable-key' });
    expect(answer.status).toBe(200);
    expect(answer.body.favorite).toBe(true);
    expect(Object.keys(answer.body)).not.toContain('value');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps one favorite when two are set at once', async () => {
    const owner = 'CUST-FAV-RACE';
    const session = await openSession(owner);
    const tokens = await Promise.all([1, 2, 3, 4].map(async () => (await addToken(owner, session)).token));
    const answers = await Promise.all(tokens.map((token) => wallet('PATCH', favoritePath(owner, session, token.id))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const favorites = (await wallet('GET', tokensPath(owner, session))).body.filter((token: any) => token.favorite);
    expect(favorites).toHaveLength(1);
  });
});

describe('DELETE /wallet/v2/{customer_id}/tokens/{token_id}', () => {
  it('deletes with 204, then answers 404 NOT_FOUND', async () => {
    const owner = 'CUST-DEL';
    const session = await openSession(owner);
    const { token } = await addToken(owner, session);
    const deleted = await wallet('DELETE', tokenPath(owner, token.id), { credential: 'bearer' });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(await listIds(owner, session)).toEqual([]);
    expectApiError(await wallet('DELETE', tokenPath(owner, token.id)), 404, 'NOT_FOUND', tokenPath(owner, token.id));
    expectApiError(await wallet('DELETE', tokenPath(owner, 'tok_1')), 400, 'BAD_REQUEST', tokenPath(owner, 'tok_1'), [
      'token_id',
    ]);
  });

  it('lets the publishable key delete through a wallet session only', async () => {
    const owner = 'CUST-DEL-PK';
    const session = await openSession(owner);
    const { token } = await addToken(owner, session);
    expectApiError(
      await wallet('DELETE', tokenPath(owner, token.id), { credential: 'publishable-key' }),
      403,
      'FORBIDDEN',
      tokenPath(owner, token.id),
    );
    const throughSession = `${tokensPath(owner, session)}/${token.id}`;
    const deleted = await wallet('DELETE', throughSession, { credential: 'publishable-key' });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('access-control-allow-origin')).toBe('*');
    expectApiError(
      await wallet('DELETE', throughSession, { credential: 'publishable-key' }),
      404,
      'NOT_FOUND',
      throughSession,
    );
    await expireSession(session);
    const other = (await addToken(owner, await openSession(owner))).token;
    expectApiError(
      await wallet('DELETE', `${tokensPath(owner, session)}/${other.id}`, { credential: 'publishable-key' }),
      404,
      'NOT_FOUND',
      `${tokensPath(owner, session)}/${other.id}`,
    );
  });
});

describe('PATCH /wallet/v2/{customer_id}/tokens/{token_id}/status', () => {
  it('sets INACTIVE then ACTIVE again, keeping the reason', async () => {
    const owner = 'CUST-STATUS';
    const session = await openSession(owner);
    const { token } = await addToken(owner, session);
    const inactive = await wallet('PATCH', `${tokenPath(owner, token.id)}/status`, {
      body: { status: 'INACTIVE', reason: 'card reported lost' },
    });
    expect(inactive.status).toBe(200);
    expect(inactive.body).toMatchObject({ id: token.id, status: 'INACTIVE', favorite: false });
    expect(inactive.body.value).toBeUndefined();
    expect(inactive.headers.get('cache-control')).toBe('no-store');
    // A card reported lost cannot become what a checkout offers first.
    expectApiError(
      await wallet('PATCH', favoritePath(owner, session, token.id)),
      400,
      'BAD_REQUEST',
      favoritePath(owner, session, token.id),
      ['INACTIVE'],
    );
    expect((await stack.sql`select reason from wallet_tokens where id = ${token.id}`)[0]?.reason).toBe(
      'card reported lost',
    );
    const active = await wallet('PATCH', `${tokenPath(owner, token.id)}/status`, {
      credential: 'bearer',
      body: { status: 'ACTIVE' },
    });
    expect(active.body.status).toBe('ACTIVE');
  });

  it('answers 400 naming the status when it is missing or unknown', async () => {
    const owner = 'CUST-STATUS-BAD';
    const { token } = await addToken(owner, await openSession(owner));
    const path = `${tokenPath(owner, token.id)}/status`;
    expectApiError(await wallet('PATCH', path, { body: {} }), 400, 'BAD_REQUEST', path, ['/status']);
    expectApiError(await wallet('PATCH', path, { body: { status: 'DELETED' } }), 400, 'BAD_REQUEST', path, ['/status']);
  });

  it('answers 404 for an unknown, expired, or other customer’s token; 403 to the publishable key', async () => {
    const owner = 'CUST-STATUS-404';
    const { token } = await addToken(owner, await openSession(owner));
    const body = { status: 'INACTIVE' };
    expectApiError(
      await wallet('PATCH', `${tokenPath(owner, randomUUID())}/status`, { body }),
      404,
      'NOT_FOUND',
      expect.any(String),
    );
    expectApiError(
      await wallet('PATCH', `${tokenPath('CUST-SOMEONE-ELSE', token.id)}/status`, { body }),
      404,
      'NOT_FOUND',
      expect.any(String),
    );
    expectApiError(
      await wallet('PATCH', `${tokenPath(owner, token.id)}/status`, { credential: 'publishable-key', body }),
      403,
      'FORBIDDEN',
      expect.any(String),
    );
    await expireToken(token.id);
    expectApiError(
      await wallet('PATCH', `${tokenPath(owner, token.id)}/status`, { body }),
      404,
      'NOT_FOUND',
      expect.any(String),
    );
  });
});

describe('isolation between merchants', () => {
  const owner = 'CUST-SHARED-ID';
  let sessionA: string;
  let tokenA: any;

  beforeAll(async () => {
    sessionA = await openSession(owner);
    tokenA = (await addToken(owner, sessionA)).token;
  });

  const everyCall = () => [
    { method: 'GET', path: tokensPath(owner, sessionA) },
    { method: 'POST', path: tokensPath(owner, sessionA), body: tokenBody() },
    { method: 'PATCH', path: favoritePath(owner, sessionA, tokenA.id) },
    { method: 'DELETE', path: `${tokensPath(owner, sessionA)}/${tokenA.id}` },
    { method: 'DELETE', path: tokenPath(owner, tokenA.id) },
    { method: 'PATCH', path: `${tokenPath(owner, tokenA.id)}/status`, body: { status: 'INACTIVE' } },
  ];

  it('shows and changes nothing of merchant A to merchant B, even with the same customer id', async () => {
    const sessionB = await openSession(owner, { as: shopB });
    for (const { method, path, body } of everyCall()) {
      const answer = await wallet(method, path, { as: shopB, ...(body ? { body } : {}) });
      expectApiError(answer, 404, 'NOT_FOUND', path);
    }
    // With B's own live session, A's token is still nowhere to be seen or changed.
    expect(await listIds(owner, sessionB, {}, { as: shopB })).toEqual([]);
    expectApiError(
      await wallet('PATCH', favoritePath(owner, sessionB, tokenA.id), { as: shopB }),
      400,
      'BAD_REQUEST',
      favoritePath(owner, sessionB, tokenA.id),
    );
    expectApiError(
      await wallet('DELETE', `${tokensPath(owner, sessionB)}/${tokenA.id}`, {
        as: shopB,
        credential: 'publishable-key',
      }),
      404,
      'NOT_FOUND',
      expect.any(String),
    );
    const [row] = await stack.sql`select status, favorite from wallet_tokens where id = ${tokenA.id}`;
    expect(row).toEqual({ status: 'ACTIVE', favorite: false });
  });

  it('refuses merchant A’s credentials naming merchant B (404), on every call', async () => {
    for (const { method, path, body } of everyCall()) {
      for (const credential of ['api-key', 'publishable-key'] as const) {
        const answer = await wallet(method, path, {
          credential,
          merchantId: shopB.merchant_id,
          ...(body ? { body } : {}),
        });
        expect([403, 404], `${credential} ${method} ${path}`).toContain(answer.status);
        expect(answer.body.error_code).toBe(answer.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN');
      }
    }
    expect(await listIds(owner, sessionA)).toEqual([tokenA.id]);
  });

  it('answers 400 without x-merchant-id and 401 without a credential, on every call', async () => {
    for (const { method, path, body } of everyCall()) {
      expectApiError(
        await wallet(method, path, { merchantId: null, ...(body ? { body } : {}) }),
        400,
        'BAD_REQUEST',
        path,
        ['x-merchant-id'],
      );
      expectApiError(
        await wallet(method, path, { credential: 'none', ...(body ? { body } : {}) }),
        401,
        'FORBIDDEN',
        path,
      );
    }
    expect(await listIds(owner, sessionA)).toEqual([tokenA.id]);
  });
});

describe('where token values go', () => {
  it('never into the api’s logs, even at trace level', async () => {
    const { api, lines } = await apiWithCapturedLogs(stack);
    try {
      const headers = { 'x-api-key': shopA.api_key, 'x-merchant-id': shopA.merchant_id };
      const owner = 'CUST-LOGS';
      const session = (
        await api.inject({ method: 'POST', url: '/wallet/v2/session', headers, payload: { owner_reference: owner } })
      ).json().session_id;
      const secrets = {
        token: 'sbx_tok_SECRET_VALUE_81723',
        pin_code: '55550001',
        uniqueness_token: 'fp_SECRET_FINGERPRINT_20931',
      };
      const body = tokenBody(secrets);
      expect(
        (await api.inject({ method: 'POST', url: tokensPath(owner, session), headers, payload: body })).statusCode,
      ).toBe(201);
      expect(
        (await api.inject({ method: 'POST', url: tokensPath(owner, session), headers, payload: body })).statusCode,
      ).toBe(409);
      expect(
        (
          await api.inject({
            method: 'POST',
            url: tokensPath(owner, session),
            headers,
            payload: { ...body, expiration_date: 'soon' },
          })
        ).statusCode,
      ).toBe(400);
      const listed = await api.inject({ method: 'GET', url: `${tokensPath(owner, session)}?vault=true`, headers });
      expect(listed.json()[0].value).toBe(body.token);
      expect(lines.length).toBeGreaterThan(5);
      const log = lines.join('\n');
      for (const secret of [secrets.token, secrets.pin_code, secrets.uniqueness_token, shopA.api_key])
        expect(log).not.toContain(secret);
    } finally {
      await api.close();
    }
  });

  it('never into the database in clear, and each ciphertext only opens in its own row', async () => {
    const owner = 'CUST-AT-REST';
    const session = await openSession(owner);
    const first = await addToken(owner, session, {
      token: 'sbx_tok_AT_REST_VALUE_1',
      pin_code: '24681357',
      uniqueness_token: 'fp_AT_REST_1',
    });
    const second = await addToken(owner, session, { token: 'sbx_tok_AT_REST_VALUE_2' });
    const dump = (
      await stack.sql<
        { row: string }[]
      >`select row_to_json(t)::text as row from wallet_tokens t where owner_reference = ${owner}`
    )
      .map((r) => r.row)
      .join('\n');
    expect(dump).toContain(first.token.id);
    // The holder's name is the customer's: sealed too, and shown back in listings.
    for (const secret of [
      'sbx_tok_AT_REST_VALUE_1',
      'sbx_tok_AT_REST_VALUE_2',
      '24681357',
      'fp_AT_REST_1',
      'CAMILLE MARTIN',
    ])
      expect(dump).not.toContain(secret);
    expect(first.token.description.holder_name).toBe('CAMILLE MARTIN');
    expect(dump).not.toContain(Buffer.from('fp_AT_REST_1').toString('hex'));

    // A ciphertext moved into another row does not open there.
    await stack.sql`update wallet_tokens set value_encrypted = (select value_encrypted from wallet_tokens where id = ${first.token.id}) where id = ${second.token.id}`;
    await expect(
      listWalletTokens(
        stack.sql,
        stack.config.encryptionKey,
        { entityId: shopA.entity_id, ownerReference: owner },
        { reveal: true },
      ),
    ).rejects.toThrow(/another row/);
    await stack.sql`delete from wallet_tokens where id = ${second.token.id}`;
  });
});

describe('the wallet repository for tokens saved by payments', () => {
  it('saves idempotently on the uniqueness token: a repeat refreshes the same token', async () => {
    const owner = { entityId: shopA.entity_id, ownerReference: 'CUST-SAVED' };
    const token = {
      value: 'sbx_tok_saved_1',
      expirationDate: new Date('2032-01-31T23:59:59.999Z'),
      brandName: 'VISA',
      displayToken: '•••• 4242',
      partner: 'sandbox-card',
      method: 'creditcard',
      uniquenessToken: 'fp_saved',
    };
    const first = await saveWalletToken(stack.sql, stack.config.encryptionKey, owner, token);
    expect(await setFavoriteWalletToken(stack.sql, stack.config.encryptionKey, owner, first.id)).toMatchObject({
      status: 'updated',
    });
    const again = await saveWalletToken(stack.sql, stack.config.encryptionKey, owner, {
      ...token,
      value: 'sbx_tok_saved_2',
      expirationDate: new Date('2033-01-31T23:59:59.999Z'),
    });
    expect(again).toMatchObject({ id: first.id, status: 'ACTIVE', favorite: true, uniqueness_token: 'fp_saved' });
    const listed = await listWalletTokens(stack.sql, stack.config.encryptionKey, owner, { reveal: true });
    expect(listed.map((saved) => [saved.id, saved.value, saved.expiration_date.toISOString()])).toEqual([
      [first.id, 'sbx_tok_saved_2', '2033-01-31T23:59:59.999Z'],
    ]);
    // A card reported lost stays INACTIVE, with its reason, when the same card pays again.
    expect(
      await updateWalletTokenStatus(stack.sql, stack.config.encryptionKey, owner, first.id, {
        status: 'INACTIVE',
        reason: 'card reported lost',
      }),
    ).toMatchObject({ status: 'INACTIVE' });
    const whileLost = await saveWalletToken(stack.sql, stack.config.encryptionKey, owner, {
      ...token,
      value: 'sbx_tok_saved_3',
    });
    expect(whileLost).toMatchObject({ id: first.id, status: 'INACTIVE' });
    expect((await stack.sql`select reason from wallet_tokens where id = ${first.id}`)[0]?.reason).toBe(
      'card reported lost',
    );
    // An expired one is renewed: ACTIVE again.
    await stack.sql`update wallet_tokens set expiration_date = now() - interval '1 second' where id = ${first.id}`;
    const renewed = await saveWalletToken(stack.sql, stack.config.encryptionKey, owner, {
      ...token,
      value: 'sbx_tok_saved_4',
    });
    expect(renewed).toMatchObject({ id: first.id, status: 'ACTIVE' });
    const concurrent = await Promise.all(
      [1, 2, 3].map(() =>
        saveWalletToken(stack.sql, stack.config.encryptionKey, owner, {
          ...token,
          uniquenessToken: 'fp_saved_concurrently',
        }),
      ),
    );
    expect(new Set(concurrent.map((saved) => saved.id)).size).toBe(1);
  });
});

describe('the /wallet prefix: docs page and API', () => {
  it('serves the docs page at /wallet and /wallet/, and ApiErrors below', async () => {
    await withWebAppApi(stack, async (api) => {
      for (const url of ['/wallet', '/wallet/']) {
        const page = await api.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain(WEB_APP_TITLE);
      }
      for (const url of ['/wallet/v2/unknown', '/wallet/v2']) {
        const answer = await api.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.json()).toMatchObject({ error_code: 'NOT_FOUND', status: 404, path: url });
      }
      // A wallet path asked with a method it does not answer: 405 with Allow, as an ApiError.
      const session = await api.inject({ method: 'GET', url: '/wallet/session' });
      expect(session.statusCode).toBe(405);
      expect(session.headers.allow).toBe('POST');
      expect(session.json()).toMatchObject({ status: 405, error: 'Method Not Allowed', path: '/wallet/session' });
      const post = await api.inject({ method: 'POST', url: '/wallet', payload: {} });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toMatchObject({ error_code: 'NOT_FOUND', path: '/wallet' });
    });
  });
});

describe('GET /openapi/wallet.json', () => {
  it('documents every wallet call from the route schemas', async () => {
    const answer = await call(stack.baseUrl, 'GET', '/openapi/wallet.json');
    expect(answer.status).toBe(200);
    const document = answer.body;
    expect(document.info.title).toBe('Tessera Wallet API');
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => method !== 'parameters')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'POST /oauth/token',
        'POST /wallet/v2/session',
        'POST /wallet/session',
        'GET /wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens',
        'POST /wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens',
        'DELETE /wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens/{token_id}',
        'PATCH /wallet/v2/{customer_id}/sessions/{wallet_session_id}/token/{token_id}/favorite',
        'DELETE /wallet/v2/{customer_id}/tokens/{token_id}',
        'PATCH /wallet/v2/{customer_id}/tokens/{token_id}/status',
      ].sort(),
    );
    expect(document.paths['/wallet/session'].post.deprecated).toBe(true);
    expect(document.paths['/wallet/v2/session'].post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'x-merchant-id', required: true })]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['WalletToken', 'WalletSession', 'WalletTokenAddRequest', 'ApiError']),
    );
    expect(Object.keys(document.components.schemas).some((name: string) => name.startsWith('V1'))).toBe(false);
  });
});
