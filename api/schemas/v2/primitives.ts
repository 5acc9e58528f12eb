/**
 * Scalar building blocks. These are factories, not components: each field gets its own
 * copy so that it keeps its own description, examples and default in the OpenAPI document
 * (a `$ref` to a shared scalar would lose them: @fastify/swagger drops keywords next to
 * `$ref`).
 */
import { Type, type TNumberOptions, type TSchemaOptions, type TStringOptions } from 'typebox';
import { CURRENCIES } from '../../../domain/currency';
import { StringEnum } from '../typebox';

/**
 * Lower- or upper-case hex, no `urn:uuid:` prefix. `format: 'uuid'` alone would let the
 * prefixed form through Ajv.
 */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** ITU-T E.164: "+", a country code not starting with 0, at most 15 digits in all. */
export const E164_PATTERN = '^\\+[1-9][0-9]{1,14}$';
/** Shape only; `domain/validation` checks the code is actually assigned. */
export const COUNTRY_CODE_PATTERN = '^[A-Z]{2}$';
/** Shape only; `domain/validation` checks the country part. */
export const PROVINCE_CODE_PATTERN = '^[A-Z]{2}-[A-Z0-9]{1,3}$';
/**
 * `format: 'uri'` also admits `javascript:` and `data:` URIs, which must never reach a
 * redirect or a webhook delivery.
 */
export const HTTP_URL_PATTERN = '^[hH][tT][tT][pP][sS]?://[^\\s/?#]+';
/** Two-digit card expiry fields, as card entry forms send them. */
export const EXPIRY_MONTH_PATTERN = '^(0[1-9]|1[0-2])$';
export const EXPIRY_YEAR_PATTERN = '^[0-9]{2}$';

/**
 * Amounts stay within the range where JavaScript integers are exact, so that sums and
 * differences computed by workflows never round.
 */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

export const Uuid = (options: TStringOptions = {}) =>
  Type.String({
    format: 'uuid',
    pattern: UUID_PATTERN,
    examples: ['3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03'],
    ...options,
  });

/** An amount in the currency's minor unit (cents; yen for JPY), zero allowed. */
export const MinorUnits = (options: TNumberOptions = {}) =>
  Type.Integer({ minimum: 0, maximum: MAX_AMOUNT, examples: [2599], ...options });

/** An amount in the currency's minor unit, at least 1. */
export const PositiveMinorUnits = (options: TNumberOptions = {}) =>
  Type.Integer({ minimum: 1, maximum: MAX_AMOUNT, examples: [2599], ...options });

export const CurrencyCode = (options: TSchemaOptions = {}) =>
  StringEnum(CURRENCIES, {
    description: 'ISO 4217 currency code. Amounts are integers in its minor unit (JPY has none: 1 = ¥1).',
    examples: ['EUR'],
    ...options,
  });

export const HttpUrl = (options: TStringOptions = {}) =>
  Type.String({ format: 'uri', pattern: HTTP_URL_PATTERN, maxLength: 2048, ...options });

/** Absolute URL of a Tessera resource, as found in `links`. */
export const Link = (options: TStringOptions = {}) => Type.String({ format: 'uri', ...options });

export const DateTime = (options: TStringOptions = {}) =>
  Type.String({ format: 'date-time', examples: ['2025-03-14T09:26:53Z'], ...options });

export const PhoneNumber = (options: TStringOptions = {}) =>
  Type.String({ pattern: E164_PATTERN, examples: ['+33612345678'], ...options });

export const CountryCode = (options: TStringOptions = {}) =>
  Type.String({
    pattern: COUNTRY_CODE_PATTERN,
    description: 'ISO 3166-1 alpha-2 country code, upper case.',
    examples: ['FR'],
    ...options,
  });

/** A short free-text field: names, references. */
export const Text = (options: TStringOptions = {}) => Type.String({ maxLength: 255, ...options });

export const PartnerName = (options: TStringOptions = {}) =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'Payment partner, as named in the entity’s partner contracts.',
    examples: ['sandbox-card'],
    ...options,
  });

export const MethodName = (options: TStringOptions = {}) =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'Payment method of the partner.',
    examples: ['creditcard'],
    ...options,
  });
