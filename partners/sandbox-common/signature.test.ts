import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './signature';

describe('notification signatures', () => {
  const body = '{"id":"ntf_1"}';
  const now = 1_800_000_000;

  it('verifies what it signs, within the tolerance', () => {
    expect(verifySignature('s3cret', body, signatureHeader('s3cret', body, now), { nowSeconds: now + 299 })).toEqual({
      ok: true,
    });
  });

  it('rejects a changed body, another secret, an old timestamp and garbage', () => {
    const header = signatureHeader('s3cret', body, now);
    expect(verifySignature('s3cret', `${body} `, header, { nowSeconds: now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifySignature('other', body, header, { nowSeconds: now })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature('s3cret', body, header, { nowSeconds: now + 301 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature('s3cret', body, header.replace(`t=${now}`, `t=${now + 1}`), { nowSeconds: now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifySignature('s3cret', body, 'v1=abc', { nowSeconds: now })).toEqual({ ok: false, reason: 'malformed' });
    expect(verifySignature('s3cret', body, undefined)).toEqual({ ok: false, reason: 'missing' });
  });
});
