import { describe, expect, it } from 'vitest';
import { partnerEndpoint, partnerSetupFrom } from './partner-accounts';

const env = {
  STRIPE_SECRET_KEY: 'sk_test_51Hx0aBcDeFgHiJkLmNoP',
  STRIPE_WEBHOOK_SECRET: 'whsec_9aB8cD7eF6gH5iJ4kL3mN2',
};

describe('a partner account from the environment', () => {
  it("takes Stripe's keys from the environment, with the profile's default contract", () => {
    const result = partnerSetupFrom({ partner: 'stripe' }, env);
    expect(result).toEqual({
      ok: true,
      setup: {
        partner: 'stripe',
        credentials: { secret_key: env.STRIPE_SECRET_KEY, webhook_secret: env.STRIPE_WEBHOOK_SECRET },
        hints: { secret_key: 'sk_test_…mNoP', webhook_secret: 'whsec_…3mN2' },
        contracts: [
          {
            method: 'creditcard',
            currencies: ['CHF', 'EUR', 'GBP', 'JPY', 'USD'],
            min_amount: 50,
            max_amount: 99_999_999,
            priority: 5,
          },
        ],
        disables: [{ partner: 'sandbox-card', method: 'creditcard' }],
      },
    });
  });

  it("keeps the sandbox's card contract when asked to", () => {
    expect(partnerSetupFrom({ partner: 'stripe', keepSandbox: true }, env)).toMatchObject({
      ok: true,
      setup: { disables: [] },
    });
  });

  it('narrows the contract as asked, and keeps a non-secret setting in clear among the hints', () => {
    const result = partnerSetupFrom(
      { partner: 'stripe', currencies: ['EUR'], minAmount: 100, maxAmount: 500_000, priority: 1 },
      { ...env, STRIPE_CARD_DATA: 'raw' },
    );
    expect(result).toMatchObject({
      ok: true,
      setup: {
        credentials: { card_data: 'raw' },
        hints: { card_data: 'raw' },
        contracts: [{ currencies: ['EUR'], min_amount: 100, max_amount: 500_000, priority: 1 }],
      },
    });
  });

  it('says everything that is wrong, never quoting a secret', () => {
    const result = partnerSetupFrom(
      { partner: 'stripe', methods: ['giftcard'], currencies: ['SEK'], minAmount: 0, maxAmount: -1 },
      { STRIPE_SECRET_KEY: 'pk_test_not_a_secret_key', STRIPE_CARD_DATA: 'sometimes' },
    );
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toEqual([
      'stripe does not offer giftcard',
      'stripe does not take SEK',
      'the minimum amount must be a whole number of minor units, at least 1',
      'the maximum amount must be a whole number, at least the minimum',
      'secret_key does not look like one (STRIPE_SECRET_KEY)',
      'webhook_secret is required (STRIPE_WEBHOOK_SECRET)',
      'card_data must be one of raw, test_payment_methods (STRIPE_CARD_DATA)',
    ]);
    expect(errors.join(' ')).not.toContain('pk_test_not_a_secret_key');
  });

  it('refuses unknown partners, and the sandbox ones that need no account', () => {
    expect(partnerSetupFrom({ partner: 'acme-pay' }, env)).toEqual({
      ok: false,
      errors: ['acme-pay is not a partner Tessera knows'],
    });
    expect(partnerSetupFrom({ partner: 'sandbox-card' }, env)).toMatchObject({ ok: false });
  });

  it("gives the entity's notification address and the events to send there", () => {
    expect(partnerEndpoint('https://pay.example.com', 'stripe', 'e1')).toMatchObject({
      notification_url: 'https://pay.example.com/partners/stripe/notifications/e1',
      events: expect.arrayContaining(['payment_intent.amount_capturable_updated', 'payment_intent.payment_failed']),
    });
  });
});
