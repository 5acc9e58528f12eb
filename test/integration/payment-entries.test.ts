// The kinds of what a payment is made of, as POST /v2/payments takes them: new authorization
// candidates alone, duplicates of an earlier authorization (authorized again with its partner
// token), what v1's off_session_authorize builds on the same duplicates, and foreign authorizations
// made at the partner outside Tessera (parent_partner_reference), taken over once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerCallActivities, type AuthorizeLegInput } from '../../activities/payments/partner-calls';
import { partnersFor } from '../../activities/partners-config';
import type { TesseraClient, V2Components } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { call, eventually } from '../support/api-client';
import { completeShopperPage, vaultCard, waitForAuthorization } from '../support/payments';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;
let tessera: TesseraClient;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant();
  token = await stack.accessToken(merchant);
  tessera = stack.client({ accessToken: token });
});
afterAll(async () => stack?.close());

const payment = (body: Partial<V2Components['schemas']['CreatePaymentRequest']>, client = tessera, entityId?: string) =>
  client.v2.POST('/v2/payments', {
    body: {
      entity_id: entityId ?? merchant.entity_id,
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
  expect(first.response.status, JSON.stringify(first.error)).toBe(201);
  await completeShopperPage(first.data!.redirection!.href, 'approve');
  return waitForAuthorization(stack, token, first.data!.id, 'AUTHORIZED');
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
    expect(answer.response.status, JSON.stringify(answer.error)).toBe(201);
    expect(answer.data?.authorization).toMatchObject({
      status: 'AUTHORIZED',
      partner_transactions: [{ partner: 'sandbox-card', amount: 3000 }],
    });
  });

  it('names a candidate by its own place in the request when it cannot be authorized', async () => {
    const card = { partner: 'sandbox-card', method: 'creditcard' } as const;
    const answer = await payment({
      split: [{ amount: 1500, ...card, vault_form_token: await vaultCard(stack, merchant, '4242424242424242') }],
      new_authorization_candidates: [{ amount: 1500, ...card, vault_form_token: 'vft_unknown' }],
    });
    expect(answer.response.status).toBe(400);
    expect(answer.error?.errors).toEqual([
      expect.objectContaining({ pointer: '/new_authorization_candidates/0/vault_form_token' }),
    ]);
    const alone = await payment({
      new_authorization_candidates: [{ amount: 3000, ...card, vault_form_token: 'vft_x' }],
    });
    expect(alone.error?.errors).toEqual([
      expect.objectContaining({ pointer: '/new_authorization_candidates/0/vault_form_token' }),
    ]);
  });

  it('refuses a payment with neither split entries nor candidates', async () => {
    const answer = await payment({});
    expect(answer.response.status).toBe(400);
    expect(answer.error?.errors).toEqual([expect.objectContaining({ pointer: '/split' })]);
  });

  it('authorizes a duplicate of an earlier authorization again with its partner token, at its partner', async () => {
    const earlier = await savedWalletAuthorization();
    const leg = earlier.authorization!.partner_transactions[0]!;
    for (const parent of [{ parent_payment_id: earlier.id }, { parent_partner_transaction_id: leg.id }]) {
      const again = await payment({ split: [{ amount: 1200, ...parent }], amount: 1200 });
      expect(again.response.status, JSON.stringify(again.error)).toBe(201);
      expect(again.data?.authorization).toMatchObject({
        status: 'AUTHORIZED',
        partner_transactions: [
          { partner: 'sandbox-wallet', method: 'wallet', amount: 1200, partner_token: leg.partner_token },
        ],
      });
      expect(again.data?.redirection).toBeUndefined();
      // The stored split element keeps what it named, the link back to the earlier authorization.
      expect(again.data?.split).toEqual([
        {
          partner: 'sandbox-wallet',
          method: 'wallet',
          amount: 1200,
          ...parent,
          parent_partner_token: leg.partner_token,
        },
      ]);
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
    const again = await payment({ split: [{ amount: 3000, parent_payment_id: card.data!.id }] });
    expect(again.response.status).toBe(400);
    expect(again.error?.errors).toEqual([
      expect.objectContaining({
        pointer: '/split/0/parent_payment_id',
        detail: expect.stringContaining('allow_future_usage'),
      }),
    ]);
    const stranger = await stack.createMerchant();
    const foreign = await payment(
      { order: { reference: 'x' }, split: [{ amount: 3000, parent_payment_id: card.data!.id }] },
      stack.client({ accessToken: await stack.accessToken(stranger) }),
      stranger.entity_id,
    );
    expect(foreign.response.status).toBe(400);
    expect(foreign.error?.errors?.[0]).toMatchObject({
      pointer: '/split/0/parent_payment_id',
      detail: 'is not a payment of this entity',
    });
  });

  it("refuses another entity's partner token before the payment starts, and at the partner call", async () => {
    const earlier = await savedWalletAuthorization();
    const partnerToken = earlier.authorization!.partner_transactions[0]!.partner_token!;
    const byToken = { amount: 3000, partner: 'sandbox-wallet', method: 'wallet', parent_partner_token: partnerToken };
    const own = await payment({ split: [byToken] });
    expect(own.response.status, JSON.stringify(own.error)).toBe(201);
    expect(own.data?.authorization?.status).toBe('AUTHORIZED');

    const stranger = await stack.createMerchant();
    const foreign = await payment(
      { split: [byToken] },
      stack.client({ accessToken: await stack.accessToken(stranger) }),
      stranger.entity_id,
    );
    expect(foreign.response.status).toBe(400);
    expect(foreign.error?.errors).toEqual([
      { pointer: '/split/0/parent_partner_token', detail: 'is not a token of this entity' },
    ]);
    // The path that holds for all (a token in the stranger's wallet, a payment started before the
    // token was recorded): the partner is not asked.
    const { authorizeLeg } = createPartnerCallActivities({
      sql: stack.sql,
      encryptionKey: stack.config.encryptionKey,
      partners: partnersFor(stack.config),
    });
    await expect(
      authorizeLeg({
        entity_id: stranger.entity_id,
        idempotency_key: `payment/${randomUUID()}/auth/${randomUUID()}`,
        partner: 'sandbox-wallet',
        method: 'wallet',
        amount: 3000,
        currency: 'EUR',
        instrument: { kind: 'partner-token', partner_token: partnerToken },
        order_reference: 'foreign-token',
        return_url: 'http://127.0.0.1:9/return',
        notification_url: 'http://127.0.0.1:9/notify',
      }),
    ).rejects.toMatchObject({ type: 'InstrumentUnavailable', message: 'the partner token is not one of this entity' });
    // The table holds no token, only hashes keyed with the platform key.
    const rows = await stack.sql<{ token_hash: Buffer }[]>`select token_hash from partner_token_owners`;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash.toString('utf8').includes(partnerToken))).toBe(false);
  });

  it('renews a v1 authorization off session with its partner token', async () => {
    const earlier = await savedWalletAuthorization();
    const leg = earlier.authorization!.partner_transactions[0]!;
    // API v1 at the host root, as the shop plugins call it (not in the v1 OpenAPI document's paths).
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
    expect(first.data?.authorization?.status, JSON.stringify(first.error)).toBe('AUTHORIZED');
    const leg = first.data!.authorization!.partner_transactions[0]!;
    expect(leg.partner_token).toMatch(/^ctok_/);

    // API v1 at the host root, as the shop plugins call it (not in the v1 OpenAPI document's paths).
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
      `${withoutToken.data!.authorization!.partner_transactions[0]!.id}/off_session_authorize`,
      { amount: 5 },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'BAD_REQUEST' });
    expect(refused.body.message).toContain('no reusable partner token');
  });
});

