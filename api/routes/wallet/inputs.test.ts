import { describe, expect, it } from 'vitest';
import { legacyOwnerReference, tokenExpiration, tokenPaymentIdErrors } from './inputs';

const instant = (input: string) => {
  const reading = tokenExpiration(input);
  return reading.ok ? reading.value.toISOString() : `error: ${reading.error}`;
};

describe('tokenExpiration', () => {
  it('reads a date as the end of that day, UTC', () => {
    expect(instant('2028-09-30')).toBe('2028-09-30T23:59:59.999Z');
    expect(instant('2028-02-29')).toBe('2028-02-29T23:59:59.999Z');
  });

  it('reads a date-time with its offset', () => {
    expect(instant('2028-09-30T12:00:00Z')).toBe('2028-09-30T12:00:00.000Z');
    expect(instant('2028-09-30T12:00:00.5+02:00')).toBe('2028-09-30T10:00:00.500Z');
    expect(instant('2028-09-30t23:59:59z')).toBe('2028-09-30T23:59:59.000Z');
  });

  it('accepts a date already past: imports may carry expired tokens', () => {
    expect(instant('2001-01-01')).toBe('2001-01-01T23:59:59.999Z');
  });

  it('refuses dates that do not exist', () => {
    expect(instant('2027-02-29')).toMatch(/^error: 2027-02-29 is not a calendar date/);
    expect(instant('2028-13-01')).toMatch(/^error: /);
    expect(instant('2028-09-30T24:00:00Z')).toMatch(/^error: .* is not a valid date-time/);
    expect(instant('2028-09-30T12:00:00+24:00')).toMatch(/^error: /);
  });

  it('refuses a date-time without an offset, naming why', () => {
    expect(instant('2028-09-30T12:00:00')).toBe('error: a date-time needs a time zone offset (Z or ±hh:mm)');
  });

  it('refuses other shapes', () => {
    for (const input of ['09/2028', '2028-9-30', '30-09-2028', 'tomorrow', '', '2028-09-30 12:00:00Z']) {
      expect(instant(input), input).toMatch(/^error: must be an ISO 8601 date/);
    }
  });
});

describe('legacyOwnerReference', () => {
  it('reads an integer as its decimal string', () => {
    expect(legacyOwnerReference(42)).toEqual({ ok: true, value: '42' });
    expect(legacyOwnerReference(0)).toEqual({ ok: true, value: '0' });
  });

  it('keeps a string as it is', () => {
    expect(legacyOwnerReference('CUST-42')).toEqual({ ok: true, value: 'CUST-42' });
  });

  it('refuses an integer beyond exact range, which would name another customer', () => {
    expect(legacyOwnerReference(2 ** 53 + 2).ok).toBe(false);
  });
});

describe('tokenPaymentIdErrors', () => {
  it('takes every partner and method pair Tessera routes to', () => {
    expect(tokenPaymentIdErrors({ partner: 'sandbox-card', method: 'creditcard' })).toEqual([]);
    expect(tokenPaymentIdErrors({ partner: 'sandbox-instalments', method: '4x' })).toEqual([]);
    expect(tokenPaymentIdErrors({ partner: 'stripe', method: 'creditcard' })).toEqual([]);
  });

  it('names the partner it does not know, or the method its partner does not offer', () => {
    expect(tokenPaymentIdErrors({ partner: 'sandbox-crad', method: 'creditcard' })).toEqual([
      { pointer: '/payment_id/partner', detail: expect.stringContaining('one of sandbox-card, ') },
    ]);
    expect(tokenPaymentIdErrors({ partner: 'sandbox-card', method: 'giftcard' })).toEqual([
      { pointer: '/payment_id/method', detail: 'is not a method of sandbox-card: one of creditcard' },
    ]);
  });
});
