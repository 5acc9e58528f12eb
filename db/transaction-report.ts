// The transactions report: one row per partner transaction of a payment (authorization, capture,
// void, refund) and per dispute, in payment_transactions. Rows are written with the payment's read
// model (db/projections.ts, from the payment as the workflow shows it) and read here, filtered,
// in a stable order (created_at, then id) that keyset cursors walk: a cursor names the last row
// seen, so rows inserted meanwhile never shift a page, and nothing is read twice.
//
// A download streams: rows come from a PostgreSQL cursor in batches (postgres.js `.cursor()`),
// and only one batch is ever held in memory, whatever the report's size.
import type { Sql } from './connection';
import type { Payment } from '../api/schemas/v2';
import type { ReportTransaction } from '../api/schemas/v2/reports';

/** A row as payment_transactions stores it (kind is the type in lower case). */
export interface TransactionRow {
  id: string;
  kind: 'authorization' | 'capture' | 'void' | 'refund' | 'dispute';
  payment_id: string;
  entity_id: string;
  operation_id: string | null;
  authorization_id: string | null;
  triggered_by: string | null;
  order_reference: string;
  partner: string;
  method: string;
  partner_reference: string | null;
  amount: number;
  processed_amount: number;
  currency: string;
  status: string;
  reason: string | null;
  partner_status: string | null;
  partner_status_description: string | null;
  created_at: string;
  updated_at: string;
}

/** Every row of a payment, as its view shows it at this version. */
export function transactionRowsOf(payment: Payment): TransactionRow[] {
  const common = {
    payment_id: payment.id,
    entity_id: payment.entity_id,
    order_reference: payment.order_reference,
    currency: payment.currency,
  };
  const rows: TransactionRow[] = (payment.authorization?.partner_transactions ?? []).map((tx) => ({
    ...common,
    id: tx.id,
    kind: 'authorization',
    operation_id: null,
    authorization_id: null,
    triggered_by: null,
    partner: tx.partner,
    method: tx.method,
    partner_reference: tx.partner_reference ?? null,
    amount: tx.amount,
    processed_amount: tx.status === 'AUTHORIZED' ? (tx.authorized_amount ?? tx.amount) : 0,
    status: tx.status,
    reason: tx.partner_additional_data?.refusal_reason ?? null,
    partner_status: tx.partner_status ?? null,
    partner_status_description: tx.partner_status_description ?? null,
    created_at: tx.created_at,
    updated_at: tx.updated_at,
  }));
  for (const [kind, operations] of [
    ['capture', payment.captures],
    ['void', payment.voids],
    ['refund', payment.refunds],
  ] as const) {
    for (const operation of operations) {
      for (const tx of operation.partner_transactions) {
        rows.push({
          ...common,
          id: tx.id,
          kind,
          operation_id: operation.id,
          authorization_id: tx.authorization_partner_transaction_id ?? null,
          triggered_by: operation.triggered_by,
          partner: tx.partner,
          method: tx.method,
          partner_reference: tx.partner_reference ?? null,
          amount: tx.amount,
          processed_amount: tx.status === 'SUCCESS' ? tx.amount : 0,
          status: tx.status,
          reason: tx.status === 'FAILURE' ? (tx.partner_status ?? null) : null,
          partner_status: tx.partner_status ?? null,
          partner_status_description: tx.partner_status_description ?? null,
          created_at: tx.created_at,
          updated_at: tx.updated_at,
        });
      }
    }
  }
  for (const dispute of payment.disputes ?? []) {
    rows.push({
      ...common,
      id: dispute.id,
      kind: 'dispute',
      operation_id: null,
      authorization_id: dispute.partner_transaction_id,
      triggered_by: null,
      partner: dispute.partner,
      method: dispute.method,
      partner_reference: dispute.partner_reference,
      amount: dispute.amount,
      processed_amount: dispute.status === 'LOST' ? dispute.amount : 0,
      status: dispute.status,
      reason: dispute.reason,
      partner_status: dispute.partner_status ?? null,
      partner_status_description: dispute.partner_status_description ?? null,
      created_at: dispute.created_at,
      updated_at: dispute.updated_at,
    });
  }
  return rows;
}

export interface TransactionReportFilter {
  entityId: string;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  updatedFrom?: Date | undefined;
  updatedTo?: Date | undefined;
  /** Lower-case kinds (authorization, capture, void, refund, dispute). */
  kinds?: readonly string[] | undefined;
  statuses?: readonly string[] | undefined;
  partners?: readonly string[] | undefined;
  methods?: readonly string[] | undefined;
  orderReference?: string | undefined;
  paymentId?: string | undefined;
  /** Rows strictly after this one in the report's order. */
  after?: ReportPosition | undefined;
  /** Rows up to this one in the report's order, included. */
  through?: ReportPosition | undefined;
}

/** A place in the report's order: a row's creation time and id. */
export interface ReportPosition {
  createdAt: string;
  id: string;
}

