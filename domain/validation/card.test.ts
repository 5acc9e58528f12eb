import { describe, expect, it } from 'vitest';
import { validateCardExpiry } from './card';

describe('validateCardExpiry', () => {
  it.each([
    ['01', '00'],
    ['09', '28'],
    ['12', '99'],
  ])('accepts month %s year %s', (expiry_month, expiry_year) => {
    expect(validateCardExpiry({ expiry_month, expiry_year }, '/card')).toEqual([]);
  });

  it('accepts absent fields and an absent card', () => {
    expect(validateCardExpiry({}, '/card')).toEqual([]);
    expect(validateCardExpiry(undefined, '/card')).toEqual([]);
  });

  it.each(['9', '00', '13', '1', '012', ' 9', 'ab'])('refuses month %j', (expiry_month) => {
    expect(validateCardExpiry({ expiry_month }, '/split/0/card')).toEqual([
      { pointer: '/split/0/card/expiry_month', detail: 'must be a two-digit month string, "01" to "12"' },
    ]);
  });

  it.each(['2028', '8', '028', 'xx', ''])('refuses year %j', (expiry_year) => {
    expect(validateCardExpiry({ expiry_year }, '/split/0/card')).toEqual([
      {
        pointer: '/split/0/card/expiry_year',
        detail: 'must be the last two digits of the year, as a string (e.g. "28")',
      },
    ]);
  });

  it('refuses numbers where strings are expected', () => {
    const card: Record<string, unknown> = { expiry_month: 9, expiry_year: 28 };
    expect(validateCardExpiry(card, '/card').map((e) => e.pointer)).toEqual([
      '/card/expiry_month',
      '/card/expiry_year',
    ]);
  });
});
