import { describe, expect, it } from 'vitest';
import { CHALLENGE_INDICATORS } from '../enums';
import { effectiveThreeDsOptions, validateFutureUsageThreeDs } from './future-usage';

const at = '/three_ds_authentication_options';
const otherIndicators = CHALLENGE_INDICATORS.filter((i) => i !== 'CHALLENGE_REQUESTED_BY_MERCHANT');

describe('validateFutureUsageThreeDs', () => {
  it.each(['required', 'if-present'] as const)(
    'has nothing to say when allow_future_usage is not true (%s)',
    (mode) => {
      for (const allow of [false, undefined]) {
        expect(validateFutureUsageThreeDs(allow, undefined, at, mode)).toEqual([]);
        expect(
          validateFutureUsageThreeDs(
            allow,
            { challenge_indicator: 'NO_CHALLENGE_REQUESTED', challenge_exemption: 'LOW_VALUE' },
            at,
            mode,
          ),
        ).toEqual([]);
      }
    },
  );

  it.each(['required', 'if-present'] as const)('accepts CHALLENGE_REQUESTED_BY_MERCHANT (%s)', (mode) => {
    expect(
      validateFutureUsageThreeDs(true, { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' }, at, mode),
    ).toEqual([]);
  });

  it.each(otherIndicators)('refuses %s when allow_future_usage is true', (indicator) => {
    for (const mode of ['required', 'if-present'] as const) {
      expect(validateFutureUsageThreeDs(true, { challenge_indicator: indicator }, at, mode)).toEqual([
        {
          pointer: `${at}/challenge_indicator`,
          detail: 'must be CHALLENGE_REQUESTED_BY_MERCHANT when allow_future_usage is true',
        },
      ]);
    }
  });

  it('requires the indicator when the method is known to be a card', () => {
    const expected = [{ pointer: `${at}/challenge_indicator`, detail: expect.stringContaining('is required') }];
    expect(validateFutureUsageThreeDs(true, undefined, at, 'required')).toEqual(expected);
    expect(validateFutureUsageThreeDs(true, {}, at, 'required')).toEqual(expected);
  });

  it('lets a session omit the indicator: it is supplied at card authorization', () => {
    expect(validateFutureUsageThreeDs(true, undefined, at, 'if-present')).toEqual([]);
    expect(validateFutureUsageThreeDs(true, {}, at, 'if-present')).toEqual([]);
  });

  it.each(['required', 'if-present'] as const)('refuses an exemption when allow_future_usage is true (%s)', (mode) => {
    expect(
      validateFutureUsageThreeDs(
        true,
        { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT', challenge_exemption: 'LOW_VALUE' },
        at,
        mode,
      ),
    ).toEqual([{ pointer: `${at}/challenge_exemption`, detail: 'must not be given when allow_future_usage is true' }]);
  });
});

describe('effectiveThreeDsOptions', () => {
  it('keeps the merchant options when the card is not saved', () => {
    const options = { challenge_indicator: 'NO_PREFERENCE', challenge_exemption: 'LOW_VALUE' };
    expect(effectiveThreeDsOptions(false, options)).toBe(options);
    expect(effectiveThreeDsOptions(undefined, undefined)).toBeUndefined();
  });

  it('asks for a challenge when the card is saved, even if the session said nothing', () => {
    expect(effectiveThreeDsOptions(true, undefined)).toEqual({
      challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT',
    });
    expect(effectiveThreeDsOptions(true, { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' })).toEqual({
      challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT',
    });
  });
});
