// The rules of a dispute (chargeback) as Tessera follows it, shared by the payment workflow that
// records it and the API that takes the merchant's evidence: which news from the partner is newer
// than what is recorded, which event announces a change, and when evidence can still be sent.
// Pure and deterministic: the payment workflow imports it.
import type { DisputeStatus, EvidenceStatus } from './enums';
import { isOpenDispute } from './payment-ledger';

export { isOpenDispute };

/** What the payment knows of a dispute, as far as these rules need it. */
export interface DisputeFacts {
  readonly status: DisputeStatus;
  /** When the partner last changed it (its own clock): orders the partner's news. */
  readonly partner_updated_at: string;
  readonly evidence_due_at: string;
  readonly evidence?: { readonly status: EvidenceStatus } | undefined;
}

/** The partner's news about a dispute, as far as these rules need it. */
export interface DisputeNews {
  readonly status: DisputeStatus;
  readonly updated_at: string;
}

/**
 * Whether the partner's news moves a recorded dispute forward. Notifications may arrive late, twice
 * or out of order: an older or equal one changes nothing, and a decided dispute (WON, LOST) is
 * final, whatever a late notification says.
 */
export function isNewerDisputeNews(recorded: DisputeFacts, news: DisputeNews): boolean {
  if (!isOpenDispute(recorded.status)) return false;
  const recordedAt = Date.parse(recorded.partner_updated_at);
  const newsAt = Date.parse(news.updated_at);
  if (Number.isNaN(newsAt)) return false;
  if (newsAt > recordedAt) return true;
  // The same instant, but a decision or the move to review: still forward, never backward.
  return newsAt === recordedAt && disputeRank(news.status) > disputeRank(recorded.status);
}

function disputeRank(status: DisputeStatus): number {
  return status === 'NEEDS_RESPONSE' ? 0 : status === 'UNDER_REVIEW' ? 1 : 2;
}

export type DisputeEventType = 'DISPUTE_OPENED' | 'DISPUTE_UPDATED' | 'DISPUTE_CLOSED';

/**
 * The events a change announces, in order: a dispute Tessera hears of for the first time is
 * OPENED (and CLOSED at once when the partner had decided it already); a decision CLOSES it; any
 * other change (evidence sent, under review) UPDATES it.
 */
export function disputeEvents(before: DisputeStatus | undefined, after: DisputeStatus): DisputeEventType[] {
  const closed = !isOpenDispute(after);
  if (before === undefined) return closed ? ['DISPUTE_OPENED', 'DISPUTE_CLOSED'] : ['DISPUTE_OPENED'];
  if (closed && isOpenDispute(before)) return ['DISPUTE_CLOSED'];
  return ['DISPUTE_UPDATED'];
}

/**
 * Why evidence cannot be sent for this dispute now, or undefined when it can: only while the
 * partner waits for it (NEEDS_RESPONSE), once (a submission under way or sent closes the door),
 * and before the deadline the partner set.
 */
export function evidenceRefusal(dispute: DisputeFacts, nowMs: number): string | undefined {
  if (dispute.evidence && dispute.evidence.status !== 'REFUSED')
    return `evidence was already submitted for this dispute (${dispute.evidence.status})`;
  if (dispute.status !== 'NEEDS_RESPONSE')
    return `the dispute is ${dispute.status}: evidence is only taken while it is NEEDS_RESPONSE`;
  if (nowMs >= Date.parse(dispute.evidence_due_at))
    return `the deadline for evidence passed at ${dispute.evidence_due_at}`;
  return undefined;
}
