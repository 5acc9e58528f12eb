/**
 * What the orchestrator does on its own after authorization: capture everything at once
 * (AUTOMATIC capture_mode, triggered_by AUTHORIZATION) or, when a leg of a split payment
 * failed after others authorized, give back what the others hold (triggered_by ORCHESTRATOR;
 * {@link unwindPlan} does the same when the payment cannot complete for another reason).
 *
 * Both answers are computed from the current ledger and only take what is available (see the
 * reservation policy in payment-amounts.ts), so the workflow can call them again after any
 * change, including while its own compensating legs are in flight, without doing anything
 * twice. Each allocation is accepted by planOperation as a `partner_transaction_id` request.
 */
import { authorizationBalances, availableOn } from './payment-amounts';
import { isFailedAuthorization, isInFlight, isUnsettledAuthorization, type PaymentLedger } from './payment-ledger';
import { drawingOrder, type Allocation } from './payment-operations';

/** Some leg is REFUSED, ERROR or ABORTED: the split payment as asked cannot be completed. */
export function authorizationFailed(ledger: PaymentLedger): boolean {
  return ledger.authorizations.some((leg) => isFailedAuthorization(leg.status));
}

/**
 * AUTOMATIC capture: every AUTHORIZED leg's remaining amount, in capture order. Empty while a
 * leg is PENDING or UNCERTAIN (capturing the gift card before the card's outcome is known
 * would need a refund if the card fails) and when authorization failed (compensate instead).
 */
export function automaticCapturePlan(ledger: PaymentLedger): Allocation[] {
  if (authorizationFailed(ledger)) return [];
  if (ledger.authorizations.some((leg) => isUnsettledAuthorization(leg.status))) return [];
  return drawingOrder(authorizationBalances(ledger), 'capture')
    .filter((b) => b.remaining_amount > 0)
    .map((b) => ({ authorization_id: b.id, amount: b.remaining_amount }));
}

export interface CompensationPlan {
  /** Void each leg's uncaptured remaining amount, last leg first. */
  readonly voids: readonly Allocation[];
  /** Refund what was captured on each leg and not yet refunded, last leg first. */
  readonly refunds: readonly Allocation[];
  /**
   * Ids of what must settle before the payment is fully unwound: authorization legs still
   * PENDING or UNCERTAIN (they may end up holding money) and operation legs in flight (a
   * capture that succeeds must then be refunded, one that fails leaves money to void).
   * Call compensationPlan again when one of them settles.
   */
  readonly unsettled: readonly string[];
}

/**
 * When a leg failed ({@link authorizationFailed}): the {@link unwindPlan}. Nothing to do
 * otherwise.
 */
export function compensationPlan(ledger: PaymentLedger): CompensationPlan {
  return authorizationFailed(ledger) ? unwindPlan(ledger) : { voids: [], refunds: [], unsettled: [] };
}

/**
 * Give back everything the legs hold and is not already being given back, whatever the
 * reason the payment cannot complete (a refused leg, or legs that all authorized but hold
 * less than the payment amount, e.g. a gift card short of its balance). The payment is fully
 * unwound when the plan has no voids, no refunds and nothing unsettled.
 */
export function unwindPlan(ledger: PaymentLedger): CompensationPlan {
  // Unwinding order: the same as a merchant's void or refund.
  const order = drawingOrder(authorizationBalances(ledger), 'void');
  const toAllocations = (kind: 'void' | 'refund') =>
    order
      .filter((b) => availableOn(b, kind) > 0)
      .map((b) => ({ authorization_id: b.id, amount: availableOn(b, kind) }));
  const legs = new Set(ledger.authorizations.map((leg) => leg.id));
  const unsettled = [
    ...ledger.authorizations.filter((leg) => isUnsettledAuthorization(leg.status)).map((leg) => leg.id),
    ...ledger.operations.filter((op) => isInFlight(op.status) && legs.has(op.authorization_id)).map((op) => op.id),
  ];
  return { voids: toAllocations('void'), refunds: toAllocations('refund'), unsettled };
}
