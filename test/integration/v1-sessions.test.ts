// API v1 sessions as the e-commerce plugin calls them: host-root paths, query-string token,
// decimal amounts as numeric strings with float noise, validate, listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { call } from '../support/api-client';
import { vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant();
  const answer = await fetch(`${stack.baseUrl}/oauth/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${merchant.client_id}:${merchant.client_secret}`).toString('base64')}`, 'x-api-key': merchant.api_key },
  });
  token = (await answer.json()).access_token;
});
afterAll(async () => stack?.close());

export function pluginSession(overrides: Record<string, unknown> = {}) {
  return {
    hook: 'https://shop.example/module/tessera/hook',
    amount: '25.9900',
    order: {
      reference: 100042,
      redirection: 'https://shop.example/order-confirmation',
      amount: 25.990000000000002,
      net_amount: '21.6583',
      tax_amount: '4.3317',
      currency_code: 'EUR',
      customer: { reference: 'CUST-42', first_name: 'Camille', last_name: 'Martin', gender_code: 'female', locale_code: 'fr_FR', billing_address: { email: 'camille@example.com', country_code: 'FR', phone: null, city: 'Paris' } },
      shipments: [{ item_lines: [{ name: 'Desk lamp', quantity: '1.0000', price: '25.9900', amount: 25.99, tax_lines: [{ type_code: 'vat', rate: '20.0000', amount: '4.3317' }] }] }],
      ...overrides,
    },
  };
}

describe('v1 sessions', () => {
  it('creates a session at the host root, readable through v2, and pays it by validate', async () => {
    const created = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, { token, body: pluginSession() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ amount: 25.99, currency_code: 'EUR', redirection: { success_url: 'https://shop.example/order-confirmation' } });
    expect(created.body.protocols['sandbox-card'].creditcard.configurations.labels).toEqual(['sandbox-card', 'creditcard', expect.stringMatching(/primary|secondary/)]);
    expect(created.headers.get('location')).toBe(`${stack.baseUrl}/payment/v1/${merchant.entity_id}/sessions/${created.body.id}`);
    const v2 = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${created.body.id}`, { token });
    expect(v2.body).toMatchObject({ amount: 2599, currency: 'EUR', order: { reference: '100042', net_amount: 2599 }, customer: { locale: 'fr-FR', gender: 'FEMALE' } });

    const vft = await vaultCard(stack, merchant, '4242424242424242');
    const validated = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${created.body.id}/validate`, {
      apiKey: merchant.publishable_key,
      body: [{ partner: 'sandbox-card', method: 'creditcard', amount: '25.99', payment_data: { token: vft } }],
    });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body.global_status).toBe('SUCCESS');
    expect(validated.body.results[0]).toMatchObject({ session_id: created.body.id, status: { action: 'AUTHORIZE', state: 'SUCCESS', code: 'SUCCEEDED' }, plugin_result: { amount: 25.99, currency_code: 'EUR' } });

    const listed = await call(stack.baseUrl, 'GET', `/payment/v1/${merchant.entity_id}/sessions/${created.body.id}`, { token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((r: any) => r.status.action)).toEqual(['AUTHORIZE']);

    const again = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${created.body.id}/validate`, {
      apiKey: merchant.publishable_key,
      body: [{ partner: 'sandbox-card', method: 'creditcard', amount: '25.99', payment_data: { token: vft } }],
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error_code: 'SESSION_ALREADY_SUBMITTED_ERROR', request_id: expect.any(String) });
  });
});
