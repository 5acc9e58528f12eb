import { describe, expect, it } from 'vitest';
import { walletEntryOf } from './wallet-save';

const now = Date.parse('2026-11-24T12:00:00Z');

describe('walletEntryOf', () => {
  it('saves a card as its network and last four digits, until the end of its expiry month, one per fingerprint', () => {
    expect(
      walletEntryOf(
        {
          partner: 'sandbox-card',
          method: 'creditcard',
          status: 'AUTHORIZED',
          partner_token: 'ctok_1',
          card: {
            last_four_digits: '4242',
            holder_name: 'CAMILLE MARTIN',
            expiry_month: '02',
            expiry_year: '30',
            fingerprint: 'fp1',
            selected_network: 'VISA',
          },
        },
        now,
      ),
    ).toEqual({
      value: 'ctok_1',
      expiration_date: '2030-02-28T23:59:59.999Z',
      brand_name: 'VISA',
      display_token: '**** 4242',
      holder_name: 'CAMILLE MARTIN',
      partner: 'sandbox-card',
      method: 'creditcard',
      uniqueness_token: 'fp1',
    });
  });

  it('saves a wallet agreement for two years, unique by its token', () => {
    const entry = walletEntryOf(
      { partner: 'sandbox-wallet', method: 'wallet', status: 'AUTHORIZED', partner_token: 'wtok_1' },
      now,
    );
    expect(entry).toMatchObject({
      brand_name: 'SANDBOX-WALLET',
      display_token: 'wallet',
      uniqueness_token: 'wtok_1',
      expiration_date: '2028-11-23T12:00:00.000Z',
    });
  });

  it('saves nothing without a reusable token or an authorization', () => {
    expect(walletEntryOf({ partner: 'sandbox-card', method: 'creditcard', status: 'AUTHORIZED' }, now)).toBeUndefined();
    expect(
      walletEntryOf({ partner: 'sandbox-card', method: 'creditcard', status: 'REFUSED', partner_token: 't' }, now),
    ).toBeUndefined();
  });
});
