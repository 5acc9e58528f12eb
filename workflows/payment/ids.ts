// The payment workflow's id, and the idempotency key of each authorization leg, which partners
// echo back in their notifications so the API can route them to the workflow.
export const paymentWorkflowId = (paymentId: string) => `payment/${paymentId}`;
export const authorizationIdempotencyKey = (paymentId: string, legId: string) => `payment/${paymentId}/auth/${legId}`;

/** Inverse of authorizationIdempotencyKey, for routing a partner notification to its workflow. */
export function parseAuthorizationIdempotencyKey(key: string): { paymentId: string; legId: string } | undefined {
  const match = /^payment\/([0-9a-f-]{36})\/auth\/([0-9a-f-]{36})$/.exec(key);
  return match ? { paymentId: match[1]!, legId: match[2]! } : undefined;
}

/** The idempotency key of one part of a capture, void or refund: one partner effect per key. */
export const operationIdempotencyKey = (paymentId: string, kind: string, operationId: string, transactionId: string) =>
  `payment/${paymentId}/${kind}/${operationId}/${transactionId}`;

/**
 * The payment and the partner transaction a key of this payment's names (an authorization's or an
 * operation's): what a partner's settlement line quotes back as the merchant's reference.
 */
export function parsePaymentIdempotencyKey(key: string): { paymentId: string; transactionId: string } | undefined {
  const match = /^payment\/([0-9a-f-]{36})\/(?:auth|capture|void|refund)\/(?:[0-9a-f-]{36}\/)?([0-9a-f-]{36})$/.exec(
    key,
  );
  return match ? { paymentId: match[1]!, transactionId: match[2]! } : undefined;
}
