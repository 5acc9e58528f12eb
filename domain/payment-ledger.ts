/**
 * The money record of one payment: its authorization partner transactions ("legs": one per
 * partner and method of a split payment) and the capture, void and refund partner
 * transactions done on them. Everything else about money (amounts, overview, what an
 * operation may take, what to compensate) is derived from this record by pure functions,
 * so the payment workflow keeps only this and never a running total that could drift.
 *
 * Pure and deterministic: imported by the payment workflow (Temporal sandbox) and the API.
 * Amounts are integers in the currency's minor unit.
 */
import type { AuthorizationStatus, DisputeStatus, OperationPartnerTransactionStatus } from './enums';
import { isMinorUnits, isPositiveMinorUnits } from './validation/amounts';
import { fieldError, pointer, type FieldError } from './validation/field-error';

export const OPERATION_KINDS = ['capture', 'void', 'refund'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** One authorization at one partner. */
export interface AuthorizationLeg {
  readonly id: string;
  readonly partner: string;
  readonly method: string;
  /** What Tessera asked the partner to hold. */
  readonly requested_amount: number;
  /**
   * What the partner holds. Only read when `status` is AUTHORIZED; it may be below
   * `requested_amount` (a gift card with a smaller balance). 0 in every other status, as the
   * partner adapters report it.
   */
  readonly authorized_amount: number;
  readonly status: AuthorizationStatus;
}

/** The part of one capture, void or refund done on one authorization leg. */
export interface OperationLeg {
  readonly id: string;
  readonly kind: OperationKind;
  /** The authorization leg it acts on; a refund acts on the authorization that was captured. */
  readonly authorization_id: string;
  /** Requested amount, > 0. Counts as moved once SUCCESS, as reserved while PENDING or UNCERTAIN. */
  readonly amount: number;
  readonly status: OperationPartnerTransactionStatus;
}

/**
 * A dispute the shopper's bank opened on money captured on an authorization leg: while it is
 * open the amount stays with the merchant but cannot be refunded (a refund on top of a chargeback
 * would pay the shopper twice); a LOST dispute took it back for good; a WON one changes nothing.
 */
export interface DisputeLeg {
  readonly id: string;
  readonly authorization_id: string;
  readonly amount: number;
  readonly status: DisputeStatus;
}

/**
 * The authorization legs in the order they were authorized (this order is the default
 * drawing order of operations, see payment-operations.ts) and the operation legs in the
 * order they were created.
 */
export interface PaymentLedger {
  readonly authorizations: readonly AuthorizationLeg[];
  readonly operations: readonly OperationLeg[];
  /** Payments without disputes leave it out. */
  readonly disputes?: readonly DisputeLeg[];
}

/** The shopper's bank has not decided yet. */
export function isOpenDispute(status: DisputeStatus): boolean {
  return status === 'NEEDS_RESPONSE' || status === 'UNDER_REVIEW';
}

/** The partner has not answered for good yet: money may or may not be held. */
export function isUnsettledAuthorization(status: AuthorizationStatus): boolean {
  return status === 'PENDING' || status === 'UNCERTAIN';
}

/** The partner holds nothing and never will for this leg. */
export function isFailedAuthorization(status: AuthorizationStatus): boolean {
  return status === 'REFUSED' || status === 'ERROR' || status === 'ABORTED';
}

/**
 * An operation leg sent to the partner whose outcome is not known. UNCERTAIN (a timeout) is
 * treated like PENDING: the partner may well have moved the money.
 */
export function isInFlight(status: OperationPartnerTransactionStatus): boolean {
  return status === 'PENDING' || status === 'UNCERTAIN';
}

/**
 * Everything that makes a ledger impossible, as FieldErrors pointing into the ledger
 * (`/operations/3/authorization_id`). A ledger built only from {@link planOperation}
 * allocations has none; the workflow can assert this after each change and fail loudly
 * instead of computing amounts from a corrupt record. The amount functions still answer on
 * such a ledger (never a negative number), but their sums no longer reconcile.
 *
 * Rules: ids are unique across all legs; amounts are safe integers (requested and operation
 * amounts > 0); authorized_amount ≤ requested_amount, > 0 when AUTHORIZED and 0 otherwise;
 * an operation acts on a known AUTHORIZED leg; per leg, captures and voids (done or in
 * flight) do not exceed what it authorized, and refunds (done or in flight) do not exceed
 * what was captured on it.
 */
export function ledgerProblems(ledger: PaymentLedger): FieldError[] {
  const problems: FieldError[] = [];
  const seen = new Map<string, string>();
  const noteId = (id: string, at: string) => {
    const first = seen.get(id);
    if (first === undefined) seen.set(id, at);
    else problems.push(fieldError(pointer(at, 'id'), `repeats the id of ${first}`));
  };

  const byId = new Map<string, AuthorizationLeg>();
  ledger.authorizations.forEach((leg, i) => {
    const at = pointer('/authorizations', i);
    noteId(leg.id, at);
    if (!byId.has(leg.id)) byId.set(leg.id, leg);
    if (!isPositiveMinorUnits(leg.requested_amount)) {
      problems.push(
        fieldError(pointer(at, 'requested_amount'), 'must be an integer amount in minor units greater than 0'),
      );
    }
    if (!isMinorUnits(leg.authorized_amount)) {
      problems.push(
        fieldError(pointer(at, 'authorized_amount'), 'must be an integer amount in minor units, at least 0'),
      );
    } else if (leg.status === 'AUTHORIZED' && leg.authorized_amount === 0) {
      problems.push(fieldError(pointer(at, 'authorized_amount'), 'is 0 although the leg is AUTHORIZED'));
    } else if (leg.status !== 'AUTHORIZED' && leg.authorized_amount !== 0) {
      problems.push(fieldError(pointer(at, 'authorized_amount'), `must be 0 while the leg is ${leg.status}`));
    } else if (leg.authorized_amount > leg.requested_amount) {
      problems.push(
        fieldError(pointer(at, 'authorized_amount'), `exceeds the requested amount ${leg.requested_amount}`),
      );
    }
  });

  // Per leg: captured + voided + in-flight captures and voids, and refunds done or in flight.
  const taken = new Map<string, number>();
  const captured = new Map<string, number>();
  const refunding = new Map<string, number>();
  const add = (map: Map<string, number>, id: string, amount: number) => map.set(id, (map.get(id) ?? 0) + amount);

  ledger.operations.forEach((op, i) => {
    const at = pointer('/operations', i);
    noteId(op.id, at);
    if (!isPositiveMinorUnits(op.amount)) {
      problems.push(fieldError(pointer(at, 'amount'), 'must be an integer amount in minor units greater than 0'));
    }
    const leg = byId.get(op.authorization_id);
    if (leg === undefined) {
      problems.push(
        fieldError(pointer(at, 'authorization_id'), `names no authorization of this payment (${op.authorization_id})`),
      );
      return;
    }
    if (leg.status !== 'AUTHORIZED') {
      problems.push(
        fieldError(pointer(at, 'authorization_id'), `acts on authorization ${leg.id}, which is ${leg.status}`),
      );
    }
    if (op.status === 'FAILURE') return;
    if (op.kind === 'refund') add(refunding, leg.id, op.amount);
    else add(taken, leg.id, op.amount);
    if (op.kind === 'capture' && op.status === 'SUCCESS') add(captured, leg.id, op.amount);
  });

  ledger.authorizations.forEach((leg, i) => {
    if (byId.get(leg.id) !== leg) return; // a repeated id is already reported
    const at = pointer('/authorizations', i);
    // An invalid authorized_amount is already reported; do not report it a second time here.
    const authorized = leg.status === 'AUTHORIZED' && isMinorUnits(leg.authorized_amount) ? leg.authorized_amount : 0;
    const takenHere = taken.get(leg.id) ?? 0;
    const capturedHere = captured.get(leg.id) ?? 0;
    const refundingHere = refunding.get(leg.id) ?? 0;
    if (takenHere > authorized) {
      problems.push(fieldError(at, `captures and voids (${takenHere}) exceed the authorized amount ${authorized}`));
    }
    if (refundingHere > capturedHere) {
      problems.push(fieldError(at, `refunds (${refundingHere}) exceed the captured amount ${capturedHere}`));
    }
  });
  return problems;
}
