/**
 * Single-value format rules. Each `validateX(value, at)` returns no error for `undefined`:
 * whether a field must be present is the schema's business, these rules judge a value
 * that is there.
 */
import { fieldError, type FieldError } from './field-error';
import { ISO_3166_1_ALPHA_2 } from './iso3166';

const E164 = /^\+[1-9][0-9]{1,14}$/;
const SUBDIVISION = /^([A-Z]{2})-([A-Z0-9]{1,3})$/;

/** "+" then 2 to 15 digits, the first not 0 (ITU-T E.164); no spaces or punctuation. */
export function isE164PhoneNumber(value: unknown): value is string {
  return typeof value === 'string' && E164.test(value);
}

/** An officially assigned ISO 3166-1 alpha-2 code, upper case. */
export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && ISO_3166_1_ALPHA_2.has(value);
}

/**
 * ISO 3166-2 subdivision code: an assigned country code, "-", then one to three upper-case
 * letters or digits. Whether that subdivision exists in the country is not checked (the
 * list changes several times a year and partners re-check it).
 */
export function isSubdivisionCode(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = SUBDIVISION.exec(value);
  return match !== null && isCountryCode(match[1]);
}

/** The country part of a subdivision code ("US" for "US-CA"). */
export function subdivisionCountry(code: string): string {
  return code.slice(0, 2);
}

/**
 * The canonical form of a well-formed BCP 47 language tag ("en-us" → "en-US"), or
 * undefined. `Intl.getCanonicalLocales` is deterministic (no system locale involved), so
 * this may run in a workflow.
 */
export function canonicalLocale(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical;
  } catch {
    return undefined;
  }
}

export function isBcp47Locale(value: unknown): value is string {
  return canonicalLocale(value) !== undefined;
}

export function validatePhoneNumber(value: unknown, at: string): FieldError[] {
  if (value === undefined || isE164PhoneNumber(value)) return [];
  return [
    fieldError(
      at,
      'must be an E.164 phone number: "+", the country code and the number, digits only (e.g. +33612345678)',
    ),
  ];
}

export function validateCountryCode(value: unknown, at: string): FieldError[] {
  if (value === undefined || isCountryCode(value)) return [];
  return [fieldError(at, 'must be an assigned ISO 3166-1 alpha-2 country code in upper case (e.g. FR)')];
}

export function validateProvinceCode(value: unknown, at: string): FieldError[] {
  if (value === undefined || isSubdivisionCode(value)) return [];
  if (typeof value === 'string' && SUBDIVISION.test(value)) {
    return [
      fieldError(at, `must start with an assigned ISO 3166-1 alpha-2 country code, not "${subdivisionCountry(value)}"`),
    ];
  }
  return [
    fieldError(at, 'must be an ISO 3166-2 subdivision code: country code, "-", 1 to 3 letters or digits (e.g. US-CA)'),
  ];
}

export function validateLocale(value: unknown, at: string): FieldError[] {
  if (value === undefined || isBcp47Locale(value)) return [];
  return [fieldError(at, 'must be a BCP 47 language tag (e.g. fr-FR)')];
}
