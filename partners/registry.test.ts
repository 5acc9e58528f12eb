import { describe, expect, it } from 'vitest';
import { offersMethod } from './catalog';
import { UnknownPartnerError, createPartnerRegistry, partnerFor } from './registry';

describe('partner registry', () => {
  it('lists the sandbox partners and their methods (names tooling relies on)', () => {
    expect(createPartnerRegistry().list()).toEqual([
      { name: 'sandbox-card', methods: ['creditcard'] },
      { name: 'sandbox-giftcard', methods: ['giftcard'] },
      { name: 'sandbox-wallet', methods: ['wallet'] },
      { name: 'sandbox-instalments', methods: ['3x', '4x'] },
    ]);
    expect(offersMethod('sandbox-instalments', '4x')).toBe(true);
    expect(offersMethod('sandbox-card', 'giftcard')).toBe(false);
  });

  it('builds each adapter once per registry, with its own name and methods', () => {
    const registry = createPartnerRegistry({ sandbox: { baseUrl: 'http://127.0.0.1:1' } });
    for (const { name, methods } of registry.list()) {
      const adapter = registry.partnerFor(name);
      expect(adapter.name).toBe(name);
      expect(adapter.methods).toEqual(methods);
      expect(registry.partnerFor(name)).toBe(adapter);
    }
    expect(typeof partnerFor('sandbox-giftcard').balance).toBe('function');
    expect(partnerFor('sandbox-card').balance).toBeUndefined();
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
