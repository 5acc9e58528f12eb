// The state a payment starts from, whoever starts it: the API for POST /v2/payments and v1
// server-to-server transactions, the client session workflow for a shopper's submission.
import type { PaymentState } from './types';

export type NewPaymentTerms = Omit<PaymentState, 'version' | 'operations' | 'authorization_settled' | 'refusal'>;

export function newPaymentState(terms: NewPaymentTerms): PaymentState {
  return {
    id: terms.id,
    entity_id: terms.entity_id,
    created_at: terms.created_at,
    version: 0,
    ...(terms.client_session_id ? { client_session_id: terms.client_session_id } : {}),
    order: terms.order,
    amount: terms.amount,
    currency: terms.currency,
    capture_mode: terms.capture_mode,
    allow_future_usage: terms.allow_future_usage,
    ...(terms.customer ? { customer: terms.customer } : {}),
    ...(terms.shopper_redirection_url ? { shopper_redirection_url: terms.shopper_redirection_url } : {}),
    ...(terms.webhook ? { webhook: terms.webhook } : {}),
    legs: terms.legs,
    operations: [],
    authorization_settled: false,
  };
}
