// The three kinds of what a payment is made of, as POST /v2/payments takes them: new
// authorization candidates alone, duplicates of an earlier authorization (authorized again with its
// partner token), and what v1's off_session_authorize builds on the same duplicates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { call, eventually } from '../support/api-client';
import { completeShopperPage, vaultCard, waitForAuthorization } from '../support/payments';
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

const payment = (body: Record<string, unknown>) =>
  call(stack.baseUrl, 'POST', '/v2/payments', {
    token,
    body: {
      entity_id: merchant.entity_id,
      amount: 3000,
      currency: 'EUR',
      order: { reference: `entries-${Math.random()}` },
      ...body,
    },
  });

/** A wallet payment made with allow_future_usage, approved by the shopper: its partner gives a reusable token. */
async function savedWalletAuthorization() {
  const first = await payment({
    allow_future_usage: true,
    shopper_redirection_url: 'https://shop.example/back',
    new_authorization_candidates: [{ amount: 3000, partner: 'sandbox-wallet', method: 'wallet' }],
  });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  await completeShopperPage(first.body.redirection.href, 'approve');
  const authorized = await waitForAuthorization(stack, token, first.body.id, 'AUTHORIZED');
  return authorized.body;
}

describe('POST /v2/payments entries', () => {
  it('creates a payment from new authorization candidates alone', async () => {
    const answer = await payment({
      new_authorization_candidates: [
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await vaultCard(stack, merchant, '4242424242424242'),
        },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.authorization).toMatchObject({
      status: 'AUTHORIZED',
      partner_transactions: [{ partner: 'sandbox-card', amount: 3000 }],
    });
  });

  it('refuses a payment with neither split entries nor candidates', async () => {
    const answer = await payment({});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ pointer: '/split' })]);
  });

  it('authorizes a duplicate of an earlier authorization again with its partner token, at its partner', async () => {
    const earlier = await savedWalletAuthorization();
    const leg = earlier.authorization.partner_transactions[0];
    for (const parent of [{ parent_payment_id: earlier.id }, { parent_partner_transaction_id: leg.id }]) {
      const again = await payment({ split: [{ amount: 1200, ...parent }], amount: 1200 });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.authorization).toMatchObject({
        status: 'AUTHORIZED',
        partner_transactions: [
          { partner: 'sandbox-wallet', method: 'wallet', amount: 1200, partner_token: leg.partner_token },
        ],
      });
      expect(again.body.redirection).toBeUndefined();
    }
  });

  it('refuses a duplicate of an authorization that gave no reusable token, or of another entity', async () => {
    const card = await payment({
      split: [
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await vaultCard(stack, merchant, '4242424242424242'),
        },
      ],
    });
    const again = await payment({ split: [{ amount: 3000, parent_payment_id: card.body.id }] });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([
      expect.objectContaining({
        pointer: '/split/0/parent_payment_id',
        detail: expect.stringContaining('allow_future_usage'),
      }),
    ]);
    const stranger = await stack.createMerchant();
    const foreign = await call(stack.baseUrl, 'POST', '/v2/payments', {
      token: await stack.accessToken(stranger),
      body: {
        entity_id: stranger.entity_id,
        amount: 3000,
        currency: 'EUR',
        order: { reference: 'x' },
        split: [{ amount: 3000, parent_payment_id: card.body.id }],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({
      pointer: '/split/0/parent_payment_id',
      detail: 'is not a payment of this entity',
    });
  });

  it('renews a v1 authorization off session with its partner token', async () => {
    const earlier = await savedWalletAuthorization();
    const leg = earlier.authorization.partner_transactions[0];
    const renewed = await call(
      stack.baseUrl,
      'POST',
      `/${merchant.entity_id}/transactions/${leg.id}/off_session_authorize`,
      { token, body: { amount: '9.99' } },
    );
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({
      status: { action: 'OFF_SESSION_AUTHORIZE', state: 'SUCCESS' },
      plugin_result: { amount: 9.99 },
      parent_transaction_id: leg.id,
    });
  });
});

