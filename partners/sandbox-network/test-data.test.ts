import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCardNumber, isLuhnValid } from '../../domain/card';
import {
  cardScenario,
  instalmentPlan,
  lenderDecision,
  normaliseExpiry,
  resolveNetwork,
  settlementFee,
  TEST_CARDS,
} from './test-data';

describe('sandbox test data', () => {
  it('every fixed test card number is a valid card number', () => {
    for (const number of Object.keys(TEST_CARDS))
      expect(isCardNumber(number) && isLuhnValid(number), number).toBe(true);
  });

  it('refuses as wrong card data a bad check digit or a number of fewer than 12 or more than 19 digits', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    const expiry = { month: '12', year: '34' };
    for (const digits of ['4242424242424241', '42424242426', '42424242424242424242', '4242 4242 4242 4242']) {
      expect(cardScenario({ digits, expiry }, now), digits).toMatchObject({
        kind: 'refuse',
        reason: 'WRONG_CARD_DATA',
      });
    }
    expect(cardScenario({ digits: '4242424242424242', expiry }, now)).toEqual({ kind: 'approve' });
  });

  it('detects networks and the co-badged CARTE_BANCAIRE choice', () => {
    expect(resolveNetwork('4242424242424242', undefined)).toBe('VISA');
    expect(resolveNetwork('2223003122003222', undefined)).toBe('MASTERCARD');
    expect(resolveNetwork('378282246310005', undefined)).toBe('AMERICAN_EXPRESS');
    expect(resolveNetwork('6011111111111117', undefined)).toBeNull();
    expect(resolveNetwork('5555555555554444', 'CARTE_BANCAIRE')).toBe('CARTE_BANCAIRE');
    expect(resolveNetwork('378282246310005', 'CARTE_BANCAIRE')).toBe('AMERICAN_EXPRESS');
  });

  it('normalises expiry dates', () => {
    expect(normaliseExpiry('3', '2031')).toEqual({ month: '03', year: '31' });
    expect(normaliseExpiry('00', '31')).toBeNull();
    expect(normaliseExpiry('12', '131')).toBeNull();
  });

  it('expired-by-date beats an approving test number but not a fixed refusal', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    const past = { month: '01', year: '20' };
    expect(cardScenario({ digits: '4242424242424242', expiry: past }, now)).toMatchObject({
      kind: 'refuse',
      reason: 'CARD_EXPIRED',
    });
    expect(cardScenario({ digits: '4000000000009995', expiry: past }, now)).toMatchObject({
      reason: 'INSUFFICIENT_FUNDS',
    });
  });

  it('splits an instalment plan exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 10_000_000 }), fc.constantFrom(3, 4), (amount, count) => {
        const plan = instalmentPlan(amount, count);
        expect(plan).toHaveLength(count);
        expect(plan.reduce((a, b) => a + b, 0)).toBe(amount);
        expect(plan[0]! - plan[1]!).toBeLessThan(count);
      }),
    );
  });

  it('the lender refuses by email and outside its limits', () => {
    expect(lenderDecision(10_000, 'grace@example.com')).toEqual({ accept: true });
    expect(lenderDecision(10_000, 'please-refuse@example.com')).toMatchObject({
      accept: false,
      reason: 'REJECTED_BY_RISK_CHECKS',
    });
    expect(lenderDecision(10_000, 'grace@refuse.example')).toEqual({ accept: true }); // local part only
    expect(lenderDecision(4_999, undefined)).toMatchObject({ accept: false, reason: 'AMOUNT_EXCEEDED' });
  });

  it('disputes the dedicated cards once approved, and no other', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    const expiry = { month: '12', year: '34' };
    expect(cardScenario({ digits: '4000000000000259', expiry }, now)).toEqual({
      kind: 'approve',
      dispute: { reason: 'FRAUDULENT', outcome: 'won-with-evidence' },
    });
    expect(cardScenario({ digits: '4000000000002685', expiry }, now)).toMatchObject({
      dispute: { outcome: 'lost' },
    });
    // An expired dispute card is refused like any other: nothing is captured, nothing disputed.
    expect(cardScenario({ digits: '4000000000000259', expiry: { month: '01', year: '20' } }, now)).toMatchObject({
      kind: 'refuse',
    });
  });

  it('charges settlement fees in whole minor units, rounded half up, on the absolute amount', () => {
    expect(settlementFee('sandbox-card', 'CAPTURE', 10_000)).toBe(25 + 120);
    expect(settlementFee('sandbox-card', 'CAPTURE', 2599)).toBe(25 + 31); // 31.188
    expect(settlementFee('sandbox-card', 'CAPTURE', 125)).toBe(25 + 2); // 1.5 rounds up
    expect(settlementFee('sandbox-card', 'REFUND', -2599)).toBe(10);
    expect(settlementFee('sandbox-card', 'CHARGEBACK', -2599)).toBe(1500);
    expect(settlementFee('sandbox-instalments', 'CAPTURE', 30_000)).toBe(870);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (amount) => {
        const fee = settlementFee('sandbox-wallet', 'CAPTURE', amount);
        return Number.isInteger(fee) && fee >= 35 && fee === settlementFee('sandbox-wallet', 'CAPTURE', -amount);
      }),
    );
  });
});
