import { describe, expect, it } from 'vitest';
import { defaultWorkerTuning, workerTuningFrom } from './worker-tuning';

describe('worker tuning from the environment', () => {
  it('takes the defaults when nothing or an empty value is set', () => {
    expect(workerTuningFrom({})).toEqual(defaultWorkerTuning);
    expect(workerTuningFrom({ TESSERA_WORKER_CACHED_WORKFLOWS: ' ' })).toEqual(defaultWorkerTuning);
  });

  it('reads each setting on its own', () => {
    expect(
      workerTuningFrom({
        TESSERA_WORKER_CACHED_WORKFLOWS: '500',
        TESSERA_WORKER_WORKFLOW_THREADS: '2',
        TESSERA_WORKER_WORKFLOW_TASK_POLLS: '4',
      }),
    ).toEqual({ cachedWorkflows: 500, workflowThreads: 2, workflowTaskPolls: 4 });
    expect(workerTuningFrom({ TESSERA_WORKER_WORKFLOW_THREADS: '3' })).toEqual({
      ...defaultWorkerTuning,
      workflowThreads: 3,
    });
  });

  it('refuses what the SDK would refuse or silently change, naming the setting', () => {
    for (const [name, raw] of [
      ['TESSERA_WORKER_CACHED_WORKFLOWS', '1'],
      ['TESSERA_WORKER_CACHED_WORKFLOWS', 'many'],
      ['TESSERA_WORKER_WORKFLOW_THREADS', '0'],
      ['TESSERA_WORKER_WORKFLOW_THREADS', '1.5'],
      ['TESSERA_WORKER_WORKFLOW_TASK_POLLS', '1'],
      ['TESSERA_WORKER_WORKFLOW_TASK_POLLS', '41'],
    ] as const) {
      expect(() => workerTuningFrom({ [name]: raw }), `${name}=${raw}`).toThrow(name);
    }
  });
});