describe('off_session_authorize of API v1 on a card', () => {
  it('renews a card authorization made with allow_future_usage from its partner token, then captures the renewal', async () => {
    const first = await payment({
      allow_future_usage: true,
      split: [
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await vaultCard(stack, merchant, '5555555555554444'),
          three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
        },
      ],
    });
    expect(first.body.authorization?.status, JSON.stringify(first.body)).toBe('AUTHORIZED');
    const leg = first.body.authorization.partner_transactions[0];
    expect(leg.partner_token).toMatch(/^ctok_/);

    const v1 = (method: string, path: string, body?: unknown) =>
      call(stack.baseUrl, method, `/${merchant.entity_id}/transactions/${path}`, {
        token,
        ...(body !== undefined ? { body } : {}),
      });
    const renewed = await v1('POST', `${leg.id}/off_session_authorize`, {
      amount: '12.5000',
      order: { amount: 12.5, currency_code: 'EUR' },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({
      partner: 'sandbox-card',
      method: 'creditcard',
      status: { action: 'OFF_SESSION_AUTHORIZE', state: 'SUCCESS', code: 'SUCCEEDED' },
      plugin_result: { amount: 12.5, currency_code: 'EUR', token: leg.partner_token },
      parent_transaction_id: leg.id,
    });
    expect(renewed.body.id).not.toBe(leg.id);
    // Read later, the renewal is the authorization of a payment of its own, captured like any other.
    expect((await v1('GET', renewed.body.id)).body).toMatchObject({
      status: { action: 'AUTHORIZE', state: 'SUCCESS' },
      plugin_result: { amount: 12.5 },
    });
    const captured = await v1('POST', `${renewed.body.id}/capture`, { amount: 12.5 });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body).toMatchObject({
      status: { action: 'CAPTURE', state: 'SUCCESS' },
      plugin_result: { amount: 12.5 },
      parent_transaction_id: renewed.body.id,
    });
    // The first authorization is untouched: its 30.00 are still to capture.
    expect((await v1('POST', `${leg.id}/capture`, { amount: 30 })).status).toBe(200);

    const withoutToken = await payment({
      split: [
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await vaultCard(stack, merchant, '4242424242424242'),
        },
      ],
    });
    const refused = await v1(
      'POST',
      `${withoutToken.body.authorization.partner_transactions[0].id}/off_session_authorize`,
      { amount: 5 },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'BAD_REQUEST' });
    expect(refused.body.message).toContain('no reusable partner token');
  });
});

