import type { Sql } from '../db/connection';
import type { ClientSessionState } from '../workflows/client-session-types';
import type { Payment } from '../api/schemas/v2';

/** Upserts the session's read model; a write carrying an older version than the stored one is a no-op. */
export function createSaveClientSessionProjection(deps: { sql: Sql }) {
  return async function saveClientSessionProjection({ version, session }: { version: number; session: ClientSessionState }): Promise<void> {
    await deps.sql`
      insert into client_session_projections
        (id, entity_id, status, amount, currency, order_reference, payment_id, version, body, created_at, updated_at)
      values (${session.id}, ${session.entity_id}, ${session.status}, ${session.amount}, ${session.currency},
              ${session.order.reference}, ${session.payment_id ?? null}, ${version}, ${deps.sql.json(JSON.parse(JSON.stringify(session)))},
              ${session.created_at}, now())
      on conflict (id) do update set
        status = excluded.status, payment_id = excluded.payment_id, version = excluded.version,
        body = excluded.body, updated_at = now()
      where client_session_projections.version < excluded.version`;
  };
}

/** Upserts the payment's read model, which answers GET /v2/payments/{id} with Cache-Control max-age. */
export function createSavePaymentProjection(deps: { sql: Sql }) {
  return async function savePaymentProjection({ payment }: { payment: Payment }): Promise<void> {
    await deps.sql`
      insert into payment_projections
        (id, entity_id, client_session_id, authorization_status, amount, currency, order_reference, version, body, created_at, updated_at)
      values (${payment.id}, ${payment.entity_id}, ${payment.client_session_id ?? null}, ${payment.authorization?.status ?? 'PENDING'},
              ${payment.amount}, ${payment.currency}, ${payment.order_reference}, ${payment.version},
              ${deps.sql.json(JSON.parse(JSON.stringify(payment)))}, ${payment.created_at}, now())
      on conflict (id) do update set
        authorization_status = excluded.authorization_status, version = excluded.version, body = excluded.body, updated_at = now()
      where payment_projections.version < excluded.version`;
  };
}

export async function readPaymentProjection(sql: Sql, id: string): Promise<{ payment: Payment; updatedAt: Date } | undefined> {
  const [row] = await sql<{ body: Payment; updated_at: Date }[]>`select body, updated_at from payment_projections where id = ${id}`;
  return row ? { payment: row.body, updatedAt: row.updated_at } : undefined;
}
