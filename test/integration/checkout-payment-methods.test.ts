// GET /checkout/v1/sessions/{id}/payment-methods: what the headless checkout reads of each of the
// session's means of payment, with the limits of the merchant's contract, called from another
// origin with the publishable key. The session is not opened by it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { call, sessionApplication } from '../support/api-client';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant();
  token = await stack.accessToken(merchant);
});
afterAll(async () => stack?.close());

const methodsOf = (sessionId: string, apiKey?: string) =>
  call(stack.baseUrl, 'GET', `/checkout/v1/sessions/${sessionId}/payment-methods`, apiKey ? { apiKey } : {});

describe('the session’s payment methods and their limits', () => {
  it('lists the eligible solutions in the session’s order, each with its contract’s limits', async () => {
    const created = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token,
      body: sessionApplication(merchant.entity_id, {
        amount: 9000,
        order: { reference: 'limits-1', net_amount: 9000 },
        integration_mode: 'EMBEDDED',
      }),
    });
    expect(created.status).toBe(201);
    const listed = await methodsOf(created.body.id, merchant.publishable_key);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('*');
    expect(listed.body.map((method: any) => ({ partner: method.partner, method: method.method }))).toEqual(
      created.body.eligible_solutions,
    );
    expect(listed.body).toContainEqual({
      partner: 'sandbox-instalments',
      method: '3x',
      min_amount: 5_000,
      max_amount: 300_000,
    });
    // Reading the limits does not open the session.
    const session = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${created.body.id}`, { token });
    expect(session.body.status).toBe('CREATED');

    const preflight = await fetch(`${stack.baseUrl}/checkout/v1/sessions/${created.body.id}/payment-methods`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-headers': 'x-api-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-api-key');
  });

  it('answers 404 for an unknown session or another entity’s, 401 without a key', async () => {
    const other = await stack.createMerchant('Another shop');
    const created = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token,
      body: sessionApplication(merchant.entity_id),
    });
    expect((await methodsOf(randomUUID(), merchant.publishable_key)).status).toBe(404);
    expect((await methodsOf(created.body.id, other.publishable_key)).status).toBe(404);
    const anonymous = await methodsOf(created.body.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/problem+json');
  });
});
