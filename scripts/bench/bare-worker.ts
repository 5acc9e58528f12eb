// The worker of the bare Temporal probes, in its own process like Tessera's worker, so that the
// bare figures and the lifecycle figures have the same shape: client in the bench process, worker
// apart, and payloads encrypted as Tessera's are. Environment: TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE,
// BENCH_TASK_QUEUE, TESSERA_ENCRYPTION_KEY. Tells its parent "ready" over IPC once polling.
import { join } from 'node:path';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { dataConverterFor } from '../../temporal/data-converter';
import { applyProcessTuning, workerOptionsOf, workerTuningFrom } from '../../temporal/worker-tuning';
import type { BenchActivities } from './workflows';

const address = process.env.TEMPORAL_ADDRESS;
const taskQueue = process.env.BENCH_TASK_QUEUE;
const encryptionKey = process.env.TESSERA_ENCRYPTION_KEY;
if (!address || !taskQueue || !encryptionKey)
  throw new Error('TEMPORAL_ADDRESS, BENCH_TASK_QUEUE and TESSERA_ENCRYPTION_KEY are required');

Runtime.install({ logger: new DefaultLogger('WARN') });
const silent = () => {};
const { code } = await bundleWorkflowCode({
  workflowsPath: join(import.meta.dirname, 'workflows.ts'),
  logger: {
    log: silent,
    trace: silent,
    debug: silent,
    info: silent,
    warn: (m: string) => console.warn(m),
    error: (m: string) => console.error(m),
  },
});
const activities: BenchActivities = { benchNoop: async () => {} };
// Tuned as Tessera's worker is in the same run (temporal/worker-tuning.ts): the bench's own
// environment reaches both.
const tuning = workerTuningFrom(process.env);
applyProcessTuning(tuning);
const connection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection,
  namespace: process.env.TEMPORAL_NAMESPACE ?? 'default',
  taskQueue,
  workflowBundle: { code },
  activities,
  dataConverter: dataConverterFor({ encryptionKey: Buffer.from(encryptionKey, 'base64'), payloadDecryptionKeys: [] }),
  ...workerOptionsOf(tuning),
});
const running = worker.run();
process.send?.('ready');
// Worker.run() resolves after SIGINT/SIGTERM once in-flight tasks have finished.
await running;
await connection.close();
// The IPC channel would keep the process alive.
process.exit(0);
