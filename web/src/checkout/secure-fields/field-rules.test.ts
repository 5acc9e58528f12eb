import { describe, expect, it } from 'vitest';
import { caretAfterFormat, fieldState, formatField } from './field-rules';

const now = new Date('2026-05-15T12:00:00Z');

describe('a secure field as the shopper types', () => {
  it('formats each field as the card prints it', () => {
    expect(formatField('number', '4242424242424242', false, [])).toBe('4242 4242 4242 4242');
    expect(formatField('number', '4242-4242 4242x4242', false, [])).toBe('4242 4242 4242 4242');
    expect(formatField('expiry', '1230', false, [])).toBe('12 / 30');
    expect(formatField('expiry', '12/30', false, [])).toBe('12 / 30');
    expect(formatField('cvc', '12345', false, ['VISA'])).toBe('123');
    expect(formatField('cvc', '12345', false, ['AMERICAN_EXPRESS'])).toBe('1234');
    expect(formatField('holder', 'x'.repeat(80), false, []).length).toBe(60);
  });

  it('says nothing wrong while the shopper is typing, and everything once they left the field', () => {
    const typing = fieldState('number', '4242 42', { brands: [], now, touched: false });
    expect(typing).toEqual({ field: 'number', empty: false, complete: false, valid: false, brands: ['VISA'] });
    expect(fieldState('number', '4242 42', { brands: [], now, touched: true }).error).toBe(
      'Your card number is incomplete.',
    );
    // A complete number shows its problem at once.
    expect(fieldState('number', '4242 4242 4242 4241', { brands: [], now, touched: false }).error).toBe(
      'This card number is not valid. Check it and try again.',
    );
    expect(fieldState('expiry', '01 / 20', { brands: [], now, touched: false }).error).toBe('This card has expired.');
    expect(fieldState('cvc', '123', { brands: ['AMERICAN_EXPRESS'], now, touched: true })).toMatchObject({
      complete: false,
      valid: false,
      error: 'Enter the 4-digit security code on the front of your card.',
    });
    expect(fieldState('holder', 'Camille Martin', { brands: [], now, touched: true })).toEqual({
      field: 'holder',
      empty: false,
      complete: true,
      valid: true,
    });
  });

  it('never puts the value in what it says', () => {
    const state = fieldState('number', '4000 0025 0000 1001', { brands: [], now, touched: true });
    expect(state).toEqual({
      field: 'number',
      empty: false,
      complete: true,
      valid: true,
      brands: ['CARTE_BANCAIRE', 'VISA'],
    });
    expect(JSON.stringify(state)).not.toMatch(/\d{4}/);
  });

  it('keeps the caret after the digit the shopper typed when the value is regrouped', () => {
    // Typed a 5 after "4242" (caret after it): "42425" becomes "4242 5", caret at the end.
    expect(caretAfterFormat('number', '42425', 5, '4242 5')).toBe(6);
    // Typed in the middle of "4242 4242": caret after the new digit, not at the end.
    expect(caretAfterFormat('number', '42142 4242', 3, '4214 2424 2')).toBe(3);
    expect(caretAfterFormat('holder', 'Camille', 3, 'Camille')).toBe(3);
  });
});
