// API v1 beyond the happy journey: validate's 200/207/409 outcomes, the point of sale, server to
// server transactions, every error code a call can answer, and one entity never reaching another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { call, eventually } from '../support/api-client';
import { vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { WEB_APP_TITLE, withWebAppApi } from '../support/web-app-api';

let stack: Stack;
let merchant: CreatedMerchant;
let other: CreatedMerchant;
let token: string;
let otherToken: string;

beforeAll(async () => {
  stack = await startStack();
  [merchant, other] = await Promise.all([stack.createMerchant(), stack.createMerchant()]);
  [token, otherToken] = await Promise.all([
    stack.accessToken(merchant, 'payment-api'),
    stack.accessToken(other, 'payment-api'),
  ]);
});
afterAll(async () => stack?.close());

const session = (amount: unknown = '60.00', currency = 'EUR') => ({
  amount,
  order: {
    reference: `v1-${Math.random().toString(36).slice(2, 8)}`,
    redirection: 'https://shop.example/back',
    currency_code: currency,
  },
});
const create = async (amount?: unknown) => {
  const answer = await call(stack.baseUrl, 'POST', `/payment/v1/${merchant.entity_id}/sessions/create`, {
    token,
    body: session(amount),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
};
const validate = (sessionId: string, body: unknown) =>
  call(stack.baseUrl, 'POST', `/payment/v1/${merchant.entity_id}/sessions/${sessionId}/validate`, {
    apiKey: merchant.publishable_key,
    body,
  });
const vaultGiftCard = async (number: string) => {
  const answer = await call(stack.baseUrl, 'POST', '/v2/vault/gift-cards', {
    apiKey: merchant.publishable_key,
    body: { number, pin: '1234' },
  });
  expect(answer.status).toBe(201);
  return answer.body.vault_form_token as string;
};
const card = async (number: string, amount: unknown) => ({
  partner: 'sandbox-card',
  method: 'creditcard',
  amount,
  payment_data: { token: await vaultCard(stack, merchant, number) },
});
const giftCard = async (number: string, amount: unknown) => ({
  partner: 'sandbox-giftcard',
  method: 'giftcard',
  amount,
  payment_data: { token: await vaultGiftCard(number) },
});

describe('validate outcomes', () => {
  const keyedValidate = (sessionId: string, key: string, body: unknown) =>
    call(stack.baseUrl, 'POST', `/payment/v1/${merchant.entity_id}/sessions/${sessionId}/validate`, {
      apiKey: merchant.publishable_key,
      body,
      headers: { 'x-idempotency-key': key },
    });

  it("keeps a refusal as validate's first answer: the same key with another card is a conflict, not a new try", async () => {
    const id = await create();
    const key = `validate-refused-${id}`;
    const refusedCard = [await card('4000000000009995', 60)];
    const first = await keyedValidate(id, key, refusedCard);
    expect(first.status, JSON.stringify(first.body)).toBe(409);
    expect(first.body.global_status).toBe('ERROR');
    const again = await keyedValidate(id, key, refusedCard);
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const otherCard = [await card('4242424242424242', 60)];
    const conflict = await keyedValidate(id, key, otherCard);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error_code: 'ALREADY_EXISTS' });
    // A new key tries the other card.
    const paid = await keyedValidate(id, `${key}-2`, otherCard);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });

  it('answers 207 when one solution fails after another succeeded, and releases what succeeded', async () => {
    const id = await create();
    const answer = await validate(id, [
      await giftCard('6036280000000003', '20.00'),
      await card('4000000000000002', '40.00'),
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(207);
    expect(answer.body.global_status).toBe('ERROR');
    expect(
      answer.body.results.map((result: { status: { state: string; code: string } }) => [
        result.status.state,
        result.status.code,
      ]),
    ).toEqual([
      ['SUCCESS', 'SUCCEEDED'],
      ['ERROR', 'REJECTED_BANK'],
    ]);
    expect(answer.body.results[0].status.description).toMatch(/released/);
    // The gift card's hold is given back by the orchestrator: the session lists the VOID.
    const listed = await eventuallyList(id, (actions) => actions.includes('VOID'));
    expect(listed).toContain('VOID');
  });

  it('answers 409 when every solution fails, and lets the shopper try again', async () => {
    const id = await create();
    const refused = await validate(id, [await card('4000000000009995', 60)]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      global_status: 'ERROR',
      results: [{ status: { action: 'AUTHORIZE', state: 'ERROR', code: 'INSUFFICIENT_FUNDS' } }],
    });
    const paid = await validate(id, [await card('4242424242424242', 60)]);
    expect(paid.status).toBe(200);
  });

  it('answers 200 CUSTOMER with the redirection when the shopper must pass 3-D Secure', async () => {
    const id = await create();
    const answer = await validate(id, [await card('4000002760003184', '60')]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      global_status: 'CUSTOMER',
      redirection: { href: expect.stringMatching(/^http/) },
      results: [{ status: { state: 'CUSTOMER' } }],
    });
  });

  it('answers 200 UNCERTAIN when the partner does not answer, and a read later tells the outcome', async () => {
    const id = await create();
    const answer = await validate(id, [await card('4000000000000119', 60)]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      global_status: 'UNCERTAIN',
      results: [{ status: { action: 'AUTHORIZE', state: 'UNCERTAIN', code: 'UNCERTAIN' } }],
    });
    const settled = await eventually(
      async () => {
        const read = await call(
          stack.baseUrl,
          'GET',
          `/${merchant.entity_id}/transactions/${answer.body.results[0].transaction_id}`,
          { token },
        );
        return read.body.status.state === 'UNCERTAIN' ? undefined : read.body;
      },
      { what: 'the uncertain authorization to settle', timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(settled.status).toMatchObject({ action: 'AUTHORIZE', state: expect.stringMatching(/^(SUCCESS|ERROR)$/) });
  });

  it('refuses solutions that do not add up to the session amount, or that are not offered', async () => {
    const id = await create();
    const short = await validate(id, [await card('4242424242424242', '59.99')]);
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      error_code: 'BAD_REQUEST',
      message: expect.stringContaining('add up to 59.99'),
    });
    const unknown = await validate(id, [{ partner: 'sandbox-card', method: 'paypal', amount: '60' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('/0/method');
  });
});

async function eventuallyList(sessionId: string, done: (actions: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const listed = await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/sessions/${sessionId}`, { token });
    const actions = listed.body.map((result: { status: { action: string } }) => result.status.action);
    if (done(actions) || Date.now() > deadline) return actions;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('init', () => {
  it('tells what a gift card can pay, and readies a card', async () => {
    const id = await create();
    const init = (body: unknown) =>
      call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${id}/init`, {
        apiKey: merchant.publishable_key,
        body,
      });
    const gift = await init({
      partner: 'sandbox-giftcard',
      method: 'giftcard',
      amount: '60.00',
      payment_data: { token: await vaultGiftCard('6036280000000004') },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    expect(gift.body).toMatchObject({
      session_id: id,
      status: { action: 'AUTHORIZE', state: 'SUCCESS' },
      plugin_result: { amount: 10, currency_code: 'EUR' },
    });
    const ready = await init({ partner: 'sandbox-card', method: 'creditcard' });
    expect(ready.body).toMatchObject({ status: { state: 'SUCCESS' }, plugin_result: { amount: 60 } });
    const beyond = await init({ partner: 'sandbox-card', method: 'creditcard', amount: '60.01' });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe(
      "the amount is more than the session’s: /amount must not exceed 60, the session's amount",
    );
    // The session is opened for the shopper, as the hosted page would.
    expect(
      (await call(stack.baseUrl, 'GET', `/v2/client-sessions/${id}`, { token: await stack.accessToken(merchant) })).body
        .status,
    ).toBe('CHOICE_IN_PROGRESS');
    const withBearer = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${id}/init`, {
      token,
      body: { partner: 'sandbox-card', method: 'creditcard' },
    });
    expect(withBearer.status).toBe(401);
    expect(withBearer.body.error_code).toBe('FORBIDDEN');
  });
});

describe('from the shopper’s browser', () => {
  it('answers the CORS preflight of init and validate, and lets another origin read their answers and errors', async () => {
    const id = await create();
    const origin = { origin: 'https://shop.example' };
    for (const prefix of ['', '/payment/v1']) {
      for (const action of ['init', 'validate']) {
        const url = `${stack.baseUrl}${prefix}/${merchant.entity_id}/sessions/${id}/${action}`;
        const preflight = await fetch(url, {
          method: 'OPTIONS',
          headers: {
            ...origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type,x-api-key,x-idempotency-key',
          },
        });
        expect(preflight.status, url).toBe(204);
        expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
        expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
        for (const header of ['content-type', 'x-api-key', 'x-idempotency-key'])
          expect(preflight.headers.get('access-control-allow-headers')).toContain(header);
        const refused = await call(stack.baseUrl, 'POST', `${prefix}/${merchant.entity_id}/sessions/${id}/${action}`, {
          headers: origin,
          body: [],
        });
        expect(refused.status).toBe(401);
        expect(refused.headers.get('access-control-allow-origin')).toBe('*');
        expect(refused.headers.get('access-control-expose-headers')).toContain('x-request-id');
      }
    }
    const ready = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${id}/init`, {
      apiKey: merchant.publishable_key,
      headers: origin,
      body: { partner: 'sandbox-card', method: 'creditcard' },
    });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('access-control-allow-origin')).toBe('*');
    const paid = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${id}/validate`, {
      apiKey: merchant.publishable_key,
      headers: origin,
      body: [await card('4242424242424242', 60)],
    });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('access-control-allow-origin')).toBe('*');
    // The back-end calls stay closed to browsers.
    const backEnd = await fetch(`${stack.baseUrl}/${merchant.entity_id}/sessions/create`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(backEnd.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('point of sale', () => {
  it('checks a gift card, then takes the amount from it at the till', async () => {
    const body = {
      partner: 'sandbox-giftcard',
      method: 'giftcard',
      amount: '12.50',
      payment_data: { card: { number: '6036280000000003', pin: '1234' } },
      order: { reference: 'POS-1', currency_code: 'EUR' },
    };
    const check = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/init`, { token, body });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toMatchObject({
      status: { state: 'SUCCESS' },
      plugin_result: { amount: 12.5, currency_code: 'EUR' },
    });
    const taken = await call(stack.baseUrl, 'PUT', `/${merchant.entity_id}/transactions/capture`, { token, body });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toMatchObject({
      status: { action: 'CAPTURE', state: 'SUCCESS', code: 'SUCCEEDED' },
      plugin_result: { amount: 12.5 },
      parent_transaction_id: expect.any(String),
    });
    expect(JSON.stringify(taken.body)).not.toContain('6036280000000003');
    const empty = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/init`, {
      token,
      body: { ...body, payment_data: { card: { number: '6036280000000002', pin: '1234' } } },
    });
    expect(empty.body.status).toMatchObject({ state: 'ERROR', code: 'INSUFFICIENT_FUNDS' });
  });

  it('checks with the partner named, a gift card one of the contract, and reports a refused card as its capture would', async () => {
    const body = {
      partner: 'sandbox-giftcard',
      method: 'giftcard',
      amount: '12.50',
      payment_data: { card: { number: '6036280000000003', pin: '1234' } },
      order: { reference: 'POS-3', currency_code: 'EUR' },
    };
    const check = (changes: object) =>
      call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/init`, { token, body: { ...body, ...changes } });
    const unknownPartner = await check({ partner: 'nope' });
    expect(unknownPartner.status).toBe(400);
    expect(unknownPartner.body).toMatchObject({ error_code: 'BAD_REQUEST' });
    expect(JSON.stringify(unknownPartner.body)).toContain('the entity has no contract for nope giftcard');
    const cardPartner = await check({ partner: 'sandbox-card', method: 'creditcard' });
    expect(cardPartner.status).toBe(400);
    expect(JSON.stringify(cardPartner.body)).toContain('sandbox-card is not a gift card partner');
    for (const [card, code] of [
      [{ number: '6036280000000003', pin: '9999' }, 'WRONG_CARD_DATA'],
      [{ number: '6036289999999999', pin: '1234' }, 'UNKNOWN_CARD'],
    ] as const) {
      const refused = await check({ payment_data: { card } });
      expect(refused.status, JSON.stringify(refused.body)).toBe(200);
      expect(refused.body).toMatchObject({
        status: { action: 'AUTHORIZE', state: 'ERROR', code },
        plugin_result: { amount: 0, currency_code: 'EUR' },
      });
      const taken = await call(stack.baseUrl, 'PUT', `/${merchant.entity_id}/transactions/capture`, {
        token,
        body: { ...body, payment_data: { card } },
      });
      expect(taken.body.status, code).toMatchObject({ state: 'ERROR', code });
    }
  });
});

