// Payments over HTTP against the real Temporal server, PostgreSQL and the sandbox partner network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { CreatedMerchant } from '../../db/merchants';
import { encrypt } from '../../platform/secrets';
import { call, eventually } from '../support/api-client';
import { cardPayment, completeShopperPage, vaultCard, waitForAuthorization } from '../support/payments';
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

const createPayment = (body: unknown, headers: Record<string, string> = {}) =>
  call(stack.baseUrl, 'POST', '/v2/payments', { token, body, headers });
const operate = (
  id: string,
  kind: 'captures' | 'voids' | 'refunds',
  body: unknown,
  headers: Record<string, string> = {},
) => call(stack.baseUrl, 'POST', `/v2/payments/${id}/${kind}`, { token, body, headers });
const ledger = async (reference: string) => {
  const response = await fetch(`${stack.sandbox.url}/ledger?authorization_reference=${encodeURIComponent(reference)}`);
  const json: { entries: { type: string; amount: number; status: string }[] } = await response.json();
  return json.entries;
};
const cardPaymentWith = async (number: string, overrides: Record<string, unknown> = {}) =>
  createPayment(cardPayment(merchant.entity_id, await vaultCard(stack, merchant, number), overrides));

describe('card authorization', () => {
  it('authorizes an approved card and shows it without the card number', async () => {
    const answer = await cardPaymentWith('4242424242424242');
    expect(answer.status).toBe(201);
    const payment = answer.body;
    expect(payment.authorization.status).toBe('AUTHORIZED');
    expect(payment.amounts).toEqual({
      authorize_pending: 0,
      total_authorized: 10000,
      total_voided: 0,
      available_to_void: 10000,
      total_captured: 0,
      available_to_capture: 10000,
      total_refunded: 0,
      available_to_refund: 0,
      total_disputed: 0,
      total_charged_back: 0,
    });
    expect(payment.overview).toEqual({ consumed: 'NOT', captured: 'NOT', voided: 'NOT', refunded: 'NOT' });
    const [leg] = payment.authorization.partner_transactions;
    expect(leg).toMatchObject({
      partner: 'sandbox-card',
      method: 'creditcard',
      status: 'AUTHORIZED',
      amount: 10000,
      remaining_amount: 10000,
    });
    expect(leg.card).toMatchObject({ bin: '424242', last_four_digits: '4242' });
    expect(JSON.stringify(payment)).not.toContain('4242424242424242');
    expect(payment.redirection).toBeUndefined();
    expect(payment.links.capture).toBe(`${stack.baseUrl}/v2/payments/${payment.id}/captures`);
    expect(answer.headers.get('location')).toBe(payment.links.self);
  });

  it.each([
    ['4000000000000002', 'REJECTED_BANK'],
    ['4000000000009995', 'INSUFFICIENT_FUNDS'],
    ['4000000000000069', 'CARD_EXPIRED'],
  ])('refuses card %s (%s) and holds nothing', async (number, reason) => {
    const answer = await cardPaymentWith(number);
    expect(answer.status).toBe(201);
    expect(answer.body.authorization.status).toBe('REFUSED');
    expect(answer.body.authorization.partner_transactions[0].partner_additional_data.refusal_reason).toBe(reason);
    expect(answer.body.amounts.total_authorized).toBe(0);
    expect(answer.body.links.capture).toBeUndefined();
  });

  it('authorizes a frictionless 3DS card with its authentication', async () => {
    const answer = await cardPaymentWith('4000000000003220');
    expect(answer.body.authorization.status).toBe('AUTHORIZED');
    expect(answer.body.authentication).toMatchObject({ status: 'SUCCESS', flow: 'FRICTIONLESS', eci: '05' });
  });

  it('waits on a 3DS challenge, then authorizes once the shopper completes it and returns signed', async () => {
    const created = await cardPaymentWith('4000002760003184');
    expect(created.body.authorization.status).toBe('PENDING');
    expect(created.body.redirection).toMatchObject({ method: 'GET' });
    const done = await completeShopperPage(created.body.redirection.href, 'complete');
    expect(done.status).toBe(303);
    const returnUrl = done.headers.get('location')!;
    expect(returnUrl).toContain(`/v2/payments/${created.body.id}/return`);

    // The browser follows the partner back to Tessera, which sends it on to the merchant.
    const back = await fetch(returnUrl, { redirect: 'manual' });
    expect(back.status).toBe(303);
    const merchantReturn = new URL(back.headers.get('location')!);
    expect(merchantReturn.origin + merchantReturn.pathname).toBe('https://shop.example/return');
    const jws = merchantReturn.searchParams.get('purse-redirection-data')!;
    const keys = createRemoteJWKSet(new URL(`${stack.baseUrl}/v2/signing-jwks`), {
      headers: { 'x-api-key': merchant.api_key },
    });
    const { payload } = await jwtVerify(jws, keys, { issuer: 'tessera', audience: merchant.entity_id });
    expect(payload).toMatchObject({ payment_id: created.body.id, authorization_status: 'AUTHORIZED' });

    const read = await waitForAuthorization(stack, token, created.body.id, 'AUTHORIZED');
    expect(read.body.authentication).toMatchObject({ status: 'SUCCESS', flow: 'CHALLENGE' });
    expect(read.body.redirection).toBeUndefined();
  });

  it('refuses the payment when the shopper fails the 3DS challenge', async () => {
    const created = await cardPaymentWith('4000002760003184');
    await completeShopperPage(created.body.redirection.href, 'fail');
    const read = await waitForAuthorization(stack, token, created.body.id, 'REFUSED');
    expect(read.body.authentication.status).toBe('FAILURE');
  });

  it('settles an UNCERTAIN authorization by polling the partner', async () => {
    const created = await cardPaymentWith('4000000000000119');
    expect(created.body.authorization.status).toBe('UNCERTAIN');
    const read = await waitForAuthorization(stack, token, created.body.id, 'AUTHORIZED');
    expect(read.body.amounts.total_authorized).toBe(10000);
  });
});

