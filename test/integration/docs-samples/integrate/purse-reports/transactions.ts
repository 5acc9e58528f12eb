// Samples of web/src/docs/content/integrate/purse-reports/transactions.mdx
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_TRANSACTION_COLUMNS } from '../../../../../api/schemas/v2';
import { parseCsv } from '../../../../../domain/csv';
import { statusOf, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'make-transactions': {
      check: (r) => {
        statusOf([201, 201, 201, 201])(r);
        expect(r.env.PAYMENT_ID).toBeDefined();
      },
    },
    'first-page': {
      check: (r) => {
        statusOf([200])(r);
        const page = r.json();
        expect(page.items).toHaveLength(2);
        expect(page.items.every((row: any) => row.payment_id === r.env.PAYMENT_ID)).toBe(true);
        expect(r.env.NEXT_CURSOR).toMatch(/^[A-Za-z0-9_-]+$/);
      },
      answer: true,
    },
    'next-page': { check: statusOf([200]), answer: true },
    'download-csv': {
      check: (r, state) => {
        statusOf([200])(r);
        const records = parseCsv(readFileSync(join(state.dir, 'transactions.csv'), 'utf8'));
        expect(records[0]).toEqual(REPORT_TRANSACTION_COLUMNS);
        expect(records).toHaveLength(4);
      },
      answer: true,
    },
    filter: { check: statusOf([200]), answer: true },
  },
} satisfies PagePlan;
