import { describe, expect, it } from 'vitest';
import { validateCheckoutSplit } from './checkout-submission';

const card = { amount: 500, partner: 'sandbox-card', method: 'creditcard' };

describe('validateCheckoutSplit', () => {
  it("takes what a shopper enters, chooses or approves: a vaulted card or gift card, a saved method, a partner's page", () => {
    expect(
      validateCheckoutSplit([
        { ...card, vault_form_token: 'vft_1' },
        { amount: 100, partner: 'sandbox-giftcard', method: 'giftcard', vault_form_token: 'vgt_1' },
        { ...card, wallet_token: 'wt_1' },
        { amount: 900, partner: 'sandbox-wallet', method: 'wallet' },
      ]),
    ).toEqual([]);
  });

  it("refuses, field by field, every entry naming an authorization the merchant holds, Tessera's or the partner's", () => {
    const errors = validateCheckoutSplit([
      { ...card, vault_form_token: 'vft_1' },
      { ...card, parent_partner_reference: 'auth_1' },
      { ...card, parent_partner_token: 'ctok_1', parent_partner_reference: 'auth_1' },
      { amount: 500, parent_payment_id: '0b6f0f2e-54b0-4bb4-9f3c-7a3f3d7b8e10' },
      { amount: 500, parent_partner_transaction_id: '5b0c7a47-8f6e-4c39-9d0c-0a1d9a2f6c11' },
    ]);
    expect(errors.map((error) => error.pointer)).toEqual([
      '/split/1/parent_partner_reference',
      '/split/2/parent_partner_token',
      '/split/2/parent_partner_reference',
      '/split/3/parent_payment_id',
      '/split/4/parent_partner_transaction_id',
    ]);
    expect(errors[0]?.detail).toContain('POST /v2/payments');
  });

  it('refuses a card entry with nothing to pay with', () => {
    expect(validateCheckoutSplit([card])).toEqual([
      { pointer: '/split/0', detail: expect.stringContaining('vault_form_token') },
    ]);
  });
});
