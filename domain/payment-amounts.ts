/**
 * The amounts and the overview of a payment, derived from its ledger.
 *
 * Reservation policy. An operation leg counts in three ways depending on its status:
 * - SUCCESS: the money moved. It counts in total_captured / total_voided / total_refunded
 *   and leaves the available amounts for good.
 * - PENDING or UNCERTAIN: in flight. It is NOT in the totals (the totals say what surely
 *   happened, and the overview follows them) but it IS taken out of the available amounts,
 *   so a parallel void cannot claim money a capture in flight may already have taken, and a
 *   second refund cannot re-refund money a first refund may have returned. UNCERTAIN is
 *   reserved too: a timeout is as likely to have succeeded as not, and releasing it early
 *   is how money gets moved twice.
 * - FAILURE: nothing moved; the reservation is released.
 * Only SUCCESS captures can be refunded: money still being captured cannot go back yet.
 *
 * Disputes: an open one holds back what it disputes from the refundable amount, a LOST one
 * (a chargeback) takes it out for good; a WON one holds nothing back.
 *
 * Hence, per authorization leg and summed over the payment, exactly (floored at 0):
 *   authorized = captured + voided + capturing + voiding + remaining_amount
 *   captured   = refunded + refunding + disputed + charged_back + refundable_amount
 */
import type { AuthorizationStatus, OverviewTag } from './enums';
import {
  isInFlight,
  isOpenDispute,
  isUnsettledAuthorization,
  type OperationKind,
  type PaymentLedger,
} from './payment-ledger';

/** The API's PaymentAmounts, structurally (the domain does not import the API's TypeBox schemas). */
export interface PaymentAmounts {
  /** Requested amount of the authorization legs still PENDING or UNCERTAIN. */
  readonly authorize_pending: number;
  /** Authorized amount of the AUTHORIZED legs (what partners hold, which may be below what was requested). */
  readonly total_authorized: number;
  readonly total_voided: number;
  /** Equal to available_to_capture: both are what is authorized and neither captured nor voided nor being so. */
  readonly available_to_void: number;
  readonly total_captured: number;
  readonly available_to_capture: number;
  readonly total_refunded: number;
  /** Captured and neither refunded, being refunded, disputed nor charged back. */
  readonly available_to_refund: number;
  /** Under disputes not decided yet. */
  readonly total_disputed: number;
  /** Taken back by disputes the merchant lost. */
  readonly total_charged_back: number;
}

/** Money of one authorization leg. */
export interface AuthorizationBalance {
  readonly id: string;
  readonly partner: string;
  readonly method: string;
  readonly status: AuthorizationStatus;
  /** authorized_amount when AUTHORIZED, 0 otherwise. */
  readonly authorized: number;
  /** SUCCESS operation legs. */
  readonly captured: number;
  readonly voided: number;
  readonly refunded: number;
  /** PENDING or UNCERTAIN operation legs: reserved. */
  readonly capturing: number;
  readonly voiding: number;
  readonly refunding: number;
  /** Under open disputes, and taken back by lost ones. */
  readonly disputed: number;
  readonly charged_back: number;
  /** The partner transaction's remaining_amount: what can still be captured or voided on this leg. */
  readonly remaining_amount: number;
  /** What can still be refunded on this leg. */
  readonly refundable_amount: number;
}

/** What an operation of `kind` can still take from a leg. */
export function availableOn(balance: AuthorizationBalance, kind: OperationKind): number {
  return kind === 'refund' ? balance.refundable_amount : balance.remaining_amount;
}

type Sums = Record<'captured' | 'voided' | 'refunded' | 'capturing' | 'voiding' | 'refunding', number>;
const NO_OPERATIONS: Readonly<Sums> = { captured: 0, voided: 0, refunded: 0, capturing: 0, voiding: 0, refunding: 0 };

/**
 * One balance per authorization leg, in ledger order. Operation legs naming an unknown
 * authorization are ignored and remainders are floored at 0, so even a ledger that
 * {@link ledgerProblems} rejects never yields a negative available amount.
 */
