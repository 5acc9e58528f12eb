// The signature scheme of the sandbox's notifications and of Stripe's webhook events:
//   <header>: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>[,v1=...][,v0=...]
// The timestamp is signed with the body, and a signature older (or further ahead) than the
// tolerance is refused, so a captured notification cannot be replayed later. Several v1 entries
// appear while a secret is being rolled: one matching is enough. Other schemes (v0) are ignored.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

function mac(secret: string, timestampSeconds: number, body: string): Buffer {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest();
}

/** The header value a sender computes for `body` at `timestampSeconds`. */
export function timestampedSignature(secret: string, body: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${mac(secret, timestampSeconds, body).toString('hex')}`;
}

export function verifyTimestampedSignature(
  secret: string,
  body: string,
  header: string | undefined,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): SignatureCheck {
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
  const expected = mac(secret, timestamp, body);
  // Every candidate is compared in constant time, whether or not an earlier one matched.
  const matches = candidates.filter((candidate) => timingSafeEqual(candidate, expected)).length > 0;
  if (!matches) return { ok: false, reason: 'mismatch' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true };
}
