// Stripe's codes onto Tessera's refusal reasons (partners/catalog.ts REASON_CODES, the v1 status
// codes): a card_error's decline_code first (the issuer's reason), then its code (Stripe's). The
// two share their names where they overlap (incorrect_cvc is both), so one table serves both. A
// code not listed is still a refusal: the bank's, REJECTED_BANK, with Stripe's own code kept as the
// partner status, so nothing Stripe says is lost.
import type { ReasonCode } from '../catalog';

export const REFUSAL_REASONS: Readonly<Record<string, ReasonCode>> = {
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  card_velocity_exceeded: 'AMOUNT_EXCEEDED',
  withdrawal_count_limit_exceeded: 'AMOUNT_EXCEEDED',
  amount_too_large: 'AMOUNT_EXCEEDED',
  amount_too_small: 'AMOUNT_EXCEEDED',
  expired_card: 'CARD_EXPIRED',
  incorrect_cvc: 'WRONG_CARD_DATA',
  invalid_cvc: 'WRONG_CARD_DATA',
  incorrect_number: 'WRONG_CARD_DATA',
  invalid_number: 'WRONG_CARD_DATA',
  invalid_expiry_month: 'WRONG_CARD_DATA',
  invalid_expiry_year: 'WRONG_CARD_DATA',
  incorrect_pin: 'WRONG_CARD_DATA',
  invalid_pin: 'WRONG_CARD_DATA',
  incorrect_zip: 'WRONG_CARD_DATA',
  fraudulent: 'REJECTED_BY_RISK_CHECKS',
  merchant_blacklist: 'REJECTED_BY_RISK_CHECKS',
  highest_risk_level: 'REJECTED_BY_RISK_CHECKS',
  card_not_supported: 'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
  currency_not_supported: 'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
  transaction_not_allowed: 'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
  authentication_required: 'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
  payment_intent_authentication_failure: 'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
};

/** The refusal reason of a Stripe card error (its decline code first, then its error code). */
export function refusalReasonOf(error: { code?: string | undefined; decline_code?: string | undefined }): ReasonCode {
  return (
    (error.decline_code ? REFUSAL_REASONS[error.decline_code] : undefined) ??
    (error.code ? REFUSAL_REASONS[error.code] : undefined) ??
    'REJECTED_BANK'
  );
}

/** What Stripe said, as the partner status Tessera shows: the decline code when there is one. */
export function partnerStatusOf(error: { code?: string | undefined; decline_code?: string | undefined }): string {
  return error.decline_code ?? error.code ?? 'card_declined';
}
