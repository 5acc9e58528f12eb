// Card rules shared by the vault (api), the card form of the hosted page and widget (web) and the
// sandbox acquirer (partners/sandbox-network/test-data.ts): Luhn, network detection from the
// number's first digits, lengths, CVV, expiry. Pure and dependency-free (type imports only) so the
// browser bundle stays small.
import type { CardNetwork } from './enums';
import type { FieldError } from './validation/field-error';

/** Networks told by the number's own prefix; CARTE_BANCAIRE only ever comes co-badged on one of them. */
export type PrimaryCardNetwork = Extract<CardNetwork, 'VISA' | 'MASTERCARD' | 'AMERICAN_EXPRESS'>;
/** The networks the vault recognises (ONEY cards are not tokenized here). */
export type DetectedBrand = PrimaryCardNetwork | 'CARTE_BANCAIRE';

/** Lengths a number may have on each network (digits); a co-badged number must fit both. */
export const CARD_NUMBER_LENGTHS: Readonly<Record<DetectedBrand, readonly number[]>> = {
  VISA: [13, 16, 19],
  MASTERCARD: [16],
  AMERICAN_EXPRESS: [15],
  CARTE_BANCAIRE: [16],
};

/**
 * Sandbox rule for co-badging: a VISA or MASTERCARD number whose first 8 digits are one of these is
 * also a CARTE_BANCAIRE card. They are the industry's CB test ranges (4000 0025 0000 1001 with VISA,
 * 5555 5525 0000 1001 with MASTERCARD), so the plain test cards (4242…, 5555 5555 5555 4444, 4000 0000…)
 * stay single-brand. A production deployment replaces this list with the CB BIN table.
 */
export const CARTE_BANCAIRE_BIN_PREFIXES: readonly string[] = ['40000025', '55555525'];

/** Digits of the BIN that may be shown or stored in clear beside the last four. */
export const BIN_LENGTH = 6;
/** EMV 3-D Secure's cardholderName: 2 to 45 characters. */
export const HOLDER_NAME_LENGTH = { min: 2, max: 45 } as const;
/** Expiry years further ahead than this are taken for typing mistakes. */
export const MAX_YEARS_AHEAD = 20;

const DIGITS = /^[0-9]+$/;
const CARD_NUMBER = /^[0-9]{12,19}$/;
const EXPIRY_MONTH = /^(0[1-9]|1[0-2])$/;
const EXPIRY_YEAR = /^[0-9]{2}$/;
// C0 and C1 control characters, DEL, line and paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** 12 to 19 digits and nothing else: a card number before any network's own length rule. */
export function isCardNumber(number: unknown): number is string {
  return typeof number === 'string' && CARD_NUMBER.test(number);
}

