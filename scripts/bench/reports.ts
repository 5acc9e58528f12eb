// npm run bench:reports -- [--rows 1000000]
// The transactions report at size: a database of its own on the machine's PostgreSQL
// (scripts/ensure-postgres.sh) filled with `rows` rows for one entity (test/support/report-rows.ts),
// the api in this process, and the whole report downloaded as CSV and walked as JSON pages. Prints
// how long each took, rows and MiB per second, and what the process held: its heap and buffers
// after a full collection, sampled along the download, against the report's size.
// A benchmark, not a test: it exits 0 when it ran, whatever the figures (2 on bad flags, 1 on failure).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { buildApi } from '../../api/server';
import { connect } from '../../db/connection';
import { createMerchant } from '../../db/merchants';
import { migrate } from '../../db/migrate';
import { configFor, projectRoot } from '../../platform/config';
import { fillTransactionReport, heldMemory } from '../../test/support/report-rows';
import { freePort } from '../../test/support/free-port';

const say = (line: string) => console.log(`[bench:reports] ${line}`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

let rows: number;
try {
  const { values } = parseArgs({ options: { rows: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('usage: npm run bench:reports -- [--rows 1000000]');
    process.exit(0);
  }
  rows = Number(values.rows ?? 1_000_000);
  if (!Number.isInteger(rows) || rows < 1 || rows > 20_000_000) throw new Error('--rows must be 1 to 20000000');
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(2);
}

const held = heldMemory;

const adminUrl = execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-postgres.sh')], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
}).trim();
const database = `tessera_bench_reports_${randomBytes(4).toString('hex')}`;
const admin = connect(adminUrl, { max: 1 });
await admin.unsafe(`create database ${database}`);
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
const sql = connect(databaseUrl);
const port = await freePort();
// The report routes never reach Temporal: a connection that is never opened.
const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) });
const api = await buildApi({
  config: configFor({ port, publicUrl: `http://127.0.0.1:${port}`, databaseUrl, encryptionKey: randomBytes(32) }),
  sql,
  temporal,
  logLevel: 'warn',
  serveWebApp: false,
});

try {
  await migrate(sql);
  const merchant = await createMerchant(sql, randomBytes(32), { name: 'Bench reports' });
  let started = performance.now();
  await fillTransactionReport(sql, merchant.entity_id, rows);
  say(`filled ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await api.listen({ host: '127.0.0.1', port });
  const base = `http://127.0.0.1:${port}/v2/reports/transactions`;
  const headers = { 'x-api-key': merchant.api_key };

  const baseline = held();
  let peak = baseline;
  let bytes = 0;
  let nextSample = 4 * 1024 * 1024;
  started = performance.now();
  const response = await fetch(base, { headers: { ...headers, accept: 'text/csv' } });
  const firstByte = performance.now() - started;
  for await (const chunk of response.body!) {
    bytes += chunk.byteLength;
    if (bytes >= nextSample) {
      peak = Math.max(peak, held());
      nextSample += 4 * 1024 * 1024;
    }
  }
  const csvSeconds = (performance.now() - started) / 1000;
  say(
    `CSV: ${mib(bytes)} in ${csvSeconds.toFixed(1)} s (first byte after ${firstByte.toFixed(0)} ms), ` +
      `${Math.round(rows / csvSeconds)} rows/s, ${(bytes / 1024 / 1024 / csvSeconds).toFixed(1)} MiB/s`,
  );
  say(`held during the download: at most ${mib(peak - baseline)} above ${mib(baseline)}, for ${mib(bytes)} of report`);

  started = performance.now();
  let pages = 0;
  let read = 0;
  for (let cursor: string | null = null; pages === 0 || cursor; pages += 1) {
    const page: { items: unknown[]; next_cursor: string | null } = await (
      await fetch(`${base}?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, { headers })
    ).json();
    read += page.items.length;
    cursor = page.next_cursor;
  }
  const jsonSeconds = (performance.now() - started) / 1000;
  say(
    `JSON: ${read} rows in ${pages} pages of 1000 in ${jsonSeconds.toFixed(1)} s, ` +
      `${Math.round(read / jsonSeconds)} rows/s, ${((jsonSeconds * 1000) / pages).toFixed(1)} ms a page`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await api.close();
  await sql.end({ timeout: 5 });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
}
