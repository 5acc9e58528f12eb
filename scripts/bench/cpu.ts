// Where the CPU went during a phase: each of our processes (from /proc/<pid>/stat), the PostgreSQL
// cluster (shared with other users of this machine), and everything else on the machine.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const ticksPerSecond = 100; // getconf CLK_TCK on Linux

function processTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined;
  }
}

function postgresTicks(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total += processTicks(Number(entry)) ?? 0;
    } catch {
      // gone
    }
  }
  return total;
}

function machineTicks(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

export interface CpuUse {
  seconds: number;
  /** Percent of one core, per process name. */
  byProcess: Array<{ name: string; percent: number }>;
  postgresPercent: number;
  othersPercent: number;
  machineBusyPercent: number;
  cores: number;
  loadBefore: number[];
  loadAfter: number[];
}

export class CpuMeter {
  private startProcesses = new Map<string, number>();
  private startPostgres = 0;
  private startMachine = { busy: 0, total: 0 };
  private startedAt = 0;
  private loadBefore: number[] = [];

  constructor(
    private readonly processes: () => Array<{ name: string; pid: number | undefined }>,
    private readonly withPostgres: boolean,
  ) {}

  start(): void {
    this.startedAt = Date.now();
    this.loadBefore = loadavg();
    this.startProcesses = new Map(
      this.processes().flatMap(({ name, pid }) => {
        const ticks = pid === undefined ? undefined : processTicks(pid);
        return ticks === undefined ? [] : [[name, ticks] as const];
      }),
    );
    this.startPostgres = this.withPostgres ? postgresTicks() : 0;
    this.startMachine = machineTicks();
  }

  stop(): CpuUse {
    const seconds = (Date.now() - this.startedAt) / 1000;
    const percent = (ticks: number) => (ticks / ticksPerSecond / seconds) * 100;
    const byProcess: CpuUse['byProcess'] = [];
    let ours = 0;
    for (const { name, pid } of this.processes()) {
      const before = this.startProcesses.get(name);
      const after = pid === undefined ? undefined : processTicks(pid);
      if (before === undefined || after === undefined) continue;
      ours += after - before;
      byProcess.push({ name, percent: percent(after - before) });
    }
    const postgres = this.withPostgres ? postgresTicks() - this.startPostgres : 0;
    const machine = machineTicks();
    const machineBusy = machine.busy - this.startMachine.busy;
    const machineTotal = machine.total - this.startMachine.total;
    const cores = machineTotal > 0 ? Math.round(machineTotal / ticksPerSecond / seconds) : 0;
    return {
      seconds,
      byProcess,
      postgresPercent: percent(postgres),
      othersPercent: Math.max(0, percent(machineBusy - ours - postgres)),
      machineBusyPercent: machineTotal > 0 ? (machineBusy / machineTotal) * 100 * cores : 0,
      cores,
      loadBefore: this.loadBefore,
      loadAfter: loadavg(),
    };
  }
}

/** Stretches of one phase, metered apart, as one: each share weighted by the stretch's seconds. */
export function combinedCpu(uses: readonly CpuUse[]): CpuUse | undefined {
  const first = uses[0];
  const last = uses.at(-1);
  if (!first || !last) return undefined;
  const seconds = uses.reduce((total, use) => total + use.seconds, 0);
  const weighted = (share: (use: CpuUse) => number) =>
    seconds > 0 ? uses.reduce((total, use) => total + share(use) * use.seconds, 0) / seconds : 0;
  return {
    seconds,
    byProcess: first.byProcess.map(({ name }) => ({
      name,
      percent: weighted((use) => use.byProcess.find((process) => process.name === name)?.percent ?? 0),
    })),
    postgresPercent: weighted((use) => use.postgresPercent),
    othersPercent: weighted((use) => use.othersPercent),
    machineBusyPercent: weighted((use) => use.machineBusyPercent),
    cores: first.cores,
    loadBefore: first.loadBefore,
    loadAfter: last.loadAfter,
  };
}
