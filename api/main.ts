// The api process: `node dist/api/main.js` once built (README: production build), `node --import
// tsx api/main.ts` from source. Needs DATABASE_URL and a reachable Temporal.
import { connect } from '../db/connection';
import { migrate } from '../db/migrate';
import { completeTransactionReport, sealClearProjections } from '../db/projections';
import { allocatorInUse } from '../platform/allocator';
import { loadConfig } from '../platform/config';
import { intFromEnvOr } from '../platform/env';
import { createLogger } from '../platform/logger';
import { connectClient } from '../temporal/client';
import { installGracefulShutdown } from './graceful-shutdown';
import { buildApi } from './server';

const log = createLogger('api');
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required by the api');
// SIGTERM (an orchestrator's stop, a rolling restart): stop accepting, answer what is in flight, exit
// within the grace period (api/graceful-shutdown.ts). Orchestrators wait longer than this before a
// SIGKILL: docker-compose.yml's stop_grace_period.
const graceMs = intFromEnvOr('TESSERA_SHUTDOWN_GRACE_MS', 20_000);
const sql = connect(config.databaseUrl);
await migrate(sql);
// Read-model rows written before their documents were sealed (db/migrations/012_sealed_projections.sql) are sealed now.
const sealed = await sealClearProjections(sql, config.encryptionKey);
if (sealed > 0) log.info({ rows: sealed }, 'read-model documents sealed');
// Partner transactions recorded before the transactions report get its columns (db/migrations/014_reports.sql).
const reported = await completeTransactionReport(sql, config.encryptionKey);
if (reported > 0) log.info({ payments: reported }, 'transactions report completed for earlier payments');
const temporal = await connectClient(config);
const app = await buildApi({ config, sql, temporal });
const graceful = installGracefulShutdown(app);
await app.listen({ host: config.host, port: config.port });
log.info({ url: config.publicUrl, allocator: allocatorInUse() }, 'api listening');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal, graceMs }, 'api shutting down: no new connections, finishing in-flight requests');
  const { ms, forced } = await graceful.drain(graceMs);
  if (forced) log.warn({ ms }, 'api shutting down: requests still running at the end of the grace period were cut');
  await app.close();
  await temporal.connection.close();
  await sql.end({ timeout: 5 });
  log.info({ drainMs: ms }, 'api stopped');
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
