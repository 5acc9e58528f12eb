// The payment workflow's id, and the idempotency key of each authorization leg, which partners
// echo back in their notifications so the API can route them to the workflow.
export const paymentWorkflowId = (paymentId: string) => `payment/${paymentId}`;
export const authorizationIdempotencyKey = (paymentId: string, legId: string) => `payment/${paymentId}/auth/${legId}`;

/** Inverse of authorizationIdempotencyKey, for routing a partner notification to its workflow. */
export function parseAuthorizationIdempotencyKey(key: string): { paymentId: string; legId: string } | undefined {
  const match = /^payment\/([0-9a-f-]{36})\/auth\/([0-9a-f-]{36})$/.exec(key);
  return match ? { paymentId: match[1]!, legId: match[2]! } : undefined;
}
