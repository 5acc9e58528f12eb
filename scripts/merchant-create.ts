// npm run merchant:create -- --name <name> [--json]; in a production build the same command runs
// the compiled dist/scripts/merchant-create.js (scripts/build.ts writes that script into dist/).
// Creates an entity with default sandbox contracts in the running service's database: DATABASE_URL,
// else the embedded database of `npm start` (opened directly when npm start is not running).
// Also prints the deployment's v1 notification public key (notification_public_key, PEM), which
// the merchant's v1 plugin needs to check notification signatures.
import { parseArgs } from 'node:util';
import { connect, type Sql } from '../db/connection';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../db/embedded';
import { embeddedDatabaseUrl } from '../db/embedded-url';
import { createMerchant } from '../db/merchants';
import { v1NotificationPublicKey } from '../db/notification-key';
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
  const notificationPublicKey = await v1NotificationPublicKey(sql, config.encryptionKey);
  if (values.json) {
    console.log(JSON.stringify({ ...merchant, notification_public_key: notificationPublicKey }));
  } else {
    console.log(`Created entity "${values.name}"`);
    for (const [key, value] of Object.entries(merchant)) console.log(`  ${key.padEnd(16)} ${value}`);
    console.log('\nKeep client_secret, api_key and webhook_secret safe: they are shown only once.');
    console.log(
      `\nAPI v1 notifications are signed; their public key (also at GET /payment/v1/notification-public-key):\n${notificationPublicKey.trim()}`,
    );
  }
} finally {
  await sql.end({ timeout: 5 });
  await embedded?.stop();
}
