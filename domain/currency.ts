/**
 * Currencies Tessera accepts and the conversion between decimal major units (what v1
 * clients send) and integer minor units (what everything else uses).
 *
 * Pure and deterministic: imported by Temporal workflows. No floating-point arithmetic is
 * done on amounts: decimals are handled as digit strings and BigInt.
 */

/** ISO 4217 minor-unit exponents: the number of decimal digits of the minor unit. */
export const CURRENCY_EXPONENTS = {
  CHF: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  USD: 2,
} as const satisfies Record<string, number>;

export type Currency = keyof typeof CURRENCY_EXPONENTS;

/** In alphabetical order, as the API documents them; the API schema's enum is built from this. */
export const CURRENCIES = ['CHF', 'EUR', 'GBP', 'JPY', 'USD'] as const satisfies readonly Currency[];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCY_EXPONENTS, value);
}

export function currencyExponent(currency: Currency): number {
  return CURRENCY_EXPONENTS[currency];
}

export type DecimalConversion = { ok: true; value: number } | { ok: false; error: string };

/**
 * A JSON number or numeric string, as JavaScript's `Number()` would read it, minus the
 * forms that are not decimal notation (hex, binary, `Infinity`, empty string, whitespace).
 */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Longer inputs are not amounts; the bound keeps BigInt work trivially small. */
const MAX_INPUT_LENGTH = 64;
/** Exponents beyond this cannot yield a safe integer or anything but zero. */
const MAX_EXPONENT = 400;

/**
 * Converts a decimal value to an integer scaled by 10^scale, exactly.
 *
 * Rounding rule: the input is read as the exact decimal it is written as, then rounded to
 * `scale` fraction digits **half away from zero** (0.005 → 1 cent, -0.005 → -1 cent,
 * 0.0049999 → 0).
 *
 * For a JavaScript number the decimal "as written" is its shortest round-trip
 * representation, `String(value)`: this is the text the client's JSON serializer produced
 * and the text `JSON.parse` read, so float noise rounds the way the sender meant
 * (9.999999999999993 → "9.999999999999993" → 1000 cents; 1.005, whose binary value is
 * just below 1.005, still gives 101 cents).
 *
 * Refused: non-finite numbers, non-numeric strings (including "", " 1", "1,00", "0x10",
 * "NaN", "Infinity"), any other type, and results outside the safe-integer range.
 * Negative values are converted (the caller decides whether a sign is allowed).
 */
export function decimalToScaledInteger(value: unknown, scale: number): DecimalConversion {
  if (!Number.isInteger(scale) || scale < 0 || scale > 20) {
    return { ok: false, error: `scale must be an integer between 0 and 20, got ${String(scale)}` };
  }
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, error: 'must be a finite number' };
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return { ok: false, error: 'must be a number or a numeric string' };
  }
  if (text.length === 0 || text.length > MAX_INPUT_LENGTH) {
    return { ok: false, error: 'must be a number or a numeric string' };
  }
  const match = DECIMAL.exec(text);
  if (match === null) return { ok: false, error: 'must be a number or a numeric string' };
  const sign = match[1] ?? '';
  const integerDigits = match[2] ?? '';
  const fractionDigits = match[3] ?? '';
  const exponentText = match[4];
  if (integerDigits.length === 0 && fractionDigits.length === 0) {
    // "." , "+", "e5": a sign or exponent without any digit.
    return { ok: false, error: 'must be a number or a numeric string' };
  }
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) {
    return { ok: false, error: 'is out of range' };
  }

  // value = digits × 10^(exponent − fractionDigits.length); we want value × 10^scale.
  const digits = (integerDigits + fractionDigits).replace(/^0+(?=\d)/, '');
  const shift = exponent - fractionDigits.length + scale;
  let magnitude: bigint;
  if (shift >= 0) {
    if (digits.length + shift > 20 && /[1-9]/.test(digits)) return { ok: false, error: 'is out of range' };
    magnitude = BigInt(digits) * 10n ** BigInt(shift);
  } else {
    const keep = digits.length + shift;
    const kept = keep > 0 ? digits.slice(0, keep) : '0';
    const firstDropped = keep >= 0 ? (digits[keep] ?? '0') : '0';
    magnitude = BigInt(kept) + (firstDropped >= '5' ? 1n : 0n);
  }
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'is out of range' };
  const result = Number(magnitude);
  // `0 * -1` would be -0, which serializes as 0 but compares oddly with Object.is.
  return { ok: true, value: sign === '-' && result !== 0 ? -result : result };
}

/**
 * Decimal major units (10.5, "20.0000", 9.999999999999993) to integer minor units of
 * `currency` (1050, 2000, 1000 for EUR; 10 → 10 for JPY). Same rounding and refusals as
 * {@link decimalToScaledInteger}.
 */
export function toMinorUnits(value: unknown, currency: Currency): DecimalConversion {
  return decimalToScaledInteger(value, CURRENCY_EXPONENTS[currency]);
}

/**
 * Integer minor units to a decimal string in major units with exactly the currency's
 * number of fraction digits: (1050, EUR) → "10.50", (-5, USD) → "-0.05", (10, JPY) → "10".
 */
export function formatMinorUnits(minor: number, currency: Currency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units must be a safe integer, got ${minor}`);
  const exponent = CURRENCY_EXPONENTS[currency];
  const negative = minor < 0;
  const digits = String(Math.abs(minor));
  if (exponent === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(exponent + 1, '0');
  const text = `${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
  return (negative ? '-' : '') + text;
}
