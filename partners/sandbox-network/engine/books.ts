// The sandbox bank's books, shared by every instrument: authorization records, operations, the
// ledger of effects, and the moves between statuses with their notifications. What each partner
// decides lives beside it (cards.ts, gift-cards.ts, wallets.ts, instalments.ts); index.ts puts
// them together behind the one API the server calls.
import { randomBytes } from 'node:crypto';
import type { Currency, SandboxPartnerName, ReasonCode } from '../../catalog';
import type {
  AuthenticationOutcome,
  AuthorizationAmounts,
  PartnerAuthorizationStatus,
  Redirection,
} from '../../partner';
import type {
  LedgerEntry,
  LedgerEntryType,
  NotificationNews,
  WireAuthorization,
  WireAuthorizeBody,
  WireDispute,
  WireOperation,
} from '../schemas';
import type { DisputeScenario } from '../test-data';
import type { DisputeRecord } from './disputes';
import type { SettlementRecord } from './settlements';

export class SandboxHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface EngineOptions {
  /** Origin the shopper's browser reaches the sandbox on (for redirection hrefs). */
  publicUrl: () => string;
  /** The timeout card settles (AUTHORIZED) at the first status read at least this long after authorize. */
  uncertainSettleMs: number;
  /** Delay between the shopper applying on the lender page and the lender's decision. */
  instalmentDecisionMs: number;
  /** A dispute card's dispute opens this long after its capture. */
  disputeOpenMs: number;
  /** The shopper's bank decides this long after the evidence arrived. */
  disputeDecisionMs: number;
  /** Evidence is taken this long after a dispute opens; without it, the dispute is LOST then. */
  disputeEvidenceWindowMs: number;
  /** Posts news to a notification_url: an authorization settled, a dispute moved, a settlement file ready. */
  notify: (url: string, news: NotificationNews) => void;
}

export type PageKind = 'challenge' | 'wallet' | 'lender';

/** Where each shopper page is served: the server's routes and the redirection hrefs both use it. */
export const PAGE_PATHS: Readonly<Record<PageKind, string>> = { challenge: 'acs', wallet: 'wallet', lender: 'lender' };

/** What the shopper still has to do on a page, or what the partner still waits for. */
export type PendingStep = PageKind | 'review' | 'uncertain';

export interface AuthorizationRecord {
  reference: string;
  partner: SandboxPartnerName;
  method: string;
  status: PartnerAuthorizationStatus;
  amount: number;
  authorized: number;
  currency: Currency;
  partnerStatus: string;
  description: string;
  reason: ReasonCode | null;
  token: string | null;
  card: WireAuthorization['card'];
  authentication: AuthenticationOutcome | null;
  pending: PendingStep | null;
  returnUrl: string | null;
  notificationUrl: string | null;
  customerEmail: string | undefined;
  orderReference: string | null;
  idempotencyKey: string;
  captured: number;
  voided: number;
  refunded: number;
  createdAt: Date;
  updatedAt: Date;
  giftCard: string | null;
  /** The shopper agreed to future usage: an approved card authorization gets a reusable token. */
  saveCard: boolean;
  additional: Record<string, string>;
  /** A dispute card: how its shopper disputes the payment once captured (absent from older books). */
  disputeScenario?: DisputeScenario | null;
  /** Under open disputes, and taken back by lost ones: neither can be refunded (absent from older books). */
  disputed?: number;
  chargedBack?: number;
}

export type OperationKind = WireOperation['object'];