describe('point of sale over the balance', () => {
  it('takes nothing when the card cannot pay the whole amount, and says what it could pay', async () => {
    const body = {
      partner: 'sandbox-giftcard',
      method: 'giftcard',
      amount: '500.00',
      payment_data: { card: { number: '6036280000000004', pin: '1234' } },
      order: { reference: 'POS-2', currency_code: 'EUR' },
    };
    const canPay = async () =>
      (await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/init`, { token, body })).body.plugin_result
        .amount as number;
    const balance = await canPay();
    expect(balance).toBeGreaterThan(0);
    expect(balance).toBeLessThan(500);
    const taken = await call(stack.baseUrl, 'PUT', `/${merchant.entity_id}/transactions/capture`, { token, body });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toMatchObject({
      status: { action: 'AUTHORIZE', state: 'ERROR', code: 'INSUFFICIENT_FUNDS' },
      plugin_result: { amount: balance },
    });
    // Nothing was taken: once the partial hold is released, the card can pay its whole balance again.
    await eventually(async () => ((await canPay()) === balance ? true : undefined), {
      what: 'the partial hold released',
      timeoutMs: 20_000,
    });
  });
});

describe('server to server', () => {
  /** A card authorization without a session, in EUR. */
  const authorizeWithoutSession = async (amount: string, reference: string) =>
    call(stack.baseUrl, 'PUT', `/${merchant.entity_id}/transactions/authorize`, {
      token,
      body: {
        partner: 'sandbox-card',
        method: 'creditcard',
        amount,
        payment_data: { token: await vaultCard(stack, merchant, '5555555555554444') },
        order: { reference, currency_code: 'EUR' },
      },
    });

  it('authorizes without a session, then captures it', async () => {
    const authorized = await authorizeWithoutSession('19.9900', 'S2S-1');
    expect(authorized.status, JSON.stringify(authorized.body)).toBe(200);
    expect(authorized.body).toMatchObject({
      status: { action: 'AUTHORIZE', state: 'SUCCESS' },
      plugin_result: { amount: 19.99 },
    });
    expect(authorized.body.session_id).toBeUndefined();
    const captured = await call(
      stack.baseUrl,
      'POST',
      `/${merchant.entity_id}/transactions/${authorized.body.id}/capture`,
      { token, body: { amount: 19.99 } },
    );
    expect(captured.body).toMatchObject({
      status: { action: 'CAPTURE', state: 'SUCCESS' },
      parent_transaction_id: authorized.body.id,
    });
  });

  it('tells what is left to capture or void in major units, as v1 amounts are', async () => {
    const authorized = await authorizeWithoutSession('19.99', 'S2S-2');
    expect(authorized.status, JSON.stringify(authorized.body)).toBe(200);
    const operate = (action: string, amount: string) =>
      call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${authorized.body.id}/${action}`, {
        token,
        body: { amount },
      });
    expect((await operate('capture', '10.00')).status).toBe(200);

    for (const [action, past] of [
      ['capture', 'captured'],
      ['void', 'voided'],
    ] as const) {
      const beyond = await operate(action, '10.00');
      expect(beyond.status, JSON.stringify(beyond.body)).toBe(409);
      expect(beyond.body.message).toBe(
        `at most 9.99 of this authorization can be ${past}: /amount must not exceed 9.99, the amount available to ${action} on partner transaction ${authorized.body.id}`,
      );
    }
  });
});

