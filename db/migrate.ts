import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../platform/config';
import type { Sql } from './connection';

const migrationsDir = join(projectRoot, 'db', 'migrations');

/**
 * Applies pending SQL migrations in file-name order, each in its own transaction.
 * Several processes start at once under `npm start` and in production, so an advisory lock
 * makes the first one migrate and the others wait for it.
 */
export async function migrate(sql: Sql): Promise<string[]> {
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(724001)`;
    await tx`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`;
    const done = new Set((await tx<{ name: string }[]>`select name from schema_migrations`).map((row) => row.name));
    const files = readdirSync(migrationsDir)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(readFileSync(join(migrationsDir, file), 'utf8'));
      await tx`insert into schema_migrations (name) values (${file})`;
      applied.push(file);
    }
  });
  return applied;
}
