import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../platform/secrets';
import { uniquenessHash } from './wallet';

describe('uniquenessHash', () => {
  const key = randomBytes(32);

  it('is the same for the same uniqueness token, so the unique index can compare', () => {
    expect(uniquenessHash(key, 'fp-4242').equals(uniquenessHash(key, 'fp-4242'))).toBe(true);
    expect(uniquenessHash(key, 'fp-4242').equals(uniquenessHash(key, 'fp-4243'))).toBe(false);
  });

  it('depends on the platform key: without it, a fingerprint cannot be recomputed from the database', () => {
    expect(uniquenessHash(key, 'fp-4242').equals(uniquenessHash(randomBytes(32), 'fp-4242'))).toBe(false);
  });

  it('is neither the token nor its plain SHA-256', () => {
    const hash = uniquenessHash(key, 'fp-4242');
    expect(hash).toHaveLength(32);
    expect(hash.toString('utf8')).not.toContain('fp-4242');
    expect(hash.equals(sha256('fp-4242'))).toBe(false);
  });
});
