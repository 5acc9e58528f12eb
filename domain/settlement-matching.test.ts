import { describe, expect, it } from 'vitest';
import {
  compareLine,
  expectedSettlement,
  missingLineDescription,
  missingLineWindow,
  type KnownTransaction,
  type SettlementLine,
} from './settlement-matching';

const capture: KnownTransaction = {
  transaction_id: '0b0c9a64-5f2a-4d8e-9a3b-6f2d1e4c7a10',
  payment_id: '2f1e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  entity_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  order_reference: 'ORDER-1',
  type: 'CAPTURE',
  status: 'SUCCESS',
  amount: 2599,
  processed_amount: 2599,
  currency: 'EUR',
  partner_reference: 'cap_1',
};

const line = (overrides: Partial<SettlementLine> = {}): SettlementLine => ({
  line_number: 1,
  type: 'CAPTURE',
  partner_reference: 'cap_1',
  authorization_reference: 'auth_1',
  merchant_reference: null,
  gross_amount: 2599,
  fee_amount: 56,
  net_amount: 2543,
  currency: 'EUR',
  transaction_date: '2026-05-01T10:00:00.000Z',
  ...overrides,
});

describe('expectedSettlement', () => {
  it('pays captures, takes back refunds and lost disputes, and nothing else', () => {
    expect(expectedSettlement(capture)).toEqual({ type: 'CAPTURE', gross_amount: 2599 });
    expect(expectedSettlement({ ...capture, type: 'REFUND', processed_amount: 1000 })).toEqual({
      type: 'REFUND',
      gross_amount: -1000,
    });
    expect(expectedSettlement({ ...capture, type: 'DISPUTE', status: 'LOST', processed_amount: 0 })).toEqual({
      type: 'CHARGEBACK',
      gross_amount: -2599,
    });
    for (const tx of [
      { ...capture, status: 'UNCERTAIN', processed_amount: 0 },
      { ...capture, type: 'AUTHORIZATION' as const, status: 'AUTHORIZED' },
      { ...capture, type: 'VOID' as const },
      { ...capture, type: 'DISPUTE' as const, status: 'WON' },
      { ...capture, type: 'DISPUTE' as const, status: 'NEEDS_RESPONSE' },
    ])
      expect(expectedSettlement(tx)).toBeUndefined();
  });
});

describe('compareLine', () => {
  it('matches a line that says what Tessera recorded', () => {
    expect(compareLine(line(), capture)).toEqual({ match: 'MATCHED', expected_amount: 2599, description: null });
  });

  it('names a line Tessera has no transaction for', () => {
    const unknown = compareLine(line({ partner_reference: 'cap_x' }), undefined);
    expect(unknown.match).toBe('UNKNOWN_TRANSACTION');
    expect(unknown.description).toContain('cap_x');
  });

  it('tells the amount expected from the amount settled', () => {
    expect(compareLine(line({ gross_amount: 2500 }), capture)).toEqual({
      match: 'AMOUNT_DIFFERENCE',
      expected_amount: 2599,
      description: 'expected 2599 EUR, the partner settled 2500 EUR',
    });
    expect(compareLine(line({ currency: 'USD' }), capture).match).toBe('AMOUNT_DIFFERENCE');
    expect(compareLine(line({ type: 'REFUND', gross_amount: -2599 }), capture).description).toContain('REFUND');
  });

  it('finds a difference in a transaction settled twice, or one Tessera says moved nothing', () => {
    expect(compareLine(line(), capture, 'stl_1')).toMatchObject({ match: 'AMOUNT_DIFFERENCE', expected_amount: 0 });
    expect(compareLine(line(), { ...capture, status: 'UNCERTAIN', processed_amount: 0 })).toMatchObject({
      match: 'AMOUNT_DIFFERENCE',
      expected_amount: 0,
    });
  });
});

describe('missing lines', () => {
  it('describe what should have been settled', () => {
    expect(missingLineDescription({ ...capture, type: 'REFUND', processed_amount: 500 })).toBe(
      'the partner did not settle REFUND cap_1 (-500 EUR)',
    );
  });

  it('are looked for in the batch period moved earlier by the clock margin', () => {
    const period = { start: '2026-05-01T00:00:00.000Z', end: '2026-05-02T00:00:00.000Z' };
    expect(missingLineWindow(period, 60_000)).toEqual({
      from: new Date('2026-04-30T23:59:00.000Z'),
      to: new Date('2026-05-01T23:59:00.000Z'),
    });
    expect(missingLineWindow(period, 0).to).toEqual(new Date(period.end));
  });
});
