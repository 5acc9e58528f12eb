// The sandbox "bank" the server calls: authorizations, operations, reads and shopper pages, all
// in memory and without HTTP (server.ts wraps it). What is common to every partner is here and in
// books.ts and operations.ts; what a partner decides is in its instrument's file.
import { offersMethod, type Currency, type SandboxPartnerName } from '../../catalog';
import type { PartnerAuthorizationStatus } from '../../partner';
import type {
  LedgerEntry,
  SettleBody,
  WireAuthorization,
  WireAuthorizeBody,
  WireBalance,
  WireDispute,
  WireEvidenceBody,
  WireOperation,
  WireOperationBody,
  WireSettlementBatch,
} from '../schemas';
import {
  Books,
  SandboxHttpError,
  newId,
  type AuthorizationRecord,
  type BooksObserver,
  type EngineOptions,
  type Instrument,
  type LedgerFilter,
  type OperationKind,
  type PageKind,
} from './books';
import { Cards } from './cards';
import { Disputes, type DisputeRecord } from './disputes';
import { GiftCards } from './gift-cards';
import { Instalments } from './instalments';
import { operate } from './operations';
import { Settlements, type SettlementRecord } from './settlements';
import { Wallets } from './wallets';

export type { DisputeRecord } from './disputes';
export type { SettlementRecord } from './settlements';
export {
  PAGE_PATHS,
  SandboxHttpError,
  type AuthorizationRecord,
  type BooksObserver,
  type EngineOptions,
  type LedgerFilter,
  type PageKind,
} from './books';

/** The books as the ledger store keeps them (ledger-store.ts), dates included. */
export interface EngineSnapshot {
  authorizations: AuthorizationRecord[];
  operations: WireOperation[];
  ledger: LedgerEntry[];
  instruments: Partial<Record<SandboxPartnerName, unknown>>;
  disputes: DisputeRecord[];
  settlements: SettlementRecord[];
}

