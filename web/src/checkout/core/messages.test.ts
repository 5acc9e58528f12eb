import { describe, expect, it } from 'vitest';
import { failureOf, giftCardProblemMessage, redirectMessage, refusalMessage, refusalReasonOf } from './messages';
import type { PaymentView } from './types';

const refused = (reason?: string, status: 'REFUSED' | 'ERROR' = 'REFUSED'): Pick<PaymentView, 'authorization'> => ({
  authorization: {
    status,
    partner_transactions: [
      {
        partner: 'sandbox-giftcard',
        method: 'giftcard',
        amount: 1000,
        status: 'AUTHORIZED',
        partner_additional_data: {},
      },
      {
        partner: 'sandbox-card',
        method: 'creditcard',
        amount: 1599,
        status,
        partner_additional_data: reason ? { refusal_reason: reason } : {},
      },
    ],
  },
});

describe('refusal messages', () => {
  it('words each partner reason for the shopper, with what to do next', () => {
    expect(refusalMessage('INSUFFICIENT_FUNDS')).toBe(
      'The payment was declined for insufficient funds. Try another card or another payment method.',
    );
    expect(refusalMessage('REJECTED_BANK')).toBe(
      'Your bank declined the payment. Contact your bank or try another card.',
    );
    expect(refusalMessage('CARD_EXPIRED')).toBe('This card has expired. Use another card.');
    expect(refusalMessage('TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK')).toContain('could not confirm it is you');
    expect(refusalMessage('SOMETHING_NEW')).toBe(
      'The payment was declined. Try another card or another payment method.',
    );
    expect(refusalMessage(undefined)).toBe('The payment was declined. Try another card or another payment method.');
  });

  it('finds the reason on the refused leg of a split payment', () => {
    expect(refusalReasonOf(refused('INSUFFICIENT_FUNDS'))).toBe('INSUFFICIENT_FUNDS');
    expect(failureOf(refused('CARD_EXPIRED'))).toEqual({
      reason: 'CARD_EXPIRED',
      message: 'This card has expired. Use another card.',
    });
    expect(failureOf(refused())).toEqual({
      message: 'The payment was declined. Try another card or another payment method.',
    });
    expect(failureOf(refused(undefined, 'ERROR')).message).toContain('technical problem');
  });

  it('explains gift card problems from the vault’s pointers', () => {
    expect(giftCardProblemMessage('/number', 'must match pattern')).toBe(
      'Enter the gift card number (8 to 19 digits).',
    );
    expect(
      giftCardProblemMessage('/vault_form_token', 'the PIN is wrong: tokenize the gift card again with the right PIN'),
    ).toBe('The PIN is not correct for this gift card.');
    expect(
      giftCardProblemMessage('/vault_form_token', 'sandbox-giftcard knows no gift card with this number'),
    ).toContain('do not recognise');
    expect(giftCardProblemMessage(undefined, undefined)).toContain('cannot be used');
  });

  it('says where a redirect goes', () => {
    expect(redirectMessage('card')).toBe('Taking you to your bank to confirm the payment…');
    expect(redirectMessage('instalments')).toContain('lender');
  });
});