/** What one partner adds to the shared books; index.ts calls the hooks an instrument has. */
export interface Instrument {
  /** Decides a new authorization (it starts PENDING): approves, refuses or leaves it waiting. */
  authorize(record: AuthorizationRecord, body: WireAuthorizeBody, now: Date): void;
  /** The shopper page of this partner, if it has one. */
  readonly page?: PageKind;
  /** Whether this authorization has that page (the card has one for a 3-D Secure challenge only). */
  hasPage?(record: AuthorizationRecord): boolean;
  /** The shopper's decision on the page while it is open. */
  decide?(record: AuthorizationRecord, accept: boolean): void;
  /** A status read: may settle what waits for one (the card acquirer's timeout). */
  onRead?(record: AuthorizationRecord): void;
  /** A successful capture, void or refund: the partner's own money moves (gift card balances). */
  onOperation?(record: AuthorizationRecord, kind: OperationKind, amount: number): void;
  /** Forgets this partner's own state (tokens, balances). */
  reset(): void;
  /** This partner's own state as JSON, for the ledger store (ledger-store.ts); none if it keeps none. */
  snapshot?(): unknown;
  /** Takes back what snapshot() gave, at start. */
  restore?(state: unknown): void;
}

/** Told of every object a call or a timer changed, so that it is written before anyone hears of it. */
export interface BooksObserver {
  authorization(record: AuthorizationRecord): void;
  operation(operation: WireOperation): void;
  ledger(entry: LedgerEntry): void;
  instrument(partner: SandboxPartnerName): void;
  dispute(record: DisputeRecord): void;
  settlement(record: SettlementRecord): void;
}

export type LedgerFilter = Partial<
  Pick<LedgerEntry, 'type' | 'partner' | 'partner_reference' | 'authorization_reference' | 'idempotency_key' | 'status'>
>;

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export function approve(record: AuthorizationRecord, amount: number, partnerStatus: string, description: string): void {
  record.status = 'AUTHORIZED';
  record.authorized = amount;
  record.pending = null;
  record.partnerStatus = partnerStatus;
  record.description = description;
  record.reason = null;
}

export function refuse(
  record: AuthorizationRecord,
  reason: ReasonCode,
  partnerStatus: string,
  description: string,
): void {
  record.status = 'REFUSED';
  record.authorized = 0;
  record.pending = null;
  record.reason = reason;
  record.partnerStatus = partnerStatus;
  record.description = description;
}

export function setPending(
  record: AuthorizationRecord,
  step: PendingStep,
  partnerStatus: string,
  description: string,
): void {
  record.status = 'PENDING';
  record.pending = step;
  record.partnerStatus = partnerStatus;
  record.description = description;
}

export function amountsOf(r: AuthorizationRecord): AuthorizationAmounts {
  const uncaptured = r.authorized - r.captured - r.voided;
  return {
    authorized: r.authorized,
    captured: r.captured,
    voided: r.voided,
    refunded: r.refunded,
    available_to_capture: uncaptured,
    available_to_void: uncaptured,
    available_to_refund: Math.max(0, r.captured - r.refunded - (r.disputed ?? 0) - (r.chargedBack ?? 0)),
  };
}

const LEDGER_TYPE: Record<OperationKind, LedgerEntryType> = { capture: 'CAPTURE', void: 'VOID', refund: 'REFUND' };

export class Books {
  readonly authorizations = new Map<string, AuthorizationRecord>();
  readonly operations = new Map<string, WireOperation>();
  private entries: LedgerEntry[] = [];
  private timers = new Set<NodeJS.Timeout>();
  /** Set when the books are persisted (server.ts). */
  observer: BooksObserver | undefined;

  constructor(readonly options: EngineOptions) {}

  /** Takes back the books read from the store at start (the timers are the caller's to plan again). */
  restore(records: readonly AuthorizationRecord[], operations: readonly WireOperation[], entries: LedgerEntry[]): void {
    for (const record of records) this.authorizations.set(record.reference, record);
    for (const operation of operations) this.operations.set(operation.reference, operation);
    this.entries = [...entries];
  }

  reset(): void {
    this.dispose();
    this.authorizations.clear();
    this.operations.clear();
    this.entries = [];
  }

  /** Cancels what was planned for later (lender decisions). */
  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  mustGet(reference: string): AuthorizationRecord {
    const record = this.authorizations.get(reference);
    if (!record) throw new SandboxHttpError(404, 'not_found', 'No such transaction.');
    return record;
  }

  ledger(filter: LedgerFilter = {}): LedgerEntry[] {
    const conditions = Object.entries(filter).filter(([, v]) => v !== undefined) as [keyof LedgerEntry, unknown][];
    return this.entries.filter((e) => conditions.every(([k, v]) => e[k] === v));
  }