describe('operations', () => {
  it('captures in parts, then refunds down to zero, amounts consistent at every step', async () => {
    const { body: payment } = await cardPaymentWith('5555555555554444');
    const first = await operate(payment.id, 'captures', { amount: 4000, merchant_reference: 'cap-1' });
    expect(first.status).toBe(201);
    const firstId = first.headers.get('x-created-operation-id');
    expect(first.body.captures).toHaveLength(1);
    expect(first.body.captures[0]).toMatchObject({
      id: firstId,
      amount: 4000,
      status: 'SUCCESS',
      triggered_by: 'MERCHANT',
      merchant_reference: 'cap-1',
    });
    expect(first.body.overview.captured).toBe('PARTIALLY');
    const second = await operate(payment.id, 'captures', { amount: 6000 });
    expect(second.body.amounts).toMatchObject({
      total_captured: 10000,
      available_to_capture: 0,
      available_to_refund: 10000,
    });
    expect(second.body.overview.captured).toBe('TOTALLY');

    const refund = await operate(payment.id, 'refunds', { amount: 2500 });
    expect(refund.body.amounts).toMatchObject({ total_refunded: 2500, available_to_refund: 7500 });
    expect(refund.body.overview.refunded).toBe('PARTIALLY');
    const rest = await operate(payment.id, 'refunds', { amount: 7500 });
    expect(rest.body.amounts).toMatchObject({ total_refunded: 10000, available_to_refund: 0 });
    expect(rest.body.overview.refunded).toBe('TOTALLY');

    const entries = await ledger(payment.authorization.partner_transactions[0].partner_reference);
    const moved = (type: string) =>
      entries.filter((e) => e.type === type && e.status === 'SUCCESS').reduce((sum, e) => sum + e.amount, 0);
    expect(moved('CAPTURE')).toBe(10000);
    expect(moved('REFUND')).toBe(10000);
  });

  it('refuses an over-capture before any partner is called', async () => {
    const { body: payment } = await cardPaymentWith('4242424242424242');
    const over = await operate(payment.id, 'captures', { amount: 10001 });
    expect(over.status).toBe(400);
    expect(over.headers.get('content-type')).toContain('application/problem+json');
    expect(over.body.errors).toContainEqual(expect.objectContaining({ pointer: '/amount' }));
    const entries = await ledger(payment.authorization.partner_transactions[0].partner_reference);
    expect(entries.filter((e) => e.type === 'CAPTURE')).toHaveLength(0);
    const refundFirst = await operate(payment.id, 'refunds', { amount: 100 });
    expect(refundFirst.status).toBe(400);
  });

  it('voids what is left after a partial capture', async () => {
    const { body: payment } = await cardPaymentWith('4242424242424242');
    await operate(payment.id, 'captures', { amount: 3000 });
    const voided = await operate(payment.id, 'voids', { amount: 7000 });
    expect(voided.status).toBe(201);
    expect(voided.body.amounts).toMatchObject({
      total_voided: 7000,
      available_to_void: 0,
      available_to_capture: 0,
      total_captured: 3000,
    });
    expect(voided.body.overview).toMatchObject({ consumed: 'TOTALLY', voided: 'PARTIALLY' });
  });

  it('accepts each of the three body forms and refuses mixtures', async () => {
    const { body: payment } = await cardPaymentWith('4242424242424242');
    const legId = payment.authorization.partner_transactions[0].id;
    expect((await operate(payment.id, 'captures', { amount: 1000 })).status).toBe(201);
    expect(
      (
        await operate(payment.id, 'captures', {
          amount: 1000,
          priority: [{ partner: 'sandbox-card', method: 'creditcard' }],
        })
      ).status,
    ).toBe(201);
    expect((await operate(payment.id, 'captures', { amount: 1000, partner_transaction_id: legId })).status).toBe(201);
    const both = await operate(payment.id, 'captures', {
      amount: 1000,
      partner_transaction_id: legId,
      priority: [{ partner: 'sandbox-card', method: 'creditcard' }],
    });
    expect(both.status).toBe(400);
    const unknownLeg = await operate(payment.id, 'captures', {
      amount: 1000,
      partner_transaction_id: crypto.randomUUID(),
    });
    expect(unknownLeg.status).toBe(400);
    expect(unknownLeg.body.errors[0].pointer).toBe('/partner_transaction_id');
    const zero = await operate(payment.id, 'captures', { amount: 0 });
    expect(zero.status).toBe(400);
  });

  it('captures automatically in AUTOMATIC mode', async () => {
    const answer = await cardPaymentWith('4242424242424242', { capture_mode: 'AUTOMATIC' });
    const read = await eventually(
      async () => {
        const current = await call(stack.baseUrl, 'GET', `/v2/payments/${answer.body.id}`, { token });
        return current.body.captures.length === 1 && current.body.captures[0].status === 'SUCCESS'
          ? current
          : undefined;
      },
      { what: 'automatic capture' },
    );
    expect(read.body.captures[0]).toMatchObject({ amount: 10000, triggered_by: 'AUTHORIZATION' });
    expect(read.body.amounts.available_to_capture).toBe(0);
  });
});

