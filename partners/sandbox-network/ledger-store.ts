// The sandbox's books on disk, so that a restarted partner network still knows every transaction
// it made: a payment polling an authorization made before a restart must find it, and a retry
// with an idempotency key answered before the restart must get that answer again, not a second
// effect. Real acquirers do not forget.
//
// Its own PostgreSQL schema (`sandbox_network`), reached with the postgres package only: the
// sandbox is a service of its own and shares no code with Tessera's db/ (partners/README.md).
// Under `npm start` it lives in the embedded database beside Tessera's tables; in production
// it would be the partner's own database.
//
// The engine keeps working in memory, synchronously, as before; what a request changed is
// written in one transaction before its answer leaves (server.ts), so an answer a caller
// received is always on disk. One row per object, its JSON as the body: the sandbox reads
// everything back at start and never queries these tables otherwise.
import postgres from 'postgres';
import type { SandboxPartnerName } from '../catalog';
import type { DisputeRecord, SettlementRecord } from './engine';
import type { LedgerEntry, NotificationDelivery, WireOperation } from './schemas';

/** An authorization record as stored: its dates as ISO strings. */
export type StoredAuthorization = Record<string, unknown> & { reference: string };

export interface StoredKey {
  key: string;
  fingerprint: string;
  answer: { statusCode: number; body: unknown };
}

export interface StoredDelivery {
  delivery: NotificationDelivery;
  /** The notification exactly as first sent: a resumed delivery re-sends the same body. */
  payload: string;
}

/** Everything the sandbox knows, as read back at start. */
export interface StoredBooks {
  authorizations: StoredAuthorization[];
  operations: WireOperation[];
  ledger: LedgerEntry[];
  keys: StoredKey[];
  instruments: Partial<Record<SandboxPartnerName, unknown>>;
  deliveries: StoredDelivery[];
  disputes: DisputeRecord[];
  settlements: SettlementRecord[];
}

/** What changed since the last write; each object is written whole. */
export interface BooksChanges {
  authorizations: StoredAuthorization[];
  operations: WireOperation[];
  ledger: LedgerEntry[];
  keys: StoredKey[];
  instruments: { partner: SandboxPartnerName; state: unknown }[];
  deliveries: (StoredDelivery & { position: number })[];
  disputes: DisputeRecord[];
  settlements: SettlementRecord[];
}

export function noChanges(changes: BooksChanges): boolean {
  return Object.values(changes).every((list) => list.length === 0);
}

const schema = 'sandbox_network';

export class LedgerStore {
  private readonly sql: postgres.Sql;

  constructor(databaseUrl: string) {
    // Few connections: every write is one short transaction, and they are made one at a time.
    this.sql = postgres(databaseUrl, { max: 2, onnotice: () => {}, connect_timeout: 10 });
  }

  async open(): Promise<StoredBooks> {
    const sql = this.sql;
    await sql.begin(async (tx) => {
      // Two sandboxes starting at once on one database: one creates the tables, the other waits.
      await tx`select pg_advisory_xact_lock(724010)`;
      await tx.unsafe(`
        create schema if not exists ${schema};
        create table if not exists ${schema}.authorizations (reference text primary key, body jsonb not null);
        create table if not exists ${schema}.operations (reference text primary key, body jsonb not null);
        create table if not exists ${schema}.ledger (seq integer primary key, body jsonb not null);
        create table if not exists ${schema}.idempotency_keys (
          key text primary key, fingerprint text not null, answer jsonb not null);
        create table if not exists ${schema}.instrument_state (partner text primary key, body jsonb not null);
        create table if not exists ${schema}.notification_deliveries (
          id text primary key, position integer not null, body jsonb not null, payload text not null);
        create table if not exists ${schema}.disputes (reference text primary key, body jsonb not null);
        create table if not exists ${schema}.settlements (batch_id text primary key, body jsonb not null);
      `);
    });
    const [authorizations, operations, ledger, keys, instruments, deliveries, disputes, settlements] =
      await Promise.all([
        sql<{ body: StoredAuthorization }[]>`select body from sandbox_network.authorizations`,
        sql<{ body: WireOperation }[]>`select body from sandbox_network.operations`,
        sql<{ body: LedgerEntry }[]>`select body from sandbox_network.ledger order by seq`,
        sql<StoredKey[]>`select key, fingerprint, answer from sandbox_network.idempotency_keys`,
        sql<
          { partner: SandboxPartnerName; body: unknown }[]
        >`select partner, body from sandbox_network.instrument_state`,
        sql<
          { body: NotificationDelivery; payload: string }[]
        >`select body, payload from sandbox_network.notification_deliveries order by position`,
        sql<{ body: DisputeRecord }[]>`select body from sandbox_network.disputes`,
        sql<{ body: SettlementRecord }[]>`select body from sandbox_network.settlements`,
      ]);
    return {
      authorizations: authorizations.map((row) => row.body),
      operations: operations.map((row) => row.body),
      ledger: ledger.map((row) => row.body),
      keys: keys.map((row) => ({ key: row.key, fingerprint: row.fingerprint, answer: row.answer })),
      instruments: Object.fromEntries(instruments.map((row) => [row.partner, row.body])),
      deliveries: deliveries.map((row) => ({ delivery: row.body, payload: row.payload })),
      disputes: disputes.map((row) => row.body),
      settlements: settlements.map((row) => row.body),
    };
  }

