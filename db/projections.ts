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
import type { OperationKind } from '../domain/payment-ledger';

/** Upserts the session's read model; a write carrying an older version than the stored one is a no-op. */
export async function saveClientSessionProjection(sql: Sql, key: Buffer, session: ClientSessionState): Promise<void> {
  await sql`
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
 * and indexes its partner transactions by id, in one statement (one round trip).
 */
export async function savePaymentProjection(sql: Sql, key: Buffer, payment: Payment): Promise<void> {
  const transactions = transactionsOf(payment);
  await sql`
    with saved as (
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
    insert into payment_transactions (transaction_id, payment_id, entity_id, kind, parent_transaction_id)
    select t.id, ${payment.id}, ${payment.entity_id}, t.kind, t.parent
    from jsonb_to_recordset(${sql.json(transactions)}) as t(id uuid, kind text, parent uuid)
    on conflict (transaction_id) do nothing`;
}

function transactionsOf(payment: Payment): { id: string; kind: string; parent: string | null }[] {
  const operations = (kind: OperationKind, list: Payment['captures']) =>
    list.flatMap((operation) =>
      operation.partner_transactions.map((tx) => ({
        id: tx.id,
        kind,
        parent: tx.authorization_partner_transaction_id ?? null,
      })),
    );
  return [
    ...(payment.authorization?.partner_transactions ?? []).map((tx) => ({
      id: tx.id,
      kind: 'authorization',
      parent: null,
    })),
    ...operations('capture', payment.captures),
    ...operations('void', payment.voids),
    ...operations('refund', payment.refunds),
  ];
}

/** The payment a partner transaction belongs to, for its entity only. */
export async function findTransaction(
  sql: Sql,
  entityId: string,
  transactionId: string,
): Promise<{ paymentId: string; kind: string; parentTransactionId: string | null } | undefined> {
  const [row] = await sql<{ payment_id: string; kind: string; parent_transaction_id: string | null }[]>`
    select payment_id, kind, parent_transaction_id from payment_transactions where transaction_id = ${transactionId} and entity_id = ${entityId}`;
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
