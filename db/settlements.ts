// Settlements imported from the partners' files (activities/settlements): batches, their lines
// held against Tessera's transactions, the mismatches found, and each entity's share. Keys are
// designed so that an import run twice records nothing twice: a batch's id derives from the
// partner's own batch id, a line is (batch, line number), a mismatch's id derives from (batch,
// kind, line or transaction), and the whole import is one transaction.
import type postgres from 'postgres';
import type { Sql } from './connection';
import type { Settlement, SettlementDetails, SettlementLine, SettlementMismatch } from '../api/schemas/v2/reports';
import type { KnownTransaction } from '../domain/settlement-matching';

export type Transaction = postgres.TransactionSql;

export interface StoredBatch {
  id: string;
  partner: string;
  partner_batch_id: string;
  currency: string;
  settled_on: string;
  period_start: string;
  period_end: string;
  partner_created_at: string;
}

/**
 * A settlement line as stored: the line as the API shows it, plus whose it is and the merchant
 * reference the file gave; a line without a transaction date keeps none.
 */
export type LineRecord = Omit<SettlementLine, 'transaction_date'> & {
  entity_id: string | null;
  merchant_reference: string | null;
  transaction_date: string | null;
};

export interface MismatchRecord {
  id: string;
  entity_id: string | null;
  kind: string;
  line_number: number | null;
  transaction_id: string | null;
  payment_id: string | null;
  partner_reference: string | null;
  expected_amount: number | null;
  settled_amount: number | null;
  description: string;
}

