// A large transactions report (made in PostgreSQL: test/support/report-rows.ts) downloaded as CSV:
// every row arrives, in order, while the process holds no more than a bounded amount of memory,
// far below the size of the report; and each page the report can be asked for is read through an
// index, never a scan of the table. `npm run bench:reports` measures the same with a million rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { transactionReportQuery, type TransactionReportFilter } from '../../db/transaction-report';
import { CsvParser } from '../../domain/csv';
import { REPORT_TRANSACTION_COLUMNS } from '../../api/schemas/v2';
import { fillTransactionReport, heldMemory } from '../support/report-rows';
import { startStack, type Stack } from '../support/stack';

const ROWS = 250_000;
/** What the download may add to what the process holds (heap and buffers), at most: a fraction of the report. */
const MEMORY_BOUND_BYTES = 24 * 1024 * 1024;
/** Live memory is measured after a full collection, every this many bytes of CSV. */
const SAMPLE_EVERY_BYTES = 2 * 1024 * 1024;

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Large report shop');
  const other = await stack.createMerchant('Other large shop');
  token = await stack.accessToken(merchant);
  await fillTransactionReport(stack.sql, other.entity_id, 40_000);
  await fillTransactionReport(stack.sql, merchant.entity_id, ROWS);
}, 300_000);
afterAll(async () => stack?.close());

const held = heldMemory;

describe('a large report', () => {
  it(`streams all ${ROWS} rows as CSV, in order, in bounded memory`, async () => {
    const baseline = held();
    let peak = baseline;
    let nextSample = SAMPLE_EVERY_BYTES;
    const response = await fetch(`${stack.baseUrl}/v2/reports/transactions`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
    });
    expect(response.status).toBe(200);
    const parser = new CsvParser();
    const decoder = new TextDecoder();
    let bytes = 0;
    let records = 0;
    let header: string[] | undefined;
    let lastKey = '';
    let ordered = true;
    const createdAt = REPORT_TRANSACTION_COLUMNS.indexOf('created_at');
    const id = REPORT_TRANSACTION_COLUMNS.indexOf('id');
    const read = (chunk: string) => {
      for (const record of parser.push(chunk)) {
        if (!header) {
          header = record;
          continue;
        }
        records += 1;
        const key = `${record[createdAt]}|${record[id]}`;
        if (key <= lastKey) ordered = false;
        lastKey = key;
      }
    };
    for await (const chunk of response.body!) {
      bytes += chunk.byteLength;
      read(decoder.decode(chunk, { stream: true }));
      if (bytes >= nextSample) {
        peak = Math.max(peak, held());
        nextSample += SAMPLE_EVERY_BYTES;
      }
    }
    read(decoder.decode());
    parser.end();
    const growth = peak - baseline;
    console.log(
      `report stream: ${records} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB of CSV, memory held grew at most ${(growth / 1024 / 1024).toFixed(1)} MiB`,
    );
    expect(header).toEqual(REPORT_TRANSACTION_COLUMNS);
    expect(records).toBe(ROWS);
    expect(ordered).toBe(true);
    expect(bytes).toBeGreaterThan(2 * MEMORY_BOUND_BYTES);
    expect(growth).toBeLessThan(MEMORY_BOUND_BYTES);
  }, 300_000);

  it('is read through an index for every filter of a page', async () => {
    const entityId = merchant.entity_id;
    const filters: Record<string, Partial<TransactionReportFilter>> = {
      'first page': {},
      'a later page': { after: { createdAt: '2026-01-15T00:00:00.000Z', id: '00000000-0000-0000-0000-000000000000' } },
      'created between': { createdFrom: new Date('2026-01-10T00:00:00Z'), createdTo: new Date('2026-01-11T00:00:00Z') },
      'updated between': { updatedFrom: new Date('2026-01-10T00:00:00Z'), updatedTo: new Date('2026-01-11T00:00:00Z') },
      'a rare status': { statuses: ['FAILURE'] },
      'a rare partner': { partners: ['sandbox-wallet'] },
      'an order reference': { orderReference: 'ORDER-4242' },
      'a payment': { paymentId: '00000000-0000-4000-8000-000000000000' },
    };
    for (const [name, filter] of Object.entries(filters)) {
      const [row] = await stack.sql<{ 'QUERY PLAN': unknown }[]>`
        explain (format json) ${transactionReportQuery(stack.sql, { entityId, ...filter }, 101)}`;
      const plan = JSON.stringify(row!['QUERY PLAN']);
      expect(plan, name).not.toMatch(/"Node Type":"Seq Scan"/);
      expect(plan, name).toMatch(/"Index Name":"payment_transactions_[a-z_]+"/);
    }
  });
});
