// The read model of sessions and payments: listing, reporting and cached reads. The workflows are
// the source of truth; a row only ever moves to a higher version, so writers need no ordering.
// Who writes: whoever is told of a change first. The API writes what an Update or a start
// answered it; a workflow writes what changed with nobody asking (a partner notification, a
// poll, a timer, a compensation).
//
// A row's document is sealed (AES-256-GCM with the platform key, platform/secrets.ts): it holds the
// customer's email, names, phone numbers and addresses and the partners' reusable tokens, which the
// API gives back to the merchant but no reader of the database should see. Listings filter on the
// columns beside it.
import type { Sql } from './connection';
import { decrypt, encrypt } from '../platform/secrets';
import type { ClientSessionState } from '../workflows/client-session/types';
import type { Payment } from '../api/schemas/v2';
import { transactionRowsOf } from './transaction-report';
import { tokenOwnerRows } from './partner-token-owners';

/** Upserts the session's read model; a write carrying an older version than the stored one is a no-op. */
export async function saveClientSessionProjection(sql: Sql, key: Buffer, session: ClientSessionState): Promise<void> {
  await sessionUpsert(sql, key, session);
}

/**
 * A session and its payment, as a submission answers them, in one statement: one commit (one flush
 * of PostgreSQL's WAL) instead of two writes in parallel on two connections, which cost a
 * submission 1.2 to 2 ms more at its p50 on a 2-core machine (scripts/bench/MEASUREMENTS.md). Each row still
 * moves only to a higher version.
 */
export async function saveSessionAndPaymentProjections(
  sql: Sql,
  key: Buffer,
  session: ClientSessionState,
  payment: Payment,
): Promise<void> {
  await paymentUpsert(sql, key, payment, sessionUpsert(sql, key, session));
}

function sessionUpsert(sql: Sql, key: Buffer, session: ClientSessionState) {
  return sql`
    insert into client_session_projections
      (id, entity_id, status, amount, currency, order_reference, payment_id, version, sealed_body, created_at, updated_at)
    values (${session.id}, ${session.entity_id}, ${session.status}, ${session.amount}, ${session.currency},
            ${session.order.reference}, ${session.payment_id ?? null}, ${session.version}, ${seal(key, session)},
            ${session.created_at}, now())
    on conflict (id) do update set
      status = excluded.status, payment_id = excluded.payment_id, version = excluded.version,
      body = null, sealed_body = excluded.sealed_body, updated_at = now()
    where client_session_projections.version < excluded.version`;
}

/**
 * Upserts the payment's read model, which answers GET /v2/payments/{id} with Cache-Control max-age,
 * and its rows of the transactions report (db/transaction-report.ts), in one statement (one round
 * trip). Each part moves only to a higher version: a late, retried write never regresses a newer one.
 */
export async function savePaymentProjection(sql: Sql, key: Buffer, payment: Payment): Promise<void> {
  await paymentUpsert(sql, key, payment);
}