  /** Writes a batch of changes in one transaction: all of it is on disk, or none. */
  async write(changes: BooksChanges): Promise<void> {
    if (noChanges(changes)) return;
    const json = (value: unknown) => this.sql.json(value as postgres.JSONValue);
    await this.sql.begin(async (tx) => {
      if (changes.authorizations.length > 0)
        await tx`
          insert into sandbox_network.authorizations (reference, body)
          select x.reference, x.body from jsonb_to_recordset(${json(changes.authorizations.map((body) => ({ reference: body.reference, body })))}) as x(reference text, body jsonb)
          on conflict (reference) do update set body = excluded.body`;
      if (changes.operations.length > 0)
        await tx`
          insert into sandbox_network.operations (reference, body)
          select x.reference, x.body from jsonb_to_recordset(${json(changes.operations.map((body) => ({ reference: body.reference, body })))}) as x(reference text, body jsonb)
          on conflict (reference) do update set body = excluded.body`;
      if (changes.ledger.length > 0)
        await tx`
          insert into sandbox_network.ledger (seq, body)
          select x.seq, x.body from jsonb_to_recordset(${json(changes.ledger.map((body) => ({ seq: body.seq, body })))}) as x(seq integer, body jsonb)
          on conflict (seq) do nothing`;
      if (changes.keys.length > 0)
        await tx`
          insert into sandbox_network.idempotency_keys (key, fingerprint, answer)
          select x.key, x.fingerprint, x.answer from jsonb_to_recordset(${json(changes.keys)}) as x(key text, fingerprint text, answer jsonb)
          on conflict (key) do nothing`;
      if (changes.instruments.length > 0)
        await tx`
          insert into sandbox_network.instrument_state (partner, body)
          select x.partner, x.state from jsonb_to_recordset(${json(changes.instruments)}) as x(partner text, state jsonb)
          on conflict (partner) do update set body = excluded.body`;
      if (changes.deliveries.length > 0)
        await tx`
          insert into sandbox_network.notification_deliveries (id, position, body, payload)
          select x.delivery->>'id', x.position, x.delivery, x.payload
          from jsonb_to_recordset(${json(changes.deliveries)}) as x(delivery jsonb, payload text, position integer)
          on conflict (id) do update set body = excluded.body`;
      if (changes.disputes.length > 0)
        await tx`
          insert into sandbox_network.disputes (reference, body)
          select x.reference, x.body from jsonb_to_recordset(${json(changes.disputes.map((body) => ({ reference: body.reference, body })))}) as x(reference text, body jsonb)
          on conflict (reference) do update set body = excluded.body`;
      if (changes.settlements.length > 0)
        await tx`
          insert into sandbox_network.settlements (batch_id, body)
          select x.batch_id, x.body from jsonb_to_recordset(${json(changes.settlements.map((body) => ({ batch_id: body.batch_id, body })))}) as x(batch_id text, body jsonb)
          on conflict (batch_id) do nothing`;
    });
  }

  /** Forgets everything (POST /admin/reset). */
  async clear(): Promise<void> {
    await this.sql.unsafe(
      `truncate ${schema}.authorizations, ${schema}.operations, ${schema}.ledger, ${schema}.idempotency_keys, ${schema}.instrument_state, ${schema}.notification_deliveries, ${schema}.disputes, ${schema}.settlements`,
    );
  }

  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }
}
