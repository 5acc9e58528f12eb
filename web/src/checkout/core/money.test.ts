import { describe, expect, it } from 'vitest';
import { formatAmount, minorUnitDigits, shopperLocale, toDecimalString } from './money';

// Intl separates the amount and the symbol with a narrow no-break space in some locales.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it('writes minor units in the shopper’s locale', () => {
    expect(plain(formatAmount(2599, 'EUR', 'fr-FR'))).toBe('25,99 €');
    expect(formatAmount(2599, 'EUR', 'en-IE')).toBe('€25.99');
    expect(formatAmount(123456789, 'USD', 'en-US')).toBe('$1,234,567.89');
    // The grouping mark differs between ICU versions (’ or ').
    expect(plain(formatAmount(123456789, 'CHF', 'de-CH'))).toMatch(/^CHF 1[’']234[’']567\.89$/);
  });

  it('uses the currency’s minor unit: none for JPY', () => {
    expect(formatAmount(1000, 'JPY', 'en-US')).toBe('¥1,000');
    expect(formatAmount(5, 'EUR', 'en-IE')).toBe('€0.05');
    expect(formatAmount(0, 'GBP', 'en-GB')).toBe('£0.00');
  });

  it('is exact for large amounts (no float rounding)', () => {
    expect(formatAmount(9007199254740991, 'EUR', 'en-IE')).toBe('€90,071,992,547,409.91');
  });

  it('falls back to English notation for a malformed locale', () => {
    expect(formatAmount(2599, 'EUR', '!!not a locale')).toBe('€25.99');
  });
});

describe('minor units', () => {
  it('knows the exponents, including currencies Tessera does not list', () => {
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(toDecimalString(1234, 'KWD')).toBe('1.234');
    expect(toDecimalString(7, 'EUR')).toBe('0.07');
    expect(toDecimalString(-250, 'USD')).toBe('-2.50');
  });
});

describe('shopperLocale', () => {
  it('prefers an explicit locale, then the browser’s languages', () => {
    expect(shopperLocale('de-DE', { languages: ['fr-FR'] })).toBe('de-DE');
    expect(shopperLocale(undefined, { languages: ['fr-FR', 'en'] })).toBe('fr-FR');
    expect(shopperLocale(undefined, { language: 'it-IT' })).toBe('it-IT');
    expect(shopperLocale('###', undefined)).toBe('en');
  });
});
