import type { Sql } from '../db/connection';
import type { ClientSessionState } from '../workflows/client-session-types';

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
