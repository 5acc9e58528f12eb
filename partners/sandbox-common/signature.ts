// Signature of sandbox notifications: header
//   x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// the timestamped scheme Stripe's webhooks use too (partners/timestamped-signature.ts).
export {
  timestampedSignature as signatureHeader,
  verifyTimestampedSignature as verifySignature,
  type SignatureCheck,
} from '../timestamped-signature';

export const SIGNATURE_HEADER = 'x-sandbox-signature';

/** Development default shared by the sandbox and the api when SANDBOX_NOTIFICATION_SECRET is unset. */
export const DEFAULT_NOTIFICATION_SECRET = 'tessera-sandbox-notification-secret';
