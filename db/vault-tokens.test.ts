import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encrypt, sha256 } from '../platform/secrets';
import { isExpired, openSealed, tokenExpiry, VAULT_FORM_TOKEN_TTL_SECONDS } from './vault-tokens';

describe('a vault form token’s life', () => {
  const created = new Date('2026-12-02T10:00:00Z');

  it('expires its lifetime after creation, unless given another', () => {
    expect(tokenExpiry(created).getTime() - created.getTime()).toBe(VAULT_FORM_TOKEN_TTL_SECONDS * 1000);
    expect(tokenExpiry(created, 60).toISOString()).toBe('2026-12-02T10:01:00.000Z');
  });

  it('is expired at its expiry when never used, and never once used', () => {
    const expiresAt = tokenExpiry(created, 60);
    const justBefore = new Date(expiresAt.getTime() - 1);
    expect(isExpired({ used_at: null, expires_at: expiresAt }, justBefore)).toBe(false);
    expect(isExpired({ used_at: null, expires_at: expiresAt }, expiresAt)).toBe(true);
    const longAfter = new Date(expiresAt.getTime() + 86_400_000);
    expect(isExpired({ used_at: justBefore, expires_at: expiresAt }, longAfter)).toBe(false);
  });
});

describe('openSealed', () => {
  const key = randomBytes(32);
  const rowHash = sha256('vft_row');
  const sealed = encrypt(key, JSON.stringify({ t: rowHash.toString('hex'), number: '4242424242424242' }));

  it('opens a value sealed for its row', () => {
    expect(openSealed<{ t: string; number: string }>(key, sealed, rowHash, 'vaulted card data').number).toBe(
      '4242424242424242',
    );
  });

  it('refuses a value moved to another row, naming what it is', () => {
    expect(() => openSealed(key, sealed, sha256('vft_other'), 'vaulted gift card data')).toThrow(
      'vaulted gift card data does not belong to its row',
    );
  });
});