/** What a page shows; no card data beyond the last four digits. */
export interface PageView {
  kind: PageKind;
  reference: string;
  method: string;
  amount: number;
  currency: Currency;
  orderReference: string | null;
  lastFour: string | null;
  /** Still waiting for the shopper on this page. */
  open: boolean;
  status: PartnerAuthorizationStatus;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export class SandboxEngine {
  private readonly books: Books;
  private readonly giftCards = new GiftCards();
  private readonly lender: Instalments;
  private readonly instruments: Readonly<Record<SandboxPartnerName, Instrument>>;
  private readonly disputes: Disputes;
  private readonly settlements: Settlements;

  constructor(options: EngineOptions) {
    this.books = new Books(options);
    this.lender = new Instalments(this.books);
    this.disputes = new Disputes(this.books);
    this.settlements = new Settlements(this.books, this.disputes);
    this.instruments = {
      'sandbox-card': new Cards(this.books),
      'sandbox-giftcard': this.giftCards,
      'sandbox-wallet': new Wallets(),
      'sandbox-instalments': this.lender,
    };
  }

  /** Told of every change from now on (the ledger store writes them). */
  observe(observer: BooksObserver): void {
    this.books.observer = observer;
  }

  /** A partner's own state (balances, tokens) as JSON. */
  instrumentState(partner: SandboxPartnerName): unknown {
    return this.instruments[partner].snapshot?.();
  }

  /** Takes back the books of an earlier run, and the lender's pending decisions with them. */
  restore(snapshot: EngineSnapshot): void {
    this.books.restore(snapshot.authorizations, snapshot.operations, snapshot.ledger);
    for (const [partner, state] of Object.entries(snapshot.instruments) as [SandboxPartnerName, unknown][])
      this.instruments[partner].restore?.(state);
    this.disputes.restore(snapshot.disputes);
    this.settlements.restore(snapshot.settlements);
    this.lender.resumeReviews(Date.now());
    this.disputes.resume(Date.now());
  }

  reset(): void {
    this.books.reset();
    this.disputes.reset();
    this.settlements.reset();
    for (const instrument of Object.values(this.instruments)) instrument.reset();
  }

  /** Cancels pending lender decisions. */
  dispose(): void {
    this.books.dispose();
  }

  ledger(filter: LedgerFilter = {}): LedgerEntry[] {
    return this.books.ledger(filter);
  }

  authorize(partner: SandboxPartnerName, body: WireAuthorizeBody, idempotencyKey: string): WireAuthorization {
    if (!offersMethod(partner, body.method)) {
      throw new SandboxHttpError(422, 'unsupported_method', `${partner} does not offer method ${body.method}`);
    }
    for (const field of ['return_url', 'notification_url'] as const) {
      const value = body[field];
      if (value !== undefined && !isHttpUrl(value))
        throw new SandboxHttpError(422, 'invalid_request', `${field} must be an absolute http(s) URL`);
    }
    const now = new Date();
    const record: AuthorizationRecord = {
      reference: newId('auth'),
      partner,
      method: body.method,
      status: 'PENDING',
      amount: body.amount,
      authorized: 0,
      currency: body.currency,
      partnerStatus: '',
      description: '',
      reason: null,
      token: null,
      card: null,
      authentication: null,
      pending: null,
      returnUrl: body.return_url ?? null,
      notificationUrl: body.notification_url ?? null,
      customerEmail: body.customer?.email,
      orderReference: body.order_reference ?? null,
      idempotencyKey,
      captured: 0,
      voided: 0,
      refunded: 0,
      createdAt: now,
      updatedAt: now,
      giftCard: null,
      saveCard: body.save_card === true,
      additional: {},
      disputeScenario: null,
      disputed: 0,
      chargedBack: 0,
    };
    if (body.three_ds?.challenge_indicator) record.additional.challenge_indicator = body.three_ds.challenge_indicator;
    this.instruments[partner].authorize(record, body, now);
    this.books.authorizations.set(record.reference, record);
    this.books.observer?.authorization(record);
    this.books.observer?.instrument(partner);
    this.books.recordAuthorization('AUTHORIZE', record, idempotencyKey);
    return this.books.wire(record);
  }

  operate(kind: OperationKind, reference: string, body: WireOperationBody, idempotencyKey: string): WireOperation {
    const operation = operate(this.books, this.instruments, kind, reference, body, idempotencyKey);
    this.books.observer?.instrument(operation.partner);
    if (kind === 'capture' && operation.status === 'SUCCESS') this.disputes.captured(this.books.mustGet(reference));
    return operation;
  }

  /** A dispute as it stands. */
  dispute(reference: string): WireDispute {
    return this.disputes.wire(this.disputes.mustGet(reference));
  }

  submitEvidence(reference: string, body: WireEvidenceBody): WireDispute {
    return this.disputes.submitEvidence(reference, body);
  }

  /** Settles now (or at `cutoff`): the batches made. */
  settle(body: SettleBody = {}): WireSettlementBatch[] {
    return this.settlements.settle(body).map(({ lines: _lines, ...batch }) => batch);
  }

  settlementBatches(partner: SandboxPartnerName, since?: string): WireSettlementBatch[] {
    return this.settlements.list(partner, since);
  }

  settlementBatch(batchId: string): WireSettlementBatch {
    return this.settlements.summary(batchId);
  }

  settlementFile(batchId: string): string {
    return this.settlements.file(batchId);
  }

  /** An authorization or operation. Reading an authorization may settle it (the timeout card). */
  transaction(reference: string): WireAuthorization | WireOperation {
    const operation = this.books.operations.get(reference);
    if (operation) return operation;
    const record = this.books.mustGet(reference);
    this.instruments[record.partner].onRead?.(record);
    return this.books.wire(record);
  }

  balance(number: string, pin: string | undefined): WireBalance {
    return this.giftCards.balance(number, pin);
  }

  // -------------------------------------------------------------------------------------------
  // Shopper pages (3DS ACS, wallet approval, lender)

  page(kind: PageKind, reference: string): PageView {
    const record = this.books.authorizations.get(reference);
    const instrument = record && this.instruments[record.partner];
    if (!record || instrument?.page !== kind || instrument.hasPage?.(record) === false) {
      throw new SandboxHttpError(404, 'not_found', 'No such transaction.');
    }
    return {
      kind,
      reference,
      method: record.method,
      amount: record.amount,
      currency: record.currency,
      orderReference: record.orderReference,
      lastFour: record.card?.last_four_digits ?? null,
      open: record.pending === kind,
      status: record.status,
    };
  }

  /**
   * The shopper's choice on a page. Returns where to send the browser (return_url with
   * partner_reference and status appended), or null when the orchestrator gave no return_url.
   * A second submission changes nothing and redirects again.
   */
  decide(kind: PageKind, reference: string, accept: boolean): string | null {
    const view = this.page(kind, reference);
    const record = this.books.mustGet(reference);
    if (view.open) {
      this.instruments[record.partner].decide?.(record, accept);
      this.books.observer?.authorization(record);
      this.books.observer?.instrument(record.partner);
      if (record.status !== 'PENDING') this.books.changed(record);
    }
    if (!record.returnUrl) return null;
    const url = new URL(record.returnUrl);
    url.searchParams.set('partner_reference', record.reference);
    url.searchParams.set('status', record.status);
    return url.toString();
  }
}
