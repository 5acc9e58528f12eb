// The card form's rules, as the shopper types: formatting, network detection (and the choice on a
// co-badged card), and messages a shopper understands. The rules themselves are the vault's
// (domain/card.ts), so the form never accepts what the vault would refuse.
import {
  CARD_NUMBER_LENGTHS,
  cvvLength,
  detectBrands,
  isExpired,
  validateCard,
  yearMonthOf,
  type DetectedBrand,
} from '../../../../domain/card';

export type { DetectedBrand };
export type CardField = 'number' | 'expiry' | 'cvc' | 'holder';
export type CardErrors = Partial<Record<CardField, string>>;

export interface CardValues {
  /** As typed (spaces allowed). */
  number: string;
  /** "MM / YY" as typed. */
  expiry: string;
  cvc: string;
  holder: string;
}

export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '', holder: '' };

export const NETWORK_LABELS: Record<DetectedBrand, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMERICAN_EXPRESS: 'American Express',
  CARTE_BANCAIRE: 'CB',
};

export const digitsOf = (text: string): string => text.replace(/\D+/g, '');

/** Most digits a number may have for what its prefix says (19 while unknown). */
export function maxCardDigits(brands: readonly DetectedBrand[]): number {
  if (brands.length === 0) return 19;
  return Math.min(...brands.map((brand) => Math.max(...CARD_NUMBER_LENGTHS[brand])));
}

