/**
 * Decimal major units as API v1 clients send them (JSON numbers or numeric strings from
 * e-commerce platforms: 25.99, "20.0000", 8.309999999999995) to Tessera's integer minor units,
 * and back for v1 answers.
 *
 *   parseMajorUnits(value, currency, options?)  → DecimalConversion  (EUR "25.99" → 2599)
 *   parseDecimalCount(value, options?)           → DecimalConversion  (quantity "1.0000" → 1)
 *   parseScaledDecimal(value, decimals, options?) → DecimalConversion (the general form)
 *   minorToMajorUnits(minor, currency)           → number             (2599 EUR → 25.99, 500 JPY → 500)
 *
 * Acceptance rule: the value, read exactly as the decimal it is written as, must lie within
 * {@link DECIMAL_TOLERANCE} (10^-6 major units) of a whole number of minor units. That absorbs
 * the float noise of platforms that compute prices in binary floating point (9.999999999999993 is
 * 1000 cents) while refusing amounts that really carry a fraction of a minor unit ("20.005" EUR):
 * silently rounding those would charge a different amount than the merchant's order says.
 * domain/currency.ts's `toMinorUnits` rounds instead; v1 uses this module.
 *
 * Expected bad input is an `{ ok: false, error }` value, never an exception: the caller puts the
 * error after the field's name ("amount must be …"). No floating-point arithmetic touches an
 * amount: the text is split into digits and compared with BigInt. A JSON number is read as its
 * shortest round-trip text (`String(n)`), which is what the sender's serializer wrote.
 * Pure and deterministic: usable from workflows.
 */
import { CURRENCY_EXPONENTS, formatMinorUnits, type Currency, type DecimalConversion } from './currency';

export type { DecimalConversion };

/** How far (in major units) a value may be from a whole number of minor units: float noise only. */
export const DECIMAL_TOLERANCE = '0.000001';
const TOLERANCE_DECIMALS = 6;

/**
 * At most this many significant digits in the input: a binary double carries 17, and platforms'
 * decimal strings fewer. Longer values are not prices a platform computed.
 */
export const MAX_SIGNIFICANT_DIGITS = 20;

/**
 * Results stay below 10^15 so that every accepted value survives a trip through a JSON number
 * (15 significant decimal digits always round-trip through a double) and sums stay safe integers.
 */
export const MAX_SCALED_VALUE = 999_999_999_999_999;

/** A string this long is not an amount; the bound keeps the BigInt work trivially small. */
const MAX_INPUT_LENGTH = 64;
/** Doubles reach 10^±324; beyond this the exponent is not from a number, and BigInt work stays small. */
const MAX_EXPONENT = 400;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

export type SignRule = 'positive' | 'non-negative' | 'any';

export interface DecimalOptions {
  /** Default 'non-negative': zero is allowed, a negative value is refused. */
  sign?: SignRule;
}

const fail = (error: string): DecimalConversion => ({ ok: false, error });

/**
 * `value` (a JSON number or a numeric string) times 10^decimals, as an exact integer, when the
 * value is within {@link DECIMAL_TOLERANCE} of a multiple of 10^-decimals.
 *
 * Accepted text: an optional sign, digits with an optional decimal point (".5" and "5." too),
 * and an optional exponent ("1e-7", which is how JavaScript writes tiny float noise such as
 * 5.551115123125783e-17). Refused: other types, non-finite numbers, empty or padded strings,
 * decimal commas, hexadecimal, "NaN", "Infinity", more than {@link MAX_SIGNIFICANT_DIGITS}
 * significant digits, results above {@link MAX_SCALED_VALUE}, and a sign the options forbid.
 * A negative value that is only noise around zero ("-0", -1e-12) is zero.
 */
