// Stripe-style signatures: `Tessera-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
// Signing the timestamp with the body lets a receiver refuse a replayed delivery.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signatureHeader = 'tessera-signature';
export const defaultToleranceSeconds = 300;

export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

export type VerificationResult = { valid: true; timestamp: number } | { valid: false; reason: string };

/** What a merchant's receiver runs; the docs show the same steps. */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = defaultToleranceSeconds,
): VerificationResult {
  if (!header) return { valid: false, reason: 'missing signature header' };
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (!key || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) return { valid: false, reason: 'missing or malformed timestamp' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return { valid: false, reason: 'timestamp outside tolerance' };
  const expected = Buffer.from(signWebhook(secret, body, timestamp).split('v1=')[1]!, 'hex');
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { valid: true, timestamp } : { valid: false, reason: 'signature mismatch' };
}
