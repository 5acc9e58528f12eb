import { describe, expect, it } from 'vitest';
import { isCardExpired, isLuhnValid, validateCardExpiry, validateVaultCard } from './card';

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
      { pointer: '/split/0/card/expiry_year', detail: 'must be the last two digits of the year, as a string (e.g. "28")' },
    ]);
  });

  it('refuses numbers where strings are expected', () => {
    const card: Record<string, unknown> = { expiry_month: 9, expiry_year: 28 };
    expect(validateCardExpiry(card, '/card').map((e) => e.pointer)).toEqual(['/card/expiry_month', '/card/expiry_year']);
  });
});

describe('isLuhnValid', () => {
  it.each(['4242424242424242', '5555555555554444', '4000000000000002', '4000002760003184', '378282246310005', '79927398713'])('accepts %s', (n) => {
    expect(isLuhnValid(n)).toBe(true);
  });

  it.each(['4242424242424241', '79927398710', '1234567812345678', '', '4242 4242 4242 4242'])('refuses %j', (n) => {
    expect(isLuhnValid(n)).toBe(false);
  });
});

describe('isCardExpired', () => {
  const today = { year: 2025, month: 3 };
  it('treats the card as valid through the end of its expiry month', () => {
    expect(isCardExpired('03', '25', today)).toBe(false);
    expect(isCardExpired('02', '25', today)).toBe(true);
    expect(isCardExpired('12', '24', today)).toBe(true);
    expect(isCardExpired('01', '26', today)).toBe(false);
  });
});

describe('validateVaultCard', () => {
  const today = { year: 2025, month: 3 };
  const valid = { number: '4242424242424242', expiry_month: '09', expiry_year: '28', cvv: '123' };

  it('accepts a valid card, and an Amex with a 4-digit CVV', () => {
    expect(validateVaultCard(valid, today)).toEqual([]);
    expect(validateVaultCard({ ...valid, number: '378282246310005', cvv: '1234' }, today)).toEqual([]);
  });

  it.each<[Partial<typeof valid>, string, string]>([
    [{ number: '4242424242424241' }, '/number', 'check digit'],
    [{ number: '4242 4242 4242 4242' }, '/number', 'digits'],
    [{ number: '42424242424' }, '/number', '12 to 19'],
    [{ expiry_month: '13' }, '/expiry_month', 'two-digit'],
    [{ expiry_year: '2028' }, '/expiry_year', 'two digits'],
    [{ expiry_month: '02', expiry_year: '25' }, '/expiry_month', 'expired'],
    [{ expiry_year: '24' }, '/expiry_year', 'expired'],
    [{ cvv: '12' }, '/cvv', '3 or 4'],
    [{ cvv: '1234' }, '/cvv', 'must be 3 digits'],
  ])('refuses %j at %s', (change, at, mentions) => {
    expect(validateVaultCard({ ...valid, ...change }, today)).toEqual([{ pointer: at, detail: expect.stringContaining(mentions) }]);
  });

  it('asks an Amex for 4 digits', () => {
    expect(validateVaultCard({ ...valid, number: '378282246310005' }, today)).toEqual([
      { pointer: '/cvv', detail: 'must be 4 digits for an American Express card' },
    ]);
  });
});
