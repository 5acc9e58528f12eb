// A phase run in stretches (v1 lifecycles in turn with v2 checkouts): the order of the stretches,
// and their results and CPU taken together.
import { describe, expect, it } from 'vitest';
import { combinedCpu, type CpuUse } from './cpu';
import { combinedResult, loadResult } from './lifecycle';
import { Recorder } from './stats';
import { interleavedOrder } from './v1-lifecycle';

describe('the order of v1 and v2 stretches', () => {
  it('mirrors each pair in the next, so a steady drift of the machine weighs on both alike', () => {
    expect(interleavedOrder(3)).toEqual(['v1', 'v2', 'v2', 'v1', 'v1', 'v2']);
    expect(interleavedOrder(2)).toEqual(['v1', 'v2', 'v2', 'v1']);
  });
});

describe('stretches taken together', () => {
  it('add up their lifecycles and seconds, so the rate is over the time they ran', () => {
    const recorder = new Recorder();
    const last = { sessionId: 's', paymentId: 'p', authorizedAnswerAt: 1 };
    const combined = combinedResult(
      [
        loadResult({ concurrency: 8, completed: 100, attempted: 101, recorder, last: undefined }, 10),
        loadResult({ concurrency: 8, completed: 50, attempted: 50, recorder, last }, 10),
      ],
      recorder,
    );
    expect(combined).toMatchObject({ concurrency: 8, completed: 150, attempted: 151, seconds: 20, perSecond: 7.5 });
    expect(combined.last).toBe(last);
    expect(combined.recorder).toBe(recorder);
  });

  it("weigh each stretch's CPU shares by its seconds", () => {
    const use = (seconds: number, worker: number, load: number): CpuUse => ({
      seconds,
      byProcess: [{ name: 'worker', percent: worker }],
      postgresPercent: worker / 10,
      othersPercent: 1,
      machineBusyPercent: 150,
      cores: 2,
      loadBefore: [load, 0, 0],
      loadAfter: [load + 1, 0, 0],
    });
    const combined = combinedCpu([use(10, 60, 1), use(30, 100, 3)]);
    expect(combined?.seconds).toBe(40);
    expect(combined?.byProcess).toEqual([{ name: 'worker', percent: 90 }]);
    expect(combined?.postgresPercent).toBeCloseTo(9);
    expect(combined?.loadBefore[0]).toBe(1);
    expect(combined?.loadAfter[0]).toBe(4);
    expect(combinedCpu([])).toBeUndefined();
  });
});