/** A row as postgres.js reads it: its id under the column's name, its times as dates. */
type StoredRow = Omit<TransactionRow, 'id' | 'created_at' | 'updated_at'> & {
  transaction_id: string;
  created_at: Date;
  updated_at: Date;
};

function conditions(sql: Sql, filter: TransactionReportFilter) {
  const where = [sql`entity_id = ${filter.entityId}`];
  if (filter.createdFrom) where.push(sql`created_at >= ${filter.createdFrom}`);
  if (filter.createdTo) where.push(sql`created_at < ${filter.createdTo}`);
  if (filter.updatedFrom) where.push(sql`updated_at >= ${filter.updatedFrom}`);
  if (filter.updatedTo) where.push(sql`updated_at < ${filter.updatedTo}`);
  if (filter.kinds?.length) where.push(sql`kind in ${sql(filter.kinds)}`);
  if (filter.statuses?.length) where.push(sql`status in ${sql(filter.statuses)}`);
  if (filter.partners?.length) where.push(sql`partner in ${sql(filter.partners)}`);
  if (filter.methods?.length) where.push(sql`method in ${sql(filter.methods)}`);
  if (filter.orderReference !== undefined) where.push(sql`order_reference = ${filter.orderReference}`);
  if (filter.paymentId) where.push(sql`payment_id = ${filter.paymentId}`);
  if (filter.after)
    where.push(sql`(created_at, transaction_id) > (${filter.after.createdAt}::timestamptz, ${filter.after.id}::uuid)`);
  if (filter.through)
    where.push(
      sql`(created_at, transaction_id) <= (${filter.through.createdAt}::timestamptz, ${filter.through.id}::uuid)`,
    );
  return where.reduce((all, condition) => sql`${all} and ${condition}`);
}

/** The report's query, not run yet: what pages and downloads run, and what EXPLAIN is asked about. */
export function transactionReportQuery(sql: Sql, filter: TransactionReportFilter, limit?: number) {
  return sql<StoredRow[]>`
    select transaction_id, kind, payment_id, entity_id, operation_id, authorization_id, triggered_by, order_reference,
           partner, method, partner_reference, amount, processed_amount, currency, status, reason, partner_status,
           partner_status_description, created_at, updated_at
    from payment_transactions
    where ${conditions(sql, filter)}
    order by created_at, transaction_id
    ${limit !== undefined ? sql`limit ${limit}` : sql``}`;
}

/** A report row as the API shows it. */
export function reportTransactionOf(row: StoredRow): ReportTransaction {
  return {
    id: row.transaction_id,
    type: row.kind.toUpperCase() as ReportTransaction['type'],
    status: row.status,
    reason: row.reason,
    triggered_by: row.triggered_by as ReportTransaction['triggered_by'],
    payment_id: row.payment_id,
    operation_id: row.operation_id,
    authorization_id: row.authorization_id,
    entity_id: row.entity_id,
    order_reference: row.order_reference,
    partner: row.partner,
    method: row.method,
    partner_reference: row.partner_reference,
    amount: row.amount,
    processed_amount: row.processed_amount,
    currency: row.currency as ReportTransaction['currency'],
    partner_status: row.partner_status,
    partner_status_description: row.partner_status_description,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** One page: up to `limit` rows, and where the next page starts (none when this one is the last). */
export async function transactionReportPage(
  sql: Sql,
  filter: TransactionReportFilter,
  limit: number,
): Promise<{ rows: ReportTransaction[]; next: ReportPosition | undefined }> {
  const found = await transactionReportQuery(sql, filter, limit + 1);
  const rows = found.slice(0, limit).map(reportTransactionOf);
  const last = rows.at(-1);
  return {
    rows,
    next: found.length > limit && last ? { createdAt: last.created_at, id: last.id } : undefined,
  };
}

/**
 * Where a page of `limit` rows from the filter's start ends, and whether more follow: read before a
 * streamed page, whose rows are then bounded by this position rather than counted, so that a row
 * inserted meanwhile inside the page can neither push one out of it nor be read twice.
 */
export async function transactionReportPageEnd(
  sql: Sql,
  filter: TransactionReportFilter,
  limit: number,
): Promise<{ last: ReportPosition | undefined; more: boolean }> {
  const rows = await sql<{ created_at: Date; transaction_id: string }[]>`
    select created_at, transaction_id from payment_transactions
    where ${conditions(sql, filter)}
    order by created_at, transaction_id
    offset ${limit - 1} limit 2`;
  const last = rows[0];
  return {
    last: last ? { createdAt: last.created_at.toISOString(), id: last.transaction_id } : undefined,
    more: rows.length > 1,
  };
}

/** Every row of the filter, in batches from a PostgreSQL cursor: one batch in memory at a time. */
export async function* streamTransactionReport(
  sql: Sql,
  filter: TransactionReportFilter,
  batchSize = 500,
): AsyncGenerator<ReportTransaction[]> {
  for await (const batch of transactionReportQuery(sql, filter).cursor(batchSize)) yield batch.map(reportTransactionOf);
}
