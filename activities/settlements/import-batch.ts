// Imports one settlement batch of a partner: reads its file as it arrives, holds each line against
// Tessera's transactions (domain/settlement-matching.ts), finds what the batch should have settled
// and did not, and records the batch, its lines, fees, mismatches and each entity's share, in ONE
// transaction. An import that dies midway (a crash, a lost connection, the partner cut off)
// records nothing; an import run again after one that committed finds the batch and records
// nothing more: the batch's id derives from the partner's own batch id (db/settlements.ts).
import type { Sql } from '../../db/connection';
import {
  authorizationOwners,
  findBatch,
  importSummary,
  insertBatch,
  insertLines,
  insertMismatches,
  knownTransactions,
  lockPartnerImports,
  paymentOwners,
  resolveMissingLines,
  settledElsewhere,
  totalBatch,
  unsettledTransactions,
  type ImportSummary,
  type LineRecord,
  type MismatchRecord,
  type Transaction,
} from '../../db/settlements';
import {
  compareLine,
  expectedSettlement,
  missingLineDescription,
  missingLineWindow,
  type KnownTransaction,
} from '../../domain/settlement-matching';
import type { SettlementFile, SettlementFileLine } from '../../partners';
import { deterministicUuid } from '../../platform/ids';
import { parsePaymentIdempotencyKey } from '../../workflows/payment/ids';

export const settlementIdOf = (partner: string, partnerBatchId: string) =>
  deterministicUuid('settlement', partner, partnerBatchId);

const mismatchIdOf = (settlementId: string, kind: string, subject: string) =>
  deterministicUuid('settlement-mismatch', settlementId, kind, subject);

/** Lines are held against Tessera's records this many at a time: one chunk in memory. */
const CHUNK = 500;

export interface ImportOptions {
  /** domain/settlement-matching.ts missingLineWindow. */
  clockMarginMs: number;
  /**
   * Called with everything written, just before the commit. Tests make it throw to stand for an
   * import that dies at the worst moment, which must leave nothing behind.
   */
  beforeCommit?: () => void | Promise<void>;
}

export async function importSettlementFile(
  sql: Sql,
  partner: string,
  file: SettlementFile,
  options: ImportOptions,
): Promise<ImportSummary & { already_imported: boolean }> {
  const { batch } = file;
  const settlementId = settlementIdOf(partner, batch.batch_id);
  let already = false;
  await sql.begin(async (tx) => {
    await lockPartnerImports(tx, partner);
    if (await findBatch(tx, settlementId)) {
      already = true;
      return;
    }
    await insertBatch(tx, {
      id: settlementId,
      partner,
      partner_batch_id: batch.batch_id,
      currency: batch.currency,
      settled_on: batch.settled_on,
      period_start: batch.period_start,
      period_end: batch.period_end,
      partner_created_at: batch.created_at,
    });
    let chunk: SettlementFileLine[] = [];
    for await (const line of file.lines) {
      chunk.push(line);
      if (chunk.length >= CHUNK) {
        await recordLines(tx, partner, settlementId, chunk);
        chunk = [];
      }
    }
    await recordLines(tx, partner, settlementId, chunk);
    await recordMissingLines(tx, partner, settlementId, batch, options.clockMarginMs);
    await totalBatch(tx, settlementId);
    await options.beforeCommit?.();
  });
  return { ...(await importSummary(sql, settlementId)), already_imported: already };
}

