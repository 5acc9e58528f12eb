import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardScenario,
  detectNetwork,
  instalmentPlan,
  isExpired,
  lenderDecision,
  luhnValid,
  normaliseExpiry,
  resolveNetwork,
  TEST_CARDS,
} from './test-data';

/** The digit that makes `body` + digit Luhn-valid. */
function checkDigit(body: string): string {
  for (let d = 0; d < 10; d++) if (luhnValid(`${body}${d}`)) return String(d);
  throw new Error('unreachable');
}

describe('sandbox test data', () => {
  it('every fixed test card number is Luhn-valid', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
  });

  it('exactly one check digit completes any number, and changing one digit breaks it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{11,18}$/), fc.integer({ min: 1, max: 9 }), (body, delta) => {
        const valid = `${body}${checkDigit(body)}`;
        expect(luhnValid(valid)).toBe(true);
        const last = (Number(valid.at(-1)) + delta) % 10;
        expect(luhnValid(`${body}${last}`)).toBe(false);
      }),
    );
  });

  it('detects networks and the co-badged CARTE_BANCAIRE choice', () => {
    expect(detectNetwork('4242424242424242')).toBe('VISA');
    expect(detectNetwork('5555555555554444')).toBe('MASTERCARD');
    expect(detectNetwork('2223003122003222')).toBe('MASTERCARD');
    expect(detectNetwork('378282246310005')).toBe('AMERICAN_EXPRESS');
    expect(detectNetwork('6011111111111117')).toBeNull();
    expect(resolveNetwork('5555555555554444', 'CARTE_BANCAIRE')).toBe('CARTE_BANCAIRE');
    expect(resolveNetwork('378282246310005', 'CARTE_BANCAIRE')).toBe('AMERICAN_EXPRESS');
  });

  it('normalises and checks expiry dates', () => {
    expect(normaliseExpiry('3', '2031')).toEqual({ month: '03', year: '31' });
    expect(normaliseExpiry('00', '31')).toBeNull();
    expect(normaliseExpiry('12', '131')).toBeNull();
    const now = new Date('2026-06-15T00:00:00Z');
    expect(isExpired({ month: '06', year: '26' }, now)).toBe(false);
    expect(isExpired({ month: '05', year: '26' }, now)).toBe(true);
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
});
