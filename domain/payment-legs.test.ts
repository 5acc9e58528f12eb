import { describe, expect, it } from 'vitest';
import type { ContractTerms } from './eligibility';
import { authorizationLegs, type LegsRequest, type SplitEntryFacts } from './payment-legs';

const contract = (partner: string, method: string, extra: Partial<ContractTerms> = {}): ContractTerms => ({
  partner,
  method,
  currencies: ['EUR'],
  min_amount: 1,
  max_amount: 100_000,
  priority: 10,
  ...extra,
});

const contracts = [
  contract('sandbox-card', 'creditcard'),
  contract('sandbox-giftcard', 'giftcard'),
  contract('sandbox-wallet', 'wallet'),
  contract('sandbox-instalments', '3x', { min_amount: 5_000 }),
];

function plan(split: LegsRequest['split'], facts: SplitEntryFacts[], extra: Partial<LegsRequest> = {}) {
  let next = 0;
  return authorizationLegs({
    split,
    facts,
    contracts,
    currency: 'EUR',
    allowFutureUsage: false,
    giftCardPartners: ['sandbox-giftcard'],
    cardNetworks: ['VISA', 'MASTERCARD'],
    newId: () => `leg-${(next += 1)}`,
    now: '2026-11-25T10:00:00.000Z',
    ...extra,
  });
}

const found = { vault: { status: 'found' } } as const;
const card = { amount: 1000, partner: 'sandbox-card', method: 'creditcard', vault_form_token: 'vft_1' };

