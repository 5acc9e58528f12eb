import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PartnerRequestError, type AuthorizeRequest } from '../partner';
import { startSandboxNetwork, type SandboxNetwork } from '../sandbox-network/server';
import { SandboxGiftCardAdapter } from '.';

let network: SandboxNetwork;
let giftcard: SandboxGiftCardAdapter;

beforeAll(async () => {
  network = await startSandboxNetwork();
  giftcard = new SandboxGiftCardAdapter({ baseUrl: network.url });
});
afterAll(() => network.close());
beforeEach(() => network.reset()); // balances back to the test table

const key = (what: string) => `payment/${randomUUID()}/${what}`;

function request(number: string, amount: number, pin?: string): AuthorizeRequest {
  return {
    idempotency_key: key('auth/1'),
    amount,
    currency: 'EUR',
    method: 'giftcard',
    instrument: { type: 'giftcard', number, ...(pin !== undefined ? { pin } : {}) },
  };
}

const FIFTY = '6036280000000001';

describe('sandbox-giftcard', () => {
  it('reports the test balances', async () => {
    expect(await giftcard.balance({ number: FIFTY })).toEqual({ balance: 5_000, held: 0, active: true });
    expect(await giftcard.balance({ number: '6036280000000002' })).toEqual({ balance: 0, held: 0, active: true });
    expect(await giftcard.balance({ number: '6036280000000003' })).toEqual({
      balance: 100_000_000,
      held: 0,
      active: true,
    });
    expect(await giftcard.balance({ number: '6036280000000005' })).toMatchObject({ active: false });
    await expect(giftcard.balance({ number: '6036289999999999' })).rejects.toMatchObject({
      name: 'PartnerRequestError',
      code: 'unknown_card',
      retryable: false,
    });
  });

  it('authorizes in full when the balance covers the amount, holding it', async () => {
    const result = await giftcard.authorize(request(FIFTY, 2_000, '1234'));
    expect(result).toMatchObject({
      status: 'AUTHORIZED',
      requested_amount: 2_000,
      authorized_amount: 2_000,
      partner_status: 'APPROVED',
      card: null,
    });
    expect(result.partner_additional_data).toMatchObject({
      remaining_balance: '3000',
      giftcard_last_four_digits: '0001',
    });
    expect(await giftcard.balance({ number: FIFTY })).toEqual({ balance: 3_000, held: 2_000, active: true });
  });

  it('partially authorizes what the balance covers', async () => {
    const result = await giftcard.authorize(request(FIFTY, 8_000));
    expect(result).toMatchObject({
      status: 'AUTHORIZED',
      requested_amount: 8_000,
      authorized_amount: 5_000,
      partner_status: 'PARTIALLY_AUTHORIZED',
    });
    expect(result.amounts).toMatchObject({ authorized: 5_000, available_to_capture: 5_000 });
    expect(await giftcard.balance({ number: FIFTY })).toEqual({ balance: 0, held: 5_000, active: true });
    // Nothing left: the next authorization is refused.
    expect(await giftcard.authorize(request(FIFTY, 100))).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'INSUFFICIENT_FUNDS',
    });
  });

  it.each([
    ['6036280000000002', undefined, 'INSUFFICIENT_FUNDS'],
    ['6036280000000005', undefined, 'CARD_IS_NOT_ACTIVE'],
    ['6036289999999999', undefined, 'UNKNOWN_CARD'],
    [FIFTY, '0000', 'WRONG_CARD_DATA'],
  ] as const)('refuses %s (pin %s) with %s', async (number, pin, reason) => {
    expect(await giftcard.authorize(request(number, 1_000, pin))).toMatchObject({
      status: 'REFUSED',
      authorized_amount: 0,
      refusal_reason: reason,
    });
  });

  it('moves the balance with captures, voids and refunds', async () => {
    const auth = await giftcard.authorize(request(FIFTY, 4_000));
    const op = (amount: number) => ({
      idempotency_key: key('op'),
      partner_reference: auth.partner_reference,
      amount,
      currency: 'EUR' as const,
    });

    expect(await giftcard.capture(op(1_500))).toMatchObject({ status: 'SUCCESS', processed_amount: 1_500 });
    expect(await giftcard.balance({ number: FIFTY })).toEqual({ balance: 1_000, held: 2_500, active: true });

    expect(await giftcard.void(op(2_500))).toMatchObject({ status: 'SUCCESS', processed_amount: 2_500 });
    expect(await giftcard.balance({ number: FIFTY })).toEqual({ balance: 3_500, held: 0, active: true });

    expect(await giftcard.refund(op(500))).toMatchObject({ status: 'SUCCESS', processed_amount: 500 });
    expect(await giftcard.balance({ number: FIFTY })).toEqual({ balance: 4_000, held: 0, active: true });

    // Refunding more than captured is refused and leaves the balance alone.
    expect(await giftcard.refund(op(1_001))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'AMOUNT_EXCEEDED',
      processed_amount: 0,
    });
    expect(await giftcard.balance({ number: FIFTY })).toEqual({ balance: 4_000, held: 0, active: true });
  });

  it('refuses a card instrument as a request error, before any call', async () => {
    const wrong: AuthorizeRequest = {
      ...request(FIFTY, 100),
      instrument: { type: 'card', number: '4242424242424242', expiry_month: '12', expiry_year: '34' },
    };
    await expect(giftcard.authorize(wrong)).rejects.toBeInstanceOf(PartnerRequestError);
    expect(network.ledger()).toHaveLength(0);
  });
});
