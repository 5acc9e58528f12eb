// PGlite for the bench when no PostgreSQL is at hand, in its own process so that the database's
// work does not run on the load driver's event loop. Environment: BENCH_DB_DIR, BENCH_DB_PORT.
// Sends its URL to the parent over IPC.
import { startEmbeddedDatabase } from '../../db/embedded';

const dataDir = process.env.BENCH_DB_DIR;
const port = Number(process.env.BENCH_DB_PORT);
if (!dataDir || !Number.isInteger(port) || port <= 0) throw new Error('BENCH_DB_DIR and BENCH_DB_PORT are required');
const database = await startEmbeddedDatabase({ dataDir, port });
process.send?.(database.url);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void database.stop().then(() => process.exit(0)));
}
