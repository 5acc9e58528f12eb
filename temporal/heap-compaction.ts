// Periodic compaction of the worker's heaps. V8 moves objects out of a fragmented old-space page
// only when it judges the page wasteful enough, and under steady load the worker is never idle long
// enough for V8's memory reducer to compact either. So the pages that a lifecycle's promoted objects
// leave half empty accumulate: in the bench the worker's resident size crept by 2 to 3.5 KiB a
// lifecycle while heap snapshots of both its threads held the same objects (scripts/bench/MEASUREMENTS.md).
// For a short window every period, every full collection compacts: each thread's next one moves
// its live objects together and gives the empty pages back. V8's flags are the process's, so one
// window reaches the workflow threads too.
import { setFlagsFromString } from 'node:v8';

export interface HeapCompactionSchedule {
  /** Milliseconds between windows; 0 leaves compaction to V8's own judgement. */
  everyMs: number;
  /** How long each window stays open: long enough for most threads to run a full collection. */
  windowMs: number;
}

export const COMPACT = '--compact-on-every-full-gc';
export const DO_NOT_COMPACT = '--no-compact-on-every-full-gc';

/**
 * Opens a compaction window every `everyMs`, closed `windowMs` later. The timers never keep the
 * process alive. `stop()` closes an open window and ends the schedule.
 */
export function scheduleHeapCompaction(
  schedule: HeapCompactionSchedule,
  setFlags: (flags: string) => void = setFlagsFromString,
): { stop(): void } {
  if (schedule.everyMs <= 0) return { stop: () => {} };
  let closing: NodeJS.Timeout | undefined;
  const close = () => {
    clearTimeout(closing);
    closing = undefined;
    setFlags(DO_NOT_COMPACT);
  };
  const every = setInterval(() => {
    clearTimeout(closing);
    setFlags(COMPACT);
    closing = setTimeout(close, schedule.windowMs).unref();
  }, schedule.everyMs).unref();
  return {
    stop() {
      clearInterval(every);
      close();
    },
  };
}
