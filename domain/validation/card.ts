// Card numbers, Luhn, networks and expiry dates are domain/card.ts's; this checks a payment's card entry.
import { fieldError, pointer, type FieldError } from './field-error';
import type { CardEntryInput } from './inputs';

const EXPIRY_MONTH = /^(0[1-9]|1[0-2])$/;
const EXPIRY_YEAR = /^[0-9]{2}$/;

/** Month "01".."12" and year "00".."99", as strings: 9 or "9" or 2028 are refused. */
export function validateCardExpiry(card: CardEntryInput | undefined, at: string): FieldError[] {
  if (card === undefined) return [];
  const errors: FieldError[] = [];
  if (
    card.expiry_month !== undefined &&
    !(typeof card.expiry_month === 'string' && EXPIRY_MONTH.test(card.expiry_month))
  ) {
    errors.push(fieldError(pointer(at, 'expiry_month'), 'must be a two-digit month string, "01" to "12"'));
  }
  if (card.expiry_year !== undefined && !(typeof card.expiry_year === 'string' && EXPIRY_YEAR.test(card.expiry_year))) {
    errors.push(
      fieldError(pointer(at, 'expiry_year'), 'must be the last two digits of the year, as a string (e.g. "28")'),
    );
  }
  return errors;
}
