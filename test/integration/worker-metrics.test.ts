// The worker process serves the Temporal SDK's own metrics on its /metrics when given an address.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually } from '../support/api-client';
import { freePort } from '../support/free-port';
import { startStack, type Stack } from '../support/stack';
import { WorkerProcess } from '../support/worker-process';

let stack: Stack;
let worker: WorkerProcess;
let address: string;

beforeAll(async () => {
  stack = await startStack({ inProcessWorker: false });
  address = `127.0.0.1:${await freePort()}`;
  worker = new WorkerProcess({
    config: stack.config,
    workflowBundlePath: inject('workflowBundlePath'),
    env: { TESSERA_WORKER_METRICS_ADDRESS: address },
  });
  await worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await stack?.close();
});

describe('worker metrics', () => {
  it('exposes the SDK’s worker figures in the Prometheus format', async () => {
    const text = await eventually(
      async () => {
        const response = await fetch(`http://${address}/metrics`).catch(() => undefined);
        const body = response?.ok ? await response.text() : undefined;
        return body?.includes('temporal_') ? body : undefined;
      },
      { what: 'the worker metrics', timeoutMs: 30_000 },
    );
    expect(text).toMatch(/^# TYPE temporal_\w+ /m);
    expect(text).toContain(`task_queue="${stack.config.taskQueue}"`);
  });
});
