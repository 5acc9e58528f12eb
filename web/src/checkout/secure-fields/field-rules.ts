// One secure field's rules, as the shopper types in its frame: the value as shown, and what the
// field tells its parent (empty, complete, valid, the error to show). The card rules are the
// checkout's (core/card-input.ts), so a frame accepts exactly what the vault would.
import {
  cardState,
  cvcError,
  digitsOf,
  expiryError,
  formatCardNumber,
  formatExpiryInput,
  holderError,
  isFieldComplete,
  numberError,
  type DetectedBrand,
} from '../core/card-input';
import { cvvLength } from '../../../../domain/card';
import type { FieldState, SecureFieldKind } from './protocol';

export const HOLDER_MAX_LENGTH = 60;

/** The value as the field shows it after the shopper's edit (`deleting`: a backspace or delete). */
export function formatField(field: SecureFieldKind, raw: string, deleting: boolean, brands: DetectedBrand[]): string {
  switch (field) {
    case 'number':
      return formatCardNumber(raw);
    case 'expiry':
      return formatExpiryInput(raw, deleting);
    case 'cvc':
      return digitsOf(raw).slice(0, cvvLength(brands));
    case 'holder':
      return raw.slice(0, HOLDER_MAX_LENGTH);
  }
}

/**
 * What the field says about itself. `touched`: the shopper left it once, or tried to pay; its
 * error shows from then on, and before that only once the field is complete (so a shopper is not
 * told "incomplete" after the first digit).
 */
export function fieldState(
  field: SecureFieldKind,
  value: string,
  context: { brands: DetectedBrand[]; now: Date; touched: boolean },
): FieldState {
  const error = errorOf(field, value, context.brands, context.now);
  const complete = completeness(field, value, context.brands);
  const shown = error && (context.touched || complete) ? error : undefined;
  return {
    field,
    empty: value.trim().length === 0,
    complete,
    valid: error === undefined,
    ...(shown ? { error: shown } : {}),
    ...(field === 'number' ? { brands: cardState({ number: value }).brands } : {}),
  };
}

function errorOf(field: SecureFieldKind, value: string, brands: DetectedBrand[], now: Date): string | undefined {
  switch (field) {
    case 'number':
      return numberError(value);
    case 'expiry':
      return expiryError(value, now);
    case 'cvc':
      return cvcError(value, cvvLength(brands));
    case 'holder':
      return holderError(value);
  }
}

function completeness(field: SecureFieldKind, value: string, brands: DetectedBrand[]): boolean {
  switch (field) {
    case 'number':
      return isFieldComplete('number', { number: value, expiry: '', cvc: '', holder: '' });
    case 'expiry':
      return isFieldComplete('expiry', { number: '', expiry: value, cvc: '', holder: '' });
    case 'cvc':
      return digitsOf(value).length >= cvvLength(brands);
    case 'holder':
      return value.trim().length >= 2;
  }
}

/**
 * Where the caret goes after a reformat: after as many digits as were before it, so that typing
 * or deleting in the middle of "4242 4242" does not throw the caret to the end. Fields other than
 * digit ones keep the caret where the browser put it.
 */
export function caretAfterFormat(field: SecureFieldKind, typed: string, caret: number, formatted: string): number {
  if (field === 'holder') return Math.min(caret, formatted.length);
  const digitsBefore = digitsOf(typed.slice(0, caret)).length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === digitsBefore) {
      // After the digit, and after a separator that follows it when the caret was at the end.
      let position = index + 1;
      if (caret >= typed.length) position = formatted.length;
      return position;
    }
  }
  return formatted.length;
}

/** What a frame's input announces and offers to the browser's autofill. */
export const FIELD_INPUTS: Record<
  SecureFieldKind,
  { autocomplete: string; inputMode: 'numeric' | 'text'; name: string; placeholder: string }
> = {
  number: { autocomplete: 'cc-number', inputMode: 'numeric', name: 'cardnumber', placeholder: '1234 1234 1234 1234' },
  expiry: { autocomplete: 'cc-exp', inputMode: 'numeric', name: 'exp-date', placeholder: 'MM / YY' },
  cvc: { autocomplete: 'cc-csc', inputMode: 'numeric', name: 'cvc', placeholder: '123' },
  holder: { autocomplete: 'cc-name', inputMode: 'text', name: 'ccname', placeholder: '' },
};