/** The payment's statement; `alongside`, another write run in the same statement (a CTE). */
function paymentUpsert(sql: Sql, key: Buffer, payment: Payment, alongside?: ReturnType<typeof sessionUpsert>) {
  const rows = transactionRowsOf(payment);
  const tokens = tokenOwnerRows(key, payment);
  // The partner tokens it shows belong to its entity from now on (migration 021), first come.
  const owners =
    tokens.length > 0
      ? sql`owned as (
          insert into partner_token_owners (partner, token_hash, entity_id)
          select t.partner, decode(t.token_hash, 'hex'), t.entity_id
          from jsonb_to_recordset(${sql.json(tokens)}) as t(partner text, token_hash text, entity_id uuid)
          on conflict (partner, token_hash) do nothing
        ),`
      : sql``;
  return sql`
    with ${alongside ? sql`written_alongside as (${alongside}),` : sql``} ${owners} saved as (
      insert into payment_projections
        (id, entity_id, client_session_id, authorization_status, amount, currency, order_reference, version, sealed_body, created_at, updated_at)
      values (${payment.id}, ${payment.entity_id}, ${payment.client_session_id ?? null}, ${payment.authorization?.status ?? 'PENDING'},
              ${payment.amount}, ${payment.currency}, ${payment.order_reference}, ${payment.version},
              ${seal(key, payment)}, ${payment.created_at}, now())
      on conflict (id) do update set
        authorization_status = excluded.authorization_status, version = excluded.version,
        body = null, sealed_body = excluded.sealed_body, updated_at = now()
      where payment_projections.version < excluded.version
    )
    insert into payment_transactions
      (transaction_id, payment_id, entity_id, kind, parent_transaction_id, operation_id, authorization_id, triggered_by,
       order_reference, partner, method, partner_reference, amount, processed_amount, currency, status, reason,
       partner_status, partner_status_description, created_at, updated_at, payment_version)
    select t.id, t.payment_id, t.entity_id, t.kind, case when t.kind = 'dispute' then null else t.authorization_id end, t.operation_id, t.authorization_id, t.triggered_by,
           t.order_reference, t.partner, t.method, t.partner_reference, t.amount, t.processed_amount, t.currency, t.status,
           t.reason, t.partner_status, t.partner_status_description, t.created_at, t.updated_at, ${payment.version}
    from jsonb_to_recordset(${sql.json(JSON.parse(JSON.stringify(rows)))}) as t(
      id uuid, payment_id uuid, entity_id uuid, kind text, operation_id uuid, authorization_id uuid, triggered_by text,
      order_reference text, partner text, method text, partner_reference text, amount bigint, processed_amount bigint,
      currency text, status text, reason text, partner_status text, partner_status_description text,
      created_at timestamptz, updated_at timestamptz)
    on conflict (transaction_id) do update set
      created_at = excluded.created_at, operation_id = excluded.operation_id, authorization_id = excluded.authorization_id,
      triggered_by = excluded.triggered_by, order_reference = excluded.order_reference, partner = excluded.partner,
      method = excluded.method, partner_reference = excluded.partner_reference, amount = excluded.amount,
      processed_amount = excluded.processed_amount, currency = excluded.currency, status = excluded.status,
      reason = excluded.reason, partner_status = excluded.partner_status,
      partner_status_description = excluded.partner_status_description, updated_at = excluded.updated_at,
      payment_version = excluded.payment_version
    where payment_transactions.payment_version < excluded.payment_version`;
}

/** The payment a partner transaction belongs to, for its entity only (a dispute is no partner transaction). */
export async function findTransaction(
  sql: Sql,
  entityId: string,
  transactionId: string,
): Promise<{ paymentId: string; kind: string; parentTransactionId: string | null } | undefined> {
  const [row] = await sql<{ payment_id: string; kind: string; parent_transaction_id: string | null }[]>`
    select payment_id, kind, parent_transaction_id from payment_transactions
    where transaction_id = ${transactionId} and entity_id = ${entityId} and kind <> 'dispute'`;
  return row
    ? { paymentId: row.payment_id, kind: row.kind, parentTransactionId: row.parent_transaction_id }
    : undefined;
}

/** The parent each transaction of a payment acts on, as recorded (a v1 refund names its capture). */
export async function transactionParents(sql: Sql, paymentId: string): Promise<Map<string, string>> {
  const rows = await sql<{ transaction_id: string; parent_transaction_id: string }[]>`
    select transaction_id, parent_transaction_id from payment_transactions where payment_id = ${paymentId} and parent_transaction_id is not null`;
  return new Map(rows.map((row) => [row.transaction_id, row.parent_transaction_id]));
}

/** A v1 refund acts on a capture: remember which, since the payment records only the authorization. */
export async function recordRefundedCapture(
  sql: Sql,
  refundTransactionIds: readonly string[],
  captureTransactionId: string,
): Promise<void> {
  if (refundTransactionIds.length === 0) return;
  await sql`update payment_transactions set parent_transaction_id = ${captureTransactionId} where transaction_id in ${sql(refundTransactionIds)} and kind = 'refund'`;
}

/** Removes the row of a session whose start failed, unless a later version proves it exists. */
export async function deleteClientSessionProjection(sql: Sql, id: string, version: number): Promise<void> {
  await sql`delete from client_session_projections where id = ${id} and version = ${version}`;
}

