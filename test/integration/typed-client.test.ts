// A merchant's integration written with Tessera's typed client (api/client), as a merchant would
// write it: every path, body and answer below is checked by the compiler against the OpenAPI
// documents the api serves, and every call goes over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTesseraClient, requestAccessToken, type TesseraClient } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;
let tessera: TesseraClient;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Typed client shop');
  const token = await requestAccessToken({
    baseUrl: stack.baseUrl,
    clientId: merchant.client_id,
    clientSecret: merchant.client_secret,
  });
  expect(token.token_type).toMatch(/^bearer$/i);
  tessera = createTesseraClient({
    baseUrl: stack.baseUrl,
    accessToken: token.access_token,
  });
}, 120_000);
afterAll(async () => stack?.close());

async function vaultCard(number: string): Promise<string> {
  const browser = createTesseraClient({ baseUrl: stack.baseUrl, apiKey: merchant.api_key });
  const { data, error } = await browser.v2.POST('/v2/vault/cards', {
    body: { number, expiry_month: '12', expiry_year: '34', cvv: '123', holder_name: 'Camille Martin' },
  });
  expect(error).toBeUndefined();
  expect(data?.card.last_four_digits).toBe(number.slice(-4));
  return data!.vault_form_token;
}

describe('API v2 through the typed client', () => {
  it('creates a session, pays, captures in part and refunds, reading typed answers', async () => {
    const session = await tessera.v2.POST('/v2/client-sessions', {
      body: {
        entity_id: merchant.entity_id,
        amount: 2599,
        currency: 'EUR',
        order: { reference: 'typed-1' },
        shopper_redirection_url: 'https://shop.example/return',
      },
    });
    expect(session.response.status).toBe(201);
    expect(session.data?.status).toBe('CREATED');

    const created = await tessera.v2.POST('/v2/payments', {
      params: { header: { 'x-idempotency-key': 'typed-payment-1' } },
      body: {
        entity_id: merchant.entity_id,
        amount: 2599,
        currency: 'EUR',
        order: { reference: 'typed-1' },
        split: [
          {
            amount: 2599,
            partner: 'sandbox-card',
            method: 'creditcard',
            vault_form_token: await vaultCard('4242424242424242'),
          },
        ],
      },
    });
    expect(created.response.status).toBe(201);
    const payment = created.data!;
    expect(payment.authorization?.status).toBe('AUTHORIZED');

    const captured = await tessera.v2.POST('/v2/payments/{id}/captures', {
      params: { path: { id: payment.id }, header: { 'x-idempotency-key': 'typed-capture-1' } },
      body: { amount: 2000 },
    });
    expect(captured.response.status).toBe(201);
    expect(captured.data?.amounts.total_captured).toBe(2000);

    const refunded = await tessera.v2.POST('/v2/payments/{id}/refunds', {
      params: { path: { id: payment.id }, header: { 'x-idempotency-key': 'typed-refund-1' } },
      body: { amount: 500 },
    });
    expect(refunded.response.status).toBe(201);

    const read = await tessera.v2.GET('/v2/payments/{id}', { params: { path: { id: payment.id } } });
    expect(read.data?.amounts).toMatchObject({ total_captured: 2000, total_refunded: 500 });
  });

  it('gets the documented problem body as a typed error', async () => {
    const { data, error, response } = await tessera.v2.POST('/v2/payments/{id}/captures', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' }, header: { 'x-idempotency-key': 'k' } },
      body: { amount: 100 },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(error).toMatchObject({ status: 404, instance: expect.any(String) });
  });
});

describe('API v1 and the wallet through the typed client', () => {
  it('creates a v1 session from decimal amounts and reads it as a list of transactions', async () => {
    const created = await tessera.v1.POST('/payment/v1/{entity}/sessions/create', {
      params: { path: { entity: merchant.entity_id } },
      body: {
        amount: '25.99',
        hook: 'http://127.0.0.1:9/hook',
        order: {
          reference: 'typed-v1',
          currency_code: 'EUR',
          amount: '25.99',
          redirection: 'https://shop.example/back',
        },
      },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.amount).toBe(25.99);
    const listed = await tessera.v1.GET('/payment/v1/{entity}/sessions/{session}', {
      params: { path: { entity: merchant.entity_id, session: created.data!.id } },
    });
    expect(listed.data).toEqual([]);
  });

  it('opens a wallet session and lists a customer’s tokens', async () => {
    const session = await tessera.wallet.POST('/wallet/v2/session', {
      params: { header: { 'x-merchant-id': merchant.merchant_id } },
      body: { owner_reference: 'customer-typed' },
    });
    expect(session.response.status).toBe(201);
    const tokens = await tessera.wallet.GET('/wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens', {
      params: {
        header: { 'x-merchant-id': merchant.merchant_id },
        path: { customer_id: 'customer-typed', wallet_session_id: session.data!.session_id },
      },
    });
    expect(tokens.data).toEqual([]);
  });
});