describe('idempotency', () => {
  it('answers 409 with the payment id when a payment key repeats, also under a race', async () => {
    const body = cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'));
    const first = await createPayment(body, { 'x-idempotency-key': 'pay-1' });
    expect(first.status).toBe(201);
    const again = await createPayment(body, { 'x-idempotency-key': 'pay-1' });
    expect(again.status).toBe(409);
    expect(again.body.resource_id).toBe(first.body.id);

    const raceBody = cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'));
    const racing = await Promise.all([1, 2, 3].map(() => createPayment(raceBody, { 'x-idempotency-key': 'pay-race' })));
    expect(racing.map((answer) => answer.status).sort((a, b) => a - b)).toEqual([201, 409, 409]);
    const winner = racing.find((answer) => answer.status === 201)!;
    const entries = await ledger(winner.body.authorization.partner_transactions[0].partner_reference);
    expect(entries.filter((e) => e.type === 'AUTHORIZE')).toHaveLength(1);
  });

  it('answers 409 with the operation id when a capture key repeats, also under a race', async () => {
    const { body: payment } = await cardPaymentWith('4242424242424242');
    const first = await operate(payment.id, 'captures', { amount: 1000 }, { 'x-idempotency-key': 'cap-a' });
    expect(first.status).toBe(201);
    const again = await operate(payment.id, 'captures', { amount: 1000 }, { 'x-idempotency-key': 'cap-a' });
    expect(again.status).toBe(409);
    expect(again.body.resource_id).toBe(first.headers.get('x-created-operation-id'));

    const racing = await Promise.all(
      [1, 2, 3].map(() => operate(payment.id, 'captures', { amount: 1000 }, { 'x-idempotency-key': 'cap-race' })),
    );
    expect(racing.map((answer) => answer.status).sort((a, b) => a - b)).toEqual([201, 409, 409]);
    const read = await call(stack.baseUrl, 'GET', `/v2/payments/${payment.id}`, { token });
    expect(read.body.amounts.total_captured).toBe(2000);
    const entries = await ledger(payment.authorization.partner_transactions[0].partner_reference);
    expect(entries.filter((e) => e.type === 'CAPTURE')).toHaveLength(2);
  });
});

