// Payments over HTTP against the real Temporal server, PostgreSQL and the sandbox partner network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { TesseraClient, V2Components } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { encrypt } from '../../platform/secrets';
import { call, eventually } from '../support/api-client';
import { cardPayment, completeShopperPage, vaultCard, waitForAuthorization } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { resourceIdOf } from '../support/typed-answers';

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

type Schemas = V2Components['schemas'];
const idempotencyKey = (key: string | undefined) => (key ? { header: { 'x-idempotency-key': key } } : {});
const createPayment = (body: Schemas['CreatePaymentRequest'], key?: string) =>
  tessera.v2.POST('/v2/payments', { params: idempotencyKey(key), body });
const operationPaths = {
  captures: '/v2/payments/{id}/captures',
  voids: '/v2/payments/{id}/voids',
  refunds: '/v2/payments/{id}/refunds',
} as const;
const operate = (
  id: string,
  kind: 'captures' | 'voids' | 'refunds',
  body: Schemas['OperationRequest'],
  key?: string,
  client = tessera,
) => client.v2.POST(operationPaths[kind], { params: { path: { id }, ...idempotencyKey(key) }, body });
/** Raw HTTP, for requests the typed client would not send (two forms at once, an amount of 0) and error shapes. */
const operateRaw = (id: string, kind: 'captures' | 'voids' | 'refunds', body: unknown) =>
  call(stack.baseUrl, 'POST', `/v2/payments/${id}/${kind}`, { token, body });
const readPayment = (id: string, cacheControl?: string, client = tessera) =>
  client.v2.GET('/v2/payments/{id}', {
    params: { path: { id }, ...(cacheControl ? { header: { 'cache-control': cacheControl } } : {}) },
  });
const partnerReferenceOf = (payment: Schemas['Payment']) =>
  payment.authorization?.partner_transactions[0]?.partner_reference ?? 'none';
const ledger = async (reference: string) => {
  const response = await fetch(`${stack.sandbox.url}/ledger?authorization_reference=${encodeURIComponent(reference)}`);
  const json: { entries: { type: string; amount: number; status: string }[] } = await response.json();
  return json.entries;
};
const cardPaymentWith = async (number: string, overrides: Partial<Schemas['CreatePaymentRequest']> = {}) =>
  createPayment(cardPayment(merchant.entity_id, await vaultCard(stack, merchant, number), overrides));

