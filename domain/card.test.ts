import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_NUMBER_LENGTHS,
  CARTE_BANCAIRE_BIN_PREFIXES,
  cardSummary,
  cvvLength,
  detectBrands,
  isCardNumber,
  isExpired,
  isLuhnValid,
  normalizeHolderName,
  primaryNetwork,
  validateCard,
  yearMonthOf,
} from './card';

describe('isCardNumber', () => {
  it('takes 12 to 19 digits and nothing else', () => {
    expect(isCardNumber('424242424242')).toBe(true);
    expect(isCardNumber('4242424242424242424')).toBe(true);
    for (const number of ['42424242424', '42424242424242424242', '4242 4242 4242 4242', '', 4242424242424242])
      expect(isCardNumber(number), String(number)).toBe(false);
  });
});

describe('isLuhnValid', () => {
  it.each([
    '4242424242424242',
    '5555555555554444',
    '4000000000000002',
    '4000002760003184',
    '378282246310005',
    '4000002500001001',
    '5555552500001001',
    '2223003122003222',
    '79927398713',
  ])('accepts %s', (number) => {
    expect(isLuhnValid(number)).toBe(true);
  });

  it.each([
    '4242424242424241',
    '5555555555554445',
    '79927398710',
    '1234567812345678',
    '',
    '4242 4242 4242 4242',
    '42424242424242a2',
  ])('refuses %j', (number) => {
    expect(isLuhnValid(number)).toBe(false);
  });

  it('exactly one check digit completes any number, and changing one digit breaks it', () => {
    const checkDigit = (body: string) => '0123456789'.split('').find((d) => isLuhnValid(`${body}${d}`));
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{11,18}$/), fc.integer({ min: 1, max: 9 }), (body, delta) => {
        const digit = checkDigit(body);
        expect(digit).toBeDefined();
        const last = (Number(digit) + delta) % 10;
        expect(isLuhnValid(`${body}${last}`)).toBe(false);
      }),
    );
  });
});

describe('primaryNetwork', () => {
  it.each([
    ['4242424242424242', 'VISA'],
    ['4', 'VISA'],
    ['5105105105105100', 'MASTERCARD'],
    ['51', 'MASTERCARD'],
    ['5555555555554444', 'MASTERCARD'],
    ['55', 'MASTERCARD'],
    ['2221000000000009', 'MASTERCARD'],
    ['2223003122003222', 'MASTERCARD'],
    ['2720000000000005', 'MASTERCARD'],
    ['2720', 'MASTERCARD'],
    ['340000000000009', 'AMERICAN_EXPRESS'],
    ['378282246310005', 'AMERICAN_EXPRESS'],
    ['37', 'AMERICAN_EXPRESS'],
  ])('%s is %s', (number, network) => {
    expect(primaryNetwork(number)).toBe(network);
  });

  it.each([
    ['2220000000000000', 'just below the 2-series'],
    ['2721000000000004', 'just above the 2-series'],
    ['5000000000000009', '50'],
    ['5600000000000003', '56'],
    ['6011111111111117', 'Discover'],
    ['3530111333300000', 'JCB'],
    ['30569309025904', 'Diners'],
    ['35', 'not AMEX'],
    ['5', 'undecided yet'],
    ['222', 'undecided yet'],
    ['', 'empty'],
    ['4x', 'not digits'],
  ])('%j is not recognised (%s)', (number) => {
    expect(primaryNetwork(number)).toBeUndefined();
  });
});

