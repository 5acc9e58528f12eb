import { fieldError, pointer, type FieldError } from './field-error';
import type { CardEntryInput } from './inputs';

const EXPIRY_MONTH = /^(0[1-9]|1[0-2])$/;
const EXPIRY_YEAR = /^[0-9]{2}$/;
const CARD_NUMBER = /^[0-9]{12,19}$/;
const CVV = /^[0-9]{3,4}$/;

/** Month "01".."12" and year "00".."99", as strings: 9 or "9" or 2028 are refused. */
export function validateCardExpiry(card: CardEntryInput | undefined, at: string): FieldError[] {
  if (card === undefined) return [];
  const errors: FieldError[] = [];
  if (card.expiry_month !== undefined && !(typeof card.expiry_month === 'string' && EXPIRY_MONTH.test(card.expiry_month))) {
    errors.push(fieldError(pointer(at, 'expiry_month'), 'must be a two-digit month string, "01" to "12"'));
  }
  if (card.expiry_year !== undefined && !(typeof card.expiry_year === 'string' && EXPIRY_YEAR.test(card.expiry_year))) {
    errors.push(fieldError(pointer(at, 'expiry_year'), 'must be the last two digits of the year, as a string (e.g. "28")'));
  }
  return errors;
}

/** Luhn (mod 10) check digit of a digits-only card number. */
export function isLuhnValid(number: string): boolean {
  if (!/^[0-9]+$/.test(number)) return false;
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

export interface YearMonth {
  readonly year: number;
  /** 1..12 */
  readonly month: number;
}

/**
 * A card is valid through the last day of its expiry month. Two-digit years are 20YY.
 * `today` is passed in (workflows must not read the clock themselves).
 */
export function isCardExpired(expiryMonth: string, expiryYear: string, today: YearMonth): boolean {
  const year = 2000 + Number(expiryYear);
  const month = Number(expiryMonth);
  return year < today.year || (year === today.year && month < today.month);
}

export interface VaultCardInput {
  readonly number: string;
  readonly expiry_month: string;
  readonly expiry_year: string;
  readonly cvv: string;
}

/**
 * A card entered for tokenization: 12 to 19 digits passing the Luhn check, a two-digit
 * expiry not in the past, a CVV of 3 digits (4 for American Express, numbers starting 34
 * or 37).
 */
export function validateVaultCard(card: VaultCardInput, today: YearMonth): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof card.number !== 'string' || !CARD_NUMBER.test(card.number)) {
    errors.push(fieldError('/number', 'must be 12 to 19 digits, without spaces'));
  } else if (!isLuhnValid(card.number)) {
    errors.push(fieldError('/number', 'is not a valid card number (check digit)'));
  }
  const expiryErrors = validateCardExpiry(card, '');
  errors.push(...expiryErrors);
  if (expiryErrors.length === 0 && isCardExpired(card.expiry_month, card.expiry_year, today)) {
    const yearPassed = 2000 + Number(card.expiry_year) < today.year;
    errors.push(fieldError(yearPassed ? '/expiry_year' : '/expiry_month', 'the card has expired'));
  }
  const amex = typeof card.number === 'string' && /^3[47]/.test(card.number);
  if (typeof card.cvv !== 'string' || !CVV.test(card.cvv)) {
    errors.push(fieldError('/cvv', 'must be 3 or 4 digits'));
  } else if (card.cvv.length !== (amex ? 4 : 3)) {
    errors.push(fieldError('/cvv', amex ? 'must be 4 digits for an American Express card' : 'must be 3 digits'));
  }
  return errors;
}
