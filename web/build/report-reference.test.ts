import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPORT_TRANSACTION_COLUMNS, SettlementLine, SettlementMismatch } from '../../api/schemas/v2';
import { REPORT_REFERENCE_PAGE, reportReferencePage } from './report-reference';

const content = join(fileURLToPath(new URL('../..', import.meta.url)), 'web', 'src', 'docs', 'content');

describe('the reports’ data references page', () => {
  it('is the one the schemas give (npx tsx web/scripts/report-reference.ts when this fails)', () => {
    expect(readFileSync(join(content, REPORT_REFERENCE_PAGE), 'utf8'), `${REPORT_REFERENCE_PAGE} is stale`).toBe(
      reportReferencePage(),
    );
  });

  it('documents every column of the transactions report, in the CSV’s order, with a meaning', () => {
    const page = reportReferencePage();
    const section = page.slice(page.indexOf('## Transactions report'), page.indexOf('## Settlement\n'));
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \| ([^|]+) \| (.+) \|$/gm)];
    expect(rows.map((row) => row[1])).toEqual(REPORT_TRANSACTION_COLUMNS);
    for (const row of rows) expect(row[3]!.trim().length, row[1]).toBeGreaterThan(10);
    expect(section).toContain('| `type` | one of `AUTHORIZATION`, `CAPTURE`, `VOID`, `REFUND`, `DISPUTE` |');
    expect(section).toContain('| `reason` | text, or empty |');
  });

  it('documents every field of settlement lines and mismatches', () => {
    const page = reportReferencePage();
    for (const schema of [SettlementLine, SettlementMismatch])
      for (const field of Object.keys(schema.properties)) expect(page).toContain(`| \`${field}\` |`);
    expect(page).not.toMatch(/\| [^|]*undefined/);
  });
});
