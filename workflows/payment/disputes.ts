// Disputes (chargebacks): the partner tells of a dispute on captured money (a notification,
// signalled here), the payment records it and tells the merchant (DISPUTE_OPENED, _UPDATED,
// _CLOSED), and the merchant's evidence (an Update) is forwarded to the partner with its own
// idempotency key, re-sent while the partner does not answer. A dispute holds back what it disputes
// from what can be refunded, and a lost one takes it out for good (domain/payment-amounts.ts).
//
// Added after payments shipped: a run decides at its start whether it records disputes
// (`run.recordsDisputes`, payment.ts). A run started before keeps the news it receives and
// continues as new, and the run it continues as records them, so no payment misses its disputes
// and no recorded history replays differently.
import { ApplicationFailure, condition, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import { uuid4 } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { disputeEvents, evidenceRefusal, isNewerDisputeNews, isOpenDispute } from '../../domain/disputes';
import type { PartnerDispute } from '../../partners/partner';
import type { ReadModel } from '../read-model';
import { partnerDisputeSignal, submitEvidenceUpdate, type EvidenceOutcome, type EvidenceUpdateInput } from './messages';
import { DURABLE_PARTNER_CALL, permanentFailureOf } from './partner-calls';
import type { PaymentRun } from './run';
import type { DisputeNotification, DisputeState } from './types';

// Past the call's window, the evidence stays SENDING and is re-sent later with the same key (resendEvidence).
const partner = proxyActivities<Pick<Activities, 'submitDisputeEvidence'>>(DURABLE_PARTNER_CALL);

export const evidenceIdempotencyKey = (paymentId: string, disputeId: string, evidenceId: string) =>
  `payment/${paymentId}/dispute/${disputeId}/evidence/${evidenceId}`;

/** Takes the partner's news about a dispute on one of the payment's legs; older news changes nothing. */
export function recordDisputeNews(run: PaymentRun, notification: DisputeNotification): void {
  const { state } = run;
  const leg = state.legs.find((candidate) => candidate.id === notification.leg_id);
  if (!leg) return;
  const news = notification.dispute;
  const disputes = (state.disputes ??= []);
  const known = disputes.find((dispute) => dispute.partner_reference === news.reference);
  if (known && !isNewerDisputeNews(known, news)) return;
  const now = run.now();
  const before = known?.status;
  const dispute: DisputeState = known ?? {
    id: uuid4(),
    authorization_id: leg.id,
    partner: leg.partner,
    method: leg.method,
    partner_reference: news.reference,
    reason: news.reason,
    amount: news.amount,
    status: news.status,
    partner_status: news.partner_status,
    partner_status_description: news.partner_status_description,
    evidence_due_at: news.evidence_due_at,
    partner_updated_at: news.updated_at,
    created_at: now,
    updated_at: now,
  };
  if (!known) disputes.push(dispute);
  applyNews(dispute, news, now);
  run.changed({ dispute, disputeEvents: disputeEvents(before, dispute.status) });
}

function applyNews(dispute: DisputeState, news: PartnerDispute, now: string): void {
  dispute.status = news.status;
  dispute.reason = news.reason;
  dispute.amount = news.amount;
  dispute.partner_status = news.partner_status;
  dispute.partner_status_description = news.partner_status_description;
  dispute.evidence_due_at = news.evidence_due_at;
  dispute.partner_updated_at = news.updated_at;
  dispute.updated_at = now;
  if (!isOpenDispute(news.status) && !dispute.closed_at) dispute.closed_at = now;
}

/** Whether a dispute of the payment is not decided yet: the payment waits for it. */
export function hasOpenDispute(run: PaymentRun): boolean {
  return (run.state.disputes ?? []).some((dispute) => isOpenDispute(dispute.status));
}

/**
 * The partners' news of disputes, and the merchant's evidence. A run that does not record disputes
 * keeps the news for the run it continues as; it cannot have a dispute to take evidence for.
 */
export function registerDisputeHandlers(run: PaymentRun, readModel: ReadModel): void {
  setHandler(partnerDisputeSignal, (notification) => {
    if (run.recordsDisputes) recordDisputeNews(run, notification);
    else run.disputeNewsToCarry.push(notification);
  });
  setHandler(
    submitEvidenceUpdate,
    (input: EvidenceUpdateInput): Promise<EvidenceOutcome> =>
      readModel.answer(async () => {
        const dispute = disputeOf(run, input.dispute_id);
        const now = run.now();
        dispute.evidence = {
          id: input.evidence_id,
          status: 'SENDING',
          submitted_at: now,
          updated_at: now,
          ...(input.text !== undefined ? { text: input.text } : {}),
          files: input.files.map((file) => ({ name: file.name, url: file.url })),
        };
        dispute.updated_at = now;
        run.changed({ dispute, disputeEvents: ['DISPUTE_UPDATED'] });
        await forwardEvidence(run, dispute);
        if (dispute.evidence.status === 'REFUSED')
          throw ApplicationFailure.create({
            type: 'EvidenceRefused',
            message: dispute.evidence.refusal_reason ?? 'the partner refused the evidence',
            nonRetryable: true,
          });
        return { payment: run.view(), evidence_id: input.evidence_id };
      }),
    {
      // Runs before anything is recorded: evidence the dispute cannot take never reaches the partner.
      validator: (input: EvidenceUpdateInput) => {
        run.assertBelongsTo(input.entity_id);
        if ((run.state.disputes ?? []).some((dispute) => dispute.evidence?.id === input.evidence_id))
          throw ApplicationFailure.create({
            type: 'DuplicateEvidence',
            message: input.evidence_id,
            nonRetryable: true,
          });
        const refusal = evidenceRefusal(disputeOf(run, input.dispute_id), Date.now());
        if (refusal)
          throw ApplicationFailure.create({ type: 'EvidenceNotAccepted', message: refusal, nonRetryable: true });
      },
    },
  );
}

function disputeOf(run: PaymentRun, disputeId: string): DisputeState {
  const dispute = (run.state.disputes ?? []).find((candidate) => candidate.id === disputeId);
  if (!dispute)
    throw ApplicationFailure.create({ type: 'DisputeNotFound', message: 'dispute not found', nonRetryable: true });
  return dispute;
}

/**
 * Sends the dispute's evidence to its partner. The partner's answer is the dispute as it stands
 * (under review); a refusal is recorded with its reason; no answer leaves the evidence SENDING, for
 * resendEvidence to try again with the same key.
 */
async function forwardEvidence(run: PaymentRun, dispute: DisputeState): Promise<void> {
  const evidence = dispute.evidence;
  if (!evidence || evidence.status !== 'SENDING' || run.evidenceInFlight.has(evidence.id)) return;
  run.evidenceInFlight.add(evidence.id);
  try {
    const news = await partner.submitDisputeEvidence({
      entity_id: run.state.entity_id,
      partner: dispute.partner,
      dispute_reference: dispute.partner_reference,
      idempotency_key: evidenceIdempotencyKey(run.state.id, dispute.id, evidence.id),
      ...(evidence.text !== undefined ? { text: evidence.text } : {}),
      files: evidence.files,
    });
    const now = run.now();
    const before = dispute.status;
    evidence.status = 'SENT';
    evidence.updated_at = now;
    if (isNewerDisputeNews(dispute, news)) applyNews(dispute, news, now);
    else dispute.updated_at = now;
    run.changed({ dispute, disputeEvents: disputeEvents(before, dispute.status) });
  } catch (error) {
    const permanent = permanentFailureOf(error);
    if (!permanent) return;
    const now = run.now();
    evidence.status = 'REFUSED';
    evidence.refusal_reason = permanent.message;
    evidence.updated_at = now;
    dispute.updated_at = now;
    run.changed({ dispute, disputeEvents: ['DISPUTE_UPDATED'] });
  } finally {
    run.evidenceInFlight.delete(evidence.id);
  }
}

/** Re-sends, with growing pauses, evidence the partner did not answer for, until the run finishes. */
export async function resendEvidence(run: PaymentRun): Promise<void> {
  const waiting = () =>
    (run.state.disputes ?? []).filter(
      (dispute) => dispute.evidence?.status === 'SENDING' && !run.evidenceInFlight.has(dispute.evidence.id),
    );
  let delayMs = 2_000;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    await condition(() => waiting().length > 0 || run.finished);
    if (run.finished) return;
    await sleep(delayMs);
    for (const dispute of waiting()) await forwardEvidence(run, dispute);
    delayMs = waiting().length > 0 ? Math.min(delayMs * 2, 3_600_000) : 2_000;
  }
}
