// npm run merchant:create -- --name <name> [--json]
// Creates an entity with default sandbox contracts in the running service's database: DATABASE_URL,
// else the embedded database of `npm start` (opened directly when npm start is not running).
import { parseArgs } from 'node:util';
import { connect, type Sql } from '../db/connection';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../db/embedded';
import { embeddedDatabaseUrl } from '../db/embedded-url';
import { createMerchant } from '../db/merchants';
import { migrate } from '../db/migrate';
import { dataDir, loadConfig } from '../platform/config';
import { freePortOn } from '../platform/free-port';

const { values } = parseArgs({ options: { name: { type: 'string' }, json: { type: 'boolean', default: false } } });
if (!values.name?.trim()) {
  console.error('usage: npm run merchant:create -- --name <name> [--json]');
  process.exit(2);
}

const config = loadConfig();
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

try {
  await migrate(sql);
  const merchant = await createMerchant(sql, config.encryptionKey, { name: values.name });
  if (values.json) {
    console.log(JSON.stringify(merchant));
  } else {
    console.log(`Created entity "${values.name}"`);
    for (const [key, value] of Object.entries(merchant)) console.log(`  ${key.padEnd(16)} ${value}`);
    console.log('\nKeep client_secret, api_key and webhook_secret safe: they are shown only once.');
  }
} finally {
  await sql.end({ timeout: 5 });
  await embedded?.stop();
}
