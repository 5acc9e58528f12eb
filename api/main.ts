// The api process: `node dist/api/main.js` once built (README: production build), `node --import
// tsx api/main.ts` from source. Needs DATABASE_URL and a reachable Temporal.
import { connect } from '../db/connection';
import { migrate } from '../db/migrate';
import { sealClearProjections } from '../db/projections';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { connectClient } from '../temporal/client';
import { buildApi } from './server';

const log = createLogger('api');
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required by the api');
const sql = connect(config.databaseUrl);
await migrate(sql);
// Read-model rows written before their documents were sealed (db/migrations/012_sealed_projections.sql) are sealed now.
const sealed = await sealClearProjections(sql, config.encryptionKey);
if (sealed > 0) log.info({ rows: sealed }, 'read-model documents sealed');
const temporal = await connectClient(config);
const app = await buildApi({ config, sql, temporal });
await app.listen({ host: config.host, port: config.port });
log.info({ url: config.publicUrl }, 'api listening');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'api shutting down: finishing in-flight requests');
  await app.close();
  await temporal.connection.close();
  await sql.end({ timeout: 5 });
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
