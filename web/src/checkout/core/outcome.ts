// What happens after a submission, from the payment the API answered.
import { failureOf, type FailureMessage } from './messages';
import type { ClientSessionView, PaymentView, Redirection } from './types';

/** Tessera's return route: it asks the partner, then sends the shopper to the merchant with the signed outcome. */
export function returnUrlOf(apiUrl: string, paymentId: string): string {
  return `${apiUrl}/v2/payments/${encodeURIComponent(paymentId)}/return`;
}

export type Outcome =
  /** Authorized now: send the shopper to the merchant through the return route. */
  | { kind: 'authorized'; paymentId: string; returnUrl: string }
  /** The shopper must act on the partner's page (3-D Secure, wallet, lender). */
  | { kind: 'redirect'; paymentId: string; redirection: Redirection }
  /** Not final, nothing for the shopper to do: the return route finds out and tells the merchant. */
  | { kind: 'return'; paymentId: string; returnUrl: string }
  /** Refused or failed: the shopper may try again with another card or method. */
  | ({ kind: 'failed'; paymentId: string; status: string } & FailureMessage);

export function outcomeOf(payment: PaymentView, apiUrl: string): Outcome {
  const status = payment.authorization?.status ?? 'PENDING';
  const returnUrl = returnUrlOf(apiUrl, payment.id);
  if (status === 'AUTHORIZED') return { kind: 'authorized', paymentId: payment.id, returnUrl };
  if ((status === 'PENDING' || status === 'UNCERTAIN') && payment.redirection?.href) {
    return { kind: 'redirect', paymentId: payment.id, redirection: payment.redirection };
  }
  if (status === 'PENDING' || status === 'UNCERTAIN') return { kind: 'return', paymentId: payment.id, returnUrl };
  return { kind: 'failed', paymentId: payment.id, status, ...failureOf(payment) };
}

export type SessionScreen =
  | { kind: 'form'; lastFailure?: FailureMessage }
  | { kind: 'paid'; returnUrl: string }
  | { kind: 'processing'; returnUrl: string }
  | { kind: 'expired' }
  | { kind: 'aborted'; by: 'customer' | 'merchant' }
  | { kind: 'unavailable' };

/**
 * Which screen a session calls for. Only an open session (or a submitted one whose last attempt
 * failed, before it expires) shows a form; every other state gets a page that says what happened.
 */
export function screenOf(session: ClientSessionView, apiUrl: string, now: Date, optionCount: number): SessionScreen {
  switch (session.status) {
    case 'EXPIRED':
      return { kind: 'expired' };
    case 'ABORTED_BY_CUSTOMER':
      return { kind: 'aborted', by: 'customer' };
    case 'ABORTED_BY_MERCHANT':
      return { kind: 'aborted', by: 'merchant' };
    case 'SUBMITTED': {
      const status = session.authorization?.status;
      const returnUrl = session.payment_id ? returnUrlOf(apiUrl, session.payment_id) : apiUrl;
      if (status === 'AUTHORIZED') return { kind: 'paid', returnUrl };
      if (status === 'REFUSED' || status === 'ERROR' || status === 'ABORTED') {
        // The session accepts another attempt until it expires.
        if (Date.parse(session.expires_at) <= now.getTime()) return { kind: 'expired' };
        return optionCount > 0 ? { kind: 'form', lastFailure: failureOf(session) } : { kind: 'unavailable' };
      }
      return { kind: 'processing', returnUrl };
    }
    default:
      return optionCount > 0 ? { kind: 'form' } : { kind: 'unavailable' };
  }
}
