// A large transactions report, made in PostgreSQL itself: `rows` rows for one entity (four per
// payment: an authorization, a capture, a refund, a void), over `days` days, with the rare statuses,
// partners and awkward order references a real report has. For the report's streaming test and
// benchmark, which must not need a million payments to be made.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Sql } from '../../db/connection';

let collectGarbage: (() => void) | undefined;

function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * The memory the process holds, not what it has yet to collect: garbage piles up between
 * collections as fast as rows go by, so each sample follows a full collection.
 */
export function heldMemory(): number {
  collectGarbage ??= exposedGc();
  collectGarbage();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

export async function fillTransactionReport(
  sql: Sql,
  entityId: string,
  rows: number,
  options: { start?: Date; days?: number } = {},
): Promise<void> {
  const payments = Math.ceil(rows / 4);
  const start = options.start ?? new Date('2026-01-01T00:00:00Z');
  // Spread evenly over the days, a row every `step` milliseconds.
  const step = Math.max(1, Math.floor(((options.days ?? 30) * 24 * 3600 * 1000) / rows));
  await sql`
    insert into payment_projections
      (id, entity_id, authorization_status, amount, currency, order_reference, version, body, created_at)
    select md5(${entityId} || ':payment:' || p)::uuid, ${entityId}, 'AUTHORIZED', 1000 + p % 9000, 'EUR',
           'ORDER-' || p, 1, '{}'::jsonb, ${start}::timestamptz + (p - 1)::bigint * 4 * ${step} * interval '1 millisecond'
    from generate_series(1, ${payments}) p`;
  await sql`
    insert into payment_transactions
      (transaction_id, payment_id, entity_id, kind, order_reference, partner, method, partner_reference, amount,
       processed_amount, currency, status, reason, triggered_by, operation_id, authorization_id, partner_status,
       partner_status_description, created_at, updated_at, payment_version)
    select md5(${entityId} || ':tx:' || g)::uuid,
           md5(${entityId} || ':payment:' || ((g - 1) / 4 + 1))::uuid,
           ${entityId},
           (array['authorization', 'capture', 'refund', 'void'])[(g - 1) % 4 + 1],
           case when g % 997 = 0 then '=SUM(A1), "quoted"' || chr(10) || 'ORDER-' || ((g - 1) / 4 + 1)
                else 'ORDER-' || ((g - 1) / 4 + 1) end,
           case when g % 50 = 0 then 'sandbox-wallet' else 'sandbox-card' end,
           case when g % 50 = 0 then 'wallet' else 'creditcard' end,
           'ref_' || lpad(g::text, 24, '0'),
           1000 + g % 9000,
           case when g % 100 = 0 then 0 else 1000 + g % 9000 end,
           'EUR',
           case when g % 100 = 0 then 'FAILURE' when (g - 1) % 4 = 0 then 'AUTHORIZED' else 'SUCCESS' end,
           case when g % 100 = 0 then 'AMOUNT_EXCEEDED' end,
           case when (g - 1) % 4 = 0 then null else 'MERCHANT' end,
           case when (g - 1) % 4 = 0 then null else md5(${entityId} || ':op:' || g)::uuid end,
           case when (g - 1) % 4 = 0 then null else md5(${entityId} || ':tx:' || (g - (g - 1) % 4))::uuid end,
           'DONE', 'generated for the report test',
           ${start}::timestamptz + (g - 1)::bigint * ${step} * interval '1 millisecond',
           ${start}::timestamptz + (g - 1)::bigint * ${step} * interval '1 millisecond' + interval '1 second',
           1
    from generate_series(1, ${rows}) g`;
  await sql`analyze payment_transactions`;
}