/** Luhn (mod 10) check of a digits-only number. */
export function isLuhnValid(number: string): boolean {
  if (!DIGITS.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The network a number's prefix names: 4 VISA, 51-55 and 2221-2720 MASTERCARD, 34 and 37
 * AMERICAN_EXPRESS. Works on a partial number as soon as its first digits decide (a card form
 * shows the logo while the shopper types); undefined otherwise.
 */
export function primaryNetwork(number: string): PrimaryCardNetwork | undefined {
  if (!DIGITS.test(number)) return undefined;
  if (number.startsWith('4')) return 'VISA';
  if (number.startsWith('34') || number.startsWith('37')) return 'AMERICAN_EXPRESS';
  const two = Number(number.slice(0, 2));
  if (number.length >= 2 && two >= 51 && two <= 55) return 'MASTERCARD';
  const four = Number(number.slice(0, 4));
  if (number.length >= 4 && four >= 2221 && four <= 2720) return 'MASTERCARD';
  return undefined;
}

/**
 * Every network the card belongs to: [] when unknown, one network, or CARTE_BANCAIRE first then
 * VISA or MASTERCARD for a co-badged card (the shopper may choose either).
 */
export function detectBrands(
  number: string,
  carteBancairePrefixes: readonly string[] = CARTE_BANCAIRE_BIN_PREFIXES,
): DetectedBrand[] {
  const primary = primaryNetwork(number);
  if (!primary) return [];
  const coBadged = primary !== 'AMERICAN_EXPRESS' && carteBancairePrefixes.some((prefix) => number.startsWith(prefix));
  return coBadged ? ['CARTE_BANCAIRE', primary] : [primary];
}

/** CVV digits the card's network asks for: 4 for AMERICAN_EXPRESS, 3 for every other. */
export function cvvLength(brands: readonly CardNetwork[]): 3 | 4 {
  return brands.includes('AMERICAN_EXPRESS') ? 4 : 3;
}

/** Clock of the caller, in UTC: the API passes its own clock, workflows their deterministic one. */
export interface YearMonth {
  readonly year: number;
  /** 1..12 */
  readonly month: number;
}

export function yearMonthOf(date: Date): YearMonth {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/**
 * A card is valid through the last day of its expiry month (UTC): "03"/"25" is accepted until
 * 2025-03-31T23:59:59.999Z. Years are 20YY. Expects month and year already well-formed.
 */
export function isExpired(expiryMonth: string, expiryYear: string, now: Date | YearMonth): boolean {
  const today = now instanceof Date ? yearMonthOf(now) : now;
  const year = 2000 + Number(expiryYear);
  const month = Number(expiryMonth);
  return year < today.year || (year === today.year && month < today.month);
}

/** What the vault and the card form receive; `unknown` fields because the browser sends anything. */
export interface CardEntry {
  readonly number: unknown;
  readonly expiry_month: unknown;
  readonly expiry_year: unknown;
  readonly cvv: unknown;
  readonly holder_name?: unknown;
}

/** A holder name worth keeping: trimmed, undefined when blank (a form sends "" for an empty field). */
export function normalizeHolderName(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const trimmed = name.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

function numberError(number: unknown): string | undefined {
  if (!isCardNumber(number)) return 'must be 12 to 19 digits, without spaces';
  const brands = detectBrands(number);
  if (brands.length === 0) return 'is not a VISA, MASTERCARD, AMERICAN_EXPRESS or CARTE_BANCAIRE card number';
  for (const brand of brands) {
    const lengths = CARD_NUMBER_LENGTHS[brand];
    if (lengths.includes(number.length)) continue;
    const list = lengths.length === 1 ? String(lengths[0]) : `${lengths.slice(0, -1).join(', ')} or ${lengths.at(-1)}`;
    return `must have ${list} digits on ${brand} cards`;
  }
  if (!isLuhnValid(number)) return 'is not a valid card number (check digit)';
  return undefined;
}

/**
 * Every rule of a card entered for tokenization, each broken rule as a FieldError whose pointer
 * names the field. Messages never repeat what was sent (a card number must not reach an error
 * body or a log).
 */
export function validateCard(card: CardEntry, now: Date | YearMonth): FieldError[] {
  const errors: FieldError[] = [];
  const numberProblem = numberError(card.number);
  if (numberProblem) errors.push({ pointer: '/number', detail: numberProblem });

  const month = card.expiry_month;
  const year = card.expiry_year;
  const monthOk = typeof month === 'string' && EXPIRY_MONTH.test(month);
  const yearOk = typeof year === 'string' && EXPIRY_YEAR.test(year);
  if (!monthOk) errors.push({ pointer: '/expiry_month', detail: 'must be a two-digit month string, "01" to "12"' });
  if (!yearOk)
    errors.push({
      pointer: '/expiry_year',
      detail: 'must be the last two digits of the year, as a string (e.g. "28")',
    });
  if (monthOk && yearOk) {
    const today = now instanceof Date ? yearMonthOf(now) : now;
    if (isExpired(month, year, today)) {
      const yearPassed = 2000 + Number(year) < today.year;
      errors.push({ pointer: yearPassed ? '/expiry_year' : '/expiry_month', detail: 'the card has expired' });
    } else if (2000 + Number(year) > today.year + MAX_YEARS_AHEAD) {
      errors.push({ pointer: '/expiry_year', detail: `must be at most ${MAX_YEARS_AHEAD} years ahead` });
    }
  }

  const cvv = card.cvv;
  const brands = typeof card.number === 'string' ? detectBrands(card.number) : [];
  if (typeof cvv !== 'string' || !DIGITS.test(cvv) || cvv.length < 3 || cvv.length > 4) {
    errors.push({ pointer: '/cvv', detail: 'must be 3 or 4 digits' });
  } else if (brands.length > 0 && cvv.length !== cvvLength(brands)) {
    errors.push({
      pointer: '/cvv',
      detail: cvvLength(brands) === 4 ? 'must be 4 digits for an AMERICAN_EXPRESS card' : 'must be 3 digits',
    });
  }

  const holder = card.holder_name;
  if (holder !== undefined) {
    const name = normalizeHolderName(holder);
    const length = name === undefined ? 0 : Array.from(name).length;
    if (typeof holder !== 'string') {
      errors.push({ pointer: '/holder_name', detail: 'must be a string' });
    } else if (name !== undefined && CONTROL.test(name)) {
      errors.push({ pointer: '/holder_name', detail: 'must not contain control characters' });
    } else if (name !== undefined && (length < HOLDER_NAME_LENGTH.min || length > HOLDER_NAME_LENGTH.max)) {
      errors.push({
        pointer: '/holder_name',
        detail: `must be ${HOLDER_NAME_LENGTH.min} to ${HOLDER_NAME_LENGTH.max} characters`,
      });
    }
  }
  return errors;
}

/** What may be shown of a card: its networks, BIN (first 6 digits) and last four digits. */
export interface CardSummary {
  detected_brands: DetectedBrand[];
  bin: string;
  last_four_digits: string;
}

export function cardSummary(number: string): CardSummary {
  return {
    detected_brands: detectBrands(number),
    bin: number.slice(0, BIN_LENGTH),
    last_four_digits: number.slice(-4),
  };
}