describe('redirect methods', () => {
  it('takes an instalment payment through the lender page and its asynchronous notification', async () => {
    const created = await createPayment({
      entity_id: merchant.entity_id,
      amount: 30000,
      currency: 'EUR',
      order: { reference: 'instalments-1', net_amount: 30000 },
      customer: { email: 'camille@example.com' },
      shopper_redirection_url: 'https://shop.example/return',
      split: [{ amount: 30000, partner: 'sandbox-instalments', method: '3x' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.authorization.status).toBe('PENDING');
    await completeShopperPage(created.body.redirection.href, 'apply');
    const read = await waitForAuthorization(stack, token, created.body.id, 'AUTHORIZED');
    expect(read.body.amounts.total_authorized).toBe(30000);
  });
});

describe('reads', () => {
  it("never shows another entity's payment", async () => {
    const { body: payment } = await cardPaymentWith('4242424242424242');
    const other = await stack.createMerchant('Other');
    const otherToken = await stack.accessToken(other);
    expect((await call(stack.baseUrl, 'GET', `/v2/payments/${payment.id}`, { token: otherToken })).status).toBe(404);
    expect(
      (
        await call(stack.baseUrl, 'GET', `/v2/payments/${payment.id}`, {
          token: otherToken,
          headers: { 'cache-control': 'max-age=60' },
        })
      ).status,
    ).toBe(404);
    expect((await operate(payment.id, 'captures', { amount: 100 }, {})).status).toBe(201);
    const foreign = await call(stack.baseUrl, 'POST', `/v2/payments/${payment.id}/captures`, {
      token: otherToken,
      body: { amount: 100 },
    });
    expect(foreign.status).toBe(404);
  });

  it('answers from the projection when Cache-Control max-age allows it, showing what your own calls did', async () => {
    const { body: payment } = await cardPaymentWith('4242424242424242');
    const cachedRead = () =>
      call(stack.baseUrl, 'GET', `/v2/payments/${payment.id}`, { token, headers: { 'cache-control': 'max-age=60' } });
    // No waiting: the copy is written before the answer leaves.
    const cached = await cachedRead();
    expect(cached.body).toEqual(payment);
    expect(cached.body.authorization.status).toBe('AUTHORIZED');
    const captured = await operate(payment.id, 'captures', { amount: 2500 });
    const afterCapture = await cachedRead();
    expect(afterCapture.body.version).toBe(captured.body.version);
    expect(afterCapture.body.amounts.total_captured).toBe(2500);
  });
});

describe('the read model', () => {
  it('follows a change nobody asked for: the workflow writes it after a partner notification', async () => {
    const created = await cardPaymentWith('4000002760003184');
    expect(created.body.authorization.status).toBe('PENDING');
    await completeShopperPage(created.body.redirection.href, 'fail');
    // Only the database is read here: a read through the API would write the copy itself.
    const row = await eventually(
      async () => {
        const [found] = await stack.sql<{ authorization_status: string; version: number }[]>`
        select authorization_status, version from payment_projections where id = ${created.body.id}`;
        return found?.authorization_status === 'REFUSED' ? found : undefined;
      },
      { what: 'the refusal in the read model', timeoutMs: 20_000 },
    );
    expect(row.version).toBeGreaterThan(created.body.version);
  });
});

describe('the read model after a lost answer', () => {
  it('is repaired by the repeated request, which answers 409', async () => {
    const { body: payment } = await cardPaymentWith('4242424242424242');
    const first = await operate(payment.id, 'captures', { amount: 1000 }, { 'x-idempotency-key': 'lost-answer' });
    expect(first.status).toBe(201);
    // As if that answer, and the write that goes with it, had been lost: the row still shows the authorization.
    await stack.sql`update payment_projections set sealed_body = ${encrypt(stack.config.encryptionKey, JSON.stringify(payment))}, version = ${payment.version} where id = ${payment.id}`;
    const repeat = await operate(payment.id, 'captures', { amount: 1000 }, { 'x-idempotency-key': 'lost-answer' });
    expect(repeat.status).toBe(409);
    const cached = await call(stack.baseUrl, 'GET', `/v2/payments/${payment.id}`, {
      token,
      headers: { 'cache-control': 'max-age=60' },
    });
    expect(cached.body.amounts.total_captured).toBe(1000);
    expect(cached.body.version).toBe(first.body.version);
  });
});

describe('partner faults', () => {
  it('retries a capture whose answer was lost with the same idempotency key: one capture at the partner', async () => {
    const { body: payment } = await cardPaymentWith('4242424242424242');
    const reference = payment.authorization.partner_transactions[0].partner_reference;
    // The partner records the capture, then the connection drops before the answer, twice.
    const fault = await fetch(`${stack.sandbox.url}/admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fault: 'drop',
        phase: 'after',
        count: 2,
        path_prefix: `/v1/authorizations/${reference}/captures`,
      }),
    });
    expect(fault.status).toBe(201);
    const capture = await operate(payment.id, 'captures', { amount: 10000 });
    expect(capture.status).toBe(201);
    expect(capture.body.captures[0].status).toBe('SUCCESS');
    const captures = (await ledger(reference)).filter((e) => e.type === 'CAPTURE');
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ status: 'SUCCESS', amount: 10000 });
  });

  it('retries an authorization whose partner answered 503', async () => {
    await fetch(`${stack.sandbox.url}/admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: '503', phase: 'before', count: 2, path_prefix: '/v1/sandbox-card/authorizations' }),
    });
    const answer = await cardPaymentWith('4242424242424242');
    expect(answer.body.authorization.status).toBe('AUTHORIZED');
    const authorizations = (await ledger(answer.body.authorization.partner_transactions[0].partner_reference)).filter(
      (e) => e.type === 'AUTHORIZE',
    );
    expect(authorizations).toHaveLength(1);
  });
});

