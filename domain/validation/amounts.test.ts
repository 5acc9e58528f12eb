import { describe, expect, it } from 'vitest';
import { isMinorUnits, isPositiveMinorUnits, validateNonNegativeAmount, validatePositiveAmount } from './amounts';

describe('amount rules', () => {
  it.each([1, 2599, Number.MAX_SAFE_INTEGER])('%s is a positive amount', (value) => {
    expect(isPositiveMinorUnits(value)).toBe(true);
    expect(validatePositiveAmount(value, '/amount')).toEqual([]);
  });

  it.each<[unknown]>([
    [0],
    [-1],
    [1.5],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.MAX_SAFE_INTEGER + 1],
    ['100'],
    [null],
  ])('%s is not a positive amount', (value) => {
    expect(isPositiveMinorUnits(value)).toBe(false);
    expect(validatePositiveAmount(value, '/split/1/amount')).toEqual([
      { pointer: '/split/1/amount', detail: 'must be an integer amount in minor units greater than 0' },
    ]);
  });

  it('reports a missing required amount as required', () => {
    expect(validatePositiveAmount(undefined, '/amount')).toEqual([{ pointer: '/amount', detail: 'is required' }]);
  });

  it('accepts 0 and absence where 0 is allowed, refuses negatives and fractions', () => {
    expect(isMinorUnits(0)).toBe(true);
    expect(validateNonNegativeAmount(0, '/t')).toEqual([]);
    expect(validateNonNegativeAmount(undefined, '/t')).toEqual([]);
    expect(validateNonNegativeAmount(-1, '/t')).toHaveLength(1);
    expect(validateNonNegativeAmount(0.5, '/t')).toHaveLength(1);
  });
});
