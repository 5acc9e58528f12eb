import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortOn } from '../platform/free-port';
import { connect, type Sql } from './connection';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';

let dataDir: string;
let database: EmbeddedDatabase;
let sql: Sql;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-embedded-'));
  database = await startEmbeddedDatabase({ dataDir, port: await freePortOn('127.0.0.1') });
  sql = connect(database.url, { max: 10 });
  await sql`create table accounts (id int primary key, holder text not null, balance bigint not null)`;
  await sql`insert into accounts select n, 'holder-' || n, n * 100 from generate_series(1, 50) as n`;
}, 60_000);
afterAll(async () => {
  await sql?.end();
  await database?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it("answers each of many connections' statements at once, writes among them, as PostgreSQL does", async () => {
    // Ten connections, each with statements in flight: writes (a commit makes PGlite wait on its
    // files), in transactions and not, and reads whose parameters span several network reads, like
    // the read model's sealed documents. The one PGlite session behind them must never run a
    // message of one connection inside another's exchange (its statement, portal or transaction).
    await sql`create table documents (id int primary key, body text not null)`;
    const failures: unknown[] = [];
    const checks = Array.from({ length: 300 }, async (_, index) => {
      const body = `${index}:`.padEnd(1_000 + (index % 7) * 20_000, 'x');
      try {
        if (index % 3 === 0) {
          return await sql.begin(async (tx) => {
            await tx`insert into documents (id, body) values (${index}, ${body})`;
            const [row] = await tx<
              { length: number }[]
            >`select length(body) as length from documents where id = ${index}`;
            return [row?.length, body.length];
          });
        }
        if (index % 3 === 1) {
          await sql`insert into documents (id, body) values (${index}, ${body})`;
          return [true, true];
        }
        const id = (index % 50) + 1;
        const [row] = await sql<{ holder: string; length: number }[]>`
          select holder, length(${body}::text) as length from accounts where id = ${id}`;
        return [row, { holder: `holder-${id}`, length: body.length }];
      } catch (error) {
        failures.push(error);
        return [undefined, undefined];
      }
    });
    const answers = await Promise.all(checks);
    expect(failures).toEqual([]);
    for (const [got, expected] of answers) expect(got).toEqual(expected);
    expect((await sql<{ count: number }[]>`select count(*)::int as count from documents`)[0]?.count).toBe(200);
  }, 60_000);

  it('keeps a transaction to its own connection while others run statements', async () => {
    const transfers = Array.from({ length: 20 }, (_, index) =>
      sql.begin(async (tx) => {
        await tx`update accounts set balance = balance - 1 where id = ${index + 1}`;
        await tx`update accounts set balance = balance + 1 where id = ${index + 2}`;
      }),
    );
    const reads = Array.from(
      { length: 40 },
      () => sql<{ total: number }[]>`select sum(balance)::bigint as total from accounts`,
    );
    const [read] = await Promise.all([Promise.all(reads), Promise.all(transfers)]);
    // Money moves inside a transaction only: every read sees the same total.
    for (const [row] of read) expect(row?.total).toBe(127_500);
  }, 60_000);
});
