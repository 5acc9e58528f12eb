import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CURRENCIES,
  currencyExponent,
  decimalToScaledInteger,
  formatMinorUnits,
  isCurrency,
  toMinorUnits,
  type Currency,
} from './currency';

describe('currencies', () => {
  it('lists the five accepted currencies with their ISO 4217 exponents', () => {
    expect(CURRENCIES).toEqual(['CHF', 'EUR', 'GBP', 'JPY', 'USD']);
    expect(CURRENCIES.map(currencyExponent)).toEqual([2, 2, 2, 0, 2]);
  });

  it.each(['CHF', 'EUR', 'GBP', 'JPY', 'USD'])('accepts %s', (code) => {
    expect(isCurrency(code)).toBe(true);
  });

  it.each(['eur', 'SEK', 'EURO', '', 'toString', '__proto__', 978, null, undefined])('refuses %s', (code) => {
    expect(isCurrency(code)).toBe(false);
  });
});

describe('toMinorUnits', () => {
  const ok = (value: number) => ({ ok: true, value });

  it.each<[unknown, Currency, number]>([
    [10, 'EUR', 1000],
    [10.5, 'EUR', 1050],
    ['20.0000', 'EUR', 2000],
    ['1.0000', 'USD', 100],
    [9.999999999999993, 'EUR', 1000],
    [0.1 + 0.2, 'EUR', 30],
    [19.99, 'GBP', 1999],
    [1234, 'JPY', 1234],
    ['1234.0', 'JPY', 1234],
    ['0', 'CHF', 0],
    ['-0', 'CHF', 0],
    ['.5', 'EUR', 50],
    ['5.', 'EUR', 500],
    ['+12.34', 'EUR', 1234],
    ['1e2', 'EUR', 10000],
    ['1.5E-1', 'EUR', 15],
    [1e-7, 'EUR', 0],
    ['00012.30', 'EUR', 1230],
    ['-12.34', 'EUR', -1234],
  ])('%s %s → %s minor units', (input, currency, expected) => {
    expect(toMinorUnits(input, currency)).toEqual(ok(expected));
  });

  it('rounds half away from zero on the decimal as written', () => {
    expect(toMinorUnits('0.005', 'EUR')).toEqual(ok(1));
    expect(toMinorUnits('0.0049999', 'EUR')).toEqual(ok(0));
    expect(toMinorUnits('-0.005', 'EUR')).toEqual(ok(-1));
    expect(toMinorUnits('10.125', 'EUR')).toEqual(ok(1013));
    expect(toMinorUnits('10.5', 'JPY')).toEqual(ok(11));
    expect(toMinorUnits('10.49', 'JPY')).toEqual(ok(10));
    expect(toMinorUnits('0.995', 'EUR')).toEqual(ok(100));
    // 1.005 and 2.675 are slightly below the written value in binary; the client wrote 1.005.
    expect(toMinorUnits(1.005, 'EUR')).toEqual(ok(101));
    expect(toMinorUnits(2.675, 'EUR')).toEqual(ok(268));
  });

  it.each<[unknown]>([
    [''],
    [' 1'],
    ['1 '],
    ['1,00'],
    ['abc'],
    ['0x10'],
    ['0b11'],
    ['NaN'],
    ['Infinity'],
    ['-'],
    ['.'],
    ['e5'],
    ['1e'],
    ['1.2.3'],
    ['--1'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [undefined],
    [true],
    [[10]],
    [{ amount: 10 }],
    [10n],
  ])('refuses %s', (input) => {
    const result = toMinorUnits(input, 'EUR');
    expect(result.ok).toBe(false);
  });

  it('refuses results outside the safe-integer range and absurd exponents', () => {
    expect(toMinorUnits('90071992547409.91', 'EUR')).toEqual(ok(Number.MAX_SAFE_INTEGER));
    expect(toMinorUnits('90071992547409.92', 'EUR').ok).toBe(false);
    expect(toMinorUnits(1e300, 'EUR').ok).toBe(false);
    expect(toMinorUnits('1e999999', 'EUR').ok).toBe(false);
    expect(toMinorUnits('0e300', 'EUR')).toEqual(ok(0));
    expect(toMinorUnits('1'.repeat(65), 'EUR').ok).toBe(false);
  });

  it('returns exactly the integer for any decimal written with at most the exponent digits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.integer({ min: -1e12, max: 1e12 }), (currency, minor) => {
        expect(toMinorUnits(formatMinorUnits(minor, currency), currency)).toEqual(ok(minor));
      }),
    );
  });

  it('agrees with the number a client meant when it serialized cents / 100 as a float', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        expect(toMinorUnits(cents / 100, 'EUR')).toEqual(ok(cents));
      }),
    );
  });

  it('absorbs the noise of float sums of cent amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 20 }), (parts) => {
        const floatSum = parts.reduce((sum, cents) => sum + cents / 100, 0);
        const exact = parts.reduce((sum, cents) => sum + cents, 0);
        expect(toMinorUnits(floatSum, 'EUR')).toEqual(ok(exact));
      }),
    );
  });
});

describe('decimalToScaledInteger', () => {
  it('scales quantities like "1.0000" with scale 0', () => {
    expect(decimalToScaledInteger('1.0000', 0)).toEqual({ ok: true, value: 1 });
    expect(decimalToScaledInteger('3', 3)).toEqual({ ok: true, value: 3000 });
  });

  it('refuses a scale that is not a small non-negative integer', () => {
    expect(decimalToScaledInteger('1', -1).ok).toBe(false);
    expect(decimalToScaledInteger('1', 1.5).ok).toBe(false);
    expect(decimalToScaledInteger('1', 21).ok).toBe(false);
  });
});

describe('formatMinorUnits', () => {
  it.each<[number, Currency, string]>([
    [1050, 'EUR', '10.50'],
    [5, 'USD', '0.05'],
    [-5, 'USD', '-0.05'],
    [0, 'GBP', '0.00'],
    [10, 'JPY', '10'],
    [-10, 'JPY', '-10'],
    [123456789, 'CHF', '1234567.89'],
  ])('%s %s → %s', (minor, currency, expected) => {
    expect(formatMinorUnits(minor, currency)).toBe(expected);
  });

  it('throws on a non-integer input, which would be a programming error', () => {
    expect(() => formatMinorUnits(1.5, 'EUR')).toThrow(RangeError);
  });
});
