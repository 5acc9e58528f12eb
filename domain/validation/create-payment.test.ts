import { describe, expect, it } from 'vitest';
import {
  splitEntryKind,
  validateCreatePayment,
  validateSplitEntry,
  type CreatePaymentInput,
  type SplitEntryInput,
} from './create-payment';

const PAYMENT = '0c7d9a4e-8b1f-4e2a-9c3d-5e6f7a8b9c0d';
const PT = '5a1e0f3c-2b4d-4e6f-8a9b-0c1d2e3f4a5b';

const duplicate: SplitEntryInput = { amount: 3000, parent_partner_transaction_id: PT };
const foreign: SplitEntryInput = {
  amount: 2000,
  partner: 'sandbox-giftcard',
  method: 'giftcard',
  parent_partner_reference: 'gc_7731',
};
const fresh: SplitEntryInput = {
  amount: 5998,
  partner: 'sandbox-card',
  method: 'creditcard',
  vault_form_token: 'vft_5d0f3a9b7c',
  card: { expiry_month: '09', expiry_year: '28' },
  three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
};

const valid: CreatePaymentInput = {
  amount: 10998,
  currency: 'EUR',
  order: { net_amount: 10998, billing_address: { country_code: 'FR' } },
  allow_future_usage: true,
  customer: { locale: 'fr-FR' },
  browser: { language: 'fr-FR' },
  split: [duplicate, foreign, fresh],
};

const pointers = (body: CreatePaymentInput) => validateCreatePayment(body).map((e) => e.pointer);
const entryPointers = (entry: SplitEntryInput, allowFutureUsage = false) =>
  validateSplitEntry(entry, '/split/0', allowFutureUsage).map((e) => e.pointer);

describe('splitEntryKind', () => {
  it('tells the three kinds apart by their fields', () => {
    expect(splitEntryKind(duplicate)).toBe('DUPLICATE');
    expect(splitEntryKind({ amount: 1, parent_payment_id: PAYMENT })).toBe('DUPLICATE');
    expect(splitEntryKind(foreign)).toBe('FOREIGN');
    expect(splitEntryKind({ amount: 1, partner: 'p', method: 'm', parent_partner_token: 't' })).toBe('FOREIGN');
    expect(splitEntryKind(fresh)).toBe('NEW_AUTHORIZATION');
    expect(splitEntryKind({ amount: 1, card: {} })).toBe('NEW_AUTHORIZATION');
  });
});

describe('validateCreatePayment', () => {
  it('accepts a payment split into a duplicate, a foreign and a new authorization', () => {
    expect(validateCreatePayment(valid)).toEqual([]);
  });

  it('needs split entries or new authorization candidates, and takes candidates alone', () => {
    expect(pointers({ amount: 100, currency: 'USD', order: {} })).toEqual(['/split']);
    const candidate = { amount: 100, partner: 'sandbox-card', method: 'creditcard', vault_form_token: 'vft_1' };
    expect(
      validateCreatePayment({ amount: 100, currency: 'USD', order: {}, new_authorization_candidates: [candidate] }),
    ).toEqual([]);
    expect(
      pointers({
        amount: 100,
        currency: 'USD',
        order: {},
        new_authorization_candidates: [{ amount: 100, parent_payment_id: 'p' }],
      }),
    ).toEqual(['/new_authorization_candidates/0']);
    expect(
      pointers({
        amount: 100,
        currency: 'USD',
        order: {},
        split: [{ ...candidate, amount: 60 }],
        new_authorization_candidates: [{ ...candidate, amount: 60 }],
      }),
    ).toEqual(['/split']);
  });

  it.each([0, -100, 10.5])('refuses payment amount %s', (amount) => {
    expect(pointers({ ...valid, amount, order: {} })).toEqual(['/amount']);
  });

  it('refuses an unknown currency', () => {
    expect(pointers({ ...valid, currency: 'XBT' })).toEqual(['/currency']);
  });

  it('applies the order rules against the payment amount', () => {
    expect(pointers({ ...valid, order: { net_amount: 100, billing_address: { country_code: 'UK' } } })).toEqual([
      '/order/net_amount',
      '/order/billing_address/country_code',
    ]);
  });

  it('checks the customer locale and the browser language', () => {
    expect(pointers({ ...valid, customer: { locale: 'fr_FR' }, browser: { language: 'français' } })).toEqual([
      '/customer/locale',
      '/browser/language',
    ]);
  });

  it('refuses an empty split', () => {
    expect(pointers({ ...valid, split: [] })).toEqual(['/split']);
  });

  it.each([0, -1, 2.5])('refuses split entry amount %s', (amount) => {
    expect(pointers({ ...valid, split: [duplicate, { ...foreign, amount }] })).toEqual(['/split/1/amount']);
  });

  it('refuses split entries adding up to more than the payment amount', () => {
    expect(validateCreatePayment({ ...valid, split: [duplicate, foreign, { ...fresh, amount: 6000 }] })).toEqual([
      { pointer: '/split', detail: 'entry amounts add up to 11000, more than the payment amount 10998' },
    ]);
  });

  it('accepts split entries adding up to less than the payment amount', () => {
    expect(validateCreatePayment({ ...valid, split: [duplicate] })).toEqual([]);
  });

  it('points at the entry that is wrong', () => {
    expect(
      pointers({ ...valid, split: [duplicate, { ...foreign, parent_partner_reference: undefined }, fresh] }),
    ).toEqual(['/split/1']);
  });
});

