import { describe, expect, it } from 'vitest';
import { offersMethod } from './catalog';
import { PartnerAccountMissingError, UnknownPartnerError, createPartnerRegistry, partnerFor } from './registry';
import { StripeAdapter } from './stripe';

describe('partner registry', () => {
  it('lists the partners and their methods (names tooling relies on)', () => {
    expect(createPartnerRegistry().list()).toEqual([
      { name: 'sandbox-card', methods: ['creditcard'] },
      { name: 'sandbox-giftcard', methods: ['giftcard'] },
      { name: 'sandbox-wallet', methods: ['wallet'] },
      { name: 'sandbox-instalments', methods: ['3x', '4x'] },
      { name: 'stripe', methods: ['creditcard'] },
    ]);
    expect(offersMethod('sandbox-instalments', '4x')).toBe(true);
    expect(offersMethod('sandbox-card', 'giftcard')).toBe(false);
  });

  it('builds each sandbox adapter once per registry, with its own name and methods', () => {
    const registry = createPartnerRegistry({ sandbox: { baseUrl: 'http://127.0.0.1:1' } });
    for (const { name, methods } of registry.list().filter((partner) => partner.name.startsWith('sandbox-'))) {
      const adapter = registry.partnerFor(name);
      expect(adapter.name).toBe(name);
      expect(adapter.methods).toEqual(methods);
      expect(registry.partnerFor(name)).toBe(adapter);
    }
    expect(typeof partnerFor('sandbox-giftcard').balance).toBe('function');
    expect(partnerFor('sandbox-card').balance).toBeUndefined();
  });

  it("builds a partner on the entity's own account for each call, with that account, and never without one", () => {
    const registry = createPartnerRegistry({ stripe: { apiUrl: 'http://127.0.0.1:1' } });
    const account = {
      entity_id: '5b1f6f8e-3f0a-4c55-9a43-2f0d7c1e9a01',
      credentials: { secret_key: 'sk_test_abc', webhook_secret: 'whsec_abc' },
    };
    const adapter = registry.partnerFor('stripe', account);
    expect(adapter).toBeInstanceOf(StripeAdapter);
    expect(adapter.methods).toEqual(['creditcard']);
    expect(registry.partnerFor('stripe', account)).not.toBe(adapter);
    expect(() => registry.partnerFor('stripe')).toThrow(PartnerAccountMissingError);
  });

  it('refuses an unknown partner', () => {
    expect(() => partnerFor('acme-pay')).toThrow(UnknownPartnerError);
  });

  it('an unreachable partner is a retryable error', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused.
    const card = partnerFor('sandbox-card', { sandbox: { baseUrl: 'http://127.0.0.1:1', timeoutMs: 2_000 } });
    await expect(card.status({ partner_reference: 'auth_x' })).rejects.toMatchObject({
      name: 'PartnerUnavailableError',
      failure: 'network',
      retryable: true,
    });
  });
});
