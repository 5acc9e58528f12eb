// Whether the workflows of a scenario's payments and sessions still replay: a history the worker
// cannot replay leaves its payment stuck for good the next time a worker has to rebuild it (after
// a restart, or to answer a query once it has completed), whatever the API shows today. Each
// history is fetched from the server and replayed against the workflow bundle the worker runs.
import type { Client } from '@temporalio/client';
import type { DataConverter } from '@temporalio/common';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';

let runtimeInstalled = false;

/** Workflow ids whose history does not replay, with why. */
export async function unreplayable(
  temporal: Client,
  workflowIds: readonly string[],
  workflowBundlePath: string,
  /** The data converter the worker runs with, when its payloads are encoded (a payload codec). */
  dataConverter?: DataConverter,
): Promise<{ workflowId: string; error: string }[]> {
  if (!runtimeInstalled) {
    // The replayer narrates each replay at INFO; failures are what this reports.
    Runtime.install({ logger: new DefaultLogger('ERROR') });
    runtimeInstalled = true;
  }
  const histories = [];
  for (const workflowId of workflowIds) {
    const history = await temporal.workflow.getHandle(workflowId).fetchHistory();
    histories.push({ workflowId, history });
  }
  const failures: { workflowId: string; error: string }[] = [];
  const results = Worker.runReplayHistories(
    {
      workflowBundle: { codePath: workflowBundlePath },
      replayName: 'fault-matrix',
      ...(dataConverter ? { dataConverter } : {}),
    },
    histories,
  );
  for await (const { workflowId, error } of results) {
    if (error) failures.push({ workflowId, error: `${error.name}: ${error.message}`.slice(0, 300) });
  }
  return failures;
}
