// The read model of sessions and payments: listing, reporting and cached reads. The workflows are
// the source of truth; a row only ever moves to a higher version, so writers need no ordering.
// Who writes: whoever is told of a change first. The API writes what an Update or a start
// answered it; a workflow writes what changed with nobody asking (a partner notification, a
// poll, a timer, a compensation).
import type { Sql } from './connection';
import type { ClientSessionState } from '../workflows/client-session/types';
import type { Payment } from '../api/schemas/v2';

/** Upserts the session's read model; a write carrying an older version than the stored one is a no-op. */
export async function saveClientSessionProjection(sql: Sql, session: ClientSessionState): Promise<void> {
  await sql`
    insert into client_session_projections
      (id, entity_id, status, amount, currency, order_reference, payment_id, version, body, created_at, updated_at)
    values (${session.id}, ${session.entity_id}, ${session.status}, ${session.amount}, ${session.currency},
            ${session.order.reference}, ${session.payment_id ?? null}, ${session.version}, ${sql.json(JSON.parse(JSON.stringify(session)))},
            ${session.created_at}, now())
    on conflict (id) do update set
      status = excluded.status, payment_id = excluded.payment_id, version = excluded.version,
      body = excluded.body, updated_at = now()
    where client_session_projections.version < excluded.version`;
}

/** Upserts the payment's read model, which answers GET /v2/payments/{id} with Cache-Control max-age. */
export async function savePaymentProjection(sql: Sql, payment: Payment): Promise<void> {
  await sql`
    insert into payment_projections
      (id, entity_id, client_session_id, authorization_status, amount, currency, order_reference, version, body, created_at, updated_at)
    values (${payment.id}, ${payment.entity_id}, ${payment.client_session_id ?? null}, ${payment.authorization?.status ?? 'PENDING'},
            ${payment.amount}, ${payment.currency}, ${payment.order_reference}, ${payment.version},
            ${sql.json(JSON.parse(JSON.stringify(payment)))}, ${payment.created_at}, now())
    on conflict (id) do update set
      authorization_status = excluded.authorization_status, version = excluded.version, body = excluded.body, updated_at = now()
    where payment_projections.version < excluded.version`;
}

/** Removes the row of a session whose start failed, unless a later version proves it exists. */
export async function deleteClientSessionProjection(sql: Sql, id: string, version: number): Promise<void> {
  await sql`delete from client_session_projections where id = ${id} and version = ${version}`;
}

export async function readPaymentProjection(sql: Sql, id: string): Promise<{ payment: Payment; updatedAt: Date } | undefined> {
  const [row] = await sql<{ body: Payment; updated_at: Date }[]>`select body, updated_at from payment_projections where id = ${id}`;
  return row ? { payment: row.body, updatedAt: row.updated_at } : undefined;
}

export async function readClientSessionProjection(sql: Sql, id: string): Promise<ClientSessionState | undefined> {
  const [row] = await sql<{ body: ClientSessionState }[]>`select body from client_session_projections where id = ${id}`;
  return row?.body;
}
