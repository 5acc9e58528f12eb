// Sink calls as patches/@temporalio+worker+1.24.0.patch leaves them: the workflow thread hands an
// activation's calls over with its completion rather than on a second request. Every call a
// workflow makes still reaches the worker's sink once, in order, with its workflow's info, from
// successful activations and from one that fails its task; and a successful activation costs the
// worker no second message to the workflow thread.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Client } from '@temporalio/client';
import { NativeConnection, Worker, type InjectedSinks } from '@temporalio/worker';
import { WorkerThreadClient } from '@temporalio/worker/lib/workflow/threaded-vm';
import { eventually } from '../support/api-client';
import { setUpWorkerProbe } from '../support/worker-probe';
import { failTask, sinkProbe, step, type ProbeSinks } from './workflow-sinks/workflows';

interface Recorded {
  workflowId: string;
  label: string;
  nowIsAFunction: boolean;
}

let code: string;
let client: Client;
beforeAll(async () => {
  ({ code, client } = await setUpWorkerProbe('workflow-sinks'));
}, 60_000);
afterAll(async () => client.connection.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `body` with a worker whose probe sink records into the array returned. */
async function withProbeWorker(
  body: (taskQueue: string, recorded: Recorded[]) => Promise<void>,
): Promise<{ requests: string[] }> {
  const recorded: Recorded[] = [];
  const requests: string[] = [];
  const send = WorkerThreadClient.prototype.send;
  vi.spyOn(WorkerThreadClient.prototype, 'send').mockImplementation(function (this: WorkerThreadClient, input) {
    requests.push(input.type);
    return send.call(this, input);
  });
  const sinks: InjectedSinks<ProbeSinks> = {
    probe: {
      record: {
        fn: (info, label) => {
          recorded.push({ workflowId: info.workflowId, label, nowIsAFunction: typeof info.unsafe.now === 'function' });
        },
      },
    },
  };
  const connection = await NativeConnection.connect({ address: inject('temporalAddress') });
  const taskQueue = `sinks-${randomUUID()}`;
  const worker = await Worker.create({ connection, taskQueue, workflowBundle: { code }, sinks });
  try {
    await worker.runUntil(body(taskQueue, recorded));
  } finally {
    await connection.close();
  }
  return { requests };
}

describe('sink calls of workflow activations', () => {
  it('reach the sink once each, in order, with their workflow, and cost no second message to the thread', async () => {
    const workflowId = `sinks-${randomUUID()}`;
    const { requests } = await withProbeWorker(async (taskQueue, recorded) => {
      const handle = await client.workflow.start(sinkProbe, {
        taskQueue,
        workflowId,
        workflowExecutionTimeout: 60_000,
      });
      await eventually(async () => recorded.length === 1 || undefined, { timeoutMs: 20_000, what: 'the first call' });
      await handle.signal(step);
      await eventually(async () => recorded.length === 3 || undefined, { timeoutMs: 20_000, what: 'the step calls' });
      await handle.signal(step);
      await handle.result();
      expect(recorded).toEqual(
        ['started', 'first step', 'first step, second call', 'second step'].map((label) => ({
          workflowId,
          label,
          nowIsAFunction: true,
        })),
      );
    });
    expect(requests.filter((type) => type === 'activate-workflow').length).toBeGreaterThanOrEqual(3);
    expect(requests).not.toContain('extract-sink-calls');
  });

  it('reach the sink from an activation that fails its task', async () => {
    const workflowId = `sinks-failing-${randomUUID()}`;
    await withProbeWorker(async (taskQueue, recorded) => {
      const handle = await client.workflow.start(sinkProbe, {
        taskQueue,
        workflowId,
        workflowExecutionTimeout: 60_000,
      });
      try {
        await handle.signal(step);
        await eventually(async () => recorded.length === 3 || undefined, { timeoutMs: 20_000, what: 'the step calls' });
        await handle.signal(failTask);
        await eventually(async () => recorded.some(({ label }) => label === 'failing') || undefined, {
          timeoutMs: 20_000,
          what: 'the call of the failing activation',
        });
        const history = await handle.fetchHistory();
        expect(history.events?.some((event) => event.workflowTaskFailedEventAttributes)).toBe(true);
        expect(recorded.slice(0, 4).map(({ label }) => label)).toEqual([
          'started',
          'first step',
          'first step, second call',
          'failing',
        ]);
      } finally {
        await handle.terminate('the test is over');
      }
    });
  });
});
