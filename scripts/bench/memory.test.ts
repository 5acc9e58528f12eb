import { describe, expect, it } from 'vitest';
import { memoryGrowth, memoryMilestones, memoryNoiseBytes, residentBytesOf } from './memory';

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
  it('are 5,000 and 10,000 lifecycles', () => {
    expect(memoryMilestones).toEqual([5000, 10000]);
  });

  it('allows 10 MiB of noise for a small process and 5% for a large one', () => {
    expect(memoryNoiseBytes(150 * MiB)).toBe(10 * MiB);
    expect(memoryNoiseBytes(400 * MiB)).toBe(20 * MiB);
  });

  it('reports each figure and the noise in MiB, from the first milestone', () => {
    const milestones = [
      { lifecycles: 5000, seconds: 400, apiBytes: 180 * MiB, workerBytes: 400 * MiB },
      { lifecycles: 10000, seconds: 800, apiBytes: 185 * MiB, workerBytes: 460 * MiB },
    ];
    expect(memoryGrowth(milestones, 'apiBytes')).toEqual({ firstMiB: 180, secondMiB: 185, noiseMiB: 10 });
    expect(memoryGrowth(milestones, 'workerBytes')).toEqual({ firstMiB: 400, secondMiB: 460, noiseMiB: 20 });
  });

  it('has no second figure when the phase stopped at its time limit before it', () => {
    const milestones = [{ lifecycles: 5000, seconds: 1700, apiBytes: 180 * MiB, workerBytes: undefined }];
    expect(memoryGrowth(milestones, 'apiBytes')).toEqual({ firstMiB: 180, secondMiB: undefined, noiseMiB: 10 });
    expect(memoryGrowth(milestones, 'workerBytes')).toEqual({
      firstMiB: undefined,
      secondMiB: undefined,
      noiseMiB: undefined,
    });
  });
});
