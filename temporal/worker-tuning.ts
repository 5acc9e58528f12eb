// How a worker holds and runs workflows, from its environment (README's configuration table). No
// other value `npm run bench` tried did better than these defaults on the 2-core reference machine
// (README: Benchmark, the worker tuning table).

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
}

export const defaultWorkerTuning: WorkerTuning = {
  cachedWorkflows: 2000,
  workflowThreads: 1,
  workflowTaskPolls: 10,
};

/**
 * The names and bounds of each setting. The SDK refuses a cache below 2, and polls below 2 or above
 * the workflow tasks it runs at once (40 by default).
 */
const workerTuningSettings: Record<keyof WorkerTuning, { env: string; min: number; max: number }> = {
  cachedWorkflows: { env: 'TESSERA_WORKER_CACHED_WORKFLOWS', min: 2, max: 1_000_000 },
  workflowThreads: { env: 'TESSERA_WORKER_WORKFLOW_THREADS', min: 1, max: 64 },
  workflowTaskPolls: { env: 'TESSERA_WORKER_WORKFLOW_TASK_POLLS', min: 2, max: 40 },
};

/** Each setting from the environment, or its default when unset or empty; throws on anything else. */
export function workerTuningFrom(env: Record<string, string | undefined>): WorkerTuning {
  const tuning = { ...defaultWorkerTuning };
  for (const key of Object.keys(workerTuningSettings) as Array<keyof WorkerTuning>) {
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
  return `${tuning.cachedWorkflows} cached workflows, ${tuning.workflowThreads} workflow thread(s), ${tuning.workflowTaskPolls} workflow task polls`;
}