describe('a request repeated with its x-idempotency-key after its first run acted but never answered', () => {
  /** The first run's process died after acting, before recording its answer: its lease has run out. */
  const forgetAnswer = (key: string) =>
    stack.sql`
      update v1_idempotency_records
      set status_code = null, response_body_encrypted = null, completed_at = null,
          lease_expires_at = now() - interval '1 second'
      where entity_id = ${merchant.entity_id} and idempotency_key = ${key}`;
  const keyed = (method: string, path: string, key: string, body: unknown, apiKey?: string) =>
    call(stack.baseUrl, method, `/${merchant.entity_id}${path}`, {
      ...(apiKey ? { apiKey } : { token }),
      body,
      headers: { 'x-idempotency-key': key },
    });

  it('captures once, and answers the first capture', async () => {
    const id = await create();
    const authorization = (await validate(id, [await card('4242424242424242', 60)])).body.results[0].id;
    const key = `capture-${authorization}`;
    const first = await keyed('POST', `/transactions/${authorization}/capture`, key, { amount: 10 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await forgetAnswer(key);
    const again = await keyed('POST', `/transactions/${authorization}/capture`, key, { amount: 10 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.transaction_id).toBe(first.body.transaction_id);
    const actions = (await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/sessions/${id}`, { token })).body.map(
      (result: { status: { action: string } }) => result.status.action,
    );
    expect(actions).toEqual(['AUTHORIZE', 'CAPTURE']);
  });

  it('authorizes once without a session, and answers the first authorization', async () => {
    const key = `s2s-${crypto.randomUUID()}`;
    const body = {
      partner: 'sandbox-card',
      method: 'creditcard',
      amount: '19.99',
      payment_data: { token: await vaultCard(stack, merchant, '4242424242424242') },
      order: { reference: key, currency_code: 'EUR' },
    };
    const first = await keyed('PUT', '/transactions/capture', key, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.status.action).toBe('CAPTURE');
    await forgetAnswer(key);
    const again = await keyed('PUT', '/transactions/capture', key, body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.transaction_id).toBe(first.body.transaction_id);
    const byOrder = (await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/orders/${key}`, { token })).body;
    expect(byOrder.map((result: { status: { action: string } }) => result.status.action)).toEqual([
      'AUTHORIZE',
      'CAPTURE',
    ]);
  });

  it('pays a session once, and answers the first validation', async () => {
    const id = await create();
    const key = `validate-${id}`;
    const body = [await card('4242424242424242', 60)];
    const first = await keyed('POST', `/sessions/${id}/validate`, key, body, merchant.publishable_key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await forgetAnswer(key);
    const again = await keyed('POST', `/sessions/${id}/validate`, key, body, merchant.publishable_key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.results.map((result: { id: string }) => result.id)).toEqual(
      first.body.results.map((result: { id: string }) => result.id),
    );
  });

  it('creates one session, and answers it again', async () => {
    const key = `create-${crypto.randomUUID()}`;
    const first = await keyed('POST', '/sessions/create', key, session());
    expect(first.status).toBe(201);
    await forgetAnswer(key);
    const again = await keyed('POST', '/sessions/create', key, session());
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
  });
});

describe('credentials of the back-end calls', () => {
  it('take the secret API key as well as a bearer token, never the publishable key', async () => {
    const created = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, {
      apiKey: merchant.api_key,
      body: session(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const paid = await validate(created.body.id, [await card('4242424242424242', 60)]);
    const authorization = paid.body.results[0].id;
    const byKey = (apiKey: string, method: string, path: string, body?: unknown) =>
      call(stack.baseUrl, method, `/${merchant.entity_id}${path}`, { apiKey, ...(body ? { body } : {}) });
    expect((await byKey(merchant.api_key, 'GET', `/sessions/${created.body.id}`)).body).toHaveLength(1);
    expect(
      (await byKey(merchant.api_key, 'POST', `/transactions/${authorization}/capture`, { amount: 60 })).status,
    ).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/sessions/create', session()],
      ['GET', `/sessions/${created.body.id}`],
      ['GET', `/transactions/${authorization}`],
      ['POST', `/transactions/${authorization}/void`, { amount: 1 }],
    ] as const) {
      const refused = await byKey(merchant.publishable_key, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(401);
      expect(refused.body.error_code).toBe('FORBIDDEN');
    }
  });
});

describe('errors', () => {
  it('answers each error in the ApiError shape with its catalogue code', async () => {
    const id = await create();
    const expectError = (answer: { status: number; headers: Headers; body: any }, status: number, code: string) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({
        status,
        error_code: code,
        request_id: answer.headers.get('x-request-id'),
        timestamp: expect.any(String),
        path: expect.any(String),
        message: expect.any(String),
      });
    };
    expectError(
      await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, { body: session() }),
      401,
      'FORBIDDEN',
    );
    expectError(
      await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, { token, body: session('abc') }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, { token, body: session('10.005') }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, {
        token,
        body: session('10', 'XXX'),
      }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await call(stack.baseUrl, 'POST', `/${other.entity_id}/sessions/create`, { token, body: session() }),
      404,
      'ENTITY_NOT_FOUND_ERROR',
    );
    expectError(
      await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/sessions/${crypto.randomUUID()}`, { token }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/transactions/${crypto.randomUUID()}`, { token }),
      404,
      'TRANSACTION_NOT_FOUND_ERROR',
    );
    // init and validate take an API key only; without one the caller learns nothing of its body.
    for (const action of ['init', 'validate'])
      expectError(
        await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${id}/${action}`, {
          token,
          body: { not: 'a solution' },
        }),
        401,
        'FORBIDDEN',
      );
    const paid = await validate(id, [await card('4242424242424242', 60)]);
    const authorization = paid.body.results[0].id;
    expectError(
      await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${authorization}/authorize`, {
        token,
        body: { amount: 1 },
      }),
      400,
      'AUTHORIZE_NOT_ALLOWED',
    );
    expectError(
      await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${authorization}/refund`, {
        token,
        body: { amount: 1 },
      }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${authorization}/capture`, {
        token,
        body: { amount: 60.01 },
      }),
      409,
      'ALREADY_EXISTS',
    );
    expectError(await validate(id, [await card('4242424242424242', 60)]), 400, 'SESSION_ALREADY_SUBMITTED_ERROR');
    const keyed = (amount: number) =>
      call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${authorization}/capture`, {
        token,
        body: { amount },
        headers: { 'x-idempotency-key': `capture-${id}` },
      });
    expect((await keyed(1)).status).toBe(200);
    expectError(await keyed(2), 409, 'ALREADY_EXISTS');
    for (const prefix of ['', '/payment/v1']) {
      expectError(
        await call(stack.baseUrl, 'POST', `${prefix}/${merchant.entity_id}/sessions/create`, {
          token,
          rawBody: '{"amount": 10, "order": ',
        }),
        400,
        'BAD_REQUEST',
      );
      expectError(
        await call(stack.baseUrl, 'POST', `${prefix}/${merchant.entity_id}/sessions/create`, {
          token,
          body: { ...session(), padding: 'x'.repeat(1_100_000) },
        }),
        413,
        'PAYLOAD_TOO_LARGE',
      );
    }
    expectError(
      await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${authorization}/capture`, {
        token,
        body: { amount: 1 },
        headers: { 'x-idempotency-key': 'é' },
      }),
      400,
      'BAD_REQUEST',
    );
  });

  it('refuses a card entry without its vault token, in validate and without a session, naming the v1 field', async () => {
    const id = await create();
    const withoutToken = { partner: 'sandbox-card', method: 'creditcard', amount: 60 };
    const refused = await validate(id, [withoutToken]);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'BAD_REQUEST', request_id: expect.any(String) });
    expect(refused.body.message).toContain('/0/payment_data/token is required');
    // Nothing reached the partner: the session is still there to be paid.
    expect((await validate(id, [await card('4242424242424242', 60)])).status).toBe(200);

    const withoutSession = await call(stack.baseUrl, 'PUT', `/${merchant.entity_id}/transactions/authorize`, {
      token,
      body: { ...withoutToken, payment_data: {}, order: { reference: 'S2S-no-token', currency_code: 'EUR' } },
    });
    expect(withoutSession.status, JSON.stringify(withoutSession.body)).toBe(400);
    expect(withoutSession.body.message).toContain('/payment_data/token is required');
    const unknownToken = await call(stack.baseUrl, 'PUT', `/${merchant.entity_id}/transactions/authorize`, {
      token,
      body: {
        ...withoutToken,
        payment_data: { token: 'vft_unknown' },
        order: { reference: 'S2S-unknown-token', currency_code: 'EUR' },
      },
    });
    expect(unknownToken.status).toBe(400);
    expect(unknownToken.body.message).toContain('/payment_data/token is unknown');
  });

  it('refuses an operation whose order is in another currency than the transaction', async () => {
    const id = await create();
    const authorization = (await validate(id, [await card('4242424242424242', 60)])).body.results[0].id;
    const capture = (order: { amount: unknown; currency_code: string }) =>
      call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${authorization}/capture`, {
        token,
        body: { amount: 10, order },
      });
    const foreign = await capture({ amount: 10, currency_code: 'USD' });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(400);
    expect(foreign.body).toMatchObject({ error_code: 'BAD_REQUEST' });
    expect(foreign.body.message).toContain('/order/currency_code');
    const captured = await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/sessions/${id}`, { token });
    expect(captured.body.map((result: { status: { action: string } }) => result.status.action)).toEqual(['AUTHORIZE']);
    expect((await capture({ amount: '10.00', currency_code: 'EUR' })).status).toBe(200);
  });

  it('answers init on a paid session SESSION_ALREADY_SUBMITTED_ERROR, and on an aborted one BAD_REQUEST', async () => {
    const init = (sessionId: string) =>
      call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${sessionId}/init`, {
        apiKey: merchant.publishable_key,
        body: { partner: 'sandbox-card', method: 'creditcard' },
      });
    const paid = await create();
    // A refused attempt leaves the session to be paid again, init included.
    expect((await validate(paid, [await card('4000000000000002', 60)])).status).toBe(409);
    expect((await init(paid)).status).toBe(200);
    expect((await validate(paid, [await card('4242424242424242', 60)])).status).toBe(200);
    const again = await init(paid);
    expect(again.status, JSON.stringify(again.body)).toBe(400);
    expect(again.body).toMatchObject({ error_code: 'SESSION_ALREADY_SUBMITTED_ERROR', status: 400 });

    const aborted = await create();
    const abort = await call(stack.baseUrl, 'POST', `/v2/client-sessions/${aborted}/abort`, {
      token: await stack.accessToken(merchant),
      body: { status: 'ABORTED_BY_MERCHANT' },
    });
    expect(abort.status).toBe(200);
    const ended = await init(aborted);
    expect(ended.status, JSON.stringify(ended.body)).toBe(400);
    expect(ended.body).toMatchObject({ error_code: 'BAD_REQUEST' });
    expect(ended.body.message).toContain('ABORTED_BY_MERCHANT');
  });

  it('answers 204 without a body when no solution is eligible', async () => {
    const answer = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, {
      token,
      body: session('2000000.00'),
    });
    expect(answer.status).toBe(204);
  });

  it('never lets one entity reach another entity’s sessions and transactions', async () => {
    const id = await create();
    const paidOrder = (
      await call(stack.baseUrl, 'GET', `/v2/client-sessions/${id}`, { token: await stack.accessToken(merchant) })
    ).body.order.reference;
    const paid = await validate(id, [await card('4242424242424242', 60)]);
    const authorization = paid.body.results[0].id;
    for (const [method, path, body] of [
      ['GET', `/${other.entity_id}/sessions/${id}`],
      ['GET', `/${other.entity_id}/transactions/${authorization}`],
      ['POST', `/${other.entity_id}/transactions/${authorization}/capture`, { amount: 1 }],
      ['POST', `/${other.entity_id}/transactions/${authorization}/void`, { amount: 1 }],
    ] as const) {
      const answer = await call(stack.baseUrl, method, path, { token: otherToken, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const capture = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${authorization}/capture`, {
      token,
      body: { amount: 10 },
    });
    expect(capture.status).toBe(200);
    for (const prefix of ['', '/payment/v1']) {
      for (const [method, path, body] of [
        ['GET', `/${other.entity_id}/sessions/${id}`],
        ['GET', `/${other.entity_id}/transactions/${capture.body.id}`],
        ['POST', `/${other.entity_id}/transactions/${capture.body.id}/refund`, { amount: 1 }],
        ['POST', `/${other.entity_id}/transactions/${authorization}/off_session_authorize`, { amount: 1 }],
      ] as const) {
        const answer = await call(stack.baseUrl, method, `${prefix}${path}`, {
          token: otherToken,
          ...(body ? { body } : {}),
        });
        expect(answer.status, `${method} ${prefix}${path}`).toBe(404);
        expect(answer.body.error_code, `${method} ${prefix}${path}`).toMatch(
          /^(NOT_FOUND|TRANSACTION_NOT_FOUND_ERROR)$/,
        );
      }
      // The other entity's credentials naming this entity in the path: this entity does not exist for them.
      const named = await call(stack.baseUrl, 'GET', `${prefix}/${merchant.entity_id}/transactions/${authorization}`, {
        token: otherToken,
      });
      expect(named.status).toBe(404);
      expect(named.body.error_code).toBe('ENTITY_NOT_FOUND_ERROR');
      const foreignInit = await call(stack.baseUrl, 'POST', `${prefix}/${other.entity_id}/sessions/${id}/init`, {
        apiKey: other.publishable_key,
        body: { partner: 'sandbox-card', method: 'creditcard' },
      });
      expect(foreignInit.status).toBe(404);
      expect(foreignInit.body.error_code).toBe('NOT_FOUND');
      const byOrder = await call(stack.baseUrl, 'GET', `${prefix}/${other.entity_id}/orders/${paidOrder}`, {
        token: otherToken,
      });
      expect(byOrder.status).toBe(200);
      expect(byOrder.body).toEqual([]);
    }
    const foreignValidate = await call(stack.baseUrl, 'POST', `/${other.entity_id}/sessions/${id}/validate`, {
      apiKey: other.publishable_key,
      body: [await card('4242424242424242', 60)],
    });
    expect(foreignValidate.status).toBe(404);
    expect(
      (await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/transactions/${authorization}`, { token })).body.status
        .action,
    ).toBe('AUTHORIZE');
  });

  it('leaves paths whose ids are not UUIDs to the web app', async () => {
    const uuid = crypto.randomUUID();
    await withWebAppApi(stack, async (api) => {
      for (const url of [
        `/shop/sessions/${uuid}`,
        `/${uuid}/sessions/latest`,
        `/${uuid}/transactions/recent`,
        '/docs/sessions/create',
        `/${uuid}/orders`,
      ]) {
        const page = await api.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
        expect(page.body).toContain(WEB_APP_TITLE);
      }
      // With UUIDs they are API v1, and under /payment/v1 always: never a page.
      for (const url of [`/${uuid}/sessions/${uuid}`, `/${uuid}/transactions/${uuid}`, `/payment/v1/shop/sessions/x`]) {
        const answer = await api.inject({ method: 'GET', url });
        expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
        expect(answer.json(), url).toMatchObject({ status: expect.any(Number), error_code: expect.any(String) });
      }
    });
  });

  it('serves every documented v1 call at the host root too, answering as under /payment/v1', async () => {
    const document = (await call(stack.baseUrl, 'GET', '/openapi/v1.json')).body;
    const uuid = crypto.randomUUID();
    const concrete = (path: string) =>
      path
        .replace(/\{(entity|session|transaction)\}/g, uuid)
        .replace('{order}', 'ORDER-1')
        .replace('{action}', 'capture');
    let compared = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      if (!path.startsWith('/payment/v1/{entity}')) continue;
      for (const method of Object.keys(operations).filter((name) => name !== 'parameters')) {
        const documented = concrete(path);
        const atRoot = documented.slice('/payment/v1'.length);
        const send = (url: string) =>
          call(stack.baseUrl, method.toUpperCase(), url, method === 'get' ? {} : { body: {} });
        const [v1, root] = await Promise.all([send(documented), send(atRoot)]);
        const where = `${method.toUpperCase()} ${atRoot}`;
        expect(root.headers.get('content-type'), where).toMatch(/^application\/json/);
        expect(root.status, where).toBe(v1.status);
        expect(root.body.error_code, where).toBe(v1.body.error_code);
        expect(root.body.path, where).toBe(atRoot);
        compared += 1;
      }
    }
    // What no v1 call is, under a v1 address, is still told as an ApiError: a method a v1 path does
    // not serve is 405 with the methods it does, an address of no call is 404.
    for (const [method, url, status, allow] of [
      ['DELETE', `/${uuid}/sessions/${uuid}`, 405, 'GET'],
      ['PATCH', `/payment/v1/${uuid}/transactions/${uuid}`, 405, 'GET'],
      ['GET', '/payment/v1', 404, null],
    ] as const) {
      const answer = await call(stack.baseUrl, method, url);
      expect(answer.status, `${method} ${url}`).toBe(status);
      expect(answer.headers.get('content-type'), `${method} ${url}`).toMatch(/^application\/json/);
      expect(answer.body, `${method} ${url}`).toMatchObject({
        path: url,
        request_id: answer.headers.get('x-request-id'),
      });
      if (allow) expect(answer.headers.get('allow'), `${method} ${url}`).toContain(allow);
      else expect(answer.body.error_code, `${method} ${url}`).toBe('NOT_FOUND');
    }
    // create, read and list sessions, init, validate, orders, read and act on transactions, point of sale.
    expect(compared).toBeGreaterThanOrEqual(9);
  });
});

describe('documents', () => {
  it('publishes /openapi/v1.json from the route schemas, every v1 operation deprecated, each document with only its own components', async () => {
    const v1 = (await call(stack.baseUrl, 'GET', '/openapi/v1.json')).body;
    const v2 = (await call(stack.baseUrl, 'GET', '/openapi/v2.json')).body;
    expect(Object.keys(v1.paths)).toEqual(
      expect.arrayContaining([
        '/payment/v1/{entity}/sessions/create',
        '/payment/v1/{entity}/sessions/{session}/validate',
        '/payment/v1/{entity}/transactions/{transaction}/{action}',
      ]),
    );
    const operations = Object.entries(v1.paths)
      .filter(([path]) => path !== '/oauth/token')
      .flatMap(([, methods]) => Object.values(methods as Record<string, { deprecated?: boolean }>));
    expect(operations.length).toBeGreaterThan(8);
    for (const operation of operations) expect(operation.deprecated).toBe(true);
    // The host-root aliases are served, not documented twice.
    expect(Object.keys(v1.paths).some((path) => path.startsWith('/{entity}'))).toBe(false);
    expect(Object.keys(v2.components.schemas).filter((name) => name.startsWith('V1'))).toEqual([]);
    expect(v1.components.schemas.V1ActionResult).toBeDefined();
    // The calls whose first answer is replayed document the header that asks for it.
    const idempotent = (path: string, method: string) =>
      (v1.paths[path][method].parameters as { name: string; in: string }[]).some(
        (parameter) => parameter.name === 'x-idempotency-key' && parameter.in === 'header',
      );
    expect(idempotent('/payment/v1/{entity}/sessions/create', 'post')).toBe(true);
    expect(idempotent('/payment/v1/{entity}/sessions/{session}/validate', 'post')).toBe(true);
    expect(idempotent('/payment/v1/{entity}/transactions/{transaction}/{action}', 'post')).toBe(true);
    expect(idempotent('/payment/v1/{entity}/transactions/{action}', 'put')).toBe(true);
    expect(idempotent('/payment/v1/{entity}/transactions/{transaction}', 'get')).toBe(false);
  });
});