describe('validateSplitEntry: duplicate of an earlier authorization', () => {
  it('accepts parent_payment_id or parent_partner_transaction_id', () => {
    expect(entryPointers({ amount: 1, parent_payment_id: PAYMENT })).toEqual([]);
    expect(entryPointers({ amount: 1, parent_partner_transaction_id: PT })).toEqual([]);
    expect(entryPointers({ amount: 1, parent_payment_id: PAYMENT, parent_partner_transaction_id: PT })).toEqual([]);
  });

  it('refuses a partner and method: they are the parent’s', () => {
    expect(entryPointers({ ...duplicate, partner: 'sandbox-card', method: 'creditcard' })).toEqual([
      '/split/0/partner',
      '/split/0/method',
    ]);
  });

  it('refuses fields of the other kinds', () => {
    expect(entryPointers({ ...duplicate, parent_partner_token: 't', vault_form_token: 'v' })).toEqual([
      '/split/0/parent_partner_token',
      '/split/0/vault_form_token',
    ]);
  });

  it('is not subject to the future-usage rule: nothing is authenticated again', () => {
    expect(entryPointers(duplicate, true)).toEqual([]);
  });
});

describe('validateSplitEntry: foreign authorization', () => {
  it('accepts parent_partner_token, parent_partner_reference or both', () => {
    const base = { amount: 1, partner: 'sandbox-giftcard', method: 'giftcard' };
    expect(entryPointers({ ...base, parent_partner_token: 't' })).toEqual([]);
    expect(entryPointers({ ...base, parent_partner_reference: 'r' })).toEqual([]);
    expect(entryPointers({ ...base, parent_partner_token: 't', parent_partner_reference: 'r' })).toEqual([]);
  });

  it('refuses an entry with neither parent_partner_token nor parent_partner_reference', () => {
    expect(
      validateSplitEntry({ amount: 1, partner: 'sandbox-giftcard', method: 'giftcard' }, '/split/0', false),
    ).toEqual([
      { pointer: '/split/0', detail: 'a foreign authorization needs parent_partner_token or parent_partner_reference' },
    ]);
  });

  it('requires partner and method', () => {
    expect(entryPointers({ amount: 1, parent_partner_token: 't' })).toEqual(['/split/0/partner', '/split/0/method']);
    expect(entryPointers({ amount: 1, partner: 'p', parent_partner_token: 't' })).toEqual(['/split/0/method']);
  });

  it('explains the three kinds when an entry has nothing but an amount', () => {
    expect(validateSplitEntry({ amount: 1 }, '/split/0', false)).toEqual([
      { pointer: '/split/0', detail: expect.stringContaining('must say what it pays with') },
    ]);
  });
});