/** Groups as printed on the card: 4-6-5 for American Express, groups of four otherwise. */
export function formatCardNumber(input: string): string {
  const brands = detectBrands(digitsOf(input));
  const digits = digitsOf(input).slice(0, maxCardDigits(brands));
  if (brands.includes('AMERICAN_EXPRESS')) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Expiry as the shopper types it, with the separator added: "1" → "1", "12" → "12 / ",
 * "123" → "12 / 3", "4" → "04 / " (no month starts with 4). Deleting the separator works:
 * `deleting` keeps "12" when the shopper backspaces over " / ".
 */
export function formatExpiryInput(input: string, deleting = false): string {
  let digits = digitsOf(input).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** "MM / YY", "MM/YY", "MMYY", "M/YY" → two-digit strings; null while incomplete or malformed. */
export function parseExpiry(text: string): { month: string; year: string } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const month = match[1]!.padStart(2, '0');
  return { month, year: match[2]! };
}

export interface CardState {
  digits: string;
  brands: DetectedBrand[];
  /** True when the card can run on two networks and the shopper may choose (e.g. CB or Visa). */
  coBadged: boolean;
  cvcLength: 3 | 4;
  /** The number has the usual length of its network (16 digits, 15 for American Express) or more. */
  numberComplete: boolean;
}

export function cardState(values: Pick<CardValues, 'number'>): CardState {
  const digits = digitsOf(values.number);
  const brands = detectBrands(digits);
  return {
    digits,
    brands,
    coBadged: brands.length > 1,
    cvcLength: cvvLength(brands),
    numberComplete: brands.length > 0 && digits.length >= Math.min(16, maxCardDigits(brands)),
  };
}

const ACCEPTED = 'Use a Visa, Mastercard, American Express or CB card.';

/** Pointers of what the vault would refuse in this card, checked with the vault's own rules. */
const vaultPointers = (card: Parameters<typeof validateCard>[0], now: Date): Set<string> =>
  new Set(validateCard(card, yearMonthOf(now)).map((error) => error.pointer));

/** The card number's problem, worded for a shopper (undefined when the vault would take it). */
export function numberError(number: string): string | undefined {
  const state = cardState({ number });
  if (state.digits.length === 0) return 'Enter your card number.';
  if (state.brands.length === 0 && state.digits.length >= 2) return `This card is not accepted. ${ACCEPTED}`;
  if (state.digits.length < Math.min(...state.brands.flatMap((brand) => CARD_NUMBER_LENGTHS[brand]), 12))
    return 'Your card number is incomplete.';
  const refused = vaultPointers({ number: state.digits, expiry_month: '', expiry_year: '', cvv: '' }, new Date());
  if (refused.has('/number'))
    return state.brands.length === 0
      ? `This card is not accepted. ${ACCEPTED}`
      : 'This card number is not valid. Check it and try again.';
  return undefined;
}

/** The expiry's problem on the shopper's clock `now` (checked to the month, as the vault does). */
export function expiryError(expiryText: string, now: Date): string | undefined {
  const expiry = parseExpiry(expiryText);
  if (expiryText.trim().length === 0) return 'Enter the expiry date.';
  if (!expiry || Number(expiry.month) < 1 || Number(expiry.month) > 12) return 'Enter the expiry date as MM / YY.';
  if (isExpired(expiry.month, expiry.year, yearMonthOf(now))) return 'This card has expired.';
  const refused = vaultPointers({ number: '', expiry_month: expiry.month, expiry_year: expiry.year, cvv: '' }, now);
  if (refused.has('/expiry_year') || refused.has('/expiry_month')) return 'Check the expiry year.';
  return undefined;
}

/** The security code's problem for a card whose network asks for `length` digits. */
export function cvcError(cvcText: string, length: 3 | 4): string | undefined {
  const cvc = digitsOf(cvcText);
  if (cvc.length === 0) return 'Enter the security code.';
  if (cvc.length !== length)
    return length === 4
      ? 'Enter the 4-digit security code on the front of your card.'
      : 'Enter the 3-digit security code on the back of your card.';
  return undefined;
}

/** The name on the card's problem. */
export function holderError(holderText: string): string | undefined {
  const holder = holderText.trim();
  if (holder.length === 0) return 'Enter the name on the card.';
  const refused = vaultPointers(
    { number: '', expiry_month: '', expiry_year: '', cvv: '', holder_name: holder },
    new Date(),
  );
  if (refused.has('/holder_name')) return 'Enter the name as printed on the card (2 to 45 characters).';
  return undefined;
}

/**
 * Every problem of the card as the shopper wrote it, one message per field, worded for a
 * shopper. `now` is the shopper's clock (expiry is checked to the month, as the vault does).
 */
export function cardErrors(values: CardValues, now: Date): CardErrors {
  const found: Record<CardField, string | undefined> = {
    number: numberError(values.number),
    expiry: expiryError(values.expiry, now),
    cvc: cvcError(values.cvc, cardState(values).cvcLength),
    holder: holderError(values.holder),
  };
  const errors: CardErrors = {};
  for (const field of ['number', 'expiry', 'cvc', 'holder'] as const) {
    const message = found[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * Whether a field's error should show while the shopper is still typing there: only once the
 * field is complete (a full-length number, a full expiry, a full code), so the shopper is not
 * told "incomplete" after the first digit. On blur and on submit every error shows.
 */
export function isFieldComplete(field: CardField, values: CardValues): boolean {
  const state = cardState(values);
  switch (field) {
    case 'number':
      return state.numberComplete || (state.brands.length === 0 && state.digits.length >= 2);
    case 'expiry':
      return parseExpiry(values.expiry) !== null;
    case 'cvc':
      return digitsOf(values.cvc).length >= state.cvcLength;
    case 'holder':
      return false;
  }
}

/** Field names of the vault's 400 pointers (`/number`, `/expiry_month`...). */
export function fieldOfPointer(pointer: string | undefined): CardField | undefined {
  switch (pointer) {
    case '/number':
      return 'number';
    case '/expiry_month':
    case '/expiry_year':
      return 'expiry';
    case '/cvv':
      return 'cvc';
    case '/holder_name':
      return 'holder';
    default:
      return undefined;
  }
}

/** The body of POST /v2/vault/cards. */
export function vaultCardRequest(values: CardValues): {
  number: string;
  expiry_month: string;
  expiry_year: string;
  cvv: string;
  holder_name: string;
} {
  const expiry = parseExpiry(values.expiry);
  return {
    number: digitsOf(values.number),
    expiry_month: expiry?.month ?? '',
    expiry_year: expiry?.year ?? '',
    cvv: digitsOf(values.cvc),
    holder_name: values.holder.trim(),
  };
}

/** The network the payment goes on: the shopper's choice on a co-badged card, nothing to send otherwise. */
export function selectedNetwork(state: CardState, choice: DetectedBrand | undefined): DetectedBrand | undefined {
  if (!state.coBadged) return undefined;
  return choice && state.brands.includes(choice) ? choice : state.brands[0];
}
