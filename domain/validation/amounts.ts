import { fieldError, type FieldError } from './field-error';

/** A whole number of minor units that JavaScript represents exactly. */
export function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function isPositiveMinorUnits(value: unknown): value is number {
  return isMinorUnits(value) && value > 0;
}

/** Required amount above 0 (payment, split entry, operation). */
export function validatePositiveAmount(value: unknown, at: string): FieldError[] {
  if (isPositiveMinorUnits(value)) return [];
  if (value === undefined) return [fieldError(at, 'is required')];
  return [fieldError(at, 'must be an integer amount in minor units greater than 0')];
}

/** Optional amount, 0 allowed. */
export function validateNonNegativeAmount(value: unknown, at: string): FieldError[] {
  if (value === undefined || isMinorUnits(value)) return [];
  return [fieldError(at, 'must be an integer amount in minor units, at least 0')];
}