export async function readPaymentProjection(
  sql: Sql,
  key: Buffer,
  id: string,
): Promise<{ payment: Payment; updatedAt: Date } | undefined> {
  const [row] = await sql<
    (Stored<Payment> & { updated_at: Date })[]
  >`select body, sealed_body, updated_at from payment_projections where id = ${id}`;
  return row ? { payment: unseal(key, row), updatedAt: row.updated_at } : undefined;
}

export async function readClientSessionProjection(
  sql: Sql,
  key: Buffer,
  id: string,
): Promise<ClientSessionState | undefined> {
  const [row] = await sql<
    Stored<ClientSessionState>[]
  >`select body, sealed_body from client_session_projections where id = ${id}`;
  return row ? unseal(key, row) : undefined;
}

/** Every payment submitted on a session (a refused one, then the one that paid), oldest first. */
export async function paymentsOfSession(sql: Sql, key: Buffer, sessionId: string): Promise<Payment[]> {
  const rows = await sql<
    Stored<Payment>[]
  >`select body, sealed_body from payment_projections where client_session_id = ${sessionId} order by created_at, id`;
  return rows.map((row) => unseal(key, row));
}

/** The entity's payments for an order reference (references are not unique), oldest first. */
export async function paymentsOfOrder(
  sql: Sql,
  key: Buffer,
  entityId: string,
  orderReference: string,
): Promise<Payment[]> {
  const rows = await sql<Stored<Payment>[]>`
    select body, sealed_body from payment_projections where entity_id = ${entityId} and order_reference = ${orderReference} order by created_at, id limit 500`;
  return rows.map((row) => unseal(key, row));
}

/** A row as stored: sealed, or in clear if written before the documents were sealed. */
interface Stored<T> {
  body: T | null;
  sealed_body: string | null;
}

function seal(key: Buffer, document: ClientSessionState | Payment): string {
  return encrypt(key, JSON.stringify(document));
}

function unseal<T>(key: Buffer, row: Stored<T>): T {
  if (row.sealed_body !== null) return JSON.parse(decrypt(key, row.sealed_body)) as T;
  if (row.body === null) throw new Error('a projection row holds no document');
  return row.body;
}

/**
 * Seals the documents of rows written before they were sealed (db/migrations/012_sealed_projections.sql), a batch at a
 * time; the api runs it at start. A row a writer replaces meanwhile is skipped: it is sealed already.
 */
export async function sealClearProjections(sql: Sql, key: Buffer, batch = 200): Promise<number> {
  let sealed = 0;
  for (const table of ['client_session_projections', 'payment_projections'] as const) {
    for (;;) {
      const rows = await sql<{ id: string; version: number; body: ClientSessionState | Payment }[]>`
        select id, version, body from ${sql(table)} where body is not null limit ${batch}`;
      if (rows.length === 0) break;
      for (const row of rows) {
        const updated = await sql`
          update ${sql(table)} set sealed_body = ${seal(key, row.body)}, body = null
          where id = ${row.id} and version = ${row.version} and body is not null`;
        sealed += updated.count;
      }
      if (rows.length < batch) break;
    }
  }
  return sealed;
}

/**
 * Fills in the report columns of partner transactions recorded before the transactions report
 * (db/migrations/014_reports.sql left them at payment_version 0) from their payments' sealed
 * documents, a batch of payments at a time; the api runs it at start, after sealClearProjections.
 * Rewriting a payment's projection at its own version moves only its transaction rows.
 */
export async function completeTransactionReport(sql: Sql, key: Buffer, batch = 200): Promise<number> {
  let completed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // Driven by a partial index (db/migrations/016_start_up_repairs_indexed.sql): once every
    // row is complete, a start costs one look at an empty index.
    const unreported = await sql<{ payment_id: string }[]>`
      select distinct payment_id from payment_transactions
      where payment_version = 0 and payment_id > ${after}
      order by payment_id limit ${batch}`;
    const ids = unreported.map((row) => row.payment_id);
    const rows =
      ids.length === 0
        ? []
        : await sql<({ id: string } & Stored<Payment>)[]>`
            select id, body, sealed_body from payment_projections where id = any(${ids}::uuid[]) order by id`;
    for (const row of rows) {
      await savePaymentProjection(sql, key, unseal(key, row));
      completed += 1;
    }
    if (ids.length < batch) return completed;
    after = ids.at(-1)!;
  }
}