describe('paying with a token of the customer’s wallet', () => {
  const wallet = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, path, {
      apiKey: merchant.api_key,
      headers: { 'x-merchant-id': merchant.merchant_id },
      ...(body !== undefined ? { body } : {}),
    });

  async function savedToken(owner: string, value: string) {
    const session = await wallet('POST', '/wallet/v2/session', { owner_reference: owner });
    expect(session.status).toBe(201);
    const added = await wallet('POST', `/wallet/v2/${owner}/sessions/${session.body.session_id}/tokens`, {
      token: value,
      expiration_date: '2031-12-31',
      description: { brand_name: 'SANDBOX WALLET', display_token: 'wallet agreement' },
      payment_id: { partner: 'sandbox-wallet', method: 'wallet' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.id as string;
  }

  it('authorizes with the saved token at its partner, its value never in the payment’s history', async () => {
    const earlier = await savedWalletAuthorization();
    const value: string = earlier.authorization.partner_transactions[0].partner_token;
    const tokenId = await savedToken('CUST-WALLET-1', value);
    const paid = await payment({
      customer: { reference: 'CUST-WALLET-1' },
      split: [{ amount: 3000, wallet_token: tokenId }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.authorization).toMatchObject({
      status: 'AUTHORIZED',
      partner_transactions: [{ partner: 'sandbox-wallet', method: 'wallet', amount: 3000 }],
    });
    expect(paid.body.redirection).toBeUndefined();
    const history = await stack.temporal.workflow.getHandle(`payment/${paid.body.id}`).fetchHistory();
    expect(JSON.stringify(history)).not.toContain(value);
  });

  it('saves what a payment made with allow_future_usage for a known customer can reuse, once, and pays with it again', async () => {
    const first = await payment({
      allow_future_usage: true,
      customer: { reference: 'CUST-SAVED' },
      shopper_redirection_url: 'https://shop.example/back',
      new_authorization_candidates: [{ amount: 3000, partner: 'sandbox-wallet', method: 'wallet' }],
    });
    await completeShopperPage(first.body.redirection.href, 'approve');
    const authorized = await waitForAuthorization(stack, token, first.body.id, 'AUTHORIZED');
    const session = await wallet('POST', '/wallet/v2/session', { owner_reference: 'CUST-SAVED' });
    const listed = await eventually(
      async () => {
        const list = await wallet('GET', `/wallet/v2/CUST-SAVED/sessions/${session.body.session_id}/tokens?vault=true`);
        return list.body.length > 0 ? list.body : undefined;
      },
      { what: 'the saved token', timeoutMs: 20_000 },
    );
    expect(listed).toEqual([
      expect.objectContaining({
        status: 'ACTIVE',
        value: authorized.body.authorization.partner_transactions[0].partner_token,
        payment_id: { partner: 'sandbox-wallet', method: 'wallet' },
      }),
    ]);
    const again = await payment({
      customer: { reference: 'CUST-SAVED' },
      split: [{ amount: 3000, wallet_token: listed[0].id }],
    });
    expect(again.body.authorization.status).toBe('AUTHORIZED');
    // The same agreement paying again with future usage refreshes the one token.
    const second = await payment({
      allow_future_usage: true,
      customer: { reference: 'CUST-SAVED' },
      split: [{ amount: 1000, parent_payment_id: first.body.id }],
      amount: 1000,
    });
    expect(second.body.authorization.status).toBe('AUTHORIZED');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await wallet('GET', `/wallet/v2/CUST-SAVED/sessions/${session.body.session_id}/tokens`)).body).toHaveLength(
      1,
    );
  });

  it('saves a card paid with allow_future_usage as its network and last four digits, then pays with it without the card', async () => {
    const vft = await vaultCard(stack, merchant, '4242424242424242');
    const first = await payment({
      allow_future_usage: true,
      customer: { reference: 'CUST-CARD' },
      split: [
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: vft,
          three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
        },
      ],
    });
    expect(first.body.authorization.status, JSON.stringify(first.body)).toBe('AUTHORIZED');
    const session = await wallet('POST', '/wallet/v2/session', { owner_reference: 'CUST-CARD' });
    const [saved] = await eventually(
      async () => {
        const list = await wallet('GET', `/wallet/v2/CUST-CARD/sessions/${session.body.session_id}/tokens`);
        return list.body.length > 0 ? list.body : undefined;
      },
      { what: 'the saved card', timeoutMs: 20_000 },
    );
    expect(saved).toMatchObject({
      status: 'ACTIVE',
      description: { brand_name: 'VISA', display_token: '**** 4242', holder_name: 'Camille Martin' },
      payment_id: { partner: 'sandbox-card', method: 'creditcard' },
    });
    const again = await payment({
      customer: { reference: 'CUST-CARD' },
      split: [{ amount: 1500, wallet_token: saved.id }],
      amount: 1500,
    });
    expect(again.body.authorization).toMatchObject({
      status: 'AUTHORIZED',
      partner_transactions: [{ partner: 'sandbox-card', card: { last_four_digits: '4242' } }],
    });
  });

  it('saves the same card typed on two payments once: the vault’s fingerprint is its uniqueness token', async () => {
    const paid = async (number: string) => {
      const answer = await payment({
        allow_future_usage: true,
        customer: { reference: 'CUST-TWICE' },
        split: [
          {
            amount: 3000,
            partner: 'sandbox-card',
            method: 'creditcard',
            vault_form_token: await vaultCard(stack, merchant, number),
            three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
          },
        ],
      });
      expect(answer.body.authorization.status, JSON.stringify(answer.body)).toBe('AUTHORIZED');
      return answer.body.authorization.partner_transactions[0].card.fingerprint as string;
    };
    const first = await paid('4242424242424242');
    const second = await paid('4242424242424242');
    const other = await paid('5555555555554444');
    expect(first).toMatch(/^cfp_[A-Za-z0-9_-]{22}$/);
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    const session = await wallet('POST', '/wallet/v2/session', { owner_reference: 'CUST-TWICE' });
    const saved = await eventually(
      async () => {
        const list = await wallet('GET', `/wallet/v2/CUST-TWICE/sessions/${session.body.session_id}/tokens`);
        return list.body.length >= 2 ? list.body : undefined;
      },
      { what: 'two saved cards', timeoutMs: 20_000 },
    );
    // Give a third save the time to land before counting: the two 4242 payments must stay one card.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await wallet('GET', `/wallet/v2/CUST-TWICE/sessions/${session.body.session_id}/tokens`);
    expect(
      after.body.map((token: { description: { display_token: string } }) => token.description.display_token).sort(),
    ).toEqual(['**** 4242', '**** 4444']);
    expect(saved).toHaveLength(2);
  });

  it('refuses an INACTIVE, expired or deleted token, another customer’s, and one of another merchant, at /split/N/wallet_token', async () => {
    const tokenId = await savedToken('CUST-WALLET-2', 'wtok_not_used');
    expect(
      (await payment({ customer: { reference: 'SOMEONE-ELSE' }, split: [{ amount: 3000, wallet_token: tokenId }] }))
        .body.errors,
    ).toEqual([
      expect.objectContaining({
        pointer: '/split/0/wallet_token',
        detail: expect.stringContaining('another customer'),
      }),
    ]);
    expect(
      (await wallet('PATCH', `/wallet/v2/CUST-WALLET-2/tokens/${tokenId}/status`, { status: 'INACTIVE' })).status,
    ).toBe(200);
    const inactive = await payment({
      customer: { reference: 'CUST-WALLET-2' },
      split: [{ amount: 3000, wallet_token: tokenId }],
    });
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors).toEqual([
      expect.objectContaining({ pointer: '/split/0/wallet_token', detail: 'is INACTIVE' }),
    ]);
    const stranger = await stack.createMerchant();
    const foreign = await call(stack.baseUrl, 'POST', '/v2/payments', {
      token: await stack.accessToken(stranger),
      body: {
        entity_id: stranger.entity_id,
        amount: 3000,
        currency: 'EUR',
        order: { reference: 'x' },
        split: [{ amount: 3000, wallet_token: tokenId }],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      expect.objectContaining({ pointer: '/split/0/wallet_token', detail: 'is not a wallet token of this merchant' }),
    ]);

    const refusedAs = async (id: string, detail: string) => {
      const answer = await payment({
        customer: { reference: 'CUST-WALLET-3' },
        split: [{ amount: 3000, wallet_token: id }],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ pointer: '/split/0/wallet_token', detail })]);
    };
    const expiring = await savedToken('CUST-WALLET-3', 'wtok_expiring');
    await stack.sql`update wallet_tokens set expiration_date = now() - interval '1 second' where id = ${expiring}`;
    await refusedAs(expiring, 'is expired');
    const deleted = await savedToken('CUST-WALLET-3', 'wtok_deleted');
    expect((await wallet('DELETE', `/wallet/v2/CUST-WALLET-3/tokens/${deleted}`)).status).toBe(204);
    await refusedAs(deleted, 'is not a wallet token of this merchant');
  });
});

