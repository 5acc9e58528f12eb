// Capture, void and refund through an adapter: amounts validated like an acquirer would.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '../../catalog';
import { PartnerRequestError, type OperationRequest } from '../../partner';
import { SandboxCardAdapter } from '../../sandbox-card';
import { startSandboxNetwork, type SandboxNetwork } from '../server';

let network: SandboxNetwork;
let card: SandboxCardAdapter;

beforeAll(async () => {
  network = await startSandboxNetwork();
  card = new SandboxCardAdapter({ baseUrl: network.url });
});
afterAll(() => network.close());

async function authorize(number = '4242424242424242', amount = 10_000) {
  return card.authorize({
    idempotency_key: `payment/${randomUUID()}/auth/1`,
    amount,
    currency: 'EUR',
    method: 'creditcard',
    instrument: { type: 'card', number, expiry_month: '12', expiry_year: '34', cvv: '123' },
  });
}

const op = (partner_reference: string, amount: number, currency: Currency = 'EUR'): OperationRequest => ({
  idempotency_key: `op/${randomUUID()}`,
  partner_reference,
  amount,
  currency,
});

describe('operations', () => {
  it('captures partially several times, never above what remains', async () => {
    const auth = await authorize();
    const first = await card.capture(op(auth.partner_reference, 6_000));
    expect(first).toMatchObject({
      type: 'capture',
      status: 'SUCCESS',
      authorization_reference: auth.partner_reference,
      requested_amount: 6_000,
      processed_amount: 6_000,
      refusal_reason: null,
      authorization_amounts: {
        authorized: 10_000,
        captured: 6_000,
        available_to_capture: 4_000,
        available_to_void: 4_000,
        available_to_refund: 6_000,
      },
    });
    expect(first.partner_reference).toMatch(/^cap_/);

    const over = await card.capture(op(auth.partner_reference, 4_001));
    expect(over).toMatchObject({
      status: 'FAILURE',
      processed_amount: 0,
      refusal_reason: 'AMOUNT_EXCEEDED',
      partner_status: 'AMOUNT_EXCEEDED',
    });
    expect(over.authorization_amounts.captured).toBe(6_000);

    expect(await card.capture(op(auth.partner_reference, 4_000))).toMatchObject({
      status: 'SUCCESS',
      authorization_amounts: { captured: 10_000, available_to_capture: 0 },
    });
    expect(await card.capture(op(auth.partner_reference, 1))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'AMOUNT_EXCEEDED',
    });
    expect(
      network
        .ledger({ authorization_reference: auth.partner_reference, type: 'CAPTURE', status: 'SUCCESS' })
        .reduce((s, e) => s + e.processed_amount, 0),
    ).toBe(10_000);
  });

  it('voids only the uncaptured remainder', async () => {
    const auth = await authorize();
    await card.capture(op(auth.partner_reference, 3_000));
    expect(await card.void(op(auth.partner_reference, 7_001))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'AMOUNT_EXCEEDED',
    });
    const voided = await card.void(op(auth.partner_reference, 7_000));
    expect(voided).toMatchObject({
      type: 'void',
      status: 'SUCCESS',
      processed_amount: 7_000,
      authorization_amounts: {
        captured: 3_000,
        voided: 7_000,
        available_to_capture: 0,
        available_to_void: 0,
        available_to_refund: 3_000,
      },
    });
    expect(voided.partner_reference).toMatch(/^void_/);
    expect(await card.capture(op(auth.partner_reference, 1))).toMatchObject({ status: 'FAILURE' });
  });

  it('refunds only what was captured', async () => {
    const auth = await authorize();
    expect(await card.refund(op(auth.partner_reference, 1))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'AMOUNT_EXCEEDED',
    });
    await card.capture(op(auth.partner_reference, 5_000));
    expect(await card.refund(op(auth.partner_reference, 2_000))).toMatchObject({
      type: 'refund',
      status: 'SUCCESS',
      authorization_amounts: { refunded: 2_000, available_to_refund: 3_000 },
    });
    expect(await card.refund(op(auth.partner_reference, 3_001))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'AMOUNT_EXCEEDED',
    });
    expect(await card.refund(op(auth.partner_reference, 3_000))).toMatchObject({
      status: 'SUCCESS',
      authorization_amounts: { available_to_refund: 0 },
    });
  });

  it('refuses operations on an authorization that is not AUTHORIZED', async () => {
    const refused = await authorize('4000000000000002');
    expect(await card.capture(op(refused.partner_reference, 100))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'BAD_REQUEST',
      partner_status: 'NOT_AUTHORIZED',
    });
    const pending = await authorize('4000002760003184');
    expect(await card.void(op(pending.partner_reference, 100))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'BAD_REQUEST',
    });
  });

  it('status reads an operation by its reference', async () => {
    const auth = await authorize();
    const capture = await card.capture(op(auth.partner_reference, 2_500));
    expect(await card.status({ partner_reference: capture.partner_reference })).toEqual(capture);
  });

  it('an unknown reference or another currency is a non-retryable request error', async () => {
    const auth = await authorize();
    await expect(card.capture(op('auth_doesnotexist', 100))).rejects.toMatchObject({
      name: 'PartnerRequestError',
      code: 'not_found',
      httpStatus: 404,
      retryable: false,
    });
    await expect(card.capture(op(auth.partner_reference, 100, 'USD'))).rejects.toMatchObject({
      code: 'currency_mismatch',
      httpStatus: 422,
    });
    await expect(card.status({ partner_reference: 'auth_doesnotexist' })).rejects.toBeInstanceOf(PartnerRequestError);
    // The rejected capture left no trace and its key is free again.
    expect(network.ledger({ authorization_reference: 'auth_doesnotexist' })).toHaveLength(0);
  });

  it('validates amounts and methods like an acquirer', async () => {
    const auth = await authorize();
    await expect(card.capture(op(auth.partner_reference, 0))).rejects.toMatchObject({
      code: 'invalid_request',
      httpStatus: 400,
    });
    await expect(card.capture(op(auth.partner_reference, 1.5))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      card.authorize({
        idempotency_key: randomUUID(),
        amount: 100,
        currency: 'EUR',
        method: 'giftcard',
        instrument: { type: 'card', number: '4242424242424242', expiry_month: '12', expiry_year: '34' },
      }),
    ).rejects.toMatchObject({ code: 'unsupported_method' });
  });
});
