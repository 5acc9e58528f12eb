import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader, verifyStripeSignature } from './webhook-signature';

const secret = 'whsec_test_5f2b8e0c1d';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' });
const now = 1_790_000_000;

describe("Stripe's webhook signature", () => {
  it('accepts the signature Stripe computes: HMAC-SHA256 of "<t>.<payload>", hex, as v1', () => {
    // Computed here from the documented scheme, not with the module's own signer.
    const v1 = createHmac('sha256', secret).update(`${now}.${payload}`).digest('hex');
    expect(verifyStripeSignature(secret, payload, `t=${now},v1=${v1}`, { nowSeconds: now })).toEqual({ ok: true });
    expect(stripeSignatureHeader(secret, payload, now)).toBe(`t=${now},v1=${v1}`);
  });

  it('accepts any one matching v1 among several (a secret being rolled), and ignores v0', () => {
    const good = stripeSignatureHeader(secret, payload, now).split(',v1=')[1];
    const other = stripeSignatureHeader('whsec_old', payload, now).split(',v1=')[1];
    const header = `t=${now},v1=${other},v1=${good},v0=${'0'.repeat(64)}`;
    expect(verifyStripeSignature(secret, payload, header, { nowSeconds: now })).toEqual({ ok: true });
  });

  it('refuses a timestamp older (or further ahead) than 300 seconds, even correctly signed', () => {
    const header = stripeSignatureHeader(secret, payload, now - 301);
    expect(verifyStripeSignature(secret, payload, header, { nowSeconds: now })).toEqual({ ok: false, reason: 'stale' });
    expect(verifyStripeSignature(secret, payload, header, { nowSeconds: now - 2 })).toEqual({ ok: true });
    const ahead = stripeSignatureHeader(secret, payload, now + 301);
    expect(verifyStripeSignature(secret, payload, ahead, { nowSeconds: now })).toMatchObject({ reason: 'stale' });
  });

  it('refuses a signature made with another secret', () => {
    const header = stripeSignatureHeader('whsec_someone_else', payload, now);
    expect(verifyStripeSignature(secret, payload, header, { nowSeconds: now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses a tampered body, and a timestamp changed after signing', () => {
    const header = stripeSignatureHeader(secret, payload, now);
    const tampered = payload.replace('succeeded', 'payment_failed');
    expect(verifyStripeSignature(secret, tampered, header, { nowSeconds: now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyStripeSignature(secret, `${payload} `, header, { nowSeconds: now })).toMatchObject({
      reason: 'mismatch',
    });
    const moved = header.replace(`t=${now}`, `t=${now + 1}`);
    expect(verifyStripeSignature(secret, payload, moved, { nowSeconds: now })).toMatchObject({ reason: 'mismatch' });
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyStripeSignature(secret, payload, undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyStripeSignature(secret, payload, '')).toEqual({ ok: false, reason: 'missing' });
    expect(verifyStripeSignature(secret, payload, `t=${now}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyStripeSignature(secret, payload, 'v1=abc,t=x')).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyStripeSignature(secret, payload, `t=${now},v0=${'a'.repeat(64)}`)).toMatchObject({
      reason: 'malformed',
    });
  });
});
