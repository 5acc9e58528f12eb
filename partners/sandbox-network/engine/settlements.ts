// Settlements: once a day (and on demand, POST /admin/settlements) each partner pays out what it
// captured, less what it refunded and what lost disputes took back, less its fees (test-data.ts
// SETTLEMENT_FEES): one batch per partner and currency, covering everything made since that
// currency's last batch up to the cut-off, published as a CSV file (schemas.ts
// SETTLEMENT_FILE_COLUMNS) and announced to the notification_url of the authorizations it settles.
// A transaction is settled once: a later batch only holds what no earlier one did.
import { randomBytes } from 'node:crypto';
import { csvRow } from '../../../domain/csv';
import { SANDBOX_PARTNER_NAMES, type Currency, type SandboxPartnerName } from '../../catalog';
import {
  SETTLEMENT_FILE_COLUMNS,
  type SettleBody,
  type WireSettlementBatch,
  type WireSettlementLine,
} from '../schemas';
import { settlementFee } from '../test-data';
import { SandboxHttpError, type Books } from './books';
import type { Disputes } from './disputes';

export interface SettlementRecord extends WireSettlementBatch {
  lines: WireSettlementLine[];
}

/** A transaction waiting to be settled, whatever it is. */
interface Settleable {
  reference: string;
  authorizationReference: string;
  partner: SandboxPartnerName;
  type: WireSettlementLine['type'];
  grossAmount: number;
  currency: Currency;
  merchantReference: string;
  at: string;
}

export class Settlements {
  readonly batches = new Map<string, SettlementRecord>();
  /** References of the transactions some batch settled. */
  private settled = new Set<string>();

  constructor(
    private readonly books: Books,
    private readonly disputes: Disputes,
  ) {}

  restore(records: readonly SettlementRecord[]): void {
    for (const record of records) this.remember(record);
  }

  reset(): void {
    this.batches.clear();
    this.settled.clear();
  }

  /** Settles every partner (or one) up to the cut-off; the batches made, none for a currency with nothing to settle. */
  settle(options: SettleBody & { now?: Date } = {}): SettlementRecord[] {
    const cutoff = options.cutoff ? new Date(options.cutoff) : (options.now ?? new Date());
    const omitted = new Set(options.omit ?? []);
    const adjusted = new Map((options.adjust ?? []).map((a) => [a.reference, a.gross_amount]));
    const partners = options.partner ? [options.partner] : SANDBOX_PARTNER_NAMES;
    const made: SettlementRecord[] = [];
    for (const partner of partners) {
      const due = this.settleable(partner, cutoff).filter((item) => !omitted.has(item.reference));
      const currencies = [...new Set(due.map((item) => item.currency))].sort();
      for (const currency of currencies) {
        const items = due
          .filter((item) => item.currency === currency)
          .sort((a, b) => a.at.localeCompare(b.at) || a.reference.localeCompare(b.reference));
        made.push(this.batch(partner, currency, cutoff, items, adjusted));
      }
    }
    return made;
  }

