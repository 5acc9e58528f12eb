import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { decrypt, encrypt, randomCredential, sameHash, sha256 } from './secrets';

describe('secrets', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the plaintext', () => {
    const sealed = encrypt(key, '4242424242424242');
    expect(sealed).not.toContain('4242');
    expect(decrypt(key, sealed)).toBe('4242424242424242');
  });

  it('uses a fresh IV so equal plaintexts give different ciphertexts', () => {
    expect(encrypt(key, 'same')).not.toBe(encrypt(key, 'same'));
  });

  it('rejects a tampered ciphertext and a wrong key', () => {
    const sealed = encrypt(key, 'secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => decrypt(key, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow();
    expect(() => decrypt(randomBytes(32), sealed)).toThrow();
  });

  it('compares hashes in constant time and tells different values apart', () => {
    expect(sameHash(sha256('a'), sha256('a'))).toBe(true);
    expect(sameHash(sha256('a'), sha256('b'))).toBe(false);
  });

  it('makes prefixed credentials with 256 bits of entropy', () => {
    const credential = randomCredential('sk_');
    expect(credential.startsWith('sk_')).toBe(true);
    expect(credential.length).toBeGreaterThanOrEqual(3 + 43);
  });
});
