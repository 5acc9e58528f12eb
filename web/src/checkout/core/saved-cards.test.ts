import { describe, expect, it } from 'vitest';
import { expiryOf, loadSavedCards, savedCardsOf } from './saved-cards';
import { paymentOptions } from './solutions';
import type { SavedMethodView } from './types';

const now = new Date('2026-06-15T12:00:00Z');
const options = paymentOptions([
  { partner: 'sandbox-card', method: 'creditcard' },
  { partner: 'sandbox-wallet', method: 'wallet' },
]);
const saved = (overrides: Partial<SavedMethodView>): SavedMethodView => ({
  id: '11111111-1111-4111-8111-111111111111',
  partner: 'sandbox-card',
  method: 'creditcard',
  brand_name: 'VISA',
  display_token: '**** 4242',
  favorite: false,
  expiration_date: '2034-12-31T23:59:59.999Z',
  ...overrides,
});

describe('savedCardsOf', () => {
  it('shows each card by network, last four digits and expiry, the favorite first', () => {
    const cards = savedCardsOf(
      [
        saved({
          id: 'a',
          display_token: '**** 4444',
          brand_name: 'MASTERCARD',
          expiration_date: '2029-02-28T23:59:59.999Z',
        }),
        saved({ id: 'b', favorite: true }),
        saved({ id: 'c', brand_name: 'SANDBOX-CARD', display_token: 'creditcard' }),
      ],
      options,
      now,
    );
    expect(
      cards.map(({ id, walletToken, brand, brandLabel, lastFour, expiry, name }) => ({
        id,
        walletToken,
        brand,
        brandLabel,
        lastFour,
        expiry,
        name,
      })),
    ).toEqual([
      {
        id: 'saved/b',
        walletToken: 'b',
        brand: 'VISA',
        brandLabel: 'Visa',
        lastFour: '4242',
        expiry: '12/34',
        name: 'Visa ending in 4242, expires 12/34',
      },
      {
        id: 'saved/a',
        walletToken: 'a',
        brand: 'MASTERCARD',
        brandLabel: 'Mastercard',
        lastFour: '4444',
        expiry: '02/29',
        name: 'Mastercard ending in 4444, expires 02/29',
      },
      {
        id: 'saved/c',
        walletToken: 'c',
        brand: undefined,
        brandLabel: 'SANDBOX-CARD',
        lastFour: undefined,
        expiry: '12/34',
        name: 'SANDBOX-CARD creditcard, expires 12/34',
      },
    ]);
  });

  it('offers only what the session can be paid with, and nothing expired', () => {
    const cards = savedCardsOf(
      [
        saved({ id: 'other-partner', partner: 'elsewhere' }),
        saved({ id: 'wallet', partner: 'sandbox-wallet', method: 'wallet' }),
        saved({ id: 'expired', expiration_date: '2026-05-31T23:59:59.999Z' }),
        saved({ id: 'kept' }),
      ],
      options,
      now,
    );
    expect(cards.map((card) => card.walletToken)).toEqual(['kept']);
    expect(savedCardsOf([saved({})], paymentOptions([{ partner: 'sandbox-wallet', method: 'wallet' }]), now)).toEqual(
      [],
    );
  });

  it('reads the expiry in UTC, as the wallet stores it', () => {
    expect(expiryOf('2031-09-30T23:59:59.999Z')).toBe('09/31');
    expect(expiryOf('not a date')).toBe('');
  });
});

describe('loadSavedCards', () => {
  const api = (answer: () => Promise<SavedMethodView[]>) => {
    const asked: string[] = [];
    return {
      asked,
      savedMethods: (sessionId: string) => {
        asked.push(sessionId);
        return answer();
      },
    };
  };

  it('asks only for a session with a customer.reference, and hides the cards when the look-up fails', async () => {
    const ok = api(async () => [saved({ id: 'w1' })]);
    const customer = { id: 's1', customer: { reference: 'CUST-1' } };
    await expect(loadSavedCards(ok, customer, options, now)).resolves.toMatchObject([{ walletToken: 'w1' }]);
    await expect(loadSavedCards(ok, { id: 's2' }, options, now)).resolves.toEqual([]);
    expect(ok.asked).toEqual(['s1']);
    const down = api(() => Promise.reject(new Error('offline')));
    await expect(loadSavedCards(down, customer, options, now)).resolves.toEqual([]);
  });
});