describe('card authorization', () => {
  it('authorizes an approved card and shows it without the card number', async () => {
    const answer = await cardPaymentWith('4242424242424242');
    expect(answer.response.status).toBe(201);
    const payment = answer.data!;
    expect(payment.authorization?.status).toBe('AUTHORIZED');
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
    const [leg] = payment.authorization!.partner_transactions;
    expect(leg).toMatchObject({
      partner: 'sandbox-card',
      method: 'creditcard',
      status: 'AUTHORIZED',
      amount: 10000,
      remaining_amount: 10000,
    });
    expect(leg?.card).toMatchObject({ bin: '424242', last_four_digits: '4242' });
    expect(JSON.stringify(payment)).not.toContain('4242424242424242');
    expect(payment.redirection).toBeUndefined();
    expect(payment.links.capture).toBe(`${stack.baseUrl}/v2/payments/${payment.id}/captures`);
    expect(answer.response.headers.get('location')).toBe(payment.links.self);
  });

  it.each([
    ['4000000000000002', 'REJECTED_BANK'],
    ['4000000000009995', 'INSUFFICIENT_FUNDS'],
    ['4000000000000069', 'CARD_EXPIRED'],
  ])('refuses card %s (%s) and holds nothing', async (number, reason) => {
    const answer = await cardPaymentWith(number);
    expect(answer.response.status).toBe(201);
    expect(answer.data?.authorization?.status).toBe('REFUSED');
    expect(answer.data?.authorization?.partner_transactions[0]?.partner_additional_data?.refusal_reason).toBe(reason);
    expect(answer.data?.amounts.total_authorized).toBe(0);
    expect(answer.data?.links.capture).toBeUndefined();
  });

  it('pays one payment with a vault token: another payment naming it is refused, also when both start at once', async () => {
    const used = await vaultCard(stack, merchant, '4242424242424242');
    const first = await createPayment(cardPayment(merchant.entity_id, used));
    expect(first.data?.authorization?.status).toBe('AUTHORIZED');
    const second = await createPayment(cardPayment(merchant.entity_id, used, { amount: 100 }));
    expect(second.response.status).toBe(400);
    expect(JSON.stringify(second.error)).toContain('/split/0/vault_form_token');
    expect(JSON.stringify(second.error)).toContain('was used by another payment');

    // Neither has read the card yet when both are checked: the vault binds it to the first reader.
    const shared = await vaultCard(stack, merchant, '4242424242424242');
    const both = await Promise.all([1, 2].map(() => createPayment(cardPayment(merchant.entity_id, shared))));
    const [authorized, other] = [...both].sort(
      (a, b) =>
        Number(b.data?.authorization?.status === 'AUTHORIZED') - Number(a.data?.authorization?.status === 'AUTHORIZED'),
    );
    expect(authorized?.data?.authorization?.status).toBe('AUTHORIZED');
    expect(other?.data?.authorization?.status).not.toBe('AUTHORIZED');
    expect(JSON.stringify(other?.data ?? other?.error)).toContain('used by another payment');
    expect((await ledger(partnerReferenceOf(authorized!.data!))).filter((e) => e.type === 'AUTHORIZE')).toHaveLength(1);
  });

  it('authorizes a frictionless 3DS card with its authentication', async () => {
    const answer = await cardPaymentWith('4000000000003220');
    expect(answer.data?.authorization?.status).toBe('AUTHORIZED');
    expect(answer.data?.authentication).toMatchObject({ status: 'SUCCESS', flow: 'FRICTIONLESS', eci: '05' });
  });

  it('waits on a 3DS challenge, then authorizes once the shopper completes it and returns signed', async () => {
    const created = (await cardPaymentWith('4000002760003184')).data!;
    expect(created.authorization?.status).toBe('PENDING');
    expect(created.redirection).toMatchObject({ method: 'GET' });
    const done = await completeShopperPage(created.redirection!.href, 'complete');
    expect(done.status).toBe(303);
    const returnUrl = done.headers.get('location')!;
    expect(returnUrl).toContain(`/v2/payments/${created.id}/return`);

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
    expect(payload).toMatchObject({ payment_id: created.id, authorization_status: 'AUTHORIZED' });

    const read = await waitForAuthorization(stack, token, created.id, 'AUTHORIZED');
    expect(read.authentication).toMatchObject({ status: 'SUCCESS', flow: 'CHALLENGE' });
    expect(read.redirection).toBeUndefined();
  });

  it('refuses the payment when the shopper fails the 3DS challenge', async () => {
    const created = (await cardPaymentWith('4000002760003184')).data!;
    await completeShopperPage(created.redirection!.href, 'fail');
    const read = await waitForAuthorization(stack, token, created.id, 'REFUSED');
    expect(read.authentication?.status).toBe('FAILURE');
  });

  it('settles an UNCERTAIN authorization by polling the partner', async () => {
    const created = (await cardPaymentWith('4000000000000119')).data!;
    expect(created.authorization?.status).toBe('UNCERTAIN');
    const read = await waitForAuthorization(stack, token, created.id, 'AUTHORIZED');
    expect(read.amounts.total_authorized).toBe(10000);
  });
});

