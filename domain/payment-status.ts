// A payment's statuses derived from its partner transactions: the same rule for the workflow that
// moves the money and for anything that reads a payment (the API, v1's transaction results).
import type { AuthorizationStatus, OperationPartnerTransactionStatus, OperationStatus } from './enums';

/** An authorization leg is NEW until its first attempt: it exists, but nothing was sent to its partner. */
export type AuthorizationLegStatus = AuthorizationStatus | 'NEW';

/**
 * The payment's authorization status from its legs: the first failed leg decides a failure; a
 * leg still waiting makes the whole PENDING (or UNCERTAIN); AUTHORIZED only when every leg holds
 * what was asked of it. A payment refused as a whole (a partial gift card) is REFUSED.
 */
export function authorizationStatus(payment: {
  legs: readonly { status: AuthorizationLegStatus }[];
  refusal?: string;
}): AuthorizationStatus {
  const { legs } = payment;
  const failed = legs.find((leg) => leg.status === 'REFUSED' || leg.status === 'ERROR');
  if (failed) return failed.status === 'ERROR' ? 'ERROR' : 'REFUSED';
  if (payment.refusal) return 'REFUSED';
  if (legs.some((leg) => leg.status === 'UNCERTAIN')) return 'UNCERTAIN';
  if (legs.some((leg) => leg.status === 'PENDING' || leg.status === 'NEW')) return 'PENDING';
  if (legs.length > 0 && legs.every((leg) => leg.status === 'AUTHORIZED')) return 'AUTHORIZED';
  return 'ABORTED';
}

/** An operation's status from its partner transactions. */
export function operationStatus(legs: readonly { status: OperationPartnerTransactionStatus }[]): OperationStatus {
  if (legs.some((leg) => leg.status === 'UNCERTAIN')) return 'UNCERTAIN';
  if (legs.some((leg) => leg.status === 'PENDING')) return 'PENDING';
  if (legs.every((leg) => leg.status === 'SUCCESS')) return 'SUCCESS';
  if (legs.every((leg) => leg.status === 'FAILURE')) return 'FAILURE';
  // Some partners moved the money and others refused: the merchant must look at each leg.
  return 'CONFLICT';
}
