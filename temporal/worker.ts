import { NativeConnection, Worker, type WorkflowBundleOption } from '@temporalio/worker';
import { join } from 'node:path';
import type { Activities } from '../activities';
import { projectRoot, runsCompiled } from '../platform/config';
import type { PayloadKeySettings } from '../platform/payload-keys';
import { dataConverterFor } from './data-converter';
import { applyProcessTuning, defaultWorkerTuning, workerOptionsOf, type WorkerTuning } from './worker-tuning';

const workflowsPath = join(projectRoot, 'workflows', 'index.ts');

/**
 * The workflow modules are evaluated once in each workflow thread's reusable V8 context and shared by
 * every workflow it runs (the SDK's preloadModules), instead of once for each new workflow. Sharing
 * them is safe only while they keep no state at module level: temporal/workflow-modules.test.ts
 * holds every module of the bundle to that.
 */
export const workflowBundling = { workflowsPath, preloadModules: [workflowsPath] };

/** The same, in the options of a worker (or the replayer) that bundles the workflows itself. */
export const workflowsFromSource = {
  workflowsPath,
  bundlerOptions: { preloadModules: workflowBundling.preloadModules },
};

/** Where scripts/build.ts writes the workflow bundle, relative to the build's package root. */
export const workflowBundleFile = join('temporal', 'workflow-bundle.js');

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: Activities;
  /** The payload keys (temporal/data-converter.ts): a worker reads and writes encrypted payloads only. */
  payloadKeys: PayloadKeySettings;
  /**
   * A prebuilt bundle (tests build one for all workers); otherwise the build's own when compiled,
   * and from source the workflows are bundled at start.
   */
  workflowBundle?: WorkflowBundleOption;
  identity?: string;
  /**
   * On shutdown (worker.shutdown(), SIGTERM in a worker process): how long tasks in flight may run
   * to completion before activities are cancelled, and the bound after which the worker gives up
   * on them (worker.run() then rejects and the process should exit). Temporal gives what was not
   * finished to another worker: a failed activity attempt at once, a lost one after its timeout.
   */
  shutdown?: { graceMs: number; forceMs: number };
  /** How it holds and runs workflows (temporal/worker-tuning.ts); the measured defaults otherwise. */
  tuning?: WorkerTuning;
}

export async function createWorker(options: WorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  const tuning = options.tuning ?? defaultWorkerTuning;
  applyProcessTuning(tuning);
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: options.activities,
    dataConverter: dataConverterFor(options.payloadKeys),
    ...(options.workflowBundle
      ? { workflowBundle: options.workflowBundle }
      : runsCompiled
        ? { workflowBundle: { codePath: join(projectRoot, workflowBundleFile) } }
        : workflowsFromSource),
    ...(options.identity ? { identity: options.identity } : {}),
    ...(options.shutdown
      ? { shutdownGraceTime: options.shutdown.graceMs, shutdownForceTime: options.shutdown.forceMs }
      : {}),
    ...workerOptionsOf(tuning),
  });
  return { worker, connection };
}
