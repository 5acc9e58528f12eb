// How a worker holds and runs workflows, from its environment (README's configuration table). No
// other value `npm run bench` tried did better than these defaults on the 2-core reference machine
// (scripts/bench/MEASUREMENTS.md, the worker tuning tables), but for 4 stack frames, which saved a
// little more CPU than 6 and left the stack trace query two frames of workflow code, and for stack
// traces, which are off because recording them cost a third of the workflow thread's CPU.
import { setFlagsFromString } from 'node:v8';
import { scheduleHeapCompaction } from './heap-compaction';

export interface WorkerTuning {
  /**
   * Workflows kept in memory between their tasks (the SDK's maxCachedWorkflows). One evicted is
   * replayed from its history at its next task: a capture days after checkout finds its payment so.
   */
  cachedWorkflows: number;
  /** Threads running workflow code (workflowThreadPoolSize). */
  workflowThreads: number;
  /** Workflow task polls in flight at once (maxConcurrentWorkflowTaskPolls). */
  workflowTaskPolls: number;
  /**
   * Whether the workflow threads answer the stack trace queries (`__stack_trace`, the Temporal UI's
   * Stack Trace tab). To answer them, the SDK's sandbox records a stack trace for every promise a
   * workflow creates: that cost a third of the workflow thread's CPU at concurrency 1
   * (scripts/bench/MEASUREMENTS.md), for a query asked only while someone debugs. Off, the queries
   * answer that stack traces are not enabled. A worker started with them on rebuilds a waiting
   * workflow's stacks as it replays its history, so they can be turned on after the fact (patches/@temporalio+worker+1.24.0.patch installs the hook only then).
   */
  workflowStackTraces: boolean;
  /**
   * Frames a stack trace keeps in the workflow threads (V8's stack trace limit there; Node's
   * default is 10): those of errors thrown in workflow code and, with workflowStackTraces, those
   * recorded for every promise, where each frame costs its formatting. Of a promise's, two are the
   * SDK's own hook, the rest say where the workflow waits.
   */
  workflowStackFrames: number;
  /**
   * How far V8 lets a heap grow past what its last full collection kept, in percent, in every
   * thread of the worker process (V8's --heap-growing-percent; 0 leaves V8 its own factor). V8's
   * own factor goes up to 4 when collections are fast, so a heap of 100 MiB kept alive may hold
   * 400 MiB, which it gives back only at its own pace: in the bench the worker's resident size
   * swung by 60 to 150 MiB from one reading to the next. At 50% the worker's heaps held within
   * 10 MiB of their level over 10,000 checkouts and its resident size stayed 100 to 250 MiB lower,
   * at no cost in lifecycles a second that the bench could tell from noise
   * (scripts/bench/MEASUREMENTS.md).
   */
  heapGrowingPercent: number;
  /**
   * Seconds between the windows in which every full collection compacts the worker's heaps
   * (temporal/heap-compaction.ts); 0 leaves compaction to V8. Each window costs a thread one longer
   * pause (in the bench 130 to 180 ms on the main thread, 210 to 290 on the workflow thread, where
   * a full collection takes 10 to 20 otherwise) and gives back the pages that fragmentation keeps
   * from the allocator: over 10,000 checkouts the worker's resident size held level
   * (scripts/bench/MEASUREMENTS.md).
   */
  heapCompactionSeconds: number;
}

export const defaultWorkerTuning: WorkerTuning = {
  cachedWorkflows: 2000,
  workflowThreads: 1,
  workflowTaskPolls: 10,
  workflowStackTraces: false,
  workflowStackFrames: 6,
  heapGrowingPercent: 50,
  heapCompactionSeconds: 60,
};

type NumericSetting = Exclude<keyof WorkerTuning, 'workflowStackTraces'>;

/** The workflow threads read it when they start (patches/@temporalio+worker+1.24.0.patch). */
const STACK_TRACES_ENV = 'TESSERA_WORKER_WORKFLOW_STACK_TRACES';

/**
 * The names and bounds of each numeric setting. The SDK refuses a cache below 2, and polls below 2
 * or above the workflow tasks it runs at once (40 by default). Below 4 stack frames the SDK's hook
 * could no longer tell the promises of Promise.all and Promise.race apart from others.
 */