export function authorizationBalances(ledger: PaymentLedger): AuthorizationBalance[] {
  const sums = new Map<string, Sums>();
  for (const leg of ledger.authorizations) {
    if (!sums.has(leg.id)) sums.set(leg.id, { ...NO_OPERATIONS });
  }
  for (const op of ledger.operations) {
    const s = sums.get(op.authorization_id);
    if (s === undefined || op.status === 'FAILURE') continue;
    const inFlight = isInFlight(op.status);
    switch (op.kind) {
      case 'capture':
        if (inFlight) s.capturing += op.amount;
        else s.captured += op.amount;
        break;
      case 'void':
        if (inFlight) s.voiding += op.amount;
        else s.voided += op.amount;
        break;
      case 'refund':
        if (inFlight) s.refunding += op.amount;
        else s.refunded += op.amount;
        break;
    }
  }
  const disputes = new Map<string, { disputed: number; charged_back: number }>();
  for (const dispute of ledger.disputes ?? []) {
    const d = disputes.get(dispute.authorization_id) ?? { disputed: 0, charged_back: 0 };
    if (isOpenDispute(dispute.status)) d.disputed += dispute.amount;
    else if (dispute.status === 'LOST') d.charged_back += dispute.amount;
    disputes.set(dispute.authorization_id, d);
  }
  // A repeated authorization id shares one set of sums: only its first leg gets them, so
  // nothing is counted twice.
  const claimed = new Set<string>();
  return ledger.authorizations.map((leg) => {
    const first = !claimed.has(leg.id);
    claimed.add(leg.id);
    const { captured, voided, refunded, capturing, voiding, refunding } =
      (first ? sums.get(leg.id) : undefined) ?? NO_OPERATIONS;
    const authorized = leg.status === 'AUTHORIZED' && first ? leg.authorized_amount : 0;
    const { disputed, charged_back } = (first ? disputes.get(leg.id) : undefined) ?? { disputed: 0, charged_back: 0 };
    return {
      id: leg.id,
      partner: leg.partner,
      method: leg.method,
      status: leg.status,
      authorized,
      captured,
      voided,
      refunded,
      capturing,
      voiding,
      refunding,
      disputed,
      charged_back,
      remaining_amount: Math.max(0, authorized - captured - voided - capturing - voiding),
      refundable_amount: Math.max(0, captured - refunded - refunding - disputed - charged_back),
    };
  });
}

/** The payment's amounts: sums of {@link authorizationBalances}, plus the pending authorizations. */
export function computeAmounts(ledger: PaymentLedger): PaymentAmounts {
  let total_authorized = 0;
  let total_captured = 0;
  let total_voided = 0;
  let total_refunded = 0;
  let available_to_capture = 0;
  let available_to_refund = 0;
  let total_disputed = 0;
  let total_charged_back = 0;
  for (const b of authorizationBalances(ledger)) {
    total_authorized += b.authorized;
    total_captured += b.captured;
    total_voided += b.voided;
    total_refunded += b.refunded;
    available_to_capture += b.remaining_amount;
    available_to_refund += b.refundable_amount;
    total_disputed += b.disputed;
    total_charged_back += b.charged_back;
  }
  let authorize_pending = 0;
  for (const leg of ledger.authorizations) {
    if (isUnsettledAuthorization(leg.status)) authorize_pending += leg.requested_amount;
  }
  return {
    authorize_pending,
    total_authorized,
    total_voided,
    // One pool: an amount is either captured or voided, never both.
    available_to_void: available_to_capture,
    total_captured,
    available_to_capture,
    total_refunded,
    available_to_refund,
    total_disputed,
    total_charged_back,
  };
}

/** The API's payment overview, structurally. */
export interface PaymentOverview {
  readonly consumed: OverviewTag;
  readonly captured: OverviewTag;
  readonly voided: OverviewTag;
  readonly refunded: OverviewTag;
}

/**
 * NOT when `part` is 0 (whatever `whole` is: nothing authorized means nothing captured),
 * TOTALLY when `part` reaches `whole`, PARTIALLY in between.
 */
export function overviewTag(part: number, whole: number): OverviewTag {
  if (part <= 0) return 'NOT';
  return part >= whole ? 'TOTALLY' : 'PARTIALLY';
}

/**
 * Definitions (settled amounts only: an operation in flight shows once it succeeds):
 * - captured: total_captured relative to total_authorized;
 * - voided: total_voided relative to total_authorized;
 * - consumed: total_captured + total_voided relative to total_authorized, i.e. TOTALLY once
 *   nothing authorized is left to capture or void (the authorization is used up, whichever
 *   way); a payment captured 60 and voided 40 of 100 is consumed TOTALLY but captured and
 *   voided only PARTIALLY;
 * - refunded: total_refunded relative to total_captured (only captured money can be refunded).
 * The base is the authorized amount, not the payment amount: a gift card may authorize less
 * than asked, and what the merchant can act on is what partners actually hold.
 */
export function overview(ledger: PaymentLedger): PaymentOverview {
  const a = computeAmounts(ledger);
  return {
    consumed: overviewTag(a.total_captured + a.total_voided, a.total_authorized),
    captured: overviewTag(a.total_captured, a.total_authorized),
    voided: overviewTag(a.total_voided, a.total_authorized),
    refunded: overviewTag(a.total_refunded, a.total_captured),
  };
}
