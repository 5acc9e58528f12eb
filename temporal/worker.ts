import { NativeConnection, Worker, type WorkflowBundleOption } from '@temporalio/worker';
import { join } from 'node:path';
import type { Activities } from '../activities';

export const workflowsPath = join(import.meta.dirname, '..', 'workflows', 'index.ts');

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: Activities;
  /** A prebuilt bundle (tests build one for all workers); otherwise the workflows are bundled at start. */
  workflowBundle?: WorkflowBundleOption;
  identity?: string;
}

export async function createWorker(options: WorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: options.activities,
    ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : { workflowsPath }),
    ...(options.identity ? { identity: options.identity } : {}),
    // Workflows here are short and many; keeping them cached avoids replays between Updates.
    maxCachedWorkflows: 2000,
  });
  return { worker, connection };
}
