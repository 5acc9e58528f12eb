// Between the in-memory books and the ledger store (ledger-store.ts): collects what each call or
// timer changed, and writes it in one transaction when asked (before an answer leaves) or soon
// after (changes nobody waits for: a lender's decision, a notification attempt). Writes are made
// one at a time, in order; a write that fails leaves its changes pending for the next one, and
// the call that asked for it answers 503 (the caller retries with its key and gets the same
// answer once the books are on disk).
import type { SandboxPartnerName } from '../catalog';
import type {
  AuthorizationRecord,
  BooksObserver,
  DisputeRecord,
  EngineSnapshot,
  SandboxEngine,
  SettlementRecord,
} from './engine';
import type { StoredAnswer } from './idempotency';
import type { BooksChanges, LedgerStore, StoredAuthorization, StoredBooks, StoredKey } from './ledger-store';
import type { LedgerEntry, NotificationDelivery, WireOperation } from './schemas';

export class BooksWriter {
  private authorizations = new Map<string, AuthorizationRecord>();
  private operations = new Map<string, WireOperation>();
  private ledger = new Map<number, LedgerEntry>();
  private keys = new Map<string, StoredKey>();
  private instruments = new Set<SandboxPartnerName>();
  private deliveries = new Map<string, { delivery: NotificationDelivery; payload: string; position: number }>();
  private disputes = new Map<string, DisputeRecord>();
  private settlements = new Map<string, SettlementRecord>();
  private positions = new Map<string, number>();
  private chain: Promise<void> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs = 0;
  private closed = false;

  constructor(
    private readonly store: LedgerStore,
    private readonly engine: SandboxEngine,
    private readonly log?: (line: string) => void,
  ) {}

  readonly observer: BooksObserver = {
    authorization: (record) => this.track(() => this.authorizations.set(record.reference, record)),
    operation: (operation) => this.track(() => this.operations.set(operation.reference, operation)),
    ledger: (entry) => this.track(() => this.ledger.set(entry.seq, entry)),
    instrument: (partner) => this.track(() => this.instruments.add(partner)),
    dispute: (record) => this.track(() => this.disputes.set(record.reference, record)),
    settlement: (record) => this.track(() => this.settlements.set(record.batch_id, record)),
  };

  key(key: string, entry: { fingerprint: string; answer: StoredAnswer }): void {
    this.track(() => this.keys.set(key, { key, ...entry }));
  }

  delivery(delivery: NotificationDelivery, payload: string): void {
    let position = this.positions.get(delivery.id);
    if (position === undefined) {
      position = this.positions.size + 1;
      this.positions.set(delivery.id, position);
    }
    const at = position;
    this.track(() => this.deliveries.set(delivery.id, { delivery, payload, position: at }));
  }

  /** Deliveries read back at start keep their place in the list. */
  rememberDeliveries(stored: StoredBooks['deliveries']): void {
    for (const { delivery } of stored) this.positions.set(delivery.id, this.positions.size + 1);
  }

  /** Writes everything pending, after any write already under way. */
  flush(): Promise<void> {
    const run = this.chain.catch(() => undefined).then(() => this.writePending());
    this.chain = run;
    return run;
  }

  /** Forgets what was not written yet (POST /admin/reset clears the store itself). */
  discard(): void {
    this.clearPending();
    this.positions.clear();
  }

  private clearPending(): void {
    this.authorizations.clear();
    this.operations.clear();
    this.ledger.clear();
    this.keys.clear();
    this.instruments.clear();
    this.deliveries.clear();
    this.disputes.clear();
    this.settlements.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.flush().catch((error: unknown) => this.log?.(`ledger store: last write failed: ${String(error)}`));
  }

  /** Records a change, and writes it soon if no answer is about to ask for it. */
  private track(record: () => void): void {
    record();
    if (this.retryTimer === undefined && !this.closed) this.retryTimer = setTimeout(() => this.background(), 0);
  }

  private background(): void {
    this.retryTimer = undefined;
    this.flush().then(
      () => {
        this.retryDelayMs = 0;
      },
      (error: unknown) => {
        if (this.closed) return;
        // The store is unreachable: try again, less and less often (at most every 5 s).
        this.retryDelayMs = Math.min(Math.max(this.retryDelayMs * 2, 250), 5_000);
        this.log?.(`ledger store unavailable (${String(error)}); retrying in ${this.retryDelayMs} ms`);
        this.retryTimer ??= setTimeout(() => this.background(), this.retryDelayMs);
      },
    );
  }

  private take(): BooksChanges {
    const changes: BooksChanges = {
      authorizations: [...this.authorizations.values()].map(storedAuthorization),
      operations: [...this.operations.values()],
      ledger: [...this.ledger.values()],
      keys: [...this.keys.values()],
      instruments: [...this.instruments]
        .map((partner) => ({ partner, state: this.engine.instrumentState(partner) }))
        .filter((instrument) => instrument.state !== undefined),
      // Copied: the live delivery keeps changing while the write is under way.
      deliveries: [...this.deliveries.values()].map((d) => ({ ...d, delivery: structuredClone(d.delivery) })),
      disputes: [...this.disputes.values()].map((record) => structuredClone(record)),
      settlements: [...this.settlements.values()],
    };
    return changes;
  }

  private async writePending(): Promise<void> {
    const taken = {
      authorizations: new Map(this.authorizations),
      operations: new Map(this.operations),
      ledger: new Map(this.ledger),
      keys: new Map(this.keys),
      instruments: new Set(this.instruments),
      deliveries: new Map(this.deliveries),
      disputes: new Map(this.disputes),
      settlements: new Map(this.settlements),
    };
    const changes = this.take();
    this.clearPending();
    try {
      await this.store.write(changes);
    } catch (error) {
      // Pending again, under anything newer that arrived meanwhile (the live objects are the same).
      for (const [k, v] of taken.authorizations) if (!this.authorizations.has(k)) this.authorizations.set(k, v);
      for (const [k, v] of taken.operations) if (!this.operations.has(k)) this.operations.set(k, v);
      for (const [k, v] of taken.ledger) if (!this.ledger.has(k)) this.ledger.set(k, v);
      for (const [k, v] of taken.keys) if (!this.keys.has(k)) this.keys.set(k, v);
      for (const partner of taken.instruments) this.instruments.add(partner);
      for (const [k, v] of taken.deliveries) if (!this.deliveries.has(k)) this.deliveries.set(k, v);
      for (const [k, v] of taken.disputes) if (!this.disputes.has(k)) this.disputes.set(k, v);
      for (const [k, v] of taken.settlements) if (!this.settlements.has(k)) this.settlements.set(k, v);
      throw error;
    }
  }
}

function storedAuthorization(record: AuthorizationRecord): StoredAuthorization {
  return { ...record, createdAt: record.createdAt.toISOString(), updatedAt: record.updatedAt.toISOString() };
}

/** The engine's books from what the store read back. */
export function engineSnapshotOf(stored: StoredBooks): EngineSnapshot {
  return {
    authorizations: stored.authorizations.map(
      (row) =>
        ({
          ...row,
          createdAt: new Date(String(row.createdAt)),
          updatedAt: new Date(String(row.updatedAt)),
        }) as unknown as AuthorizationRecord,
    ),
    operations: stored.operations,
    ledger: stored.ledger,
    instruments: stored.instruments,
    disputes: stored.disputes,
    settlements: stored.settlements,
  };
}
