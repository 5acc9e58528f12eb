// Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually): the header
// Stripe-Signature, with the timestamped scheme of partners/timestamped-signature.ts: t=<seconds>,
// v1=<hex HMAC-SHA256 of "<t>.<payload>"> with the endpoint's signing secret (whsec_...), several
// v1 while that secret is rolled, and Stripe's own tolerance of 300 seconds.
export {
  timestampedSignature as stripeSignatureHeader,
  verifyTimestampedSignature as verifyStripeSignature,
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS as STRIPE_SIGNATURE_TOLERANCE_SECONDS,
} from '../timestamped-signature';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
