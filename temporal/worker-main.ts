// The worker process: `node dist/temporal/worker-main.js` once built (README: production build),
// `node --import tsx temporal/worker-main.ts` from source. Any number may run against one cluster.
import { Runtime } from '@temporalio/worker';
import { connect } from '../db/connection';
import { createActivities } from '../activities';
import { allocatorInUse } from '../platform/allocator';
import { loadConfig } from '../platform/config';
import { intFromEnvOr } from '../platform/env';
import { createLogger } from '../platform/logger';
import { connectClient } from './client';
import { ensureSchedules } from './schedules';
import { createWorker } from './worker';
import { describeTuning, workerTuningFrom } from './worker-tuning';
import { partnersFor } from '../activities/partners-config';

const log = createLogger('worker');
const config = loadConfig();
// The SDK's own figures (task slots, polls, schedule-to-start latencies, sticky cache) on this
// worker's /metrics, for Prometheus: one address per worker process, so none by default.
const metricsAddress = process.env.TESSERA_WORKER_METRICS_ADDRESS;
if (metricsAddress) Runtime.install({ telemetryOptions: { metrics: { prometheus: { bindAddress: metricsAddress } } } });
if (!config.databaseUrl) throw new Error('DATABASE_URL is required by the worker');
// SIGTERM (an orchestrator's stop, a rolling restart): the SDK stops polling and lets the tasks in
// flight finish for graceMs; activities still running are then cancelled, and after forceMs the
// worker gives up on them and the process exits. Orchestrators wait longer than forceMs before a
// SIGKILL (docker-compose.yml's stop_grace_period).
const shutdown = {
  graceMs: intFromEnvOr('TESSERA_WORKER_SHUTDOWN_GRACE_MS', 10_000),
  forceMs: intFromEnvOr('TESSERA_WORKER_SHUTDOWN_FORCE_MS', 20_000),
};
// Read before connecting: a wrong value stops the worker at start, not at its first task.
const tuning = workerTuningFrom(process.env);
const sql = connect(config.databaseUrl);
const { worker, connection } = await createWorker({
  address: config.temporalAddress,
  namespace: config.temporalNamespace,
  taskQueue: config.taskQueue,
  activities: createActivities({
    sql,
    encryptionKey: config.encryptionKey,
    webhookPrivateAddresses: config.webhookPrivateAddresses,
    partners: partnersFor(config),
    settlementClockMarginMs: config.settlementClockMarginMs,
  }),
  payloadKeys: config,
  shutdown,
  tuning,
  // A prebuilt workflow bundle (tests restart workers often); otherwise the build's, or from source
  // bundled at start (temporal/worker.ts).
  ...(process.env.TESSERA_WORKFLOW_BUNDLE ? { workflowBundle: { codePath: process.env.TESSERA_WORKFLOW_BUNDLE } } : {}),
});
const client = await connectClient(config);
await ensureSchedules(client, config.taskQueue, {
  webhookRetryInitialIntervalMs: config.webhookRetryInitialIntervalMs,
});
await client.connection.close();
log.info(
  {
    taskQueue: config.taskQueue,
    temporal: config.temporalAddress,
    tuning: describeTuning(tuning),
    allocator: allocatorInUse(),
    ...(metricsAddress ? { metrics: `http://${metricsAddress}/metrics` } : {}),
  },
  'worker polling',
);
let stopSignalled = 0;
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    stopSignalled = Date.now();
    log.info({ signal, ...shutdown }, 'worker shutting down: no new tasks, finishing those in flight');
  });
// Worker.run() resolves after SIGINT/SIGTERM once in-flight tasks have finished, and rejects when
// they outlast forceMs.
let exitCode = 0;
try {
  await worker.run();
} catch (error) {
  exitCode = 1;
  log.error({ err: error }, 'worker stopped without finishing its tasks; Temporal retries them elsewhere');
}
await connection.close();
await sql.end({ timeout: 5 });
log.info(stopSignalled ? { shutdownMs: Date.now() - stopSignalled } : {}, 'worker stopped');
process.exit(exitCode);