describe('validateSplitEntry: new card authorization', () => {
  it('accepts partner, method and vault_form_token, with or without card details', () => {
    expect(entryPointers({ amount: 1, partner: 'sandbox-card', method: 'creditcard', vault_form_token: 'v' })).toEqual(
      [],
    );
    expect(entryPointers(fresh, true)).toEqual([]);
  });

  it('requires partner, method and vault_form_token', () => {
    expect(entryPointers({ amount: 1, card: { holder_name: 'C M' } })).toEqual([
      '/split/0/partner',
      '/split/0/method',
      '/split/0/vault_form_token',
    ]);
  });

  it('refuses foreign parent fields', () => {
    expect(entryPointers({ ...fresh, parent_partner_reference: 'r' })).toEqual(['/split/0/parent_partner_reference']);
  });

  it('checks the two-digit expiry strings', () => {
    expect(entryPointers({ ...fresh, card: { expiry_month: '9', expiry_year: '2028' } })).toEqual([
      '/split/0/card/expiry_month',
      '/split/0/card/expiry_year',
    ]);
  });

  it('requires CHALLENGE_REQUESTED_BY_MERCHANT when allow_future_usage is true', () => {
    const { three_ds_authentication_options: _none, ...withoutOptions } = fresh;
    expect(entryPointers(withoutOptions, true)).toEqual([
      '/split/0/three_ds_authentication_options/challenge_indicator',
    ]);
    expect(
      entryPointers({ ...fresh, three_ds_authentication_options: { challenge_indicator: 'NO_PREFERENCE' } }, true),
    ).toEqual(['/split/0/three_ds_authentication_options/challenge_indicator']);
    expect(
      entryPointers(
        {
          ...fresh,
          three_ds_authentication_options: {
            challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT',
            challenge_exemption: 'LOW_VALUE',
          },
        },
        true,
      ),
    ).toEqual(['/split/0/three_ds_authentication_options/challenge_exemption']);
  });

  it('accepts any indicator, or none, without future usage', () => {
    const { three_ds_authentication_options: _none, ...withoutOptions } = fresh;
    expect(entryPointers(withoutOptions, false)).toEqual([]);
    expect(
      entryPointers(
        { ...fresh, three_ds_authentication_options: { challenge_indicator: 'NO_CHALLENGE_REQUESTED' } },
        false,
      ),
    ).toEqual([]);
  });

  it('takes allow_future_usage from the payment', () => {
    const { three_ds_authentication_options: _none, ...withoutOptions } = fresh;
    expect(pointers({ ...valid, split: [withoutOptions] })).toEqual([
      '/split/0/three_ds_authentication_options/challenge_indicator',
    ]);
    expect(pointers({ ...valid, allow_future_usage: false, split: [withoutOptions] })).toEqual([]);
  });
});

describe('redirect authorizations', () => {
  it('needs only partner and method for a wallet or instalment method', () => {
    expect(splitEntryKind({ amount: 100, partner: 'sandbox-wallet', method: 'wallet' })).toBe('REDIRECT_AUTHORIZATION');
    expect(
      validateSplitEntry({ amount: 100, partner: 'sandbox-instalments', method: '3x' }, '/split/0', false),
    ).toEqual([]);
  });

  it('still asks a card method for a token or reference', () => {
    expect(splitEntryKind({ amount: 100, partner: 'sandbox-card', method: 'creditcard' })).toBe('FOREIGN');
    expect(
      validateSplitEntry({ amount: 100, partner: 'sandbox-card', method: 'creditcard' }, '/split/0', false),
    ).not.toEqual([]);
  });
});

describe('future usage and gift cards', () => {
  it('asks no 3DS challenge indicator of a gift card entry', () => {
    expect(
      validateSplitEntry(
        { amount: 100, partner: 'sandbox-giftcard', method: 'giftcard', vault_form_token: 'vgt_abc' },
        '/split/0',
        true,
      ),
    ).toEqual([]);
    expect(
      validateSplitEntry(
        { amount: 100, partner: 'sandbox-card', method: 'creditcard', vault_form_token: 'vft_abc' },
        '/split/0',
        true,
      ),
    ).not.toEqual([]);
  });
});
