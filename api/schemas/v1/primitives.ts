/**
 * Scalar factories of the v1 schemas. v1 amounts are decimal major units that e-commerce
 * platforms send as JSON numbers or numeric strings ("20.0000", 9.999999999999993): the schema
 * only checks the shape; the route converts them exactly with domain/decimal-amount.ts
 * (`parseMajorUnits`, `parseDecimalCount`), which also refuses a fraction of a minor unit.
 * Answers carry amounts as JSON numbers in major units (`minorToMajorUnits`).
 */
import { Type, type TNumberOptions, type TSchemaOptions, type TStringOptions } from 'typebox';

/**
 * Decimal text as domain/decimal-amount.ts reads it: a sign, digits, a dot, an exponent. Loose on
 * purpose (the exact rules and their error messages live in that module, not in an Ajv pattern).
 */
export const V1_DECIMAL_PATTERN = '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$';

/** A decimal amount in major units, as a number or a numeric string. */
export const V1DecimalInput = (options: TSchemaOptions = {}) =>
  Type.Union([Type.Number(), Type.String({ pattern: V1_DECIMAL_PATTERN, maxLength: 64 })], {
    examples: [25.99, '25.9900'],
    ...options,
  });

/** A major-unit amount in an answer (25.99 for 2599 EUR cents). */
export const V1DecimalOutput = (options: TNumberOptions = {}) => Type.Number({ examples: [25.99], ...options });

export const V1Text = (options: TStringOptions = {}) => Type.String({ maxLength: 255, ...options });

export const V1Uuid = (options: TStringOptions = {}) =>
  Type.String({
    format: 'uuid',
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    examples: ['3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03'],
    ...options,
  });

/** http(s) only: `format: 'uri'` alone admits `javascript:`, which must never reach a redirect or a hook. */
export const V1HttpUrl = (options: TStringOptions = {}) =>
  Type.String({ format: 'uri', pattern: '^[hH][tT][tT][pP][sS]?://[^\\s/?#]+', maxLength: 2048, ...options });

export const V1DateTime = (options: TStringOptions = {}) =>
  Type.String({ format: 'date-time', examples: ['2025-03-14T09:26:53Z'], ...options });

/** Currency codes are not an enum here: an unsupported one is the route's clear error, not a schema mismatch. */
export const V1CurrencyCode = (options: TStringOptions = {}) =>
  Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 currency code.', examples: ['EUR'], ...options });

export const V1Partner = (options: TStringOptions = {}) =>
  Type.String({ minLength: 1, maxLength: 64, description: 'Payment partner.', examples: ['sandbox-card'], ...options });

export const V1Method = (options: TStringOptions = {}) =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'Payment method of the partner.',
    examples: ['creditcard'],
    ...options,
  });

/**
 * E.164 is what v1 documents, but shops send what their customers typed ("06 12 34 56 78"),
 * and the original platform took it: such a number is accepted and left out of the session.
 */
export const V1Phone = (options: TStringOptions = {}) =>
  Type.String({
    maxLength: 32,
    description: 'Phone number, E.164 (+33612345678); another format is accepted but not passed on.',
    examples: ['+33612345678'],
    ...options,
  });
