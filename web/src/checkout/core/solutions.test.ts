import { describe, expect, it } from 'vitest';
import { cardOptionOf, paymentOptions } from './solutions';

describe('paymentOptions', () => {
  it('lists what the checkout can collect, in the session’s order, once each', () => {
    const options = paymentOptions([
      { partner: 'sandbox-card', method: 'creditcard' },
      { partner: 'sandbox-giftcard', method: 'giftcard' },
      { partner: 'sandbox-wallet', method: 'wallet' },
      { partner: 'sandbox-instalments', method: '3x' },
      { partner: 'sandbox-instalments', method: '4x' },
      { partner: 'sandbox-card', method: 'creditcard' },
      { partner: 'elsewhere', method: 'bank-transfer' },
    ]);
    expect(options.map((option) => [option.id, option.kind, option.label])).toEqual([
      ['sandbox-card/creditcard', 'card', 'Card'],
      ['sandbox-giftcard/giftcard', 'giftcard', 'Gift card'],
      ['sandbox-wallet/wallet', 'wallet', 'Wallet'],
      ['sandbox-instalments/3x', 'instalments', 'Pay in 3 instalments'],
      ['sandbox-instalments/4x', 'instalments', 'Pay in 4 instalments'],
    ]);
    expect(cardOptionOf(options)?.partner).toBe('sandbox-card');
    expect(cardOptionOf(paymentOptions([{ partner: 'sandbox-wallet', method: 'wallet' }]))).toBeUndefined();
  });
});
