// What the shopper reads when something goes wrong: never a code, always what to do next.
import type { PaymentView } from './types';
import type { MethodKind } from './solutions';

/** Partner refusal reasons (v1 status codes) to sentences a shopper understands. */
const REFUSALS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'The payment was declined for insufficient funds. Try another card or another payment method.',
  CARD_EXPIRED: 'This card has expired. Use another card.',
  REJECTED_BANK: 'Your bank declined the payment. Contact your bank or try another card.',
  WRONG_CARD_DATA: 'The card details were not accepted. Check them and try again.',
  UNKNOWN_CARD: 'This card was not recognised. Check the number or use another card.',
  CARD_IS_NOT_ACTIVE: 'This card is not activated yet. Use another card or payment method.',
  BLOCKED_BY_CUSTOMER: 'The payment was cancelled. Choose a payment method to try again.',
  REJECTED_BY_RISK_CHECKS: 'The payment was declined. Try another payment method.',
  AMOUNT_EXCEEDED: 'This payment method cannot be used for this amount. Try another payment method.',
  TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK:
    'Your bank could not confirm it is you, so the payment was not made. Try again or use another card.',
  TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT:
    'This payment method is not available for this purchase. Try another one.',
};

const GENERIC_REFUSAL = 'The payment was declined. Try another card or another payment method.';
const GENERIC_ERROR =
  'The payment could not be completed because of a technical problem. No money was taken. Please try again.';

export function refusalMessage(reason: string | undefined): string {
  return (reason && REFUSALS[reason]) || GENERIC_REFUSAL;
}

/** The partner's reason of a failed authorization: the first refused partner transaction that gives one. */
export function refusalReasonOf(payment: Pick<PaymentView, 'authorization'>): string | undefined {
  for (const transaction of payment.authorization?.partner_transactions ?? []) {
    const reason = transaction.partner_additional_data?.refusal_reason;
    if (typeof reason === 'string' && reason.length > 0 && transaction.status !== 'AUTHORIZED') return reason;
  }
  return undefined;
}

export interface FailureMessage {
  reason?: string;
  message: string;
}

/** Why a payment (or the session's last attempt) did not go through, for the shopper. */
export function failureOf(payment: Pick<PaymentView, 'authorization'>): FailureMessage {
  const reason = refusalReasonOf(payment);
  const status = payment.authorization?.status;
  if (!reason && (status === 'ERROR' || status === 'ABORTED')) return { message: GENERIC_ERROR };
  return { ...(reason ? { reason } : {}), message: refusalMessage(reason) };
}

/** Thrown by the API client: no answer at all (offline, DNS, CORS, timeout). */
export const NETWORK_MESSAGE = 'We could not reach the payment service. Check your internet connection and try again.';
export const UNAVAILABLE_MESSAGE =
  'The payment service is temporarily unavailable. No money was taken. Please try again in a moment.';
/** A 429 of the vault (api/rate-limits.ts): many attempts from this shopper's address or for this shop. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many payment attempts were made in a short time. No money was taken. Please wait a few minutes, then try again.';
export const NOT_STARTED_MESSAGE =
  'This payment could not be started. Please try again or choose another payment method.';

/** Gift card problems from the vault and balance check (400 pointers and details). */
export function giftCardProblemMessage(pointer: string | undefined, detail: string | undefined): string {
  if (pointer === '/number') return 'Enter the gift card number (8 to 19 digits).';
  if (pointer === '/pin') return 'Enter the PIN (4 to 8 digits), or leave it empty if the card has none.';
  if (pointer === '/currency') return 'Gift cards cannot be used for this currency.';
  if (detail?.includes('PIN')) return 'The PIN is not correct for this gift card.';
  if (detail?.includes('expired')) return 'This gift card entry timed out. Check the balance again.';
  if (detail?.includes('no gift card')) return 'We do not recognise this gift card number. Check it and try again.';
  return 'This gift card cannot be used. Check the number and PIN, or use another payment method.';
}

/** What the submit button and the progress announcement say while a method is being paid. */
export function redirectMessage(kind: MethodKind | undefined): string {
  switch (kind) {
    case 'wallet':
      return 'Taking you to your wallet to approve the payment…';
    case 'instalments':
      return 'Taking you to the lender to set up your instalments…';
    default:
      return 'Taking you to your bank to confirm the payment…';
  }
}

/** Said next to the card form of a session made with allow_future_usage, before the shopper pays. */
export const SAVE_CARD_NOTICE = 'This card will be saved for your next payments at this shop.';
/** A saved card the API refused (removed in another tab, deactivated, expired meanwhile). */
export const SAVED_CARD_UNUSABLE_MESSAGE =
  'This saved card can no longer be used. Choose another card or enter a new one.';
export const REMOVE_FAILED_MESSAGE = 'We could not remove this card. Check your internet connection and try again.';