describe('detectBrands (sandbox co-badging rule)', () => {
  it('lists one network for a plain card, including the usual test cards', () => {
    expect(detectBrands('4242424242424242')).toEqual(['VISA']);
    expect(detectBrands('4000000000000002')).toEqual(['VISA']);
    expect(detectBrands('5555555555554444')).toEqual(['MASTERCARD']);
    expect(detectBrands('2223003122003222')).toEqual(['MASTERCARD']);
    expect(detectBrands('378282246310005')).toEqual(['AMERICAN_EXPRESS']);
  });

  it('puts CARTE_BANCAIRE first on a VISA or MASTERCARD number in a CB range', () => {
    expect(CARTE_BANCAIRE_BIN_PREFIXES).toEqual(['40000025', '55555525']);
    expect(detectBrands('4000002500001001')).toEqual(['CARTE_BANCAIRE', 'VISA']);
    expect(detectBrands('5555552500001001')).toEqual(['CARTE_BANCAIRE', 'MASTERCARD']);
  });

  it('needs the whole 8-digit prefix', () => {
    expect(detectBrands('4000002400000004')).toEqual(['VISA']);
    expect(detectBrands('4000002')).toEqual(['VISA']);
    expect(detectBrands('40000025')).toEqual(['CARTE_BANCAIRE', 'VISA']);
  });

  it('never co-badges AMERICAN_EXPRESS, and takes another BIN table', () => {
    expect(detectBrands('340000250000006', ['34000025'])).toEqual(['AMERICAN_EXPRESS']);
    expect(detectBrands('4242424242424242', ['424242'])).toEqual(['CARTE_BANCAIRE', 'VISA']);
    expect(detectBrands('4000002500001001', [])).toEqual(['VISA']);
  });

  it('answers [] for an unknown network', () => {
    expect(detectBrands('6011111111111117')).toEqual([]);
    expect(detectBrands('')).toEqual([]);
  });
});

describe('cvvLength', () => {
  it('is 4 for AMERICAN_EXPRESS, 3 otherwise', () => {
    expect(cvvLength(['AMERICAN_EXPRESS'])).toBe(4);
    expect(cvvLength(['VISA'])).toBe(3);
    expect(cvvLength(['MASTERCARD'])).toBe(3);
    expect(cvvLength(['CARTE_BANCAIRE', 'VISA'])).toBe(3);
    expect(cvvLength([])).toBe(3);
  });
});

describe('isExpired (valid through the end of the expiry month, UTC)', () => {
  const today = { year: 2025, month: 3 };
  it('accepts the current month and later', () => {
    expect(isExpired('03', '25', today)).toBe(false);
    expect(isExpired('04', '25', today)).toBe(false);
    expect(isExpired('01', '26', today)).toBe(false);
  });

  it('refuses an earlier month or year', () => {
    expect(isExpired('02', '25', today)).toBe(true);
    expect(isExpired('12', '24', today)).toBe(true);
  });

  it('reads the clock in UTC', () => {
    expect(isExpired('03', '25', new Date('2025-03-31T23:59:59.999Z'))).toBe(false);
    expect(isExpired('03', '25', new Date('2025-04-01T00:00:00.000Z'))).toBe(true);
    expect(yearMonthOf(new Date('2025-12-31T23:30:00-02:00'))).toEqual({ year: 2026, month: 1 });
  });
});

describe('normalizeHolderName', () => {
  it('trims, and takes a blank name for none', () => {
    expect(normalizeHolderName('  CAMILLE MARTIN ')).toBe('CAMILLE MARTIN');
    expect(normalizeHolderName('')).toBeUndefined();
    expect(normalizeHolderName('   ')).toBeUndefined();
    expect(normalizeHolderName(undefined)).toBeUndefined();
    expect(normalizeHolderName(42)).toBeUndefined();
  });
});