describe('operations', () => {
  it('captures in parts, then refunds down to zero, amounts consistent at every step', async () => {
    const payment = (await cardPaymentWith('5555555555554444')).data!;
    const first = await operate(payment.id, 'captures', { amount: 4000, merchant_reference: 'cap-1' });
    expect(first.response.status).toBe(201);
    const firstId = first.response.headers.get('x-created-operation-id');
    expect(first.data?.captures).toHaveLength(1);
    expect(first.data?.captures[0]).toMatchObject({
      id: firstId,
      amount: 4000,
      status: 'SUCCESS',
      triggered_by: 'MERCHANT',
      merchant_reference: 'cap-1',
    });
    expect(first.data?.overview.captured).toBe('PARTIALLY');
    const second = await operate(payment.id, 'captures', { amount: 6000 });
    expect(second.data?.amounts).toMatchObject({
      total_captured: 10000,
      available_to_capture: 0,
      available_to_refund: 10000,
    });
    expect(second.data?.overview.captured).toBe('TOTALLY');

    const refund = await operate(payment.id, 'refunds', { amount: 2500 });
    expect(refund.data?.amounts).toMatchObject({ total_refunded: 2500, available_to_refund: 7500 });
    expect(refund.data?.overview.refunded).toBe('PARTIALLY');
    const rest = await operate(payment.id, 'refunds', { amount: 7500 });
    expect(rest.data?.amounts).toMatchObject({ total_refunded: 10000, available_to_refund: 0 });
    expect(rest.data?.overview.refunded).toBe('TOTALLY');

    const entries = await ledger(partnerReferenceOf(payment));
    const moved = (type: string) =>
      entries.filter((e) => e.type === type && e.status === 'SUCCESS').reduce((sum, e) => sum + e.amount, 0);
    expect(moved('CAPTURE')).toBe(10000);
    expect(moved('REFUND')).toBe(10000);
  });

  it('refuses an over-capture before any partner is called', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const over = await operateRaw(payment.id, 'captures', { amount: 10001 });
    expect(over.status).toBe(400);
    expect(over.headers.get('content-type')).toContain('application/problem+json');
    expect(over.body.errors).toContainEqual(expect.objectContaining({ pointer: '/amount' }));
    const entries = await ledger(partnerReferenceOf(payment));
    expect(entries.filter((e) => e.type === 'CAPTURE')).toHaveLength(0);
    const refundFirst = await operate(payment.id, 'refunds', { amount: 100 });
    expect(refundFirst.response.status).toBe(400);
  });

  it('voids what is left after a partial capture', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    await operate(payment.id, 'captures', { amount: 3000 });
    const voided = await operate(payment.id, 'voids', { amount: 7000 });
    expect(voided.response.status).toBe(201);
    expect(voided.data?.amounts).toMatchObject({
      total_voided: 7000,
      available_to_void: 0,
      available_to_capture: 0,
      total_captured: 3000,
    });
    expect(voided.data?.overview).toMatchObject({ consumed: 'TOTALLY', voided: 'PARTIALLY' });
  });

  it('accepts each of the three body forms and refuses mixtures', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const legId = payment.authorization!.partner_transactions[0]!.id;
    expect((await operate(payment.id, 'captures', { amount: 1000 })).response.status).toBe(201);
    expect(
      (
        await operate(payment.id, 'captures', {
          amount: 1000,
          priority: [{ partner: 'sandbox-card', method: 'creditcard' }],
        })
      ).response.status,
    ).toBe(201);
    expect(
      (await operate(payment.id, 'captures', { amount: 1000, partner_transaction_id: legId })).response.status,
    ).toBe(201);
    const both = await operateRaw(payment.id, 'captures', {
      amount: 1000,
      partner_transaction_id: legId,
      priority: [{ partner: 'sandbox-card', method: 'creditcard' }],
    });
    expect(both.status).toBe(400);
    const unknownLeg = await operateRaw(payment.id, 'captures', {
      amount: 1000,
      partner_transaction_id: crypto.randomUUID(),
    });
    expect(unknownLeg.status).toBe(400);
    expect(unknownLeg.body.errors[0].pointer).toBe('/partner_transaction_id');
    const zero = await operateRaw(payment.id, 'captures', { amount: 0 });
    expect(zero.status).toBe(400);
  });

  it('captures automatically in AUTOMATIC mode', async () => {
    const answer = await cardPaymentWith('4242424242424242', { capture_mode: 'AUTOMATIC' });
    const read = await eventually(
      async () => {
        const current = (await readPayment(answer.data!.id)).data;
        return current?.captures.length === 1 && current.captures[0]?.status === 'SUCCESS' ? current : undefined;
      },
      { what: 'automatic capture' },
    );
    expect(read.captures[0]).toMatchObject({ amount: 10000, triggered_by: 'AUTHORIZATION' });
    expect(read.amounts.available_to_capture).toBe(0);
  });
});