async function recordLines(
  tx: Transaction,
  partner: string,
  settlementId: string,
  lines: readonly SettlementFileLine[],
): Promise<void> {
  if (lines.length === 0) return;
  const named = new Map(
    lines.map((line) => [
      line.line_number,
      line.merchant_reference ? parsePaymentIdempotencyKey(line.merchant_reference) : undefined,
    ]),
  );
  const ids = [...new Set([...named.values()].flatMap((key) => (key ? [key.transactionId] : [])))];
  const known = await knownTransactions(
    tx,
    partner,
    ids,
    lines.map((line) => line.partner_reference),
  );
  const byId = new Map(known.map((tx) => [tx.transaction_id, tx]));
  const byReference = new Map(
    known.flatMap((tx) => (tx.partner_reference ? [[tx.partner_reference, tx] as const] : [])),
  );
  const transactionOf = (line: SettlementFileLine): KnownTransaction | undefined => {
    const key = named.get(line.line_number);
    // A dispute's line quotes its authorization's key, which names no row of these: the dispute is
    // found by its own reference.
    return (key ? byId.get(key.transactionId) : undefined) ?? byReference.get(line.partner_reference);
  };
  const found = lines.map((line) => ({ line, tx: transactionOf(line) }));
  const before = await settledElsewhere(
    tx,
    settlementId,
    found.flatMap(({ tx }) => (tx ? [tx.transaction_id] : [])),
  );
  // Lines naming nothing Tessera knows still belong to an entity when their authorization, or the
  // payment their reference names, is one of its own.
  const orphans = found.filter(({ tx }) => !tx).map(({ line }) => line);
  const [authorizations, payments] = await Promise.all([
    authorizationOwners(
      tx,
      partner,
      orphans.flatMap((line) => (line.authorization_reference ? [line.authorization_reference] : [])),
    ),
    paymentOwners(
      tx,
      orphans.flatMap((line) => {
        const key = named.get(line.line_number);
        return key ? [key.paymentId] : [];
      }),
    ),
  ]);
  const records: LineRecord[] = [];
  const mismatches: MismatchRecord[] = [];
  for (const { line, tx: transaction } of found) {
    const comparison = compareLine(line, transaction, transaction ? before.get(transaction.transaction_id) : undefined);
    const owner = transaction
      ? {
          entity_id: transaction.entity_id,
          payment_id: transaction.payment_id,
          order_reference: transaction.order_reference,
        }
      : ((line.authorization_reference ? authorizations.get(line.authorization_reference) : undefined) ??
        ownerOfPayment(payments, named.get(line.line_number)?.paymentId));
    records.push({
      line_number: line.line_number,
      entity_id: owner?.entity_id ?? null,
      type: line.type,
      partner_reference: line.partner_reference,
      authorization_reference: line.authorization_reference,
      merchant_reference: line.merchant_reference,
      gross_amount: line.gross_amount,
      fee_amount: line.fee_amount,
      net_amount: line.net_amount,
      currency: line.currency,
      transaction_date: line.transaction_date || null,
      match: comparison.match,
      transaction_id: transaction?.transaction_id ?? null,
      payment_id: owner?.payment_id ?? null,
      order_reference: owner?.order_reference ?? null,
    });
    if (comparison.match !== 'MATCHED') {
      mismatches.push({
        id: mismatchIdOf(settlementId, comparison.match, `line-${line.line_number}`),
        entity_id: owner?.entity_id ?? null,
        kind: comparison.match,
        line_number: line.line_number,
        transaction_id: transaction?.transaction_id ?? null,
        payment_id: owner?.payment_id ?? null,
        partner_reference: line.partner_reference,
        expected_amount: comparison.expected_amount,
        settled_amount: line.gross_amount,
        description: comparison.description ?? '',
      });
    }
  }
  await insertLines(tx, settlementId, records);
  await insertMismatches(tx, settlementId, mismatches);
  await resolveMissingLines(
    tx,
    settlementId,
    found.flatMap(({ tx: transaction }) => (transaction ? [transaction.transaction_id] : [])),
  );
}

function ownerOfPayment(
  payments: Map<string, { entity_id: string; order_reference: string }>,
  paymentId: string | undefined,
): { entity_id: string; payment_id: string; order_reference: string } | undefined {
  const payment = paymentId ? payments.get(paymentId) : undefined;
  return payment && paymentId ? { ...payment, payment_id: paymentId } : undefined;
}

/** What Tessera recorded as moved at the partner in the batch's period, that no batch settled. */
async function recordMissingLines(
  tx: Transaction,
  partner: string,
  settlementId: string,
  batch: SettlementFile['batch'],
  clockMarginMs: number,
): Promise<void> {
  const window = missingLineWindow({ start: batch.period_start, end: batch.period_end }, clockMarginMs);
  let afterId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await unsettledTransactions(tx, {
      partner,
      currency: batch.currency,
      from: window.from,
      to: window.to,
      afterId,
      limit: CHUNK,
    });
    if (page.length === 0) return;
    await insertMismatches(
      tx,
      settlementId,
      page.map((transaction) => ({
        id: mismatchIdOf(settlementId, 'MISSING_LINE', transaction.transaction_id),
        entity_id: transaction.entity_id,
        kind: 'MISSING_LINE',
        line_number: null,
        transaction_id: transaction.transaction_id,
        payment_id: transaction.payment_id,
        partner_reference: transaction.partner_reference,
        expected_amount: expectedSettlement(transaction)?.gross_amount ?? 0,
        settled_amount: null,
        description: missingLineDescription(transaction),
      })),
    );
    afterId = page.at(-1)!.transaction_id;
  }
}