const workerTuningSettings: Record<NumericSetting, { env: string; min: number; max: number }> = {
  cachedWorkflows: { env: 'TESSERA_WORKER_CACHED_WORKFLOWS', min: 2, max: 1_000_000 },
  workflowThreads: { env: 'TESSERA_WORKER_WORKFLOW_THREADS', min: 1, max: 64 },
  workflowTaskPolls: { env: 'TESSERA_WORKER_WORKFLOW_TASK_POLLS', min: 2, max: 40 },
  workflowStackFrames: { env: 'TESSERA_WORKER_WORKFLOW_STACK_FRAMES', min: 4, max: 200 },
  heapGrowingPercent: { env: 'TESSERA_WORKER_HEAP_GROWING_PERCENT', min: 0, max: 1000 },
  heapCompactionSeconds: { env: 'TESSERA_WORKER_HEAP_COMPACTION_SECONDS', min: 0, max: 86_400 },
};

/** Each setting from the environment, or its default when unset or empty; throws on anything else. */
export function workerTuningFrom(env: Record<string, string | undefined>): WorkerTuning {
  const tuning = { ...defaultWorkerTuning };
  const stackTraces = env[STACK_TRACES_ENV]?.trim();
  if (stackTraces) {
    if (stackTraces !== 'on' && stackTraces !== 'off')
      throw new Error(`${STACK_TRACES_ENV} must be "on" or "off", got "${stackTraces}"`);
    tuning.workflowStackTraces = stackTraces === 'on';
  }
  for (const key of Object.keys(workerTuningSettings) as NumericSetting[]) {
    const { env: name, min, max } = workerTuningSettings[key];
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    tuning[key] = value;
  }
  return tuning;
}

/** The V8 flags a tuning sets in the worker process (applyProcessTuning). */
export function processFlagsOf(tuning: WorkerTuning): string[] {
  return [`--stack-trace-limit=${tuning.workflowStackFrames}`, `--heap-growing-percent=${tuning.heapGrowingPercent}`];
}

/** How long a compaction window stays open: the workflow thread ran a full collection every 10 to 30 s in the bench. */
const COMPACTION_WINDOW_MS = 10_000;

/** The process's one compaction schedule: a worker created again in the same process replaces it. */
let compaction: { stop(): void } | undefined;

/**
 * What of a tuning is the process's rather than the SDK's. The stack trace limit and the stack
 * traces hold for the workflow threads started from now on: call it before Worker.create, which
 * starts them; each has its own V8 context and its own copy of the environment, and so has the
 * sandbox in it. Contexts that already exist keep their limit, the main thread's included, so
 * activities and the rest of the process still get Node's 10 frames. The heap growing factor holds
 * from each heap's next full collection on, the main thread's included, and so do the compaction
 * windows.
 */
export function applyProcessTuning(tuning: WorkerTuning): void {
  for (const flag of processFlagsOf(tuning)) setFlagsFromString(flag);
  process.env[STACK_TRACES_ENV] = tuning.workflowStackTraces ? 'on' : 'off';
  compaction?.stop();
  compaction = scheduleHeapCompaction({
    everyMs: tuning.heapCompactionSeconds * 1000,
    windowMs: Math.min(COMPACTION_WINDOW_MS, (tuning.heapCompactionSeconds * 1000) / 2),
  });
}

/** The Temporal SDK's worker options for a tuning. */
export function workerOptionsOf(tuning: WorkerTuning) {
  return {
    maxCachedWorkflows: tuning.cachedWorkflows,
    workflowThreadPoolSize: tuning.workflowThreads,
    maxConcurrentWorkflowTaskPolls: tuning.workflowTaskPolls,
  };
}

/** One line for logs and reports. */
export function describeTuning(tuning: WorkerTuning): string {
  return `${tuning.cachedWorkflows} cached workflows, ${tuning.workflowThreads} workflow thread(s), ${tuning.workflowTaskPolls} workflow task polls, ${tuning.workflowStackFrames} stack frames in workflow code, stack trace queries ${tuning.workflowStackTraces ? 'answered' : 'off'}, heaps growing ${tuning.heapGrowingPercent === 0 ? "by V8's own factor" : `${tuning.heapGrowingPercent}% past their live size`}, ${tuning.heapCompactionSeconds === 0 ? 'compacted when V8 judges it' : `compacted every ${tuning.heapCompactionSeconds} s`}`;
}
