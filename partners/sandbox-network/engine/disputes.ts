// Disputes (chargebacks), as the shopper's bank opens them through the network: on a dispute card
// (test-data.ts DisputeScenario) a dispute opens disputeOpenMs after a successful capture, for what
// was captured and not refunded. The merchant's evidence (POST /v1/disputes/{ref}/evidence) must
// arrive before the deadline; the bank then decides disputeDecisionMs later, WON or LOST as the
// card says. Without evidence, the dispute is LOST at its deadline. Every change is notified to
// the authorization's notification_url and written to the ledger; a lost dispute's amount is
// charged back and can no longer be refunded.
import { randomBytes } from 'node:crypto';
import type { Currency, SandboxPartnerName } from '../../catalog';
import type { DisputeReason, DisputeStatus } from '../../../domain/enums';
import type { WireDispute, WireEvidenceBody } from '../schemas';
import type { DisputeScenario } from '../test-data';
import { SandboxHttpError, type AuthorizationRecord, type Books } from './books';

export interface DisputeRecord {
  reference: string;
  authorizationReference: string;
  partner: SandboxPartnerName;
  status: DisputeStatus;
  reason: DisputeReason;
  outcome: DisputeScenario['outcome'];
  amount: number;
  currency: Currency;
  evidenceDueAt: string;
  partnerStatus: string;
  description: string;
  createdAt: string;
  updatedAt: string;
  evidence: { receivedAt: string; text?: string; files: { name: string; url: string }[] } | null;
  /** When the bank decides, once the evidence is in. */
  decideAt: string | null;
}

export class Disputes {
  readonly records = new Map<string, DisputeRecord>();
  /** Authorizations whose dispute is planned but not open yet (not kept: resume() plans them again). */
  private planned = new Set<string>();

  constructor(private readonly books: Books) {}

  restore(records: readonly DisputeRecord[]): void {
    for (const record of records) this.records.set(record.reference, record);
  }

  reset(): void {
    this.records.clear();
    this.planned.clear();
  }

  forAuthorization(reference: string): DisputeRecord | undefined {
    return [...this.records.values()].find((record) => record.authorizationReference === reference);
  }

  mustGet(reference: string): DisputeRecord {
    const record = this.records.get(reference);
    if (!record) throw new SandboxHttpError(404, 'not_found', 'No such dispute.');
    return record;
  }

  /** A capture succeeded: a dispute card's shopper disputes it a little later. */
  captured(auth: AuthorizationRecord): void {
    if (!auth.disputeScenario || this.forAuthorization(auth.reference) || this.planned.has(auth.reference)) return;
    this.planned.add(auth.reference);
    this.books.later(this.books.options.disputeOpenMs, () => this.open(auth.reference));
  }

  /**
   * After a restart: disputes planned but not opened open now, the bank still decides on evidence
   * it has, and a deadline passed while the network was down loses its dispute now.
   */
  resume(now: number): void {
    for (const auth of this.books.authorizations.values()) {
      if (auth.disputeScenario && auth.captured > 0 && !this.forAuthorization(auth.reference)) this.captured(auth);
    }
    for (const record of this.records.values()) {
      if (record.status === 'NEEDS_RESPONSE') this.planDeadline(record, now);
      if (record.status === 'UNDER_REVIEW' && record.decideAt)
        this.books.later(Math.max(0, Date.parse(record.decideAt) - now), () => this.decide(record.reference));
    }
  }

  submitEvidence(reference: string, body: WireEvidenceBody): WireDispute {
    const record = this.mustGet(reference);
    if (!body.text && (body.files ?? []).length === 0)
      throw new SandboxHttpError(422, 'invalid_request', 'evidence needs a text or at least one file');
    if (record.status !== 'NEEDS_RESPONSE')
      throw new SandboxHttpError(409, 'dispute_not_awaiting_evidence', `The dispute is ${record.status}.`);
    const now = new Date();
    if (now.getTime() >= Date.parse(record.evidenceDueAt))
      throw new SandboxHttpError(422, 'evidence_deadline_passed', `Evidence was due by ${record.evidenceDueAt}.`);
    record.evidence = {
      receivedAt: now.toISOString(),
      ...(body.text !== undefined ? { text: body.text } : {}),
      files: body.files ?? [],
    };
    record.decideAt = new Date(now.getTime() + this.books.options.disputeDecisionMs).toISOString();
    this.move(record, 'UNDER_REVIEW', 'EVIDENCE_RECEIVED', "The evidence was sent to the shopper's bank.");
    this.books.later(this.books.options.disputeDecisionMs, () => this.decide(record.reference));
    return this.wire(record);
  }

