// Signature of sandbox notifications: header
//   x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// The timestamp is signed with the body so a captured notification cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-sandbox-signature';

/** Development default shared by the sandbox and the api when SANDBOX_NOTIFICATION_SECRET is unset. */
export const DEFAULT_NOTIFICATION_SECRET = 'tessera-sandbox-notification-secret';

export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return { ok: false, reason: 'mismatch' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return { ok: false, reason: 'stale' };
  return { ok: true };
}