export function parseScaledDecimal(value: unknown, decimals: number, options: DecimalOptions = {}): DecimalConversion {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > TOLERANCE_DECIMALS) {
    // Beyond 6 decimals the tolerance would exceed half a unit and the rule would become rounding.
    return fail(`cannot be read with ${String(decimals)} decimals`);
  }
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('must be a finite number');
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return fail('must be a number or a numeric string');
  }
  if (text.length > MAX_INPUT_LENGTH) return fail(`must be a number of at most ${MAX_INPUT_LENGTH} characters`);
  if (/^[+-]?\d+,\d+$/.test(text)) return fail(`must use a dot as decimal separator, got "${text}"`);
  const match = DECIMAL.exec(text);
  const integerDigits = match?.[2] ?? '';
  const fractionDigits = match?.[3] ?? '';
  if (match === null || (integerDigits === '' && fractionDigits === '')) {
    return fail(`must be a number or a numeric string, got ${JSON.stringify(text)}`);
  }
  const exponent = match[4] === undefined ? 0 : Number(match[4]);
  if (Math.abs(exponent) > MAX_EXPONENT) return fail(`has an exponent beyond ±${MAX_EXPONENT}`);
  const negative = match[1] === '-';

  // |value| = significand × 10^power, with neither leading nor trailing zeros in the significand.
  let significand = (integerDigits + fractionDigits).replace(/^0+/, '');
  let power = exponent - fractionDigits.length;
  const trailingZeros = /0*$/.exec(significand)?.[0].length ?? 0;
  significand = significand.slice(0, significand.length - trailingZeros);
  power += trailingZeros;
  if (significand.length > MAX_SIGNIFICANT_DIGITS) {
    return fail(`has more than ${MAX_SIGNIFICANT_DIGITS} significant digits`);
  }

  const scaled = nearestScaled(significand, power, decimals);
  if (scaled === 'too-large') return fail(`must be at most ${formatScaled(MAX_SCALED_VALUE, decimals)}`);
  if (scaled === 'off-grid') {
    return fail(
      decimals === 0
        ? `must be a whole number, got ${text}`
        : `must be a multiple of ${formatScaled(1, decimals)} (at most ${decimals} decimals), got ${text}`,
    );
  }

  const sign = options.sign ?? 'non-negative';
  if (scaled === 0n) {
    return sign === 'positive' ? fail('must be greater than zero') : { ok: true, value: 0 };
  }
  if (negative && sign !== 'any')
    return fail(sign === 'positive' ? 'must be greater than zero' : 'must not be negative');
  const result = Number(scaled);
  return { ok: true, value: negative ? -result : result };
}

/**
 * The integer nearest to significand × 10^(power + decimals) (the value in units of 10^-decimals),
 * when the value lies within the tolerance of it.
 */
function nearestScaled(significand: string, power: number, decimals: number): bigint | 'too-large' | 'off-grid' {
  if (significand === '') return 0n;
  const digits = BigInt(significand);
  const limit = BigInt(MAX_SCALED_VALUE);
  const shift = power + decimals;
  if (shift >= 0) {
    if (significand.length + shift > 16) return 'too-large';
    const scaled = digits * 10n ** BigInt(shift);
    return scaled > limit ? 'too-large' : scaled;
  }
  // scaled = digits / 10^-shift: an integer quotient and a remainder over the denominator.
  const denominator = 10n ** BigInt(-shift);
  const quotient = digits / denominator;
  const remainder = digits % denominator;
  const roundsUp = 2n * remainder >= denominator;
  const nearest = roundsUp ? quotient + 1n : quotient;
  const distance = roundsUp ? denominator - remainder : remainder;
  if (nearest > limit) return 'too-large';
  return withinTolerance(distance, denominator, decimals) ? nearest : 'off-grid';
}

/**
 * The distance (distance / denominator, in units of 10^-decimals) is at most the tolerance,
 * 10^(decimals − 6) of those units; multiplied out so that everything stays an integer.
 */
function withinTolerance(distance: bigint, denominator: bigint, decimals: number): boolean {
  return distance * 10n ** BigInt(TOLERANCE_DECIMALS) <= denominator * 10n ** BigInt(decimals);
}

function formatScaled(scaled: number, decimals: number): string {
  if (decimals === 0) return String(scaled);
  const padded = String(scaled).padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

/** Decimal major units of `currency` to its integer minor units: EUR 25.99 → 2599, JPY "500" → 500. */
export function parseMajorUnits(value: unknown, currency: Currency, options: DecimalOptions = {}): DecimalConversion {
  return parseScaledDecimal(value, CURRENCY_EXPONENTS[currency], options);
}

/** A count written as a decimal (quantity "1.0000" → 1; "1.5" is refused). Zero allowed unless `sign: 'positive'`. */
export function parseDecimalCount(value: unknown, options: DecimalOptions = {}): DecimalConversion {
  return parseScaledDecimal(value, 0, options);
}

/**
 * Integer minor units to the major-unit number a v1 answer carries: 2599 EUR → 25.99, 500 JPY → 500.
 * The number is read from the exact decimal text, so it serializes back as that text.
 * Throws a RangeError for a non-safe-integer: minor units come from Tessera's own records, so that
 * is a bug, not bad input.
 */
export function minorToMajorUnits(minor: number, currency: Currency): number {
  return Number(formatMinorUnits(minor, currency));
}
