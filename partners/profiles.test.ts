import { describe, expect, it } from 'vitest';
import { defaultSandboxContracts } from '../db/contracts';
import { PARTNER_CATALOG } from './catalog';
import { credentialErrors } from './profile';
import { PARTNER_PROFILES } from './profiles';
import { TEST_CARDS, TEST_GIFT_CARDS } from './sandbox-network/test-data';
import { STRIPE_TEST_CARDS } from './stripe/test-cards';

describe('the partner profiles', () => {
  it('declare exactly the methods the catalog registers, each at its own address', () => {
    for (const entry of PARTNER_CATALOG) {
      const profile = PARTNER_PROFILES[entry.name];
      expect(profile.name).toBe(entry.name);
      expect(profile.methods.map((method) => method.method)).toEqual(entry.methods);
      const slugs = profile.methods.map((method) => method.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('say several captures exactly when the catalog does not say the partner captures once', () => {
    for (const entry of PARTNER_CATALOG) {
      expect(PARTNER_PROFILES[entry.name].capabilities.multipleCaptures, entry.name).toBe(!entry.capturesOnce);
    }
  });

  it('ask for credentials exactly when the partner works on the entity’s own account, and notify where they say', () => {
    for (const entry of PARTNER_CATALOG) {
      const profile = PARTNER_PROFILES[entry.name];
      expect(profile.configuration.length > 0, entry.name).toBe(entry.account);
      expect(profile.network, entry.name).toBe(entry.account ? 'live' : 'sandbox');
      expect(profile.notifications !== undefined, entry.name).toBe(profile.capabilities.notifications);
      const endpoint = entry.account
        ? `/partners/${entry.name}/notifications/{entity_id}`
        : `/partners/${entry.name}/notifications`;
      if (profile.notifications) expect(profile.notifications.endpoint).toBe(endpoint);
    }
  });

  it('show the sandbox contracts merchant:create grants', () => {
    for (const contract of defaultSandboxContracts) {
      const profile = PARTNER_PROFILES[contract.partner as keyof typeof PARTNER_PROFILES];
      expect(profile.currencies, contract.partner).toEqual(contract.currencies);
      expect(profile.defaultContract).toMatchObject({
        min_amount: contract.min_amount,
        max_amount: contract.max_amount,
      });
    }
  });

  it("list only test data the sandbox network's own tables have", () => {
    const numbers = (partner: 'sandbox-card' | 'sandbox-giftcard') =>
      PARTNER_PROFILES[partner].testData[0]!.rows.map((row) => /^`(\d+)`$/.exec(row[0]!)?.[1]).filter(Boolean);
    // Co-badged numbers are ordinary Luhn-valid cards: the network decides them by their prefix.
    const coBadged = ['4000002500001001', '5555552500001001'];
    for (const number of numbers('sandbox-card')) {
      if (!coBadged.includes(number!)) expect(Object.keys(TEST_CARDS), number).toContain(number);
    }
    expect(numbers('sandbox-giftcard').sort()).toEqual(Object.keys(TEST_GIFT_CARDS).sort());
    expect(PARTNER_PROFILES.stripe.testData[0]!.rows.map((row) => row[0])).toEqual(
      STRIPE_TEST_CARDS.map((card) => `\`${card.number}\``),
    );
  });

  it("check Stripe's credentials by the profile's patterns", () => {
    const stripe = PARTNER_PROFILES.stripe;
    expect(credentialErrors(stripe, { secret_key: 'sk_live_51Habc', webhook_secret: 'whsec_abc123' })).toEqual([]);
    expect(
      credentialErrors(stripe, { secret_key: 'rk_test_51Habc', webhook_secret: 'whsec_abc', card_data: 'raw' }),
    ).toEqual([]);
    expect(
      credentialErrors(stripe, { secret_key: 'pk_live_51Habc', webhook_secret: 'whsec_abc', color: 'blue' }),
    ).toEqual(['secret_key does not look like one (STRIPE_SECRET_KEY)', 'color is not a setting of stripe']);
  });
});
