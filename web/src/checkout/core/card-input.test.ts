import { describe, expect, it } from 'vitest';
import {
  cardErrors,
  cardState,
  fieldOfPointer,
  formatCardNumber,
  formatExpiryInput,
  isFieldComplete,
  parseExpiry,
  selectedNetwork,
  vaultCardRequest,
  type CardValues,
} from './card-input';

const now = new Date('2026-05-15T12:00:00Z');
const valid: CardValues = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', holder: 'Camille Martin' };

describe('formatting', () => {
  it('groups the number as printed on the card and stops at the network’s length', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('5555 5555 5555 44449')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4x2-4 2')).toBe('4242');
  });

  it('writes the expiry as MM / YY while typing', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('4')).toBe('04 / ');
    expect(formatExpiryInput('12')).toBe('12 / ');
    expect(formatExpiryInput('12', true)).toBe('12');
    expect(formatExpiryInput('1230')).toBe('12 / 30');
    expect(formatExpiryInput('12/305')).toBe('12 / 30');
    expect(parseExpiry('12 / 30')).toEqual({ month: '12', year: '30' });
    expect(parseExpiry('1/30')).toEqual({ month: '01', year: '30' });
    expect(parseExpiry('1230')).toEqual({ month: '12', year: '30' });
    expect(parseExpiry('12 / 3')).toBeNull();
  });
});

describe('network detection', () => {
  it('detects the network and the co-badged cards the shopper may choose for', () => {
    expect(cardState({ number: '4242' })).toMatchObject({
      brands: ['VISA'],
      coBadged: false,
      cvcLength: 3,
      numberComplete: false,
    });
    expect(cardState({ number: '4000 0025 0000 1001' })).toMatchObject({
      brands: ['CARTE_BANCAIRE', 'VISA'],
      coBadged: true,
      numberComplete: true,
    });
    expect(cardState({ number: '5555552500001001' })).toMatchObject({
      brands: ['CARTE_BANCAIRE', 'MASTERCARD'],
      coBadged: true,
    });
    expect(cardState({ number: '3782' })).toMatchObject({ brands: ['AMERICAN_EXPRESS'], cvcLength: 4 });
  });

  it('sends a network only for a co-badged card: the shopper’s choice, else the first', () => {
    const coBadged = cardState({ number: '4000002500001001' });
    expect(selectedNetwork(coBadged, 'VISA')).toBe('VISA');
    expect(selectedNetwork(coBadged, undefined)).toBe('CARTE_BANCAIRE');
    expect(selectedNetwork(coBadged, 'MASTERCARD')).toBe('CARTE_BANCAIRE');
    expect(selectedNetwork(cardState({ number: '4242424242424242' }), 'VISA')).toBeUndefined();
  });
});

describe('cardErrors', () => {
  it('accepts a valid card', () => {
    expect(cardErrors(valid, now)).toEqual({});
    expect(cardErrors({ ...valid, number: '378282246310005', cvc: '1234' }, now)).toEqual({});
    expect(cardErrors({ ...valid, expiry: '05 / 26' }, now)).toEqual({});
  });

  it('explains each problem in the shopper’s words', () => {
    expect(cardErrors({ number: '', expiry: '', cvc: '', holder: ' ' }, now)).toEqual({
      number: 'Enter your card number.',
      expiry: 'Enter the expiry date.',
      cvc: 'Enter the security code.',
      holder: 'Enter the name on the card.',
    });
    expect(cardErrors({ ...valid, number: '4242 4242' }, now).number).toBe('Your card number is incomplete.');
    expect(cardErrors({ ...valid, number: '4242 4242 4242 4241' }, now).number).toBe(
      'This card number is not valid. Check it and try again.',
    );
    expect(cardErrors({ ...valid, number: '6011 1111 1111 1117' }, now).number).toBe(
      'This card is not accepted. Use a Visa, Mastercard, American Express or CB card.',
    );
    expect(cardErrors({ ...valid, expiry: '04 / 26' }, now).expiry).toBe('This card has expired.');
    expect(cardErrors({ ...valid, expiry: '13 / 30' }, now).expiry).toBe('Enter the expiry date as MM / YY.');
    expect(cardErrors({ ...valid, expiry: '12 / 3' }, now).expiry).toBe('Enter the expiry date as MM / YY.');
    expect(cardErrors({ ...valid, expiry: '12 / 99' }, now).expiry).toBe('Check the expiry year.');
    expect(cardErrors({ ...valid, cvc: '12' }, now).cvc).toBe(
      'Enter the 3-digit security code on the back of your card.',
    );
    expect(cardErrors({ ...valid, number: '378282246310005', cvc: '123' }, now).cvc).toBe(
      'Enter the 4-digit security code on the front of your card.',
    );
    expect(cardErrors({ ...valid, holder: 'X' }, now).holder).toBe(
      'Enter the name as printed on the card (2 to 45 characters).',
    );
  });

  it('shows an error while typing only once the field is complete', () => {
    expect(isFieldComplete('number', { ...valid, number: '4242 4242 4242 424' })).toBe(false);
    expect(isFieldComplete('number', { ...valid, number: '4242 4242 4242 4241' })).toBe(true);
    expect(isFieldComplete('number', { ...valid, number: '60' })).toBe(true);
    expect(isFieldComplete('expiry', { ...valid, expiry: '12 / ' })).toBe(false);
    expect(isFieldComplete('cvc', { ...valid, number: '3782', cvc: '123' })).toBe(false);
  });
});

describe('vault request', () => {
  it('sends digits and two-digit expiry strings, and maps the vault’s pointers back to fields', () => {
    expect(
      vaultCardRequest({ number: '4242 4242 4242 4242', expiry: '1/30', cvc: '123', holder: ' Camille ' }),
    ).toEqual({
      number: '4242424242424242',
      expiry_month: '01',
      expiry_year: '30',
      cvv: '123',
      holder_name: 'Camille',
    });
    expect(fieldOfPointer('/expiry_year')).toBe('expiry');
    expect(fieldOfPointer('/cvv')).toBe('cvc');
    expect(fieldOfPointer('/other')).toBeUndefined();
  });
});
