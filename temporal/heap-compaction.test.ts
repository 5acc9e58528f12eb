import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPACT, DO_NOT_COMPACT, scheduleHeapCompaction } from './heap-compaction';

const importSchedule = `const { scheduleHeapCompaction } = await import('${join(import.meta.dirname, 'heap-compaction.ts')}');`;

/** Runs an ES module script in a Node process of its own, with this file's module importable; its stdout. */
async function inOwnProcess(script: string, nodeFlags: string[], timeoutMs: number): Promise<string> {
  const run = promisify(execFile);
  const args = [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', `${importSchedule}\n${script}`];
  const { stdout } = await run(process.execPath, args, { timeout: timeoutMs });
  return stdout;
}

describe('the compaction schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a window every period and closes it after its length', () => {
    vi.useFakeTimers();
    const flags: string[] = [];
    const schedule = scheduleHeapCompaction({ everyMs: 60_000, windowMs: 10_000 }, (flag) => flags.push(flag));
    vi.advanceTimersByTime(59_999);
    expect(flags).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flags).toEqual([COMPACT]);
    vi.advanceTimersByTime(9_999);
    expect(flags).toEqual([COMPACT]);
    vi.advanceTimersByTime(1);
    expect(flags).toEqual([COMPACT, DO_NOT_COMPACT]);
    vi.advanceTimersByTime(50_000);
    expect(flags).toEqual([COMPACT, DO_NOT_COMPACT, COMPACT]);
    schedule.stop();
    expect(flags).toEqual([COMPACT, DO_NOT_COMPACT, COMPACT, DO_NOT_COMPACT]);
    vi.advanceTimersByTime(600_000);
    expect(flags).toHaveLength(4);
  });

  it('leaves compaction to V8 with a period of 0', () => {
    vi.useFakeTimers();
    const flags: string[] = [];
    scheduleHeapCompaction({ everyMs: 0, windowMs: 10_000 }, (flag) => flags.push(flag)).stop();
    vi.advanceTimersByTime(3_600_000);
    expect(flags).toEqual([]);
  });

  it('never keeps the process alive', async () => {
    const script = `
      scheduleHeapCompaction({ everyMs: 100, windowMs: 50 });
      console.log('scheduled');`;
    expect((await inOwnProcess(script, [], 20_000)).trim()).toBe('scheduled');
  });
});

/**
 * In a process of its own: a fragmented old space (objects promoted, then seven in eight dropped),
 * collected before a compaction window, inside one and after it closes; the share of the old
 * space's room that no live object uses after each.
 */
const fragmentation = `
  const v8 = await import('node:v8');
  const wasteAfterFullCollection = () => {
    let objects = [];
    for (let i = 0; i < 200_000; i += 1) objects.push({ i, values: new Array(20).fill(i) });
    gc();
    gc();
    objects = objects.filter((_, i) => i % 8 === 0);
    gc();
    gc();
    const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
    objects.length = 0;
    gc();
    return 1 - old.space_used_size / old.space_size;
  };
  const before = wasteAfterFullCollection();
  const schedule = scheduleHeapCompaction({ everyMs: 20, windowMs: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const inWindow = wasteAfterFullCollection();
  schedule.stop();
  const after = wasteAfterFullCollection();
  console.log(JSON.stringify({ before, inWindow, after }));`;

describe('a compaction window', () => {
  it("gives a fragmented heap's empty pages back, which V8 alone keeps", async () => {
    const stdout = await inOwnProcess(fragmentation, ['--expose-gc'], 60_000);
    const waste: { before: number; inWindow: number; after: number } = JSON.parse(stdout);
    expect(waste.before).toBeGreaterThan(0.3);
    expect(waste.inWindow).toBeLessThan(0.1);
    expect(waste.after).toBeGreaterThan(0.3);
  });
});
