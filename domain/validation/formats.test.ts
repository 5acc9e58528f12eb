import { describe, expect, it } from 'vitest';
import {
  canonicalLocale,
  isBcp47Locale,
  isCountryCode,
  isE164PhoneNumber,
  isSubdivisionCode,
  validateCountryCode,
  validateLocale,
  validatePhoneNumber,
  validateProvinceCode,
} from './formats';
import { ISO_3166_1_ALPHA_2 } from './iso3166';

describe('E.164 phone numbers', () => {
  it.each(['+33612345678', '+14155552671', '+442071234567', '+81312345678', '+12', '+123456789012345'])(
    'accepts %s',
    (value) => {
      expect(isE164PhoneNumber(value)).toBe(true);
      expect(validatePhoneNumber(value, '/phone_number')).toEqual([]);
    },
  );

  it.each([
    '0612345678', // national format
    '33612345678', // no plus
    '+33 6 12 34 56 78', // spaces
    '+33-612-345-678',
    '+(33)612345678',
    '+0612345678', // country code cannot start with 0
    '+1234567890123456', // 16 digits
    '+1',
    '+',
    '',
    '+3361234567a',
  ])('refuses %s', (value) => {
    expect(isE164PhoneNumber(value)).toBe(false);
    expect(validatePhoneNumber(value, '/order/billing_address/phone_number')).toEqual([
      { pointer: '/order/billing_address/phone_number', detail: expect.stringContaining('E.164') },
    ]);
  });

  it('refuses non-strings and accepts absence', () => {
    expect(validatePhoneNumber(33612345678, '/p')).toHaveLength(1);
    expect(validatePhoneNumber(undefined, '/p')).toEqual([]);
  });
});

describe('ISO 3166-1 alpha-2 country codes', () => {
  it('holds the 249 officially assigned codes', () => {
    expect(ISO_3166_1_ALPHA_2.size).toBe(249);
  });

  it.each(['FR', 'DE', 'US', 'GB', 'JP', 'CH', 'AX', 'BQ', 'SS', 'SX', 'CW', 'ZW', 'AQ'])('accepts %s', (code) => {
    expect(isCountryCode(code)).toBe(true);
    expect(validateCountryCode(code, '/country_code')).toEqual([]);
  });

  it.each([
    'fr', // lower case
    'Fr',
    'UK', // exceptionally reserved, the assigned code is GB
    'EU', // exceptionally reserved
    'XK', // user-assigned (Kosovo)
    'ZZ', // user-assigned
    'AA',
    'YU', // withdrawn
    'AN', // withdrawn
    'QQ',
    'FRA', // alpha-3
    'F',
    '',
    '12',
  ])('refuses %s', (code) => {
    expect(isCountryCode(code)).toBe(false);
    expect(validateCountryCode(code, '/country_code')).toEqual([
      { pointer: '/country_code', detail: expect.stringContaining('ISO 3166-1') },
    ]);
  });

  it('refuses non-strings and accepts absence', () => {
    expect(validateCountryCode(250, '/c')).toHaveLength(1);
    expect(validateCountryCode(undefined, '/c')).toEqual([]);
  });
});

describe('ISO 3166-2 subdivision codes', () => {
  it.each(['FR-75', 'FR-IDF', 'US-CA', 'GB-ENG', 'CH-ZH', 'JP-13', 'ES-B', 'FR-2A'])('accepts %s', (code) => {
    expect(isSubdivisionCode(code)).toBe(true);
    expect(validateProvinceCode(code, '/province_code')).toEqual([]);
  });

  it.each([
    ['XX-75', 'country code'],
    ['UK-ENG', 'country code'],
    ['us-CA', 'ISO 3166-2'],
    ['US-ca', 'ISO 3166-2'],
    ['USCA', 'ISO 3166-2'],
    ['US_CA', 'ISO 3166-2'],
    ['US-', 'ISO 3166-2'],
    ['US-ABCD', 'ISO 3166-2'],
    ['CA', 'ISO 3166-2'],
    ['', 'ISO 3166-2'],
  ])('refuses %s', (code, mentions) => {
    expect(isSubdivisionCode(code)).toBe(false);
    expect(validateProvinceCode(code, '/province_code')).toEqual([
      { pointer: '/province_code', detail: expect.stringContaining(mentions) },
    ]);
  });
});

describe('BCP 47 locales', () => {
  it.each([
    ['fr-FR', 'fr-FR'],
    ['en', 'en'],
    ['en-us', 'en-US'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    ['es-419', 'es-419'],
    ['de-CH-1996', 'de-CH-1996'],
    ['en-US-u-ca-gregory', 'en-US-u-ca-gregory'],
  ])('accepts %s (canonical %s)', (tag, canonical) => {
    expect(isBcp47Locale(tag)).toBe(true);
    expect(canonicalLocale(tag)).toBe(canonical);
    expect(validateLocale(tag, '/customer/locale')).toEqual([]);
  });

  it.each(['fr_FR', 'englishlanguage', 'e', '', 'en-', '-en', 'en--US', 'fr FR', '123', 'en-US-u'])(
    'refuses %s',
    (tag) => {
      expect(isBcp47Locale(tag)).toBe(false);
      expect(validateLocale(tag, '/customer/locale')).toEqual([
        { pointer: '/customer/locale', detail: expect.stringContaining('BCP 47') },
      ]);
    },
  );

  it('refuses non-strings and accepts absence', () => {
    expect(validateLocale(['fr-FR'], '/l')).toHaveLength(1);
    expect(validateLocale(undefined, '/l')).toEqual([]);
  });
});