describe('the checkout’s saved means of payment', () => {
  it('lists the session customer’s active saved cards for the browser, pays with one, and lets the shopper remove one', async () => {
    const vft = await vaultCard(stack, merchant, '5555555555554444');
    const saving = await payment({
      allow_future_usage: true,
      customer: { reference: 'CUST-CHECKOUT' },
      split: [
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: vft,
          three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
        },
      ],
    });
    expect(saving.body.authorization.status).toBe('AUTHORIZED');
    const session = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token,
      body: {
        entity_id: merchant.entity_id,
        amount: 2000,
        currency: 'EUR',
        order: { reference: 'checkout-saved' },
        shopper_redirection_url: 'https://shop.example/back',
        customer: { reference: 'CUST-CHECKOUT' },
      },
    });
    const browser = { apiKey: merchant.publishable_key };
    const saved = await eventually(
      async () => {
        const list = await call(
          stack.baseUrl,
          'GET',
          `/checkout/v1/sessions/${session.body.id}/saved-methods`,
          browser,
        );
        return list.body.length > 0 ? list.body : undefined;
      },
      { what: 'the saved card', timeoutMs: 20_000 },
    );
    expect(saved).toEqual([
      expect.objectContaining({
        partner: 'sandbox-card',
        method: 'creditcard',
        brand_name: 'MASTERCARD',
        display_token: '**** 4444',
        favorite: false,
      }),
    ]);
    expect(JSON.stringify(saved)).not.toContain('ctok_');
    const paid = await call(stack.baseUrl, 'POST', `/checkout/v1/sessions/${session.body.id}/payments`, {
      ...browser,
      body: { split: [{ amount: 2000, partner: 'sandbox-card', method: 'creditcard', wallet_token: saved[0].id }] },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.payment.authorization.status).toBe('AUTHORIZED');
    expect(
      (
        await call(
          stack.baseUrl,
          'DELETE',
          `/checkout/v1/sessions/${session.body.id}/saved-methods/${saved[0].id}`,
          browser,
        )
      ).status,
    ).toBe(204);
    expect(
      (await call(stack.baseUrl, 'GET', `/checkout/v1/sessions/${session.body.id}/saved-methods`, browser)).body,
    ).toEqual([]);
    expect(
      (
        await call(
          stack.baseUrl,
          'DELETE',
          `/checkout/v1/sessions/${session.body.id}/saved-methods/${saved[0].id}`,
          browser,
        )
      ).status,
    ).toBe(404);
  });
});