describe('paying with a token of the customer’s wallet', () => {
  const wallet = () => stack.client({ apiKey: merchant.api_key }).wallet;
  const merchantHeader = () => ({ 'x-merchant-id': merchant.merchant_id });
  const walletSession = async (owner: string) => {
    const session = await wallet().POST('/wallet/v2/session', {
      params: { header: merchantHeader() },
      body: { owner_reference: owner },
    });
    return { ...session, id: session.data?.session_id ?? 'none' };
  };
  const savedTokens = async (owner: string, sessionId: string, query: { vault?: 'true' } = {}) =>
    (
      await wallet().GET('/wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens', {
        params: { header: merchantHeader(), path: { customer_id: owner, wallet_session_id: sessionId }, query },
      })
    ).data ?? [];

  async function savedToken(owner: string, value: string) {
    const session = await walletSession(owner);
    expect(session.response.status).toBe(201);
    const added = await wallet().POST('/wallet/v2/{customer_id}/sessions/{wallet_session_id}/tokens', {
      params: { header: merchantHeader(), path: { customer_id: owner, wallet_session_id: session.id } },
      body: {
        token: value,
        expiration_date: '2031-12-31',
        description: { brand_name: 'SANDBOX WALLET', display_token: 'wallet agreement' },
        payment_id: { partner: 'sandbox-wallet', method: 'wallet' },
      },
    });
    expect(added.response.status, JSON.stringify(added.error)).toBe(201);
    return added.data!.id;
  }

  it('authorizes with the saved token at its partner, its value never in the payment’s history', async () => {
    const earlier = await savedWalletAuthorization();
    const value = earlier.authorization!.partner_transactions[0]!.partner_token!;
    const tokenId = await savedToken('CUST-WALLET-1', value);
    const paid = await payment({
      customer: { reference: 'CUST-WALLET-1' },
      split: [{ amount: 3000, wallet_token: tokenId }],
    });
    expect(paid.response.status, JSON.stringify(paid.error)).toBe(201);
    expect(paid.data?.authorization).toMatchObject({
      status: 'AUTHORIZED',
      partner_transactions: [{ partner: 'sandbox-wallet', method: 'wallet', amount: 3000 }],
    });
    expect(paid.data?.redirection).toBeUndefined();
    const history = await stack.temporal.workflow.getHandle(`payment/${paid.data!.id}`).fetchHistory();
    expect(JSON.stringify(history)).not.toContain(value);
  });

  it('saves what a payment made with allow_future_usage for a known customer can reuse, once, and pays with it again', async () => {
    const first = await payment({
      allow_future_usage: true,
      customer: { reference: 'CUST-SAVED' },
      shopper_redirection_url: 'https://shop.example/back',
      new_authorization_candidates: [{ amount: 3000, partner: 'sandbox-wallet', method: 'wallet' }],
    });
    await completeShopperPage(first.data!.redirection!.href, 'approve');
    const authorized = await waitForAuthorization(stack, token, first.data!.id, 'AUTHORIZED');
    const session = await walletSession('CUST-SAVED');
    const listed = await eventually(
      async () => {
        const list = await savedTokens('CUST-SAVED', session.id, { vault: 'true' });
        return list.length > 0 ? list : undefined;
      },
      { what: 'the saved token', timeoutMs: 20_000 },
    );
    expect(listed).toEqual([
      expect.objectContaining({
        status: 'ACTIVE',
        value: authorized.authorization?.partner_transactions[0]?.partner_token,
        payment_id: { partner: 'sandbox-wallet', method: 'wallet' },
      }),
    ]);
    const again = await payment({
      customer: { reference: 'CUST-SAVED' },
      split: [{ amount: 3000, wallet_token: listed[0]!.id }],
    });
    expect(again.data?.authorization?.status).toBe('AUTHORIZED');
    // The same agreement paying again with future usage refreshes the one token.
    const second = await payment({
      allow_future_usage: true,
      customer: { reference: 'CUST-SAVED' },
      split: [{ amount: 1000, parent_payment_id: first.data!.id }],
      amount: 1000,
    });
    expect(second.data?.authorization?.status).toBe('AUTHORIZED');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await savedTokens('CUST-SAVED', session.id)).toHaveLength(1);
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
    expect(first.data?.authorization?.status, JSON.stringify(first.error)).toBe('AUTHORIZED');
    const session = await walletSession('CUST-CARD');
    const [saved] = await eventually(
      async () => {
        const list = await savedTokens('CUST-CARD', session.id);
        return list.length > 0 ? list : undefined;
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
      split: [{ amount: 1500, wallet_token: saved!.id }],
      amount: 1500,
    });
    expect(again.data?.authorization).toMatchObject({
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
      expect(answer.data?.authorization?.status, JSON.stringify(answer.error)).toBe('AUTHORIZED');
      return answer.data?.authorization?.partner_transactions[0]?.card?.fingerprint;
    };
    const first = await paid('4242424242424242');
    const second = await paid('4242424242424242');
    const other = await paid('5555555555554444');
    expect(first).toMatch(/^cfp_[A-Za-z0-9_-]{22}$/);
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    const session = await walletSession('CUST-TWICE');
    const saved = await eventually(
      async () => {
        const list = await savedTokens('CUST-TWICE', session.id);
        return list.length >= 2 ? list : undefined;
      },
      { what: 'two saved cards', timeoutMs: 20_000 },
    );
    // Give a third save the time to land before counting: the two 4242 payments must stay one card.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await savedTokens('CUST-TWICE', session.id);
    expect(after.map((token) => token.description.display_token).sort()).toEqual(['**** 4242', '**** 4444']);
    expect(saved).toHaveLength(2);
  });

  it('refuses an INACTIVE, expired or deleted token, another customer’s, one without a customer, and one of another merchant, at /split/N/wallet_token', async () => {
    const tokenId = await savedToken('CUST-WALLET-2', 'wtok_not_used');
    expect(
      (await payment({ customer: { reference: 'SOMEONE-ELSE' }, split: [{ amount: 3000, wallet_token: tokenId }] }))
        .error?.errors,
    ).toEqual([
      expect.objectContaining({
        pointer: '/split/0/wallet_token',
        detail: expect.stringContaining('another customer'),
      }),
    ]);
    const guest = await payment({ split: [{ amount: 3000, wallet_token: tokenId }] });
    expect(guest.response.status).toBe(400);
    expect(guest.error?.errors).toEqual([
      expect.objectContaining({
        pointer: '/split/0/wallet_token',
        detail: expect.stringContaining('customer.reference'),
      }),
    ]);
    expect(
      (
        await wallet().PATCH('/wallet/v2/{customer_id}/tokens/{token_id}/status', {
          params: { header: merchantHeader(), path: { customer_id: 'CUST-WALLET-2', token_id: tokenId } },
          body: { status: 'INACTIVE' },
        })
      ).response.status,
    ).toBe(200);
    const inactive = await payment({
      customer: { reference: 'CUST-WALLET-2' },
      split: [{ amount: 3000, wallet_token: tokenId }],
    });
    expect(inactive.response.status).toBe(400);
    expect(inactive.error?.errors).toEqual([
      expect.objectContaining({ pointer: '/split/0/wallet_token', detail: 'is INACTIVE' }),
    ]);
    const stranger = await stack.createMerchant();
    const foreign = await payment(
      { order: { reference: 'x' }, split: [{ amount: 3000, wallet_token: tokenId }] },
      stack.client({ accessToken: await stack.accessToken(stranger) }),
      stranger.entity_id,
    );
    expect(foreign.response.status).toBe(400);
    expect(foreign.error?.errors).toEqual([
      expect.objectContaining({ pointer: '/split/0/wallet_token', detail: 'is not a wallet token of this merchant' }),
    ]);

    const refusedAs = async (id: string, detail: string) => {
      const answer = await payment({
        customer: { reference: 'CUST-WALLET-3' },
        split: [{ amount: 3000, wallet_token: id }],
      });
      expect(answer.response.status, JSON.stringify(answer.data)).toBe(400);
      expect(answer.error?.errors).toEqual([expect.objectContaining({ pointer: '/split/0/wallet_token', detail })]);
    };
    const expiring = await savedToken('CUST-WALLET-3', 'wtok_expiring');
    await stack.sql`update wallet_tokens set expiration_date = now() - interval '1 second' where id = ${expiring}`;
    await refusedAs(expiring, 'is expired');
    const deleted = await savedToken('CUST-WALLET-3', 'wtok_deleted');
    expect(
      (
        await wallet().DELETE('/wallet/v2/{customer_id}/tokens/{token_id}', {
          params: { header: merchantHeader(), path: { customer_id: 'CUST-WALLET-3', token_id: deleted } },
        })
      ).response.status,
    ).toBe(204);
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
    expect(saving.data?.authorization?.status).toBe('AUTHORIZED');
    const { data: session } = await tessera.v2.POST('/v2/client-sessions', {
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
        const list = await call(stack.baseUrl, 'GET', `/checkout/v1/sessions/${session!.id}/saved-methods`, browser);
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
    const paid = await call(stack.baseUrl, 'POST', `/checkout/v1/sessions/${session!.id}/payments`, {
      ...browser,
      body: { split: [{ amount: 2000, partner: 'sandbox-card', method: 'creditcard', wallet_token: saved[0].id }] },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.payment.authorization.status).toBe('AUTHORIZED');
    // A guest's checkout, holding the id of that customer's saved card, cannot pay with it.
    const { data: guestSession } = await tessera.v2.POST('/v2/client-sessions', {
      body: {
        entity_id: merchant.entity_id,
        amount: 2000,
        currency: 'EUR',
        order: { reference: 'checkout-guest' },
        shopper_redirection_url: 'https://shop.example/back',
      },
    });
    const guestPaid = await call(stack.baseUrl, 'POST', `/checkout/v1/sessions/${guestSession!.id}/payments`, {
      ...browser,
      body: { split: [{ amount: 2000, partner: 'sandbox-card', method: 'creditcard', wallet_token: saved[0].id }] },
    });
    expect(guestPaid.status, JSON.stringify(guestPaid.body)).toBe(400);
    expect(guestPaid.body.errors).toEqual([expect.objectContaining({ pointer: '/split/0/wallet_token' })]);
    expect(JSON.stringify(guestPaid.body)).not.toMatch(/4444|MASTERCARD/);
    expect(
      (
        await call(
          stack.baseUrl,
          'DELETE',
          `/checkout/v1/sessions/${session!.id}/saved-methods/${saved[0].id}`,
          browser,
        )
      ).status,
    ).toBe(204);
    expect(
      (await call(stack.baseUrl, 'GET', `/checkout/v1/sessions/${session!.id}/saved-methods`, browser)).body,
    ).toEqual([]);
    expect(
      (
        await call(
          stack.baseUrl,
          'DELETE',
          `/checkout/v1/sessions/${session!.id}/saved-methods/${saved[0].id}`,
          browser,
        )
      ).status,
    ).toBe(404);
  });
});

describe('adopting a foreign authorization (parent_partner_reference)', () => {
  /** An authorization made at the sandbox partner directly, as the merchant's other systems would. */
  async function foreignAuthorization(amount: number, currency = 'EUR', number = '4242424242424242') {
    const response = await fetch(`${stack.sandbox.url}/v1/sandbox-card/authorizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `foreign-${randomUUID()}` },
      body: JSON.stringify({
        method: 'creditcard',
        amount,
        currency,
        card: { number, expiry_month: '12', expiry_year: '30', cvv: '123' },
      }),
    });
    const wire: { reference: string; status: string; redirection: { href: string } | null } = await response.json();
    return wire;
  }
  const foreignReference = async (amount: number, currency = 'EUR') => {
    const wire = await foreignAuthorization(amount, currency);
    expect(wire.status).toBe('AUTHORIZED');
    return wire.reference;
  };
  /** The authorization's amounts as the partner holds them. */
  async function atPartner(reference: string) {
    const response = await fetch(`${stack.sandbox.url}/v1/transactions/${encodeURIComponent(reference)}`);
    const wire: { amounts: { captured: number; voided: number; available_to_capture: number } } = await response.json();
    return wire.amounts;
  }
  const adopting = (reference: string, amount = 300, client = tessera, entityId?: string) =>
    payment(
      {
        amount,
        split: [{ amount, partner: 'sandbox-card', method: 'creditcard', parent_partner_reference: reference }],
      },
      client,
      entityId,
    );
  const captureOf = (id: string, amount: number) =>
    tessera.v2.POST('/v2/payments/{id}/captures', { params: { path: { id } }, body: { amount } });
  async function otherMerchant() {
    const other = await stack.createMerchant();
    return { other, client: stack.client({ accessToken: await stack.accessToken(other) }) };
  }
  const refusedAdoption = (answer: Awaited<ReturnType<typeof payment>>, detail: string) => {
    expect(answer.response.status, JSON.stringify(answer.error)).toBe(201);
    expect(answer.data?.authorization?.status).toBe('ERROR');
    expect(answer.data?.amounts).toMatchObject({ total_authorized: 0, available_to_capture: 0 });
    const [leg] = answer.data!.authorization!.partner_transactions;
    expect(leg?.partner_status_description).toContain(detail);
    // The leg never records the reference as its own: it holds nothing of it.
    expect(leg?.partner_reference).toBeUndefined();
  };

  it('takes over the entry’s amount of a bigger authorization and never captures or voids the rest', async () => {
    const reference = await foreignReference(1000);
    const adopted = await adopting(reference, 300);
    expect(adopted.response.status, JSON.stringify(adopted.error)).toBe(201);
    expect(adopted.data?.authorization).toMatchObject({
      status: 'AUTHORIZED',
      partner_transactions: [{ partner_reference: reference, amount: 300, remaining_amount: 300 }],
    });
    expect(adopted.data?.amounts).toMatchObject({ total_authorized: 300, available_to_capture: 300 });
    const id = adopted.data!.id;

    const tooMuch = await captureOf(id, 1000);
    expect(tooMuch.response.status).toBe(400);
    const captured = await captureOf(id, 200);
    expect(captured.response.status, JSON.stringify(captured.error)).toBe(201);
    const voided = await tessera.v2.POST('/v2/payments/{id}/voids', {
      params: { path: { id } },
      body: { amount: 100 },
    });
    expect(voided.response.status, JSON.stringify(voided.error)).toBe(201);
    expect(voided.data?.amounts).toMatchObject({ total_captured: 200, total_voided: 100, available_to_capture: 0 });
    // The 700 the entry did not take are still the merchant's at the partner.
    expect(await atPartner(reference)).toMatchObject({ captured: 200, voided: 100, available_to_capture: 700 });
  });

  it('scopes an authorization adopted while PENDING to the entry once the partner authorizes it', async () => {
    const pending = await foreignAuthorization(1000, 'EUR', '4000002760003184');
    expect(pending.status).toBe('PENDING');
    const adopted = await adopting(pending.reference, 300);
    expect(adopted.data?.authorization?.status, JSON.stringify(adopted.error)).toBe('PENDING');
    await completeShopperPage(pending.redirection!.href, 'complete');
    const authorized = await waitForAuthorization(stack, token, adopted.data!.id, 'AUTHORIZED');
    expect(authorized.amounts).toMatchObject({ total_authorized: 300, available_to_capture: 300 });
    expect((await captureOf(adopted.data!.id, 1000)).response.status).toBe(400);
  });

  it('refuses an authorization that cannot cover the entry, and leaves it untouched at the partner', async () => {
    const reference = await foreignReference(200);
    refusedAdoption(await adopting(reference, 300), 'less than the entry');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await atPartner(reference)).toMatchObject({ captured: 0, voided: 0, available_to_capture: 200 });
  });

  it('refuses an authorization in another currency than the payment’s', async () => {
    const reference = await foreignReference(1000, 'JPY');
    refusedAdoption(await adopting(reference, 300), 'in JPY');
    // Refused, the reference is not claimed: a payment in its own currency may still adopt it.
    const yen = await payment({
      amount: 1000,
      currency: 'JPY',
      order: { reference: 'yen', net_amount: 1000 },
      split: [{ amount: 1000, partner: 'sandbox-card', method: 'creditcard', parent_partner_reference: reference }],
    });
    expect(yen.data?.authorization?.status, JSON.stringify(yen.error)).toBe('AUTHORIZED');
  });

  it('adopts a reference once: a second payment, of the same entity or another, is refused', async () => {
    const reference = await foreignReference(1000);
    const first = await adopting(reference, 300);
    expect(first.data?.authorization?.status, JSON.stringify(first.error)).toBe('AUTHORIZED');
    refusedAdoption(await adopting(reference, 300), 'already an authorization of another Tessera payment');
    const { other, client } = await otherMerchant();
    refusedAdoption(
      await adopting(reference, 300, client, other.entity_id),
      'already an authorization of another Tessera payment',
    );
    const captured = await captureOf(first.data!.id, 300);
    expect(captured.response.status, JSON.stringify(captured.error)).toBe(201);
    expect(captured.data?.amounts.total_captured).toBe(300);
  });

  it('refuses to adopt an authorization Tessera made for a payment, of another entity or the same', async () => {
    const held = await payment({
      split: [
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await vaultCard(stack, merchant, '4242424242424242'),
        },
      ],
    });
    expect(held.data?.authorization?.status, JSON.stringify(held.error)).toBe('AUTHORIZED');
    const reference = held.data!.authorization!.partner_transactions[0]!.partner_reference!;
    const { other, client } = await otherMerchant();
    refusedAdoption(await adopting(reference, 3000, client, other.entity_id), 'already an authorization');
    refusedAdoption(await adopting(reference, 3000), 'already an authorization');
    // Nobody else could void it: the payment's own capture takes all of it.
    const captured = await captureOf(held.data!.id, 3000);
    expect(captured.response.status, JSON.stringify(captured.error)).toBe(201);
    expect(captured.data?.overview.captured).toBe('TOTALLY');
  });

  it('answers a retry of the adopting activity again, and refuses another leg’s', async () => {
    const reference = await foreignReference(1000);
    const { authorizeLeg } = createPartnerCallActivities({
      sql: stack.sql,
      encryptionKey: stack.config.encryptionKey,
      partners: partnersFor(stack.config),
    });
    const input: AuthorizeLegInput = {
      entity_id: merchant.entity_id,
      idempotency_key: `payment/${randomUUID()}/auth/${randomUUID()}`,
      partner: 'sandbox-card',
      method: 'creditcard',
      amount: 300,
      currency: 'EUR',
      instrument: { kind: 'partner-reference', partner_reference: reference },
      order_reference: 'adoption-retry',
      return_url: 'http://127.0.0.1:9/return',
      notification_url: 'http://127.0.0.1:9/notify',
    };
    const first = await authorizeLeg(input);
    expect(first).toMatchObject({ status: 'AUTHORIZED', authorized_amount: 300, partner_reference: reference });
    // What a worker that crashed before recording the answer does: the very same call again.
    expect(await authorizeLeg(input)).toEqual(first);
    await expect(
      authorizeLeg({ ...input, idempotency_key: `payment/${randomUUID()}/auth/${randomUUID()}` }),
    ).rejects.toMatchObject({
      type: 'InstrumentUnavailable',
      nonRetryable: true,
      message: expect.stringContaining('already an authorization'),
    });
  });
});