  list(partner: SandboxPartnerName, since?: string): WireSettlementBatch[] {
    return [...this.batches.values()]
      .filter((batch) => batch.partner === partner && (!since || batch.created_at >= since))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.batch_id.localeCompare(b.batch_id))
      .map(summaryOf);
  }

  summary(batchId: string): WireSettlementBatch {
    return summaryOf(this.mustGet(batchId));
  }

  /** The batch's file: a header, then one CSV record per line. */
  file(batchId: string): string {
    const batch = this.mustGet(batchId);
    const head = [
      batch.batch_id,
      batch.partner,
      batch.currency,
      batch.settled_on,
      batch.period_start,
      batch.period_end,
    ];
    return (
      csvRow(SETTLEMENT_FILE_COLUMNS) +
      batch.lines
        .map((line) =>
          csvRow([
            ...head,
            line.line_number,
            line.type,
            line.partner_reference,
            line.authorization_reference,
            line.merchant_reference,
            line.gross_amount,
            line.fee_amount,
            line.net_amount,
            line.transaction_date,
          ]),
        )
        .join('')
    );
  }

  private mustGet(batchId: string): SettlementRecord {
    const batch = this.batches.get(batchId);
    if (!batch) throw new SandboxHttpError(404, 'not_found', 'No such settlement.');
    return batch;
  }

  private settleable(partner: SandboxPartnerName, cutoff: Date): Settleable[] {
    const before = (at: string) => Date.parse(at) < cutoff.getTime();
    const items: Settleable[] = [];
    for (const operation of this.books.operations.values()) {
      if (operation.partner !== partner || operation.status !== 'SUCCESS' || operation.object === 'void') continue;
      if (this.settled.has(operation.reference) || !before(operation.created_at)) continue;
      items.push({
        reference: operation.reference,
        authorizationReference: operation.authorization_reference,
        partner,
        type: operation.object === 'capture' ? 'CAPTURE' : 'REFUND',
        grossAmount: operation.object === 'capture' ? operation.processed_amount : -operation.processed_amount,
        currency: operation.currency,
        merchantReference: operation.idempotency_key,
        at: operation.created_at,
      });
    }
    for (const dispute of this.disputes.records.values()) {
      if (dispute.partner !== partner || dispute.status !== 'LOST') continue;
      if (this.settled.has(dispute.reference) || !before(dispute.updatedAt)) continue;
      const auth = this.books.authorizations.get(dispute.authorizationReference);
      items.push({
        reference: dispute.reference,
        authorizationReference: dispute.authorizationReference,
        partner,
        type: 'CHARGEBACK',
        grossAmount: -dispute.amount,
        currency: dispute.currency,
        merchantReference: auth?.idempotencyKey ?? '',
        at: dispute.updatedAt,
      });
    }
    return items;
  }

  private batch(
    partner: SandboxPartnerName,
    currency: Currency,
    cutoff: Date,
    items: readonly Settleable[],
    adjusted: ReadonlyMap<string, number>,
  ): SettlementRecord {
    const lines = items.map((item, index): WireSettlementLine => {
      const gross = adjusted.get(item.reference) ?? item.grossAmount;
      const fee = settlementFee(partner, item.type, gross);
      return {
        line_number: index + 1,
        type: item.type,
        partner_reference: item.reference,
        authorization_reference: item.authorizationReference,
        merchant_reference: item.merchantReference,
        gross_amount: gross,
        fee_amount: fee,
        net_amount: gross - fee,
        currency,
        transaction_date: item.at,
      };
    });
    const record: SettlementRecord = {
      object: 'settlement',
      batch_id: `stl_${randomBytes(10).toString('hex')}`,
      partner,
      currency,
      settled_on: cutoff.toISOString().slice(0, 10),
      period_start: this.periodStart(partner, currency, items),
      period_end: cutoff.toISOString(),
      line_count: lines.length,
      gross_amount: lines.reduce((sum, line) => sum + line.gross_amount, 0),
      fee_amount: lines.reduce((sum, line) => sum + line.fee_amount, 0),
      net_amount: lines.reduce((sum, line) => sum + line.net_amount, 0),
      created_at: new Date().toISOString(),
      lines,
    };
    this.remember(record);
    this.books.observer?.settlement(record);
    this.announce(record);
    return record;
  }

  /** Where the previous batch of this partner and currency stopped; the start of its books for the first. */
  private periodStart(partner: SandboxPartnerName, currency: Currency, items: readonly Settleable[]): string {
    const previous = [...this.batches.values()]
      .filter((batch) => batch.partner === partner && batch.currency === currency)
      .map((batch) => batch.period_end)
      .sort()
      .at(-1);
    if (previous) return previous;
    const opened = [...this.books.authorizations.values()]
      .filter((auth) => auth.partner === partner && auth.currency === currency)
      .map((auth) => auth.createdAt.toISOString());
    return [...opened, ...items.map((item) => item.at)].sort()[0] ?? new Date().toISOString();
  }

  private remember(record: SettlementRecord): void {
    this.batches.set(record.batch_id, record);
    for (const line of record.lines) this.settled.add(line.partner_reference);
  }

  /** Tells the merchant's side that the file is ready, at the notification_url of the authorizations it settles. */
  private announce(record: SettlementRecord): void {
    const urls = new Set<string>();
    for (const line of record.lines) {
      const url = this.books.authorizations.get(line.authorization_reference)?.notificationUrl;
      if (url) urls.add(url);
    }
    for (const url of urls)
      this.books.options.notify(url, { type: 'settlement.available', settlement: summaryOf(record) });
  }
}

function summaryOf(record: SettlementRecord): WireSettlementBatch {
  const { lines: _lines, ...summary } = record;
  return summary;
}
