import { describe, expect, it } from 'vitest';
import { operationRequestForm, validateOperationRequest, type OperationRequestInput } from './operation';

const PT = '5a1e0f3c-2b4d-4e6f-8a9b-0c1d2e3f4a5b';
const card = { partner: 'sandbox-card', method: 'creditcard' };
const giftcard = { partner: 'sandbox-giftcard', method: 'giftcard' };
const pointers = (body: OperationRequestInput) => validateOperationRequest(body).map((e) => e.pointer);

describe('validateOperationRequest: the three forms', () => {
  it('accepts amount only', () => {
    expect(validateOperationRequest({ amount: 500 })).toEqual([]);
    expect(operationRequestForm({ amount: 500 })).toEqual({ form: 'AMOUNT_ONLY', amount: 500 });
  });

  it('accepts amount with a priority list', () => {
    const body = { amount: 500, priority: [giftcard, card] };
    expect(validateOperationRequest(body)).toEqual([]);
    expect(operationRequestForm(body)).toEqual({ form: 'PRIORITY', amount: 500, priority: [giftcard, card] });
  });

  it('accepts amount with a partner transaction id', () => {
    const body = { amount: 500, partner_transaction_id: PT };
    expect(validateOperationRequest(body)).toEqual([]);
    expect(operationRequestForm(body)).toEqual({
      form: 'PARTNER_TRANSACTION',
      amount: 500,
      partner_transaction_id: PT,
    });
  });

  it('accepts the optional merchant reference and order in any form', () => {
    const order = { shipments: [{ shipping_address: { country_code: 'FR' }, item_lines: [{ tax_amount: 10 }] }] };
    expect(validateOperationRequest({ amount: 1, order, priority: [card], partner_transaction_id: undefined })).toEqual(
      [],
    );
  });

  it('refuses priority together with partner_transaction_id', () => {
    const body = { amount: 500, priority: [card], partner_transaction_id: PT };
    expect(validateOperationRequest(body)).toEqual([
      { pointer: '/partner_transaction_id', detail: expect.stringContaining('must not be combined with priority') },
    ]);
    expect(operationRequestForm(body)).toBeUndefined();
  });

  it('refuses an empty priority list', () => {
    expect(pointers({ amount: 500, priority: [] })).toEqual(['/priority']);
  });

  it('refuses a partner and method listed twice', () => {
    expect(validateOperationRequest({ amount: 500, priority: [card, giftcard, { ...card }] })).toEqual([
      { pointer: '/priority/2', detail: 'repeats /priority/0 (sandbox-card creditcard)' },
    ]);
  });

  it('accepts the same partner with two methods', () => {
    expect(
      validateOperationRequest({
        amount: 1,
        priority: [
          { partner: 'sandbox-instalments', method: '3x' },
          { partner: 'sandbox-instalments', method: '4x' },
        ],
      }),
    ).toEqual([]);
  });
});

describe('validateOperationRequest: amount', () => {
  it.each([0, -1, 2.5, Number.NaN])('refuses amount %s', (amount) => {
    expect(pointers({ amount })).toEqual(['/amount']);
    expect(operationRequestForm({ amount })).toBeUndefined();
  });

  it('refuses a missing amount', () => {
    expect(validateOperationRequest({ priority: [card] })).toEqual([{ pointer: '/amount', detail: 'is required' }]);
    expect(operationRequestForm({})).toBeUndefined();
  });
});

describe('validateOperationRequest: order', () => {
  it('checks the shipping addresses of the shipments', () => {
    expect(pointers({ amount: 1, order: { shipments: [{}, { shipping_address: { country_code: 'XX' } }] } })).toEqual([
      '/order/shipments/1/shipping_address/country_code',
    ]);
  });
});
