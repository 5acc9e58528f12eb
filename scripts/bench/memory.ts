// The memory phase (--memory): checkout lifecycles at the concurrency until 5,000 and then 10,000
// have run (or 30 minutes have passed), the api's and the worker's resident size read at each
// milestone, and whether it grew between the two beyond noise.
import { readFileSync } from 'node:fs';
import { loadResult, runLifecycles, type LifecycleContext, type LoadResult } from './lifecycle';
import { Recorder } from './stats';
import type { MemoryGrowthFigure } from './targets';

export const memoryMilestones = [5_000, 10_000] as const;
export const memoryTimeLimitMs = 30 * 60_000;

const MiB = 1024 * 1024;

/**
 * Growth between the milestones that is noise, not a leak: the larger of 10 MiB and 5% of the
 * first figure. A Node process's resident size moves by several MiB from one garbage collection
 * to the next (V8 commits and releases its young generation's semi-spaces as it sees fit), and the
 * heap grows in steps; 5% covers the same for a large process. By 5,000 lifecycles the worker's
 * workflow cache (2,000 workflows, two per lifecycle) has been full for a long while, so what is
 * left to grow after that is what leaks. The bound lets through a leak smaller than the noise over
 * 5,000 lifecycles: about 2 KiB a lifecycle for an api of 200 MiB, 7 KiB for a worker of 700 MiB.
 */
export function memoryNoiseBytes(firstBytes: number): number {
  return Math.max(10 * MiB, 0.05 * firstBytes);
}

/** VmRSS of a /proc/<pid>/status text, in bytes; undefined when absent. */
export function residentBytesOf(status: string): number | undefined {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

function residentBytes(pid: number): number | undefined {
  try {
    return residentBytesOf(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The median of a few reads 200 ms apart, once no lifecycle is in flight: one read may catch a collection half done. */
async function settledResidentBytes(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const reads: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const bytes = residentBytes(pid);
    if (bytes !== undefined) reads.push(bytes);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  reads.sort((a, b) => a - b);
  return reads[Math.floor(reads.length / 2)];
}

export interface MemoryMilestone {
  /** Lifecycles started in the memory phase when the sizes were read. */
  lifecycles: number;
  seconds: number;
  apiBytes: number | undefined;
  workerBytes: number | undefined;
}

export interface MemoryResult {
  milestones: MemoryMilestone[];
  /** Resident sizes before the phase's first lifecycle. */
  before: MemoryMilestone;
  /** Every lifecycle of the phase. */
  load: LoadResult;
  /** The phase stopped at its time limit before the last milestone. */
  timedOut: boolean;
}

/** Growth from the first to the second milestone against the noise, per process. */
export function memoryGrowth(
  milestones: readonly MemoryMilestone[],
  of: 'apiBytes' | 'workerBytes',
): MemoryGrowthFigure {
  const first = milestones[0]?.[of];
  const second = milestones[1]?.[of];
  return {
    firstMiB: first === undefined ? undefined : first / MiB,
    secondMiB: second === undefined ? undefined : second / MiB,
    noiseMiB: first === undefined ? undefined : memoryNoiseBytes(first) / MiB,
  };
}

export async function runMemoryPhase(
  context: LifecycleContext,
  options: {
    concurrency: number;
    pids: { api: number | undefined; worker: number | undefined };
    say: (line: string) => void;
    milestones?: readonly number[];
  },
): Promise<MemoryResult> {
  const milestones = options.milestones ?? memoryMilestones;
  const read = async (lifecycles: number, seconds: number): Promise<MemoryMilestone> => ({
    lifecycles,
    seconds,
    apiBytes: await settledResidentBytes(options.pids.api),
    workerBytes: await settledResidentBytes(options.pids.worker),
  });
  const before = await read(0, 0);
  const startedAt = Date.now();
  const deadline = startedAt + memoryTimeLimitMs;
  const recorder = new Recorder();
  const reached: MemoryMilestone[] = [];
  let attempted = 0;
  let completed = 0;
  let timedOut = false;
  for (const milestone of milestones) {
    // Each stretch ends with no lifecycle in flight, so every milestone is read on a quiet process.
    const stretch = await runLifecycles(context, {
      concurrency: options.concurrency,
      durationMs: Math.max(0, deadline - Date.now()),
      maxLifecycles: milestone - attempted,
      recorder,
    });
    attempted += stretch.attempted;
    completed += stretch.completed;
    if (attempted < milestone) {
      timedOut = true;
      break;
    }
    const at = await read(attempted, (Date.now() - startedAt) / 1000);
    reached.push(at);
    const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / MiB).toFixed(1)} MiB`);
    options.say(`  after ${attempted} lifecycles: api ${mib(at.apiBytes)}, worker ${mib(at.workerBytes)}`);
  }
  return {
    milestones: reached,
    before,
    load: loadResult(
      { concurrency: options.concurrency, completed, attempted, recorder, last: undefined },
      (Date.now() - startedAt) / 1000,
    ),
    timedOut,
  };
}
