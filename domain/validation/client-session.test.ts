import { describe, expect, it } from 'vitest';
import { validateClientSessionApplication, type ClientSessionApplicationInput } from './client-session';

const valid: ClientSessionApplicationInput = {
  amount: 10998,
  currency: 'EUR',
  order: {
    net_amount: 10998,
    tax_amount: 1833,
    billing_address: { country_code: 'FR', province_code: 'FR-75', phone_number: '+33140000000' },
    shipments: [
      {
        shipping_address: { country_code: 'FR', mobile_phone_number: '+33612345678' },
        item_lines: [{ tax_amount: 1666 }, { tax_amount: 167 }],
      },
    ],
  },
  allow_future_usage: true,
  customer: { locale: 'fr-FR' },
  three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
};

const pointers = (app: ClientSessionApplicationInput) => validateClientSessionApplication(app).map((e) => e.pointer);

describe('validateClientSessionApplication', () => {
  it('accepts a valid application', () => {
    expect(validateClientSessionApplication(valid)).toEqual([]);
  });

  it('accepts a minimal application', () => {
    expect(validateClientSessionApplication({ amount: 1, currency: 'JPY', order: {} })).toEqual([]);
  });

  it.each([0, -5, 1.5])('refuses amount %s', (amount) => {
    expect(pointers({ ...valid, amount, order: {} })).toEqual(['/amount']);
  });

  it('refuses an unknown currency', () => {
    expect(pointers({ ...valid, currency: 'SEK' })).toEqual(['/currency']);
  });

  it('refuses an order net amount below the amount', () => {
    expect(pointers({ ...valid, amount: 20000 })).toEqual(['/order/net_amount']);
  });

  it('refuses an order tax amount that is not the sum of the item lines', () => {
    expect(pointers({ ...valid, order: { ...valid.order, tax_amount: 1800 } })).toEqual(['/order/tax_amount']);
  });

  it('checks the billing address', () => {
    expect(
      pointers({
        ...valid,
        order: { ...valid.order, billing_address: { country_code: 'FR', province_code: 'DE-BY' } },
      }),
    ).toEqual(['/order/billing_address/province_code']);
  });

  it('checks every shipping address', () => {
    const shipments = [
      { shipping_address: { country_code: 'FR' } },
      { shipping_address: { country_code: 'EU', work_phone_number: '+33 1 40 00 00 00' } },
    ];
    expect(pointers({ ...valid, order: { shipments } })).toEqual([
      '/order/shipments/1/shipping_address/work_phone_number',
      '/order/shipments/1/shipping_address/country_code',
    ]);
  });

  it('checks the customer locale', () => {
    expect(pointers({ ...valid, customer: { locale: 'fr_FR' } })).toEqual(['/customer/locale']);
  });

  it('refuses future usage with another challenge indicator', () => {
    expect(
      pointers({ ...valid, three_ds_authentication_options: { challenge_indicator: 'NO_CHALLENGE_REQUESTED' } }),
    ).toEqual(['/three_ds_authentication_options/challenge_indicator']);
  });

  it('refuses future usage with a challenge exemption', () => {
    expect(
      pointers({
        ...valid,
        three_ds_authentication_options: {
          challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT',
          challenge_exemption: 'LOW_VALUE',
        },
      }),
    ).toEqual(['/three_ds_authentication_options/challenge_exemption']);
  });

  it('accepts future usage without 3DS options: the method is not chosen yet', () => {
    const { three_ds_authentication_options: _omitted, ...withoutOptions } = valid;
    expect(validateClientSessionApplication(withoutOptions)).toEqual([]);
  });

  it('accepts any challenge indicator without future usage', () => {
    expect(
      validateClientSessionApplication({
        ...valid,
        allow_future_usage: false,
        three_ds_authentication_options: {
          challenge_indicator: 'NO_CHALLENGE_REQUESTED',
          challenge_exemption: 'LOW_VALUE',
        },
      }),
    ).toEqual([]);
  });

  it('reports every error at once', () => {
    expect(
      pointers({
        amount: 500,
        currency: 'EUR',
        order: { net_amount: 100, billing_address: { country_code: 'fr' } },
        customer: { locale: '' },
        allow_future_usage: true,
        three_ds_authentication_options: { challenge_indicator: 'NO_PREFERENCE' },
      }),
    ).toEqual([
      '/order/net_amount',
      '/order/billing_address/country_code',
      '/customer/locale',
      '/three_ds_authentication_options/challenge_indicator',
    ]);
  });
});