  /** An asynchronous status change: ledger line, then a notification if a URL was given. */
  changed(record: AuthorizationRecord): void {
    record.updatedAt = new Date();
    this.observer?.authorization(record);
    this.recordAuthorization('AUTHORIZATION_UPDATE', record, null);
    if (record.notificationUrl && record.status !== 'PENDING' && record.status !== 'UNCERTAIN') {
      this.options.notify(record.notificationUrl, { type: 'authorization.updated', authorization: this.wire(record) });
    }
  }

  recordAuthorization(
    type: 'AUTHORIZE' | 'AUTHORIZATION_UPDATE',
    record: AuthorizationRecord,
    idempotencyKey: string | null,
  ): void {
    this.push({
      type,
      partner: record.partner,
      method: record.method,
      partner_reference: record.reference,
      authorization_reference: record.reference,
      idempotency_key: idempotencyKey,
      status: record.status,
      amount: record.amount,
      processed_amount: record.authorized,
      currency: record.currency,
      reason: record.reason,
      card: cardRef(record),
    });
  }

  recordOperation(operation: WireOperation, auth: AuthorizationRecord): void {
    this.operations.set(operation.reference, operation);
    this.observer?.operation(operation);
    this.observer?.authorization(auth);
    this.push({
      type: LEDGER_TYPE[operation.object],
      partner: auth.partner,
      method: auth.method,
      partner_reference: operation.reference,
      authorization_reference: auth.reference,
      idempotency_key: operation.idempotency_key,
      status: operation.status,
      amount: operation.amount,
      processed_amount: operation.processed_amount,
      currency: operation.currency,
      reason: operation.reason,
      card: cardRef(auth),
    });
  }

  /** A dispute opened or decided: its ledger line (processed_amount is what a lost one took back). */
  recordDispute(dispute: WireDispute, auth: AuthorizationRecord): void {
    this.push({
      type: 'DISPUTE',
      partner: auth.partner,
      method: auth.method,
      partner_reference: dispute.reference,
      authorization_reference: auth.reference,
      idempotency_key: null,
      status: dispute.status,
      amount: dispute.amount,
      processed_amount: dispute.status === 'LOST' ? dispute.amount : 0,
      currency: dispute.currency,
      reason: null,
      card: cardRef(auth),
    });
  }

  private push(entry: Omit<LedgerEntry, 'seq' | 'at'>): void {
    const line: LedgerEntry = { seq: this.entries.length + 1, at: new Date().toISOString(), ...entry };
    this.entries.push(line);
    this.observer?.ledger(line);
  }

  wire(record: AuthorizationRecord): WireAuthorization {
    return {
      object: 'authorization',
      reference: record.reference,
      partner: record.partner,
      method: record.method,
      status: record.status,
      amount: record.amount,
      authorized_amount: record.authorized,
      currency: record.currency,
      partner_status: record.partnerStatus,
      partner_status_description: record.description,
      reason: record.reason,
      token: record.token,
      card: record.card,
      authentication: record.authentication,
      redirection: this.redirection(record),
      additional_data: { ...record.additional },
      amounts: amountsOf(record),
      idempotency_key: record.idempotencyKey,
      created_at: record.createdAt.toISOString(),
      updated_at: record.updatedAt.toISOString(),
    };
  }

  private redirection(record: AuthorizationRecord): Redirection | null {
    const step = record.pending;
    if (step !== 'challenge' && step !== 'wallet' && step !== 'lender') return null;
    return {
      href: `${this.options.publicUrl()}/${PAGE_PATHS[step]}/${record.reference}`,
      method: 'GET',
      media_type: null,
      body: null,
    };
  }
}

function cardRef(r: AuthorizationRecord): LedgerEntry['card'] {
  if (r.card) return { bin: r.card.bin, last_four_digits: r.card.last_four_digits };
  const giftLast4 = r.additional.giftcard_last_four_digits;
  return giftLast4 ? { bin: '', last_four_digits: giftLast4 } : null;
}
