// The worker process: `node dist/temporal/worker-main.js` once built (README: production build),
// `node --import tsx temporal/worker-main.ts` from source. Any number may run against one cluster.
import { Runtime } from '@temporalio/worker';
import { connect } from '../db/connection';
import { createActivities } from '../activities';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { connectClient } from './client';
import { ensureSchedules } from './schedules';
import { createWorker } from './worker';
import { partnersFor } from '../activities/partners-config';

const log = createLogger('worker');
const config = loadConfig();
// The SDK's own figures (task slots, polls, schedule-to-start latencies, sticky cache) on this
// worker's /metrics, for Prometheus: one address per worker process, so none by default.
const metricsAddress = process.env.TESSERA_WORKER_METRICS_ADDRESS;
if (metricsAddress) Runtime.install({ telemetryOptions: { metrics: { prometheus: { bindAddress: metricsAddress } } } });
if (!config.databaseUrl) throw new Error('DATABASE_URL is required by the worker');
const sql = connect(config.databaseUrl);
const { worker, connection } = await createWorker({
  address: config.temporalAddress,
  namespace: config.temporalNamespace,
  taskQueue: config.taskQueue,
  activities: createActivities({ sql, encryptionKey: config.encryptionKey, partners: partnersFor(config) }),
  payloadKeys: config,
  // A prebuilt workflow bundle (tests restart workers often); otherwise the build's, or from source
  // bundled at start (temporal/worker.ts).
  ...(process.env.TESSERA_WORKFLOW_BUNDLE ? { workflowBundle: { codePath: process.env.TESSERA_WORKFLOW_BUNDLE } } : {}),
});
const client = await connectClient(config);
await ensureSchedules(client, config.taskQueue);
await client.connection.close();
log.info(
  {
    taskQueue: config.taskQueue,
    temporal: config.temporalAddress,
    ...(metricsAddress ? { metrics: `http://${metricsAddress}/metrics` } : {}),
  },
  'worker polling',
);
// Worker.run() resolves after SIGINT/SIGTERM once in-flight tasks have finished.
await worker.run();
await connection.close();
await sql.end({ timeout: 5 });
log.info('worker stopped');
