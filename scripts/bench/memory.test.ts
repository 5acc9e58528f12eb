import { describe, expect, it } from 'vitest';
import {
  memoryGrowth,
  memoryMilestones,
  memoryNoiseBytes,
  memoryReadingPoints,
  milestoneOf,
  residentBytesOf,
  scatterAroundTrend,
} from './memory';

const MiB = 1024 * 1024;

describe('resident size', () => {
  it('is VmRSS of /proc/<pid>/status, in bytes', () => {
    const status =
      'Name:\tnode\nVmPeak:\t 1234567 kB\nVmHWM:\t  300000 kB\nVmRSS:\t  204800 kB\nRssAnon:\t  150000 kB\n';
    expect(residentBytesOf(status)).toBe(200 * MiB);
  });

  it('is unknown when the process has none (a zombie shows no VmRSS)', () => {
    expect(residentBytesOf('Name:\tnode\nState:\tZ (zombie)\n')).toBeUndefined();
  });
});

describe('memory growth between the milestones', () => {
  it('are 5,000 and 10,000 lifecycles, each read five times 250 lifecycles apart, the last at the milestone', () => {
    expect(memoryMilestones).toEqual([5000, 10000]);
    expect(memoryReadingPoints(memoryMilestones)).toEqual([
      [4000, 4250, 4500, 4750, 5000],
      [9000, 9250, 9500, 9750, 10000],
    ]);
  });

  it('measures noise as the scatter of readings around their own trend, so a steady rise is not noise', () => {
    const steady = [0, 1, 2, 3, 4].map((step) => ({ x: 4000 + 250 * step, y: 500 * MiB + step * 20 * MiB }));
    expect(scatterAroundTrend(steady)).toBeCloseTo(0, 6);
    const swinging = [500, 620, 510, 640, 530].map((mib, step) => ({ x: 4000 + 250 * step, y: mib * MiB }));
    // The fitted line rises 8 MiB a reading from 544; the residuals run from -50 to +72 MiB.
    expect(scatterAroundTrend(swinging) / MiB).toBeCloseTo(122, 6);
    expect(scatterAroundTrend([{ x: 5000, y: 400 * MiB }])).toBe(0);
  });

  it('allows at least 10 MiB of noise, and the widest scatter of either milestone beyond that', () => {
    const flat = (mib: number) => [0, 1, 2].map((step) => ({ x: step, y: mib * MiB }));
    expect(memoryNoiseBytes([flat(150), flat(160)])).toBe(10 * MiB);
    const wide = [100, 130, 100].map((mib, step) => ({ x: step, y: mib * MiB }));
    // Residuals around a flat line at 110: -10, +20, -10.
    expect(memoryNoiseBytes([flat(150), wide]) / MiB).toBeCloseTo(30, 6);
  });

  const reading = (lifecycles: number, apiMiB: number, workerMiB: number | undefined) => ({
    lifecycles,
    seconds: lifecycles / 20,
    apiBytes: apiMiB * MiB,
    workerBytes: workerMiB === undefined ? undefined : workerMiB * MiB,
  });
  /** A milestone read at each of its reading points, api and worker in MiB, in order. */
  const windowUpTo = (milestone: number, apiMiB: number[], workerMiB: number[]) =>
    milestoneOf(
      milestone,
      memoryReadingPoints([milestone])[0]!.map((lifecycles, index) =>
        reading(lifecycles, apiMiB[index]!, workerMiB[index]),
      ),
    );

  it('makes each milestone the medians of its readings, and judges growth between the medians', () => {
    const first = windowUpTo(5000, [180, 184, 182, 181, 183], [1100, 1180, 1120, 1200, 1110]);
    expect(first).toMatchObject({ lifecycles: 5000, seconds: 250, apiBytes: 182 * MiB, workerBytes: 1120 * MiB });
    const second = windowUpTo(10000, [185, 186, 185, 184, 186], [1150, 1130, 1160, 1140, 1150]);
    const api = memoryGrowth([first, second], 'apiBytes');
    expect(api).toMatchObject({ firstMiB: 182, secondMiB: 185, noiseMiB: 10, readingsPerMilestone: 5 });
    const worker = memoryGrowth([first, second], 'workerBytes');
    expect(worker).toMatchObject({ firstMiB: 1120, secondMiB: 1150, readingsPerMilestone: 5 });
    // The first milestone's readings swing by about 100 MiB around their trend: growth of 30 is noise.
    expect(worker.noiseMiB).toBeGreaterThan(90);
  });

  it('leaves a reading out of a process that had none, and has no second figure when the phase stopped before it', () => {
    const first = milestoneOf(5000, [reading(4750, 180, undefined), reading(5000, 182, 1000)]);
    expect(first.workerBytes).toBe(1000 * MiB);
    expect(memoryGrowth([first], 'apiBytes')).toMatchObject({ firstMiB: 181, secondMiB: undefined, noiseMiB: 10 });
    const none = milestoneOf(5000, [reading(5000, 180, undefined)]);
    expect(memoryGrowth([none], 'workerBytes')).toMatchObject({
      firstMiB: undefined,
      secondMiB: undefined,
      noiseMiB: undefined,
    });
  });
});
