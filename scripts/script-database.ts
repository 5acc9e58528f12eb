// The database a command-line script works on: the running service's (DATABASE_URL), else the
// embedded database of `npm start`, opened directly when npm start is not running. Migrated first.
import { connect, type Sql } from '../db/connection';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../db/embedded';
import { embeddedDatabaseUrl } from '../db/embedded-url';
import { migrate } from '../db/migrate';
import { dataDir, type TesseraConfig } from '../platform/config';
import { freePortOn } from '../platform/free-port';

export async function openScriptDatabase(config: TesseraConfig): Promise<{ sql: Sql; close(): Promise<void> }> {
  let embedded: EmbeddedDatabase | undefined;
  let sql: Sql;
  if (config.databaseUrl) {
    sql = connect(config.databaseUrl, { max: 1 });
  } else {
    sql = connect(embeddedDatabaseUrl, { max: 1 });
    try {
      await sql`select 1`;
    } catch {
      await sql.end();
      embedded = await startEmbeddedDatabase({ dataDir, port: await freePortOn('127.0.0.1') });
      sql = connect(embedded.url, { max: 1 });
    }
  }
  await migrate(sql);
  return {
    sql,
    async close() {
      await sql.end({ timeout: 5 });
      await embedded?.stop();
    },
  };
}