describe('idempotency', () => {
  it('answers 409 with the payment id when a payment key repeats, also under a race', async () => {
    const body = cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'));
    const first = await createPayment(body, 'pay-1');
    expect(first.response.status).toBe(201);
    const again = await createPayment(body, 'pay-1');
    expect(again.response.status).toBe(409);
    expect(resourceIdOf(again.error)).toBe(first.data?.id);

    const raceBody = cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'));
    const racing = await Promise.all([1, 2, 3].map(() => createPayment(raceBody, 'pay-race')));
    expect(racing.map((answer) => answer.response.status).sort((a, b) => a - b)).toEqual([201, 409, 409]);
    const winner = racing.find((answer) => answer.response.status === 201)!;
    const entries = await ledger(partnerReferenceOf(winner.data!));
    expect(entries.filter((e) => e.type === 'AUTHORIZE')).toHaveLength(1);
  });

  it('answers 409 with the operation id when a capture key repeats, also under a race', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const first = await operate(payment.id, 'captures', { amount: 1000 }, 'cap-a');
    expect(first.response.status).toBe(201);
    const again = await operate(payment.id, 'captures', { amount: 1000 }, 'cap-a');
    expect(again.response.status).toBe(409);
    expect(resourceIdOf(again.error)).toBe(first.response.headers.get('x-created-operation-id'));

    const racing = await Promise.all(
      [1, 2, 3].map(() => operate(payment.id, 'captures', { amount: 1000 }, 'cap-race')),
    );
    expect(racing.map((answer) => answer.response.status).sort((a, b) => a - b)).toEqual([201, 409, 409]);
    const read = await readPayment(payment.id);
    expect(read.data?.amounts.total_captured).toBe(2000);
    const entries = await ledger(partnerReferenceOf(payment));
    expect(entries.filter((e) => e.type === 'CAPTURE')).toHaveLength(2);
  });

  it('answers 409 with the capture when its key is sent again for a refund or a void: one key, one operation', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const capture = await operate(payment.id, 'captures', { amount: 1000 }, 'op-key-1');
    expect(capture.response.status).toBe(201);
    const captureId = capture.response.headers.get('x-created-operation-id');
    for (const kind of ['refunds', 'voids'] as const) {
      const reused = await operate(payment.id, kind, { amount: 500 }, 'op-key-1');
      expect(reused.response.status, kind).toBe(409);
      expect(resourceIdOf(reused.error), kind).toBe(captureId);
      expect(reused.error?.detail, kind).toBe('a capture was already made with this x-idempotency-key');
    }
    const read = (await readPayment(payment.id)).data!;
    expect(read.refunds).toHaveLength(0);
    expect(read.voids).toHaveLength(0);
    // Another key is another operation.
    expect((await operate(payment.id, 'refunds', { amount: 500 }, 'op-key-2')).response.status).toBe(201);
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
    expect(created.response.status).toBe(201);
    expect(created.data?.authorization?.status).toBe('PENDING');
    await completeShopperPage(created.data!.redirection!.href, 'apply');
    const read = await waitForAuthorization(stack, token, created.data!.id, 'AUTHORIZED');
    expect(read.amounts.total_authorized).toBe(30000);
  });
});

describe('reads', () => {
  it("never shows another entity's payment", async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const other = await stack.createMerchant('Other');
    const otherTessera = stack.client({ accessToken: await stack.accessToken(other) });
    expect((await readPayment(payment.id, undefined, otherTessera)).response.status).toBe(404);
    expect((await readPayment(payment.id, 'max-age=60', otherTessera)).response.status).toBe(404);
    expect((await operate(payment.id, 'captures', { amount: 100 })).response.status).toBe(201);
    const foreign = await operate(payment.id, 'captures', { amount: 100 }, undefined, otherTessera);
    expect(foreign.response.status).toBe(404);
  });

  it('answers from the projection when Cache-Control max-age allows it, showing what your own calls did', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const cachedRead = () => readPayment(payment.id, 'max-age=60');
    // No waiting: the copy is written before the answer leaves.
    const cached = await cachedRead();
    expect(cached.data).toEqual(payment);
    expect(cached.data?.authorization?.status).toBe('AUTHORIZED');
    const captured = await operate(payment.id, 'captures', { amount: 2500 });
    const afterCapture = await cachedRead();
    expect(afterCapture.data?.version).toBe(captured.data?.version);
    expect(afterCapture.data?.amounts.total_captured).toBe(2500);
  });
});

describe('reads through the workflow', () => {
  it('answers a settled payment as it stands without writing to its history, and refreshes one that waits', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const handle = stack.temporal.workflow.getHandle(`payment/${payment.id}`);
    const eventsBefore = (await handle.fetchHistory()).events?.length;

    const reads = [await readPayment(payment.id), await readPayment(payment.id)];

    expect(reads.map((read) => read.data)).toEqual([payment, payment]);
    expect((await handle.fetchHistory()).events?.length).toBe(eventsBefore);

    // A leg waiting for its shopper is asked about at its partner: that read is an Update.
    const waiting = (await cardPaymentWith('4000002760003184')).data!;
    const waitingHandle = stack.temporal.workflow.getHandle(`payment/${waiting.id}`);
    const waitingBefore = (await waitingHandle.fetchHistory()).events?.length ?? 0;
    expect((await readPayment(waiting.id)).data?.authorization?.status).toBe('PENDING');
    const waitingAfter = (await waitingHandle.fetchHistory()).events ?? [];
    expect(waitingAfter.length).toBeGreaterThan(waitingBefore);
    expect(waitingAfter.some((event) => event.workflowExecutionUpdateAcceptedEventAttributes)).toBe(true);
  });
});