describe('authorizationLegs', () => {
  it('makes one NEW leg per entry, in order, with the instrument each names', () => {
    const { legs, errors } = plan(
      [
        { amount: 400, partner: 'sandbox-giftcard', method: 'giftcard', vault_form_token: 'vgt_1' },
        { ...card, amount: 600, card: { holder_name: 'Camille Martin', selected_network: 'VISA' } },
        { amount: 5000, partner: 'sandbox-instalments', method: '3x' },
      ],
      [found, found, {}],
    );
    expect(errors).toEqual([]);
    expect(legs).toEqual([
      expect.objectContaining({
        id: 'leg-1',
        partner: 'sandbox-giftcard',
        amount: 400,
        authorized_amount: 0,
        status: 'NEW',
        instrument: { kind: 'vaulted-gift-card', vault_form_token: 'vgt_1' },
      }),
      expect.objectContaining({
        id: 'leg-2',
        instrument: {
          kind: 'vaulted-card',
          vault_form_token: 'vft_1',
          holder_name: 'Camille Martin',
          selected_network: 'VISA',
        },
      }),
      expect.objectContaining({ id: 'leg-3', method: '3x', instrument: { kind: 'redirect' } }),
    ]);
    expect(legs[0]).not.toHaveProperty('three_ds');
  });

  it('authorizes a duplicate again with its earlier partner token, at its partner and method', () => {
    const { legs } = plan(
      [{ amount: 700, parent_payment_id: 'p1' }],
      [{ earlierAuthorization: { partner: 'sandbox-card', method: 'creditcard', partner_token: 'ctok_1' } }],
    );
    expect(legs[0]).toMatchObject({
      partner: 'sandbox-card',
      method: 'creditcard',
      instrument: { kind: 'partner-token', partner_token: 'ctok_1' },
      parent: { payment_id: 'p1' },
    });
  });

  it('refuses a duplicate whose earlier authorization cannot be used, at the field it named', () => {
    const error = { earlierAuthorization: { error: 'names an authorization that is not AUTHORIZED' } };
    expect(plan([{ amount: 700, parent_payment_id: 'p1' }], [error]).errors).toEqual([
      { pointer: '/split/0/parent_payment_id', detail: 'names an authorization that is not AUTHORIZED' },
    ]);
    expect(plan([{ amount: 700, parent_partner_transaction_id: 't1' }], [error]).errors).toEqual([
      { pointer: '/split/0/parent_partner_transaction_id', detail: 'names an authorization that is not AUTHORIZED' },
    ]);
  });

  it('pays with a usable wallet token of the payment’s customer, and refuses any other', () => {
    const usable = (owner: string): SplitEntryFacts => ({
      walletToken: {
        status: 'usable',
        token: { id: 'w1', partner: 'sandbox-card', method: 'creditcard', owner_reference: owner },
      },
    });
    const entry = { amount: 900, wallet_token: 'w1' };
    expect(plan([entry], [usable('c-1')], { customerReference: 'c-1' }).legs[0]).toMatchObject({
      partner: 'sandbox-card',
      instrument: { kind: 'wallet-token', wallet_token_id: 'w1' },
    });
    expect(plan([entry], [usable('c-2')], { customerReference: 'c-1' }).errors).toEqual([
      { pointer: '/split/0/wallet_token', detail: 'belongs to another customer than customer.reference' },
    ]);
    expect(plan([entry], [usable('c-1')]).errors).toEqual([
      {
        pointer: '/split/0/wallet_token',
        detail: 'needs the customer.reference of its owner: a saved token pays for its own customer only',
      },
    ]);
    expect(plan([{ ...entry, method: 'wallet' }], [usable('c-1')], { customerReference: 'c-1' }).errors).toEqual([
      { pointer: '/split/0/method', detail: 'the wallet token pays with sandbox-card creditcard' },
    ]);
    for (const [status, detail] of [
      ['unknown', 'is not a wallet token of this merchant'],
      ['inactive', 'is INACTIVE'],
      ['expired', 'is expired'],
    ] as const)
      expect(plan([entry], [{ walletToken: { status } }]).errors).toEqual([
        { pointer: '/split/0/wallet_token', detail },
      ]);
  });

  it('checks the contract: partner and method, currency, amount range', () => {
    expect(plan([{ ...card, partner: 'sandbox-wallet' }], [found]).errors).toEqual([
      { pointer: '/split/0/method', detail: 'the entity has no contract for sandbox-wallet creditcard' },
    ]);
    expect(plan([card], [found], { currency: 'USD' }).errors).toEqual([
      { pointer: '/split/0/partner', detail: 'sandbox-card creditcard does not accept USD' },
    ]);
    expect(plan([{ amount: 4999, partner: 'sandbox-instalments', method: '3x' }], [{}]).errors).toEqual([
      { pointer: '/split/0/amount', detail: 'sandbox-instalments 3x accepts amounts from 5000 to 100000' },
    ]);
  });

  it('keeps gift cards and cards on their own partners and vaults', () => {
    expect(plan([{ ...card, vault_form_token: 'vgt_1' }], [found]).errors).toEqual([
      {
        pointer: '/split/0/vault_form_token',
        detail: 'is a gift card token (vgt_): sandbox-card does not take gift cards (sandbox-giftcard does)',
      },
    ]);
    expect(
      plan([{ amount: 100, partner: 'sandbox-giftcard', method: 'giftcard', vault_form_token: 'vft_1' }], [found])
        .errors,
    ).toEqual([
      {
        pointer: '/split/0/vault_form_token',
        detail: 'sandbox-giftcard takes gift cards: use the token (vgt_) of POST /v2/vault/gift-cards',
      },
    ]);
    expect(
      plan(
        [{ amount: 100, partner: 'sandbox-giftcard', method: 'giftcard', vault_form_token: 'vgt_1', card: {} }],
        [found],
      ).errors,
    ).toEqual([{ pointer: '/split/0/card', detail: 'must not be given with a gift card' }]);
  });

  it('says whether a vault token expired or is unknown', () => {
    expect(plan([card], [{ vault: { status: 'expired' } }]).errors).toEqual([
      { pointer: '/split/0/vault_form_token', detail: 'has expired: tokenize the card again' },
    ]);
    expect(plan([card], [{ vault: { status: 'not_found' } }]).errors).toEqual([
      { pointer: '/split/0/vault_form_token', detail: 'is unknown' },
    ]);
    expect(
      plan(
        [{ amount: 100, partner: 'sandbox-giftcard', method: 'giftcard', vault_form_token: 'vgt_1' }],
        [{ vault: { status: 'expired' } }],
      ).errors,
    ).toEqual([{ pointer: '/split/0/vault_form_token', detail: 'has expired: tokenize the gift card again' }]);
  });

  it('refuses a card network the partner does not process', () => {
    expect(plan([{ ...card, card: { selected_network: 'ONEY' } }], [found]).errors).toEqual([
      { pointer: '/split/0/card/selected_network', detail: 'sandbox-card does not process ONEY cards' },
    ]);
  });

  it('asks card legs for the challenge future usage requires, and keeps the merchant’s options otherwise', () => {
    const options = { three_ds_authentication_options: { challenge_indicator: 'NO_PREFERENCE' } };
    expect(plan([{ ...card, ...options }], [found]).legs[0]?.three_ds).toEqual({
      challenge_indicator: 'NO_PREFERENCE',
    });
    expect(plan([card], [found], { allowFutureUsage: true }).legs[0]?.three_ds).toMatchObject({
      challenge_indicator: expect.stringMatching(/^CHALLENGE_REQUESTED/),
    });
  });

  it('reports every refused entry and plans none of them', () => {
    const { legs, errors } = plan(
      [card, { ...card, amount: 0 }, { ...card, partner: 'nobody' }],
      [found, found, found],
    );
    expect(legs.map((leg) => leg.amount)).toEqual([1000]);
    expect(errors.map((error) => error.pointer)).toEqual(['/split/1/amount', '/split/2/method']);
  });

  it('takes foreign authorizations by partner token or reference', () => {
    const { legs } = plan(
      [
        { amount: 100, partner: 'sandbox-card', method: 'creditcard', parent_partner_token: 'ptok' },
        { amount: 100, partner: 'sandbox-card', method: 'creditcard', parent_partner_reference: 'ref-9' },
      ],
      [{}, {}],
    );
    expect(legs.map((leg) => leg.instrument)).toEqual([
      { kind: 'partner-token', partner_token: 'ptok' },
      { kind: 'partner-reference', partner_reference: 'ref-9' },
    ]);
  });

  it("refuses a partner token another entity's payment holds, and takes one never seen", () => {
    const byToken = { amount: 100, partner: 'sandbox-card', method: 'creditcard', parent_partner_token: 'ptok' };
    const refused = plan([byToken], [{ partnerToken: 'another' }]);
    expect(refused.legs).toEqual([]);
    expect(refused.errors).toEqual([
      { pointer: '/split/0/parent_partner_token', detail: 'is not a token of this entity' },
    ]);
    for (const partnerToken of ['mine', 'unknown'] as const)
      expect(plan([byToken], [{ partnerToken }]).legs.map((leg) => leg.instrument)).toEqual([
        { kind: 'partner-token', partner_token: 'ptok' },
      ]);
  });

  it('plans no leg for a card or gift card entry naming neither a vault token nor an earlier authorization', () => {
    // The v2 body validation refuses such an entry; the browser checkout and API v1 reach this
    // function without it, and a leg with nothing to authorize would go to the partner empty.
    const { legs, errors } = plan(
      [
        { amount: 100, partner: 'sandbox-card', method: 'creditcard' },
        { amount: 100, partner: 'sandbox-giftcard', method: 'giftcard' },
        { amount: 100, partner: 'sandbox-card', method: 'creditcard', parent_partner_reference: '' },
      ],
      [{}, {}, {}],
    );
    expect(legs).toEqual([]);
    expect(errors).toEqual([
      {
        pointer: '/split/0/vault_form_token',
        detail: 'is required: sandbox-card creditcard pays with the token of POST /v2/vault/cards',
      },
      {
        pointer: '/split/1/vault_form_token',
        detail: 'is required: sandbox-giftcard giftcard pays with the token of POST /v2/vault/gift-cards',
      },
      {
        pointer: '/split/2/vault_form_token',
        detail: 'is required: sandbox-card creditcard pays with the token of POST /v2/vault/cards',
      },
    ]);
  });
});
