import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { applyProcessTuning, defaultWorkerTuning, processFlagsOf, workerTuningFrom } from './worker-tuning';

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
        TESSERA_WORKER_WORKFLOW_STACK_TRACES: 'on',
        TESSERA_WORKER_WORKFLOW_STACK_FRAMES: '12',
        TESSERA_WORKER_HEAP_GROWING_PERCENT: '0',
        TESSERA_WORKER_HEAP_COMPACTION_SECONDS: '0',
      }),
    ).toEqual({
      cachedWorkflows: 500,
      workflowThreads: 2,
      workflowTaskPolls: 4,
      workflowStackTraces: true,
      workflowStackFrames: 12,
      heapGrowingPercent: 0,
      heapCompactionSeconds: 0,
    });
    expect(workerTuningFrom({ TESSERA_WORKER_WORKFLOW_THREADS: '3' })).toEqual({
      ...defaultWorkerTuning,
      workflowThreads: 3,
    });
    expect(workerTuningFrom({ TESSERA_WORKER_WORKFLOW_STACK_TRACES: ' off ' }).workflowStackTraces).toBe(false);
  });

  it('refuses what the SDK would refuse or silently change, naming the setting', () => {
    for (const [name, raw] of [
      ['TESSERA_WORKER_CACHED_WORKFLOWS', '1'],
      ['TESSERA_WORKER_CACHED_WORKFLOWS', 'many'],
      ['TESSERA_WORKER_WORKFLOW_THREADS', '0'],
      ['TESSERA_WORKER_WORKFLOW_THREADS', '1.5'],
      ['TESSERA_WORKER_WORKFLOW_TASK_POLLS', '1'],
      ['TESSERA_WORKER_WORKFLOW_TASK_POLLS', '41'],
      ['TESSERA_WORKER_WORKFLOW_STACK_FRAMES', '3'],
      ['TESSERA_WORKER_WORKFLOW_STACK_FRAMES', 'all'],
      ['TESSERA_WORKER_HEAP_GROWING_PERCENT', '-1'],
      ['TESSERA_WORKER_HEAP_GROWING_PERCENT', '12.5'],
      ['TESSERA_WORKER_HEAP_COMPACTION_SECONDS', '-60'],
      ['TESSERA_WORKER_HEAP_COMPACTION_SECONDS', 'hourly'],
      ['TESSERA_WORKER_WORKFLOW_STACK_TRACES', 'yes'],
      ['TESSERA_WORKER_WORKFLOW_STACK_TRACES', 'ON'],
    ] as const) {
      expect(() => workerTuningFrom({ [name]: raw }), `${name}=${raw}`).toThrow(name);
    }
  });
});

/** The first message a new thread running `source` posts, as a workflow thread of the SDK would start. */
async function firstMessageOfANewThread<T>(source: string): Promise<T> {
  const thread = new Worker(source, { eval: true });
  try {
    return await new Promise((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
  } finally {
    await thread.terminate();
  }
}

/** The frames a stack trace keeps in a new thread and in a sandbox created in it, as the SDK makes them. */
function framesInANewWorkflowThread(): Promise<{ thread: number; sandbox: number }> {
  return firstMessageOfANewThread(`
    const { parentPort } = require('node:worker_threads');
    const vm = require('node:vm');
    const sandbox = vm.createContext({});
    const depth = 'function deeper(n) { return n === 0 ? new Error().stack : deeper(n - 1); } deeper(30)';
    const framesOf = (stack) => stack.split('\\n').length - 1;
    parentPort.postMessage({ thread: framesOf(eval(depth)), sandbox: framesOf(vm.runInContext(depth, sandbox)) });`);
}

describe('the process tuning', () => {
  it("sets V8's stack trace limit and heap growing factor, 0 handing the factor back to V8", () => {
    expect(processFlagsOf(defaultWorkerTuning)).toEqual(['--stack-trace-limit=6', '--heap-growing-percent=50']);
    expect(processFlagsOf({ ...defaultWorkerTuning, heapGrowingPercent: 0 })).toContain('--heap-growing-percent=0');
  });

  it('tells the workflow threads it starts whether to record stack traces, in their environment', async () => {
    const environmentOfANewThread = () =>
      firstMessageOfANewThread(
        "require('node:worker_threads').parentPort.postMessage(process.env.TESSERA_WORKER_WORKFLOW_STACK_TRACES)",
      );
    const before = process.env.TESSERA_WORKER_WORKFLOW_STACK_TRACES;
    try {
      applyProcessTuning({ ...defaultWorkerTuning, workflowStackTraces: true });
      expect(await environmentOfANewThread()).toBe('on');
      applyProcessTuning(defaultWorkerTuning);
      expect(await environmentOfANewThread()).toBe('off');
    } finally {
      if (before === undefined) delete process.env.TESSERA_WORKER_WORKFLOW_STACK_TRACES;
      else process.env.TESSERA_WORKER_WORKFLOW_STACK_TRACES = before;
    }
  });

  it('limits the stack frames of the threads and sandboxes created after it, not those of the process', async () => {
    const mainThreadLimit = Error.stackTraceLimit;
    applyProcessTuning({ ...defaultWorkerTuning, workflowStackFrames: 5 });
    expect(await framesInANewWorkflowThread()).toEqual({ thread: 5, sandbox: 5 });
    applyProcessTuning({ ...defaultWorkerTuning, workflowStackFrames: 14 });
    expect(await framesInANewWorkflowThread()).toEqual({ thread: 14, sandbox: 14 });
    expect(Error.stackTraceLimit).toBe(mainThreadLimit);
    applyProcessTuning({ ...defaultWorkerTuning, workflowStackFrames: mainThreadLimit });
  });
});
