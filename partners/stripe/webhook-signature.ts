// Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually):
//   Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(endpoint secret, "<t>.<raw body>")>[,v1=...][,v0=...]
// Several v1 entries appear while an endpoint's secret is being rolled: one matching is enough.
// The timestamp is signed with the body, and an event older than the tolerance is refused, so a
// captured event cannot be replayed later. Only v1 is Stripe's live scheme; v0 is test-only noise.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

export type StripeSignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

/** The header Stripe would send for `payload` at `timestampSeconds` (tests, and the simulator of test/support). */
export function stripeSignatureHeader(secret: string, payload: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${signature(secret, timestampSeconds, payload).toString('hex')}`;
}

function signature(secret: string, timestampSeconds: number, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest();
}

export function verifyStripeSignature(
  secret: string,
  payload: string,
  header: string | undefined,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): StripeSignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp: number | undefined;
  const candidates: Buffer[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) candidates.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || candidates.length === 0) return { ok: false, reason: 'malformed' };
  const expected = signature(secret, timestamp, payload);
  // Every candidate is compared, in constant time, whether or not an earlier one matched.
  const matches = candidates.filter((candidate) => timingSafeEqual(candidate, expected)).length > 0;
  if (!matches) return { ok: false, reason: 'mismatch' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? STRIPE_SIGNATURE_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true };
}
