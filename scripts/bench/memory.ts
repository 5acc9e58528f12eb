// The memory phase (--memory): checkout lifecycles at the concurrency until 5,000 and then 10,000
// have run (or 30 minutes have passed), the api's and the worker's resident size read five times
// up to each milestone, and whether it grew between the two beyond the noise those readings show.
import { readFileSync } from 'node:fs';
import { loadResult, runLifecycles, type LifecycleContext, type LoadResult } from './lifecycle';
import { Recorder } from './stats';
import type { MemoryGrowthFigure } from './targets';

export const memoryMilestones = [5_000, 10_000] as const;
export const memoryTimeLimitMs = 30 * 60_000;
/** Each milestone is read this many times, the last at the milestone, `memoryReadingSpacing` lifecycles apart. */
export const memoryReadingsPerMilestone = 5;
export const memoryReadingSpacing = 250;

const MiB = 1024 * 1024;
const leastNoiseBytes = 10 * MiB;

/** The lifecycle counts at which the phase reads the resident sizes, in order. */
export function memoryReadingPoints(
  milestones: readonly number[],
  readings = memoryReadingsPerMilestone,
  spacing = memoryReadingSpacing,
): number[][] {
  return milestones.map((milestone) =>
    Array.from({ length: readings }, (_, index) => milestone - (readings - 1 - index) * spacing),
  );
}

/**
 * How far one milestone's readings scatter around their own least-squares line over the lifecycle
 * count, in bytes (largest residual minus smallest). The line takes out what grows steadily within
 * the window, a leak among it, so a leak does not widen the noise that judges it; what is left is
 * how much the process moves from one quiet moment to the next: V8 keeps and gives back heap
 * reserve as it sees fit, and the worker's resident size moved by 60 to 150 MiB between single
 * readings in either direction while its heaps held flat after each collection (scripts/bench/MEASUREMENTS.md).
 */
export function scatterAroundTrend(points: readonly { x: number; y: number }[]): number {
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const sxx = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  const slope = sxx === 0 ? 0 : points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0) / sxx;
  const residuals = points.map((p) => p.y - (meanY + slope * (p.x - meanX)));
  return Math.max(...residuals) - Math.min(...residuals);
}

/**
 * Growth between the milestones that is noise, not a leak: the larger of 10 MiB (a Node process
 * moves by several MiB from one collection to the next) and the widest scatter of one milestone's
 * readings around their trend. Measured, not assumed: a fixed share of the first figure (5% until
 * this method) was narrower than the worker's own swing. What a run cannot tell from noise is a
 * leak below the noise spread over the 5,000 lifecycles between the milestones; the report
 * prints that size.
 */
export function memoryNoiseBytes(windows: readonly (readonly { x: number; y: number }[])[]): number {
  return Math.max(leastNoiseBytes, ...windows.map(scatterAroundTrend));
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
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
  return median(reads);
}

export interface MemoryReading {
  /** Lifecycles started in the memory phase when the sizes were read. */
  lifecycles: number;
  seconds: number;
  apiBytes: number | undefined;
  workerBytes: number | undefined;
}

/** A milestone's figures are the medians of its readings. */
export interface MemoryMilestone extends MemoryReading {
  readings: MemoryReading[];
}

export interface MemoryResult {
  milestones: MemoryMilestone[];
  /** Resident sizes before the phase's first lifecycle. */
  before: MemoryReading;
  /** Every lifecycle of the phase. */
  load: LoadResult;
  /** The phase stopped at its time limit before the last milestone. */
  timedOut: boolean;
}

type Process = 'apiBytes' | 'workerBytes';

function trendPoints(readings: readonly MemoryReading[], of: Process): { x: number; y: number }[] {
  return readings.flatMap((reading) => {
    const bytes = reading[of];
    return bytes === undefined ? [] : [{ x: reading.lifecycles, y: bytes }];
  });
}

export function milestoneOf(lifecycles: number, readings: readonly MemoryReading[]): MemoryMilestone {
  const medianOf = (of: Process) => median(trendPoints(readings, of).map((point) => point.y));
  return {
    lifecycles,
    seconds: readings.at(-1)?.seconds ?? 0,
    apiBytes: medianOf('apiBytes'),
    workerBytes: medianOf('workerBytes'),
    readings: [...readings],
  };
}

/** Growth from the first to the second milestone against the noise, per process. */
export function memoryGrowth(milestones: readonly MemoryMilestone[], of: Process): MemoryGrowthFigure {
  const first = milestones[0]?.[of];
  const second = milestones[1]?.[of];
  const windows = milestones.slice(0, 2).map((milestone) => trendPoints(milestone.readings, of));
  return {
    firstMiB: first === undefined ? undefined : first / MiB,
    secondMiB: second === undefined ? undefined : second / MiB,
    noiseMiB: first === undefined ? undefined : memoryNoiseBytes(windows) / MiB,
    readingsPerMilestone: windows.length === 0 ? 0 : Math.min(...windows.map((window) => window.length)),
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
  const windows = memoryReadingPoints(options.milestones ?? memoryMilestones);
  const startedAt = Date.now();
  const read = async (lifecycles: number): Promise<MemoryReading> => ({
    lifecycles,
    seconds: (Date.now() - startedAt) / 1000,
    apiBytes: await settledResidentBytes(options.pids.api),
    workerBytes: await settledResidentBytes(options.pids.worker),
  });
  const before = await read(0);
  const deadline = startedAt + memoryTimeLimitMs;
  const recorder = new Recorder();
  const reached: MemoryMilestone[] = [];
  let attempted = 0;
  let completed = 0;
  let timedOut = false;
  const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / MiB).toFixed(1)} MiB`);
  phase: for (const points of windows) {
    const readings: MemoryReading[] = [];
    for (const point of points) {
      // Each stretch ends with no lifecycle in flight, so every reading is taken on a quiet process.
      const stretch = await runLifecycles(context, {
        concurrency: options.concurrency,
        durationMs: Math.max(0, deadline - Date.now()),
        maxLifecycles: point - attempted,
        recorder,
      });
      attempted += stretch.attempted;
      completed += stretch.completed;
      if (attempted < point) {
        timedOut = true;
        break phase;
      }
      readings.push(await read(attempted));
    }
    const milestone = milestoneOf(attempted, readings);
    reached.push(milestone);
    options.say(
      `  after ${attempted} lifecycles (medians of ${readings.length} readings): api ${mib(milestone.apiBytes)}, worker ${mib(milestone.workerBytes)}`,
    );
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