  wire(record: DisputeRecord): WireDispute {
    return {
      object: 'dispute',
      reference: record.reference,
      authorization_reference: record.authorizationReference,
      partner: record.partner,
      status: record.status,
      reason: record.reason,
      amount: record.amount,
      currency: record.currency,
      evidence_due_at: record.evidenceDueAt,
      partner_status: record.partnerStatus,
      partner_status_description: record.description,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
    };
  }

  private open(authorizationReference: string): void {
    this.planned.delete(authorizationReference);
    const auth = this.books.authorizations.get(authorizationReference);
    // A reset since the capture forgot it; a dispute opened already; nothing left to dispute.
    if (!auth?.disputeScenario || this.forAuthorization(authorizationReference)) return;
    const amount = auth.captured - auth.refunded - (auth.disputed ?? 0) - (auth.chargedBack ?? 0);
    if (amount <= 0) return;
    const now = new Date();
    const record: DisputeRecord = {
      reference: `dsp_${randomBytes(12).toString('hex')}`,
      authorizationReference,
      partner: auth.partner,
      status: 'NEEDS_RESPONSE',
      reason: auth.disputeScenario.reason,
      outcome: auth.disputeScenario.outcome,
      amount,
      currency: auth.currency,
      evidenceDueAt: new Date(now.getTime() + this.books.options.disputeEvidenceWindowMs).toISOString(),
      partnerStatus: 'NEEDS_RESPONSE',
      description: "The shopper's bank disputes the payment; send evidence before the deadline.",
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      evidence: null,
      decideAt: null,
    };
    this.records.set(record.reference, record);
    auth.disputed = (auth.disputed ?? 0) + amount;
    this.changed(record, auth);
    this.planDeadline(record, now.getTime());
  }

  private planDeadline(record: DisputeRecord, now: number): void {
    this.books.later(Math.max(0, Date.parse(record.evidenceDueAt) - now), () => {
      if (this.records.get(record.reference) !== record || record.status !== 'NEEDS_RESPONSE') return;
      this.close(record, 'LOST', 'EXPIRED', 'No evidence arrived before the deadline: the dispute is lost.');
    });
  }

  private decide(reference: string): void {
    const record = this.records.get(reference);
    if (!record || record.status !== 'UNDER_REVIEW') return;
    if (record.outcome === 'won-with-evidence')
      this.close(record, 'WON', 'WON', "The shopper's bank accepted the evidence: the payment stands.");
    else this.close(record, 'LOST', 'LOST', "The shopper's bank kept the chargeback despite the evidence.");
  }

  private close(record: DisputeRecord, status: 'WON' | 'LOST', partnerStatus: string, description: string): void {
    const auth = this.books.authorizations.get(record.authorizationReference);
    if (auth) {
      auth.disputed = Math.max(0, (auth.disputed ?? 0) - record.amount);
      if (status === 'LOST') auth.chargedBack = (auth.chargedBack ?? 0) + record.amount;
    }
    this.move(record, status, partnerStatus, description);
  }

  private move(record: DisputeRecord, status: DisputeStatus, partnerStatus: string, description: string): void {
    record.status = status;
    record.partnerStatus = partnerStatus;
    record.description = description;
    // Strictly later than the last change: notifications are ordered by it.
    const now = Math.max(Date.now(), Date.parse(record.updatedAt) + 1);
    record.updatedAt = new Date(now).toISOString();
    const auth = this.books.authorizations.get(record.authorizationReference);
    if (auth) this.changed(record, auth);
  }

  private changed(record: DisputeRecord, auth: AuthorizationRecord): void {
    auth.updatedAt = new Date();
    this.books.observer?.dispute(record);
    this.books.observer?.authorization(auth);
    const wire = this.wire(record);
    this.books.recordDispute(wire, auth);
    if (auth.notificationUrl)
      this.books.options.notify(auth.notificationUrl, {
        type: 'dispute.updated',
        dispute: wire,
        authorization: this.books.wire(auth),
      });
  }
}
