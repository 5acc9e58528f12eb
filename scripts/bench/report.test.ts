import { describe, expect, it } from 'vitest';
import type { CpuUse } from './cpu';
import { cpuRows, submissionFloor } from './report';

const phase: CpuUse = {
  seconds: 30,
  byProcess: [
    { name: 'temporal server', percent: 80 },
    { name: 'worker', percent: 60 },
    { name: 'bare worker', percent: 0.2 },
  ],
  postgresPercent: 10,
  othersPercent: 2,
  machineBusyPercent: 152,
  cores: 2,
  loadBefore: [1, 1, 1],
  loadAfter: [2, 1, 1],
};

describe('the CPU rows of a phase', () => {
  it('turn each process share into milliseconds of CPU per lifecycle at the phase rate', () => {
    // 80% of a core is 800 ms a second; at 20 lifecycles a second, 40 ms each.
    expect(cpuRows(phase, 'CPU', 20)).toContain(
      '  CPU per lifecycle, ms: temporal server 40.0, worker 30.0, postgres 5.0; all of these 75.0',
    );
  });

  it('leave the per-lifecycle row out without a rate, and never count a process under half a percent', () => {
    const rows = cpuRows(phase);
    expect(rows.some((row) => row.includes('per lifecycle'))).toBe(false);
    expect(rows[0]).toBe(
      '  CPU, % of one core: temporal server 80%, worker 60%, postgres (whole cluster) 10%, everything else on the machine 2%',
    );
  });
});

describe("the submission's round trips made bare", () => {
  const p50s: Record<string, number> = { updateAfterStart: 15.8, updateWithStartLocalActivity: 22.7, update: 11.3 };

  it("are the session's reservation and the payment's Update-with-Start on a session, the latter alone without one", () => {
    expect(submissionFloor('session', (call) => p50s[call])).toEqual({
      calls: ['updateAfterStart', 'updateWithStartLocalActivity'],
      ms: 15.8 + 22.7,
    });
    expect(submissionFloor('payments', (call) => p50s[call]).ms).toBe(22.7);
  });

  it('are not a number when one of them was not measured', () => {
    expect(submissionFloor('session', (call) => (call === 'updateAfterStart' ? undefined : 1)).ms).toBeNaN();
  });
});