describe('validateCard', () => {
  const now = new Date('2025-03-15T12:00:00Z');
  const valid = {
    number: '4242424242424242',
    expiry_month: '09',
    expiry_year: '28',
    cvv: '123',
    holder_name: 'CAMILLE MARTIN',
  };

  it.each<[string, Record<string, unknown>]>([
    ['a VISA', {}],
    ['a 13-digit VISA', { number: '4222222222222' }],
    ['a 19-digit VISA', { number: '4000000000000000006' }],
    ['a MASTERCARD', { number: '5555555555554444' }],
    ['a 2-series MASTERCARD', { number: '2223003122003222' }],
    ['an AMERICAN_EXPRESS with 4 digits of CVV', { number: '378282246310005', cvv: '1234' }],
    ['a co-badged CARTE_BANCAIRE VISA', { number: '4000002500001001' }],
    ['a co-badged CARTE_BANCAIRE MASTERCARD', { number: '5555552500001001' }],
    ['a card expiring this month', { expiry_month: '03', expiry_year: '25' }],
    ['a card expiring in 20 years', { expiry_month: '12', expiry_year: '45' }],
    ['no holder name', { holder_name: undefined }],
    ['a blank holder name', { holder_name: '  ' }],
    ['a 2-character holder name', { holder_name: 'Li' }],
    ['a 45-character holder name', { holder_name: 'A'.repeat(45) }],
    ['a holder name with accents', { holder_name: 'Zoë Ñúñez-Åberg' }],
  ])('accepts %s', (_label, change) => {
    expect(validateCard({ ...valid, ...change }, now)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a Luhn-invalid number', { number: '4242424242424241' }, '/number', 'is not a valid card number (check digit)'],
    ['spaces in the number', { number: '4242 4242 4242 4242' }, '/number', 'must be 12 to 19 digits, without spaces'],
    ['11 digits', { number: '42424242424' }, '/number', 'must be 12 to 19 digits, without spaces'],
    ['20 digits', { number: '42424242424242424242' }, '/number', 'must be 12 to 19 digits, without spaces'],
    ['a number as a JSON number', { number: 4242424242424242 }, '/number', 'must be 12 to 19 digits, without spaces'],
    [
      'a Discover number',
      { number: '6011111111111117' },
      '/number',
      'is not a VISA, MASTERCARD, AMERICAN_EXPRESS or CARTE_BANCAIRE card number',
    ],
    ['a 14-digit VISA', { number: '40000000000002' }, '/number', 'must have 13, 16 or 19 digits on VISA cards'],
    ['a 15-digit VISA', { number: '400000000000006' }, '/number', 'must have 13, 16 or 19 digits on VISA cards'],
    ['a 17-digit VISA', { number: '40000000000000006' }, '/number', 'must have 13, 16 or 19 digits on VISA cards'],
    ['an 18-digit VISA', { number: '400000000000000002' }, '/number', 'must have 13, 16 or 19 digits on VISA cards'],
    ['a 15-digit MASTERCARD', { number: '510000000000003' }, '/number', 'must have 16 digits on MASTERCARD cards'],
    ['a 19-digit MASTERCARD', { number: '5500000000000000004' }, '/number', 'must have 16 digits on MASTERCARD cards'],
    [
      'a 16-digit AMERICAN_EXPRESS',
      { number: '3700000000000007', cvv: '1234' },
      '/number',
      'must have 15 digits on AMERICAN_EXPRESS cards',
    ],
    [
      'a 19-digit co-badged VISA',
      { number: '4000002500000000003' },
      '/number',
      'must have 16 digits on CARTE_BANCAIRE cards',
    ],
    ['month 13', { expiry_month: '13' }, '/expiry_month', 'must be a two-digit month string, "01" to "12"'],
    ['month 00', { expiry_month: '00' }, '/expiry_month', 'must be a two-digit month string, "01" to "12"'],
    ['month "9"', { expiry_month: '9' }, '/expiry_month', 'must be a two-digit month string, "01" to "12"'],
    ['month as a number', { expiry_month: 9 }, '/expiry_month', 'must be a two-digit month string, "01" to "12"'],
    [
      'a four-digit year',
      { expiry_year: '2028' },
      '/expiry_year',
      'must be the last two digits of the year, as a string (e.g. "28")',
    ],
    [
      'year as a number',
      { expiry_year: 28 },
      '/expiry_year',
      'must be the last two digits of the year, as a string (e.g. "28")',
    ],
    ['last month', { expiry_month: '02', expiry_year: '25' }, '/expiry_month', 'the card has expired'],
    ['last year', { expiry_month: '12', expiry_year: '24' }, '/expiry_year', 'the card has expired'],
    ['21 years ahead', { expiry_month: '01', expiry_year: '46' }, '/expiry_year', 'must be at most 20 years ahead'],
    ['a 2-digit CVV', { cvv: '12' }, '/cvv', 'must be 3 or 4 digits'],
    ['a 5-digit CVV', { cvv: '12345' }, '/cvv', 'must be 3 or 4 digits'],
    ['letters in the CVV', { cvv: '12a' }, '/cvv', 'must be 3 or 4 digits'],
    ['a CVV as a number', { cvv: 123 }, '/cvv', 'must be 3 or 4 digits'],
    ['a 4-digit CVV on a VISA', { cvv: '1234' }, '/cvv', 'must be 3 digits'],
    ['a 4-digit CVV on a co-badged card', { number: '4000002500001001', cvv: '1234' }, '/cvv', 'must be 3 digits'],
    [
      'a 3-digit CVV on an AMERICAN_EXPRESS',
      { number: '378282246310005' },
      '/cvv',
      'must be 4 digits for an AMERICAN_EXPRESS card',
    ],
    ['a 1-character holder name', { holder_name: ' A ' }, '/holder_name', 'must be 2 to 45 characters'],
    ['a 46-character holder name', { holder_name: 'A'.repeat(46) }, '/holder_name', 'must be 2 to 45 characters'],
    [
      'a newline in the holder name',
      { holder_name: 'CAMILLE\nMARTIN' },
      '/holder_name',
      'must not contain control characters',
    ],
    ['a holder name that is not a string', { holder_name: 42 }, '/holder_name', 'must be a string'],
  ])('refuses %s', (_label, change, pointer, detail) => {
    expect(validateCard({ ...valid, ...change }, now)).toEqual([{ pointer, detail }]);
  });

  it('reports every broken field at once, the number once', () => {
    const errors = validateCard({ number: '1234', expiry_month: '1', expiry_year: '2028', cvv: '' }, now);
    expect(errors.map((e) => e.pointer)).toEqual(['/number', '/expiry_month', '/expiry_year', '/cvv']);
  });

  it('never repeats the card number or CVV in a message', () => {
    const inputs = [
      { ...valid, number: '4242424242424241' },
      { ...valid, number: '6011111111111117', cvv: '98765' },
      { ...valid, number: '3700000000000007' },
    ];
    for (const input of inputs) {
      const text = JSON.stringify(validateCard(input, now));
      expect(text).not.toContain(input.number);
      expect(text).not.toContain(input.cvv);
    }
  });

  it('takes the clock as a year and month too', () => {
    expect(validateCard({ ...valid, expiry_month: '03', expiry_year: '25' }, { year: 2025, month: 4 })).toEqual([
      { pointer: '/expiry_month', detail: 'the card has expired' },
    ]);
  });
});

describe('cardSummary', () => {
  it('shows the brands, the first 6 and the last 4 digits only', () => {
    expect(cardSummary('4242424242424242')).toEqual({
      detected_brands: ['VISA'],
      bin: '424242',
      last_four_digits: '4242',
    });
    expect(cardSummary('4000002500001001')).toEqual({
      detected_brands: ['CARTE_BANCAIRE', 'VISA'],
      bin: '400000',
      last_four_digits: '1001',
    });
    expect(cardSummary('378282246310005')).toEqual({
      detected_brands: ['AMERICAN_EXPRESS'],
      bin: '378282',
      last_four_digits: '0005',
    });
  });
});

describe('CARD_NUMBER_LENGTHS', () => {
  it('covers every detected brand', () => {
    expect(Object.keys(CARD_NUMBER_LENGTHS).sort()).toEqual([
      'AMERICAN_EXPRESS',
      'CARTE_BANCAIRE',
      'MASTERCARD',
      'VISA',
    ]);
  });
});
