// The worker's deadlock detector, as patches/@temporalio+worker+1.24.0.patch leaves it: workflow code
// that does not yield within the isolate's execution timeout fails its workflow task with the
// timeout error, and the worker's thread goes on running the other workflows. In one reused V8
// context (Tessera's worker) the main thread watches each workflow thread and ends such code
// through the inspector; with a context per workflow, one watchdog times a whole activation. This
// test holds both to what the SDK's per-call watchdogs did.
//
// The loop here runs in the workflow's first, synchronous steps. On Node 20 a loop that runs after
// an `await` (in a microtask) is no better served by either: ending it while the workflow's
// AsyncLocalStorage has entered a context makes Node abort the whole process ("async hook stack
// has become corrupted"). scripts/bench/MEASUREMENTS.md says what was measured.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { eventually } from '../support/api-client';
import { onTemporalErrorLog } from '../support/temporal-runtime';
import { setUpWorkerProbe } from '../support/worker-probe';
import { deadlockProbe, finish } from './workflow-deadlock/workflows';

// Short enough for a quick test, long enough that a healthy activation on a loaded machine never
// comes near it (the healthy workflow's history must show no failed task).
const executionTimeoutMs = 2_000;

let code: string;
let client: Client;
/** Workflows whose activation the worker logged as failed by the timeout. */
const deadlocksLogged: string[] = [];
let stopListening: () => void;
beforeAll(async () => {
  ({ code, client } = await setUpWorkerProbe('workflow-deadlock'));
  stopListening = onTemporalErrorLog((message, meta) => {
    // The error comes from the worker's realm, not the test's: read, not matched by its class.
    if (message === 'Failed to process Workflow Activation' && String(meta?.error).includes('timed out'))
      deadlocksLogged.push(String(meta?.workflowId));
  });
}, 60_000);
afterAll(async () => {
  stopListening();
  await client.connection.close();
});

/** The failure messages of the workflow's failed tasks so far. */
async function failedTaskMessages(workflowId: string): Promise<string[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).flatMap((event) => {
    const message = event.workflowTaskFailedEventAttributes?.failure?.message;
    return message ? [message] : [];
  });
}

describe.each([
  { sandbox: 'one reused V8 context', reuseV8Context: true },
  { sandbox: 'a V8 context per workflow', reuseV8Context: false },
])('the deadlock detector, in $sandbox', ({ reuseV8Context }) => {
  it('fails a task that never yields, and the worker goes on with the others', async () => {
    const connection = await NativeConnection.connect({ address: inject('temporalAddress') });
    const taskQueue = `deadlock-${randomUUID()}`;
    // The SDK reads isolateExecutionTimeout from the options it is given, though its type leaves
    // it out ("not exposed at the moment"); a variable rather than a literal lets it through.
    const options = {
      connection,
      taskQueue,
      workflowBundle: { code },
      reuseV8Context,
      isolateExecutionTimeout: executionTimeoutMs,
    };
    const worker = await Worker.create(options);
    try {
      await worker.runUntil(async () => {
        const started = { taskQueue, workflowExecutionTimeout: 60_000 };
        const [stuck, healthy] = await Promise.all([
          client.workflow.start(deadlockProbe, {
            ...started,
            args: [true],
            workflowId: `deadlock-stuck-${randomUUID()}`,
          }),
          client.workflow.start(deadlockProbe, { ...started, workflowId: `deadlock-healthy-${randomUUID()}` }),
        ]);
        try {
          // The watchdog fires after two seconds; twenty allow for a loaded machine.
          const firstFailure = await eventually(async () => (await failedTaskMessages(stuck.workflowId))[0], {
            timeoutMs: 20_000,
            what: `a failed workflow task of ${stuck.workflowId}`,
          });
          expect(firstFailure).toBe(`Script execution timed out after ${executionTimeoutMs}ms`);

          await healthy.signal(finish);
          expect(await healthy.result()).toBe('finished after 0 turns');
          expect(await failedTaskMessages(healthy.workflowId)).toEqual([]);
          // Which detector ended it: the main thread's watch fails the activation there, which the
          // worker logs as an error; a watchdog's timeout becomes the failure inside the thread.
          expect(deadlocksLogged.includes(stuck.workflowId)).toBe(reuseV8Context);
        } finally {
          await stuck.terminate('deadlock test over');
        }
      });
    } finally {
      await connection.close();
    }
  }, 60_000);
});