describe('the read model', () => {
  it('follows a change nobody asked for: the workflow writes it after a partner notification', async () => {
    const created = (await cardPaymentWith('4000002760003184')).data!;
    expect(created.authorization?.status).toBe('PENDING');
    await completeShopperPage(created.redirection!.href, 'fail');
    // Only the database is read here: a read through the API would write the copy itself.
    const row = await eventually(
      async () => {
        const [found] = await stack.sql<{ authorization_status: string; version: number }[]>`
        select authorization_status, version from payment_projections where id = ${created.id}`;
        return found?.authorization_status === 'REFUSED' ? found : undefined;
      },
      { what: 'the refusal in the read model', timeoutMs: 20_000 },
    );
    expect(row.version).toBeGreaterThan(created.version);
  });
});

describe('the read model after a lost answer', () => {
  it('is repaired by the repeated request, which answers 409', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const first = await operate(payment.id, 'captures', { amount: 1000 }, 'lost-answer');
    expect(first.response.status).toBe(201);
    // As if that answer, and the write that goes with it, had been lost: the row still shows the authorization.
    await stack.sql`update payment_projections set sealed_body = ${encrypt(stack.config.encryptionKey, JSON.stringify(payment))}, version = ${payment.version} where id = ${payment.id}`;
    const repeat = await operate(payment.id, 'captures', { amount: 1000 }, 'lost-answer');
    expect(repeat.response.status).toBe(409);
    const cached = await readPayment(payment.id, 'max-age=60');
    expect(cached.data?.amounts.total_captured).toBe(1000);
    expect(cached.data?.version).toBe(first.data?.version);
  });
});

describe('partner faults', () => {
  it('retries a capture whose answer was lost with the same idempotency key: one capture at the partner', async () => {
    const payment = (await cardPaymentWith('4242424242424242')).data!;
    const reference = partnerReferenceOf(payment);
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
    expect(capture.response.status).toBe(201);
    expect(capture.data?.captures[0]?.status).toBe('SUCCESS');
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
    expect(answer.data?.authorization?.status).toBe('AUTHORIZED');
    const authorizations = (await ledger(partnerReferenceOf(answer.data!))).filter((e) => e.type === 'AUTHORIZE');
    expect(authorizations).toHaveLength(1);
  });
});

describe('idempotency after completion', () => {
  it('keeps a key spent once its payment has completed, and answers a repeated refund with 409', async () => {
    const body = cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'), {
      amount: 2500,
    });
    const created = (await createPayment(body, 'done-1')).data!;
    await operate(created.id, 'captures', { amount: 2500 });
    const refund = await operate(created.id, 'refunds', { amount: 2500 }, 'refund-done-1');
    expect(refund.response.status).toBe(201);
    // Fully refunded: nothing can move any more, so the payment's workflow completes.
    await eventually(
      async () => {
        const described = await stack.temporal.workflow.getHandle(`payment/${created.id}`).describe();
        return described.status.name === 'COMPLETED' ? true : undefined;
      },
      { what: 'payment workflow completed', timeoutMs: 20_000 },
    );
    const again = await createPayment(body, 'done-1');
    expect(again.response.status).toBe(409);
    expect(resourceIdOf(again.error)).toBe(created.id);
    const refundAgain = await operate(created.id, 'refunds', { amount: 2500 }, 'refund-done-1');
    expect(refundAgain.response.status).toBe(409);
    expect(resourceIdOf(refundAgain.error)).toBe(refund.response.headers.get('x-created-operation-id'));
    // The refund's key sent for a capture names the refund too, after completion as before it.
    const captureWithRefundKey = await operate(created.id, 'captures', { amount: 100 }, 'refund-done-1');
    expect(captureWithRefundKey.response.status).toBe(409);
    expect(resourceIdOf(captureWithRefundKey.error)).toBe(refund.response.headers.get('x-created-operation-id'));
  });

  it('lets a refused payment workflow complete at once', async () => {
    const refused = (await cardPaymentWith('4000000000000002')).data!;
    await eventually(
      async () => {
        const described = await stack.temporal.workflow.getHandle(`payment/${refused.id}`).describe();
        return described.status.name === 'COMPLETED' ? true : undefined;
      },
      { what: 'refused payment completed', timeoutMs: 10_000 },
    );
  });
});