/** Serializes the imports of one partner: two imports of one batch never interleave. */
export async function lockPartnerImports(tx: Transaction, partner: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(724024, hashtext(${partner}))`;
}

export async function findBatch(sql: Sql | Transaction, id: string): Promise<{ announced: boolean } | undefined> {
  const [row] = await sql<
    { announced_at: Date | null }[]
  >`select announced_at from settlement_batches where id = ${id}`;
  return row ? { announced: row.announced_at !== null } : undefined;
}

export async function insertBatch(tx: Transaction, batch: StoredBatch): Promise<void> {
  await tx`
    insert into settlement_batches
      (id, partner, partner_batch_id, currency, settled_on, period_start, period_end, partner_created_at,
       line_count, gross_amount, fee_amount, net_amount)
    values (${batch.id}, ${batch.partner}, ${batch.partner_batch_id}, ${batch.currency}, ${batch.settled_on},
            ${batch.period_start}, ${batch.period_end}, ${batch.partner_created_at}, 0, 0, 0, 0)`;
}

/** Tessera's transactions these ids or partner references name, at one partner. */
export async function knownTransactions(
  tx: Transaction,
  partner: string,
  ids: readonly string[],
  references: readonly string[],
): Promise<KnownTransaction[]> {
  if (ids.length === 0 && references.length === 0) return [];
  const rows = await tx<(Omit<KnownTransaction, 'type'> & { kind: string })[]>`
    select transaction_id, payment_id, entity_id, order_reference, kind, status, amount, processed_amount, currency,
           partner_reference
    from payment_transactions
    where (transaction_id in ${tx(ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000'])}
           or (partner = ${partner} and partner_reference in ${tx(references.length > 0 ? references : [''])}))
      and kind <> 'authorization'`;
  return rows.map(({ kind, ...row }) => ({ ...row, type: kind.toUpperCase() as KnownTransaction['type'] }));
}

/** The entity (and payment) of authorizations at a partner, by their partner references. */
export async function authorizationOwners(
  tx: Transaction,
  partner: string,
  references: readonly string[],
): Promise<Map<string, { entity_id: string; payment_id: string; order_reference: string }>> {
  if (references.length === 0) return new Map();
  const rows = await tx<
    { partner_reference: string; entity_id: string; payment_id: string; order_reference: string }[]
  >`
    select partner_reference, entity_id, payment_id, order_reference from payment_transactions
    where partner = ${partner} and partner_reference in ${tx(references)} and kind = 'authorization'`;
  return new Map(rows.map((row) => [row.partner_reference, row]));
}

/** The entity and order of payments, by id. */
export async function paymentOwners(
  tx: Transaction,
  paymentIds: readonly string[],
): Promise<Map<string, { entity_id: string; order_reference: string }>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await tx<{ id: string; entity_id: string; order_reference: string }[]>`
    select id, entity_id, order_reference from payment_projections where id in ${tx(paymentIds)}`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** The batch that already settled each of these transactions, other than `settlementId`. */
export async function settledElsewhere(
  tx: Transaction,
  settlementId: string,
  transactionIds: readonly string[],
): Promise<Map<string, string>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await tx<{ transaction_id: string; partner_batch_id: string }[]>`
    select l.transaction_id, b.partner_batch_id
    from settlement_lines l join settlement_batches b on b.id = l.settlement_id
    where l.transaction_id in ${tx(transactionIds)} and l.settlement_id <> ${settlementId}`;
  return new Map(rows.map((row) => [row.transaction_id, row.partner_batch_id]));
}

export async function insertLines(tx: Transaction, settlementId: string, lines: readonly LineRecord[]): Promise<void> {
  if (lines.length === 0) return;
  await tx`
    insert into settlement_lines
      (settlement_id, line_number, entity_id, type, partner_reference, authorization_reference, merchant_reference,
       gross_amount, fee_amount, net_amount, currency, transaction_date, match, transaction_id, payment_id, order_reference)
    select ${settlementId}, l.line_number, l.entity_id, l.type, l.partner_reference, l.authorization_reference,
           l.merchant_reference, l.gross_amount, l.fee_amount, l.net_amount, l.currency, l.transaction_date, l.match,
           l.transaction_id, l.payment_id, l.order_reference
    from jsonb_to_recordset(${tx.json(JSON.parse(JSON.stringify(lines)))}) as l(
      line_number int, entity_id uuid, type text, partner_reference text, authorization_reference text,
      merchant_reference text, gross_amount bigint, fee_amount bigint, net_amount bigint, currency text,
      transaction_date timestamptz, match text, transaction_id uuid, payment_id uuid, order_reference text)
    on conflict (settlement_id, line_number) do nothing`;
}

export async function insertMismatches(
  tx: Transaction,
  settlementId: string,
  mismatches: readonly MismatchRecord[],
): Promise<void> {
  if (mismatches.length === 0) return;
  await tx`
    insert into settlement_mismatches
      (id, settlement_id, entity_id, kind, line_number, transaction_id, payment_id, partner_reference,
       expected_amount, settled_amount, description)
    select m.id, ${settlementId}, m.entity_id, m.kind, m.line_number, m.transaction_id, m.payment_id,
           m.partner_reference, m.expected_amount, m.settled_amount, m.description
    from jsonb_to_recordset(${tx.json(JSON.parse(JSON.stringify(mismatches)))}) as m(
      id uuid, entity_id uuid, kind text, line_number int, transaction_id uuid, payment_id uuid,
      partner_reference text, expected_amount bigint, settled_amount bigint, description text)
    on conflict (id) do nothing`;
}

/** Missing lines an earlier batch reported, which this batch settles: resolved by it. */
export async function resolveMissingLines(
  tx: Transaction,
  settlementId: string,
  transactionIds: readonly string[],
): Promise<void> {
  if (transactionIds.length === 0) return;
  await tx`
    update settlement_mismatches set resolved_at = now(), resolved_by = ${settlementId}
    where kind = 'MISSING_LINE' and resolved_at is null and transaction_id in ${tx(transactionIds)}
      and settlement_id <> ${settlementId}`;
}

/**
 * A page of the money Tessera recorded at a partner, in a currency, in a period, that no batch
 * settled and no earlier batch reported missing: what this batch should have held. By id, after
 * `afterId`, so that a large period is read a page at a time.
 */
export async function unsettledTransactions(
  tx: Transaction,
  query: { partner: string; currency: string; from: Date; to: Date; afterId: string; limit: number },
): Promise<KnownTransaction[]> {
  const rows = await tx<(Omit<KnownTransaction, 'type'> & { kind: string })[]>`
    select t.transaction_id, t.payment_id, t.entity_id, t.order_reference, t.kind, t.status, t.amount,
           t.processed_amount, t.currency, t.partner_reference
    from payment_transactions t
    where t.partner = ${query.partner} and t.currency = ${query.currency}
      and t.kind in ('capture', 'refund', 'dispute')
      and ((t.kind <> 'dispute' and t.status = 'SUCCESS') or (t.kind = 'dispute' and t.status = 'LOST'))
      and t.updated_at >= ${query.from} and t.updated_at < ${query.to}
      and t.transaction_id > ${query.afterId}
      and not exists (select 1 from settlement_lines l where l.transaction_id = t.transaction_id)
      and not exists (select 1 from settlement_mismatches m where m.transaction_id = t.transaction_id and m.kind = 'MISSING_LINE')
    order by t.transaction_id
    limit ${query.limit}`;
  return rows.map(({ kind, ...row }) => ({ ...row, type: kind.toUpperCase() as KnownTransaction['type'] }));
}

/** The batch's totals, and each entity's share of it (its lines, fees, net and mismatches). */
export async function totalBatch(tx: Transaction, settlementId: string): Promise<void> {
  await tx`
    update settlement_batches b set
      line_count = coalesce(t.line_count, 0), gross_amount = coalesce(t.gross, 0),
      fee_amount = coalesce(t.fee, 0), net_amount = coalesce(t.net, 0)
    from (select count(*)::int as line_count, sum(gross_amount)::bigint as gross, sum(fee_amount)::bigint as fee,
                 sum(net_amount)::bigint as net
          from settlement_lines where settlement_id = ${settlementId}) t
    where b.id = ${settlementId}`;
  await tx`
    insert into settlement_entities
      (settlement_id, entity_id, partner, currency, settled_on, period_end, line_count, gross_amount, fee_amount,
       net_amount, mismatch_count)
    select b.id, e.entity_id, b.partner, b.currency, b.settled_on, b.period_end,
           coalesce(l.line_count, 0), coalesce(l.gross, 0), coalesce(l.fee, 0), coalesce(l.net, 0),
           coalesce(m.mismatch_count, 0)
    from settlement_batches b
    cross join (
      select entity_id from settlement_lines where settlement_id = ${settlementId} and entity_id is not null
      union
      select entity_id from settlement_mismatches where settlement_id = ${settlementId} and entity_id is not null
    ) e
    left join (
      select entity_id, count(*)::int as line_count, sum(gross_amount)::bigint as gross, sum(fee_amount)::bigint as fee,
             sum(net_amount)::bigint as net
      from settlement_lines where settlement_id = ${settlementId} group by entity_id
    ) l on l.entity_id = e.entity_id
    left join (
      select entity_id, count(*)::int as mismatch_count
      from settlement_mismatches where settlement_id = ${settlementId} group by entity_id
    ) m on m.entity_id = e.entity_id
    where b.id = ${settlementId}
    on conflict (settlement_id, entity_id) do nothing`;
}

export interface ImportSummary {
  settlement_id: string;
  partner: string;
  partner_batch_id: string;
  currency: string;
  line_count: number;
  matched: number;
  mismatches: Record<string, number>;
  unattributed_mismatches: number;
  gross_amount: number;
  fee_amount: number;
  net_amount: number;
  entities: string[];
}

/** What an import recorded, read back (the same answer however often the batch is imported). */
export async function importSummary(sql: Sql | Transaction, settlementId: string): Promise<ImportSummary> {
  const [batch] = await sql<
    {
      partner: string;
      partner_batch_id: string;
      currency: string;
      line_count: number;
      gross_amount: number;
      fee_amount: number;
      net_amount: number;
      matched: number;
    }[]
  >`
    select partner, partner_batch_id, currency, line_count, gross_amount, fee_amount, net_amount,
           (select count(*)::int from settlement_lines where settlement_id = b.id and match = 'MATCHED') as matched
    from settlement_batches b where id = ${settlementId}`;
  if (!batch) throw new Error(`settlement ${settlementId} was not imported`);
  const kinds = await sql<{ kind: string; count: number; unattributed: number }[]>`
    select kind, count(*)::int as count, count(*) filter (where entity_id is null)::int as unattributed
    from settlement_mismatches where settlement_id = ${settlementId} group by kind order by kind`;
  const entities = await sql<{ entity_id: string }[]>`
    select entity_id from settlement_entities where settlement_id = ${settlementId} order by entity_id`;
  return {
    settlement_id: settlementId,
    ...batch,
    mismatches: Object.fromEntries(kinds.map((row) => [row.kind, row.count])),
    unattributed_mismatches: kinds.reduce((sum, row) => sum + row.unattributed, 0),
    entities: entities.map((row) => row.entity_id),
  };
}

export async function markAnnounced(sql: Sql, settlementId: string): Promise<void> {
  await sql`update settlement_batches set announced_at = coalesce(announced_at, now()) where id = ${settlementId}`;
}

/** When the partner made the last batch Tessera imported from it: where listing new ones starts. */
export async function lastImportedBatch(sql: Sql, partner: string): Promise<string | undefined> {
  const [row] = await sql<{ at: Date | null }[]>`
    select max(partner_created_at) as at from settlement_batches where partner = ${partner}`;
  return row?.at ? row.at.toISOString() : undefined;
}

/** Of these batches, those imported and announced already. */
export async function doneBatches(sql: Sql, partner: string, partnerBatchIds: readonly string[]): Promise<Set<string>> {
  if (partnerBatchIds.length === 0) return new Set();
  const rows = await sql<{ partner_batch_id: string }[]>`
    select partner_batch_id from settlement_batches
    where partner = ${partner} and partner_batch_id in ${sql(partnerBatchIds)} and announced_at is not null`;
  return new Set(rows.map((row) => row.partner_batch_id));
}

// ---------------------------------------------------------------------------------------------
// What an entity reads (GET /v2/reports/settlements)

interface SettlementRow {
  settlement_id: string;
  partner: string;
  partner_batch_id: string;
  currency: string;
  settled_on: string;
  period_start: Date;
  period_end: Date;
  imported_at: Date;
  line_count: number;
  gross_amount: number;
  fee_amount: number;
  net_amount: number;
  mismatch_count: number;
  open_mismatch_count: number;
}

function settlementOf(row: SettlementRow): Settlement {
  return {
    id: row.settlement_id,
    partner: row.partner,
    partner_batch_id: row.partner_batch_id,
    currency: row.currency as Settlement['currency'],
    settled_on: row.settled_on,
    period_start: row.period_start.toISOString(),
    period_end: row.period_end.toISOString(),
    imported_at: row.imported_at.toISOString(),
    line_count: row.line_count,
    gross_amount: row.gross_amount,
    fee_amount: row.fee_amount,
    net_amount: row.net_amount,
    mismatch_count: row.mismatch_count,
    open_mismatch_count: row.open_mismatch_count,
  };
}

export interface SettlementFilter {
  entityId: string;
  partners?: readonly string[] | undefined;
  currencies?: readonly string[] | undefined;
  settledFrom?: string | undefined;
  settledTo?: string | undefined;
  /** Settlements strictly after this one in the listing's order (most recent cut-off first). */
  after?: { periodEnd: string; id: string } | undefined;
}

function settlementSelect(sql: Sql) {
  return sql`
    select e.settlement_id, e.partner, b.partner_batch_id, e.currency, to_char(e.settled_on, 'YYYY-MM-DD') as settled_on,
           b.period_start, e.period_end, b.imported_at, e.line_count, e.gross_amount, e.fee_amount, e.net_amount,
           e.mismatch_count,
           (select count(*)::int from settlement_mismatches m
            where m.settlement_id = e.settlement_id and m.entity_id = e.entity_id and m.resolved_at is null) as open_mismatch_count
    from settlement_entities e join settlement_batches b on b.id = e.settlement_id`;
}

export async function settlementPage(
  sql: Sql,
  filter: SettlementFilter,
  limit: number,
): Promise<{ items: Settlement[]; next: { periodEnd: string; id: string } | undefined }> {
  const where = [sql`e.entity_id = ${filter.entityId}`];
  if (filter.partners?.length) where.push(sql`e.partner in ${sql(filter.partners)}`);
  if (filter.currencies?.length) where.push(sql`e.currency in ${sql(filter.currencies)}`);
  if (filter.settledFrom) where.push(sql`e.settled_on >= ${filter.settledFrom}::date`);
  if (filter.settledTo) where.push(sql`e.settled_on < ${filter.settledTo}::date`);
  if (filter.after)
    where.push(
      sql`(e.period_end, e.settlement_id) < (${filter.after.periodEnd}::timestamptz, ${filter.after.id}::uuid)`,
    );
  const rows = await sql<SettlementRow[]>`
    ${settlementSelect(sql)}
    where ${where.reduce((all, condition) => sql`${all} and ${condition}`)}
    order by e.period_end desc, e.settlement_id desc
    limit ${limit + 1}`;
  const items = rows.slice(0, limit).map(settlementOf);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? { periodEnd: last.period_end, id: last.id } : undefined };
}

/** One settlement as the entity sees it, or undefined when it holds nothing of the entity's. */
export async function settlementOfEntity(sql: Sql, entityId: string, id: string): Promise<Settlement | undefined> {
  const [row] = await sql<SettlementRow[]>`
    ${settlementSelect(sql)} where e.entity_id = ${entityId} and e.settlement_id = ${id}`;
  return row ? settlementOf(row) : undefined;
}

export async function settlementDetails(
  sql: Sql,
  entityId: string,
  id: string,
): Promise<SettlementDetails | undefined> {
  const settlement = await settlementOfEntity(sql, entityId, id);
  if (!settlement) return undefined;
  const [lines, mismatches] = await Promise.all([
    sql<(Omit<SettlementLine, 'transaction_date'> & { transaction_date: Date | null })[]>`
      select line_number, type, partner_reference, authorization_reference, gross_amount, fee_amount, net_amount,
             currency, transaction_date, match, transaction_id, payment_id, order_reference
      from settlement_lines where settlement_id = ${id} and entity_id = ${entityId} order by line_number`,
    sql<(Omit<SettlementMismatch, 'resolved_at'> & { resolved_at: Date | null })[]>`
      select id, kind, line_number, transaction_id, payment_id, partner_reference, expected_amount, settled_amount,
             description, resolved_at, resolved_by as resolved_by_settlement_id
      from settlement_mismatches where settlement_id = ${id} and entity_id = ${entityId}
      order by line_number nulls last, kind, id`,
  ]);
  return {
    ...settlement,
    lines: lines.map((line) => ({
      ...line,
      // A partner's line without a date says nothing of when: shown at the batch's cut-off.
      transaction_date: (line.transaction_date ?? new Date(settlement.period_end)).toISOString(),
    })),
    mismatches: mismatches.map((mismatch) => ({
      ...mismatch,
      resolved_at: mismatch.resolved_at ? mismatch.resolved_at.toISOString() : null,
    })),
  };
}
