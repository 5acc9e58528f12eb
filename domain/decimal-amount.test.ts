import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_EXPONENTS, formatMinorUnits, type Currency } from './currency';
import {
  MAX_SCALED_VALUE,
  minorToMajorUnits,
  parseDecimalCount,
  parseMajorUnits,
  parseScaledDecimal,
} from './decimal-amount';

const RUNS = { numRuns: 500 };
const currencyArb = fc.constantFrom<Currency>(...CURRENCIES);
/** Up to 10^12 minor units: ten billion euros, far beyond a real order, yet well inside the limit. */
const minorArb = fc.integer({ min: 0, max: 1_000_000_000_000 });

const value = (result: ReturnType<typeof parseMajorUnits>) => (result.ok ? result.value : result.error);

describe('parseMajorUnits: what v1 platforms send', () => {
  it.each([
    [25.99, 'EUR', 2599],
    ['25.99', 'EUR', 2599],
    ['20.0000', 'EUR', 2000],
    [20, 'EUR', 2000],
    [8.309999999999995, 'EUR', 831],
    [9.999999999999993, 'EUR', 1000],
    ['9.999999999999993', 'EUR', 1000],
    [0.1 + 0.2, 'EUR', 30],
    ['500', 'JPY', 500],
    ['500.0000', 'JPY', 500],
    ['.5', 'EUR', 50],
    ['5.', 'EUR', 500],
    ['+7.10', 'GBP', 710],
    ['0', 'EUR', 0],
    ['-0', 'EUR', 0],
    [5.551115123125783e-17, 'EUR', 0],
    [5e-324, 'EUR', 0],
    ['1e2', 'EUR', 10000],
    ['2.5E-1', 'CHF', 25],
    ['0.0000000000001', 'EUR', 0],
    ['10.0000004', 'EUR', 1000],
  ] as const)('%j %s → %d', (input, currency, expected) => {
    expect(parseMajorUnits(input, currency)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['20.005', 'EUR', 'must be a multiple of 0.01 (at most 2 decimals), got 20.005'],
    [1.005, 'USD', 'must be a multiple of 0.01 (at most 2 decimals), got 1.005'],
    [20.001, 'EUR', 'must be a multiple of 0.01 (at most 2 decimals), got 20.001'],
    ['10.000002', 'EUR', 'must be a multiple of 0.01 (at most 2 decimals), got 10.000002'],
    ['500.5', 'JPY', 'must be a whole number, got 500.5'],
    ['20,00', 'EUR', 'must use a dot as decimal separator, got "20,00"'],
    ['abc', 'EUR', 'must be a number or a numeric string, got "abc"'],
    ['', 'EUR', 'must be a number or a numeric string, got ""'],
    [' 20.00', 'EUR', 'must be a number or a numeric string, got " 20.00"'],
    ['0x10', 'EUR', 'must be a number or a numeric string, got "0x10"'],
    ['NaN', 'EUR', 'must be a number or a numeric string, got "NaN"'],
    ['Infinity', 'EUR', 'must be a number or a numeric string, got "Infinity"'],
    ['.', 'EUR', 'must be a number or a numeric string, got "."'],
    ['e5', 'EUR', 'must be a number or a numeric string, got "e5"'],
    [Number.NaN, 'EUR', 'must be a finite number'],
    [Number.POSITIVE_INFINITY, 'EUR', 'must be a finite number'],
    [null, 'EUR', 'must be a number or a numeric string'],
    [true, 'EUR', 'must be a number or a numeric string'],
    [{ value: 1 }, 'EUR', 'must be a number or a numeric string'],
    ['-1.00', 'EUR', 'must not be negative'],
    [-0.01, 'EUR', 'must not be negative'],
    ['1e401', 'EUR', 'has an exponent beyond ±400'],
    ['1e-401', 'EUR', 'has an exponent beyond ±400'],
    ['1.000000000000000000001', 'EUR', 'has more than 20 significant digits'],
    ['10000000000000.00', 'EUR', 'must be at most 9999999999999.99'],
    [1e21, 'EUR', 'must be at most 9999999999999.99'],
    ['1000000000000000', 'JPY', 'must be at most 999999999999999'],
    ['1'.repeat(65), 'EUR', 'must be a number of at most 64 characters'],
  ] as const)('%j %s is refused: %s', (input, currency, error) => {
    expect(parseMajorUnits(input, currency)).toEqual({ ok: false, error });
  });

  it('applies the sign rule it is given', () => {
    expect(parseMajorUnits('-12.50', 'EUR', { sign: 'any' })).toEqual({ ok: true, value: -1250 });
    expect(value(parseMajorUnits('0.00', 'EUR', { sign: 'positive' }))).toBe('must be greater than zero');
    expect(value(parseMajorUnits('-1', 'EUR', { sign: 'positive' }))).toBe('must be greater than zero');
    expect(value(parseMajorUnits('0.00', 'EUR'))).toBe(0);
    // Noise around zero is zero, whatever its sign.
    expect(value(parseMajorUnits(-1e-12, 'EUR'))).toBe(0);
  });

  it('accepts the largest value and refuses the next minor unit', () => {
    expect(value(parseMajorUnits('9999999999999.99', 'EUR'))).toBe(MAX_SCALED_VALUE);
    expect(value(parseMajorUnits('9999999999999.995', 'EUR'))).toMatch(/^must be/);
  });

  it('tolerates exactly one millionth of a major unit, not more', () => {
    expect(value(parseMajorUnits('10.000001', 'EUR'))).toBe(1000);
    expect(value(parseMajorUnits('9.999999', 'EUR'))).toBe(1000);
    expect(value(parseMajorUnits('10.0000010001', 'EUR'))).toMatch(/^must be a multiple/);
    expect(value(parseMajorUnits('4.000001', 'JPY'))).toBe(4);
    expect(value(parseMajorUnits('4.0000011', 'JPY'))).toMatch(/^must be a whole number/);
  });
});

describe('parseDecimalCount and parseScaledDecimal', () => {
  it('reads quantities written as decimals', () => {
    expect(parseDecimalCount('1.0000')).toEqual({ ok: true, value: 1 });
    expect(parseDecimalCount(3)).toEqual({ ok: true, value: 3 });
    expect(parseDecimalCount(2.9999999999999996)).toEqual({ ok: true, value: 3 });
    expect(value(parseDecimalCount('1.5'))).toBe('must be a whole number, got 1.5');
    expect(value(parseDecimalCount('0', { sign: 'positive' }))).toBe('must be greater than zero');
  });

  it('refuses a scale the tolerance cannot serve', () => {
    expect(value(parseScaledDecimal('1', 7))).toBe('cannot be read with 7 decimals');
    expect(value(parseScaledDecimal('1', -1))).toBe('cannot be read with -1 decimals');
  });
});

describe('minorToMajorUnits', () => {
  it.each([
    [2599, 'EUR', 25.99],
    [1, 'USD', 0.01],
    [0, 'GBP', 0],
    [-5, 'EUR', -0.05],
    [500, 'JPY', 500],
    [123456789012, 'CHF', 1234567890.12],
  ] as const)('%d %s → %d', (minor, currency, major) => {
    expect(minorToMajorUnits(minor, currency)).toBe(major);
  });

  it('serializes as the exact decimal in JSON', () => {
    expect(JSON.stringify({ amount: minorToMajorUnits(831, 'EUR') })).toBe('{"amount":8.31}');
  });

  it('refuses what is not a safe integer, as a bug', () => {
    expect(() => minorToMajorUnits(1.5, 'EUR')).toThrow(RangeError);
  });
});

describe('properties', () => {
  it('minor → major number → minor is the identity', () => {
    fc.assert(
      fc.property(currencyArb, minorArb, (currency, minor) => {
        expect(parseMajorUnits(minorToMajorUnits(minor, currency), currency)).toEqual({ ok: true, value: minor });
      }),
      RUNS,
    );
  });

  it('the decimal string, with any number of trailing zeros, reads back exactly', () => {
    fc.assert(
      fc.property(currencyArb, minorArb, fc.nat({ max: 4 }), (currency, minor, zeros) => {
        const text = formatMinorUnits(minor, currency);
        const padded = zeros === 0 ? text : `${text}${text.includes('.') ? '' : '.'}${'0'.repeat(zeros)}`;
        expect(parseMajorUnits(padded, currency)).toEqual({ ok: true, value: minor });
      }),
      RUNS,
    );
  });

  it('float noise from a platform’s arithmetic is absorbed', () => {
    fc.assert(
      fc.property(
        currencyArb,
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.double({ min: -5e-7, max: 5e-7, noNaN: true }),
        (currency, minor, noise) => {
          // Float arithmetic on purpose: this is how the noisy inputs are made.
          const noisy = minorToMajorUnits(minor, currency) + noise;
          expect(parseMajorUnits(noisy, currency, { sign: 'any' })).toEqual({ ok: true, value: minor });
        },
      ),
      RUNS,
    );
  });

  it('a digit beyond the currency’s decimals (and beyond the noise) is refused', () => {
    fc.assert(
      fc.property(
        currencyArb,
        minorArb,
        fc.integer({ min: 1, max: 9 }),
        fc.nat({ max: 4 }),
        (currency, minor, digit, extraZeros) => {
          const text = formatMinorUnits(minor, currency);
          const withPoint = text.includes('.') ? text : `${text}.`;
          // The digit lands at a decimal place from exponent + 1 to 5: at least 10^-5 away from the grid.
          const offGrid = `${withPoint}${'0'.repeat(Math.min(extraZeros, 4 - CURRENCY_EXPONENTS[currency]))}${digit}`;
          const result = parseMajorUnits(offGrid, currency);
          expect(result.ok).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('agrees with the value the JSON number stands for', () => {
    fc.assert(
      fc.property(currencyArb, fc.double({ min: 0, max: 1e12, noNaN: true }), (currency, major) => {
        const result = parseMajorUnits(major, currency);
        const scale = 10 ** CURRENCY_EXPONENTS[currency];
        if (result.ok) {
          // Accepted: within the tolerance (plus the double's own rounding) of the number.
          expect(Math.abs(result.value / scale - major)).toBeLessThanOrEqual(1e-6 + major * 1e-15);
        } else {
          // Refused: genuinely away from every minor unit.
          const nearest = Math.round(major * scale) / scale;
          expect(Math.abs(nearest - major)).toBeGreaterThan(1e-6 - major * 1e-15);
        }
      }),
      RUNS,
    );
  });

  it('the sign is symmetric when negatives are allowed, and refused by default', () => {
    fc.assert(
      fc.property(currencyArb, fc.integer({ min: 1, max: 1_000_000_000_000 }), (currency, minor) => {
        const text = formatMinorUnits(minor, currency);
        expect(parseMajorUnits(`-${text}`, currency, { sign: 'any' })).toEqual({ ok: true, value: -minor });
        expect(parseMajorUnits(`-${text}`, currency)).toEqual({ ok: false, error: 'must not be negative' });
      }),
      RUNS,
    );
  });

  it('never throws, and only yields safe integers within the limit', () => {
    const anyInput = fc.oneof(
      fc.anything(),
      fc.double(),
      fc.stringMatching(/^[+-]?\d{0,20}(\.\d{0,20})?([eE][+-]?\d{1,3})?$/),
      fc.string(),
    );
    fc.assert(
      fc.property(anyInput, currencyArb, (input, currency) => {
        const result = parseMajorUnits(input, currency, { sign: 'any' });
        if (result.ok) {
          expect(Number.isSafeInteger(result.value)).toBe(true);
          expect(Math.abs(result.value)).toBeLessThanOrEqual(MAX_SCALED_VALUE);
        } else {
          expect(result.error.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