describe('idempotency after completion', () => {
  it('keeps a key spent once its payment has completed, and answers a repeated refund with 409', async () => {
    const body = cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'), {
      amount: 2500,
    });
    const created = await createPayment(body, { 'x-idempotency-key': 'done-1' });
    await operate(created.body.id, 'captures', { amount: 2500 });
    const refund = await operate(
      created.body.id,
      'refunds',
      { amount: 2500 },
      { 'x-idempotency-key': 'refund-done-1' },
    );
    expect(refund.status).toBe(201);
    // Fully refunded: nothing can move any more, so the payment's workflow completes.
    await eventually(
      async () => {
        const described = await stack.temporal.workflow.getHandle(`payment/${created.body.id}`).describe();
        return described.status.name === 'COMPLETED' ? true : undefined;
      },
      { what: 'payment workflow completed', timeoutMs: 20_000 },
    );
    const again = await createPayment(body, { 'x-idempotency-key': 'done-1' });
    expect(again.status).toBe(409);
    expect(again.body.resource_id).toBe(created.body.id);
    const refundAgain = await operate(
      created.body.id,
      'refunds',
      { amount: 2500 },
      { 'x-idempotency-key': 'refund-done-1' },
    );
    expect(refundAgain.status).toBe(409);
    expect(refundAgain.body.resource_id).toBe(refund.headers.get('x-created-operation-id'));
  });

  it('lets a refused payment workflow complete at once', async () => {
    const refused = await cardPaymentWith('4000000000000002');
    await eventually(
      async () => {
        const described = await stack.temporal.workflow.getHandle(`payment/${refused.body.id}`).describe();
        return described.status.name === 'COMPLETED' ? true : undefined;
      },
      { what: 'refused payment completed', timeoutMs: 10_000 },
    );
  });
});
