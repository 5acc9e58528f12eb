// CLI: `node dist/partners/sandbox-network/main.js` once built (README: production build), `node
// --import tsx partners/sandbox-network/main.ts` from source: the sandbox partner network on its own.
// Environment: SANDBOX_PORT (4010), SANDBOX_HOST (127.0.0.1), SANDBOX_PUBLIC_URL, SANDBOX_LATENCY_MS,
// SANDBOX_NOTIFICATION_SECRET, SANDBOX_INSTALMENT_DECISION_MS, SANDBOX_UNCERTAIN_SETTLE_MS,
// SANDBOX_LOG=1 (one line per request: method, path, status; never bodies), SANDBOX_DATABASE_URL
// (a PostgreSQL database for its books, schema sandbox_network; without it they are in memory and
// forgotten at exit).
import { startSandboxNetwork } from './server';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

const network = await startSandboxNetwork({
  host: process.env.SANDBOX_HOST || '127.0.0.1',
  port: intFromEnv('SANDBOX_PORT', 4010),
  publicUrl: process.env.SANDBOX_PUBLIC_URL || undefined,
  latencyMs: intFromEnv('SANDBOX_LATENCY_MS', 0),
  notify: process.env.SANDBOX_NOTIFICATION_SECRET ? { secret: process.env.SANDBOX_NOTIFICATION_SECRET } : undefined,
  instalmentDecisionMs: intFromEnv('SANDBOX_INSTALMENT_DECISION_MS', 1_000),
  uncertainSettleMs: intFromEnv('SANDBOX_UNCERTAIN_SETTLE_MS', 0),
  log: process.env.SANDBOX_LOG === '1' ? (line) => console.log(`[sandbox] ${line}`) : undefined,
  databaseUrl: process.env.SANDBOX_DATABASE_URL || undefined,
});
console.log(
  `sandbox partner network listening on ${network.url} (ledger: ${network.url}/ledger; books ${process.env.SANDBOX_DATABASE_URL ? 'in its database' : 'in memory only'})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void network.close().then(() => process.exit(0));
  });
}
