// The printed figures: lifecycles, the bare Temporal figures, where the CPU went, and each target
// with PASS or MISS.
import type { Ceiling } from './bare';
import { bareCalls, type BareCall } from './bare';
import type { CpuUse } from './cpu';
import { submissionCall, type LoadResult, type SubmissionMode } from './lifecycle';
import type { Recorder } from './stats';

/** Bare Temporal on the project's reference machine (dev server with WAL, 2 cores), as first measured. */
const designFigures: Partial<Record<BareCall, number>> = {
  start: 6,
  query: 6,
  update: 9,
  updateActivity: 27,
  updateLocalActivity: 12,
};
const designCeiling = 90;

export interface ReportInput {
  header: string[];
  submission: SubmissionMode;
  ceiling: Ceiling | undefined;
  ceilingCpu: CpuUse | undefined;
  /** The ceiling measured again after the lifecycles. */
  ceilingAfter: Ceiling | undefined;
  ceilingAfterCpu: CpuUse | undefined;
  bare: Recorder | undefined;
  single: LoadResult;
  singleCpu: CpuUse;
  loaded: LoadResult;
  loadedCpu: CpuUse;
  /** API v1 lifecycles at the same concurrency, right after the v2 ones. */
  v1: LoadResult;
  v1Cpu: CpuUse;
  anatomy: string[];
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const pad = (text: string, width: number) => text.padEnd(width);
const num = (text: string, width: number) => text.padStart(width);

function callRows(result: LoadResult, submission: SubmissionMode): string[] {
  const call = submissionCall[submission];
  const calls: Array<[string, string]> = [
    ['session', 'session creation   POST /v2/client-sessions'],
    ['vault', 'card tokenization  POST /v2/vault/cards'],
    [call.key, `${(submission === 'session' ? 'submission' : 'authorization').padEnd(19)}${call.label}`],
    ['submission', `submission total   vault + ${call.label.replace('POST ', '')}`],
    ['capture', 'capture            POST /v2/payments/{id}/captures'],
    ['lifecycle', 'whole lifecycle'],
  ];
  const rows = [`  ${pad('call', 62)}${num('p50 ms', 9)}${num('p99 ms', 9)}${num('n', 7)}${num('errors', 8)}`];
  for (const [key, label] of calls) {
    const samples = result.recorder.of(key);
    rows.push(
      `  ${pad(label, 62)}${num(ms(samples.p50), 9)}${num(ms(samples.p99), 9)}${num(String(samples.count), 7)}${num(String(result.recorder.errorsOf(key)), 8)}`,
    );
  }
  return rows;
}

function v1CallRows(result: LoadResult): string[] {
  const calls: Array<[string, string]> = [
    ['v1 session', 'session creation   POST /{entity}/sessions/create'],
    ['v1 vault', 'card tokenization  POST /v2/vault/cards'],
    ['v1 validate', 'validate           POST /{entity}/sessions/{id}/validate'],
    ['v1 capture', 'capture            POST /{entity}/transactions/{id}/capture'],
    ['v1 lifecycle', 'whole lifecycle'],
  ];
  const rows = [`  ${pad('call', 62)}${num('p50 ms', 9)}${num('p99 ms', 9)}${num('n', 7)}${num('errors', 8)}`];
  for (const [key, label] of calls) {
    const samples = result.recorder.of(key);
    rows.push(
      `  ${pad(label, 62)}${num(ms(samples.p50), 9)}${num(ms(samples.p99), 9)}${num(String(samples.count), 7)}${num(String(result.recorder.errorsOf(key)), 8)}`,
    );
  }
  return rows;
}

/** Other users' CPU above this (% of one core) makes a phase's figures unlike the reference ones. */
const busyMachine = 30;

export function cpuRows(cpu: CpuUse, title = 'CPU'): string[] {
  const parts = cpu.byProcess
    .filter((entry) => entry.percent >= 0.5)
    .map((entry) => `${entry.name} ${entry.percent.toFixed(0)}%`);
  if (cpu.postgresPercent >= 0.5) parts.push(`postgres (whole cluster) ${cpu.postgresPercent.toFixed(0)}%`);
  parts.push(`everything else on the machine ${cpu.othersPercent.toFixed(0)}%`);
  const rows = [
    `  ${title}, % of one core: ${parts.join(', ')}`,
    `  machine busy ${cpu.machineBusyPercent.toFixed(0)}% of ${cpu.cores * 100}%; load average ${cpu.loadBefore.map((v) => v.toFixed(2)).join(' ')} before, ${cpu.loadAfter.map((v) => v.toFixed(2)).join(' ')} after`,
  ];
  if (cpu.othersPercent > busyMachine)
    rows.push(
      `  WARNING: other processes took ${cpu.othersPercent.toFixed(0)}% of a core during this phase: its figures are lower than on an idle machine`,
    );
  return rows;
}

function ceilingOf(input: ReportInput): number | undefined {
  const values = [input.ceiling, input.ceilingAfter]
    .filter((c): c is Ceiling => c !== undefined)
    .map((c) => c.perSecond);
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}

interface Target {
  what: string;
  measured: number;
  limit: number | undefined;
  /** 'min': measured must be at least limit; 'max': at most. */
  kind: 'min' | 'max';
  unit: string;
}

function targetRow(target: Target): string {
  const verdict =
    target.limit === undefined || !Number.isFinite(target.measured)
      ? 'n/a '
      : (target.kind === 'max' ? target.measured <= target.limit : target.measured >= target.limit)
        ? 'PASS'
        : 'MISS';
  const bound =
    target.limit === undefined
      ? 'no bare figure'
      : `${target.kind === 'max' ? '<=' : '>='} ${target.limit.toFixed(1)}${target.unit}`;
  return `  ${verdict}  ${pad(target.what, 70)} ${num(`${target.measured.toFixed(1)}${target.unit}`, 9)}  (${bound})`;
}

export function printReport(input: ReportInput): { pass: number; miss: number } {
  const out: string[] = [];
  const { single, loaded, ceiling, bare } = input;
  const bareP50 = (call: BareCall) => bare?.of(call).p50;
  out.push('', '================ Tessera bench ================', ...input.header, '');

  out.push(`Full lifecycles at concurrency ${loaded.concurrency} for ${loaded.seconds.toFixed(1)} s`);
  out.push(
    `  lifecycles per second: ${loaded.perSecond.toFixed(1)} (${loaded.completed} completed of ${loaded.attempted} started)`,
  );
  const reference = ceilingOf(input);
  if (reference !== undefined) {
    const around = [input.ceiling, input.ceilingAfter]
      .filter((c): c is Ceiling => c !== undefined)
      .map((c) => c.perSecond.toFixed(1))
      .join(' before, ');
    out.push(
      `  ratio to the empty-workflow ceiling: ${((loaded.perSecond / reference) * 100).toFixed(1)}% of ${reference.toFixed(1)} empty workflows/s (mean of ${around}${input.ceilingAfter ? ' after' : ''})`,
    );
  }
  out.push(...callRows(loaded, input.submission), ...cpuRows(input.loadedCpu));
  if (loaded.recorder.firstErrors.length > 0) out.push(`  first errors: ${loaded.recorder.firstErrors.join(' | ')}`);
  out.push('');

  out.push(
    `Full lifecycles at concurrency 1 (${single.completed} lifecycles${bare ? ', each after one round of the bare calls below' : ''}, ${single.seconds.toFixed(1)} s)`,
  );
  out.push(...callRows(single, input.submission), ...cpuRows(input.singleCpu));
  out.push(
    '',
    `API v1 lifecycles at concurrency ${input.v1.concurrency} (create at the host root, vault, validate, capture): ${input.v1.completed} in ${input.v1.seconds.toFixed(1)} s = ${input.v1.perSecond.toFixed(2)}/s, v2 ${loaded.perSecond.toFixed(2)}/s`,
  );
  out.push(...v1CallRows(input.v1), ...cpuRows(input.v1Cpu));
  if (single.recorder.firstErrors.length > 0) out.push(`  first errors: ${single.recorder.firstErrors.join(' | ')}`);
  out.push('');

  if (ceiling && bare) {
    out.push('Bare Temporal, same server, same run (own tiny workflows, own task queue, worker in its own process;');
    out.push(
      '  the concurrency-1 calls interleaved with the concurrency-1 lifecycles above, so under the same CPU figures)',
    );
    out.push(`  ${pad('figure', 64)}${num('measured', 10)}${num('p99', 9)}${num('n', 7)}${num('reference', 11)}`);
    out.push(
      `  ${pad(`empty workflows/s at concurrency ${ceiling.concurrency} (the ceiling)`, 64)}${num(ceiling.perSecond.toFixed(1), 10)}${num('', 9)}${num(String(ceiling.completed), 7)}${num(`~${designCeiling}`, 11)}`,
    );
    out.push(
      `  ${pad(`  one empty workflow (start + result) at ${ceiling.concurrency}, ms`, 64)}${num(ms(ceiling.latency.p50), 10)}${num(ms(ceiling.latency.p99), 9)}${num(String(ceiling.latency.count), 7)}${num('', 11)}`,
    );
    const after = input.ceilingAfter;
    if (after) {
      out.push(
        `  ${pad(`empty workflows/s at ${after.concurrency}, again after the lifecycles`, 64)}${num(after.perSecond.toFixed(1), 10)}${num('', 9)}${num(String(after.completed), 7)}${num(`~${designCeiling}`, 11)}`,
      );
    }
    for (const call of Object.keys(bareCalls) as BareCall[]) {
      const samples = bare.of(call);
      const design = designFigures[call];
      out.push(
        `  ${pad(`p50 at concurrency 1: ${bareCalls[call]}, ms`, 64)}${num(ms(samples.p50), 10)}${num(ms(samples.p99), 9)}${num(String(samples.count), 7)}${num(design === undefined ? '' : `~${design}`, 11)}`,
      );
    }
    if (input.ceilingCpu) out.push(...cpuRows(input.ceilingCpu, 'CPU during the ceiling'));
    if (input.ceilingAfterCpu)
      out.push(...cpuRows(input.ceilingAfterCpu, 'CPU during the ceiling after the lifecycles'));
    const bareErrors = bare.totalErrors + ceiling.errors + (after?.errors ?? 0);
    out.push(
      `  errors: ${bareErrors}${ceiling.firstError ? ` (first: ${ceiling.firstError})` : ''}${bare.firstErrors.length ? ` ${bare.firstErrors.join(' | ')}` : ''}`,
    );
    out.push('');
  } else {
    out.push('Bare Temporal figures skipped (--skip-bare): no ratio and no comparisons.', '');
  }

  if (input.anatomy.length > 0) {
    out.push(
      'Anatomy of the median lifecycle at concurrency 1 (S = session workflow, P = payment workflow; event times from the Temporal server)',
    );
    out.push(...input.anatomy.map((line) => `  ${line}`), '');
  }

  const p50 = (result: LoadResult, call: string) => result.recorder.of(call).p50;
  const plus5 = (value: number | undefined) => (value === undefined ? undefined : value + 5);
  const targets: Target[] = [
    {
      what: `lifecycles/s at concurrency ${loaded.concurrency} vs 25% of the empty-workflow ceiling`,
      measured: loaded.perSecond,
      limit: reference === undefined ? undefined : reference * 0.25,
      kind: 'min',
      unit: '/s',
    },
    {
      what: 'session creation p50 (c=1) within 5 ms of a bare workflow start',
      measured: p50(single, 'session'),
      limit: plus5(bareP50('start')),
      kind: 'max',
      unit: ' ms',
    },
    input.submission === 'session'
      ? {
          what: 'submission p50 (c=1) within 5 ms of a bare Update + child workflow (local activity, signal back)',
          measured: p50(single, 'submit'),
          limit: plus5(bareP50('updateChildLocalActivity')),
          kind: 'max',
          unit: ' ms',
        }
      : {
          what: 'POST /v2/payments p50 (c=1) within 5 ms of a bare Update-with-Start + local activity',
          measured: p50(single, 'payment'),
          limit: plus5(bareP50('updateWithStartLocalActivity')),
          kind: 'max',
          unit: ' ms',
        },
    {
      what: 'card tokenization p50 (c=1), no Temporal call: within 5 ms of nothing',
      measured: p50(single, 'vault'),
      limit: 5,
      kind: 'max',
      unit: ' ms',
    },
    // The calls Tessera makes: a partner call is a local activity (workflows/payment/partner-calls.ts).
    {
      what: 'capture p50 (c=1) within 5 ms of a bare Update + local activity',
      measured: p50(single, 'capture'),
      limit: plus5(bareP50('updateLocalActivity')),
      kind: 'max',
      unit: ' ms',
    },
    { what: 'capture p50 (c=1) at most 25 ms', measured: p50(single, 'capture'), limit: 25, kind: 'max', unit: ' ms' },
    // Cost per lifecycle is the inverse of the rate on the same machine: v1 may cost 10% more.
    {
      what: `v1 lifecycles/s at concurrency ${loaded.concurrency} vs v2's / 1.10 (v1 costs at most 10% more)`,
      measured: input.v1.perSecond,
      limit: loaded.perSecond / 1.1,
      kind: 'min',
      unit: '/s',
    },
    {
      what: 'errors, every phase',
      measured:
        input.v1.recorder.totalErrors +
        loaded.recorder.totalErrors +
        single.recorder.totalErrors +
        (bare?.totalErrors ?? 0) +
        (ceiling?.errors ?? 0) +
        (input.ceilingAfter?.errors ?? 0),
      limit: 0,
      kind: 'max',
      unit: '',
    },
  ];
  out.push('Targets (2-core machine, 0 ms sandbox partner)');
  const rows = targets.map(targetRow);
  out.push(...rows);
  const pass = rows.filter((row) => row.startsWith('  PASS')).length;
  const miss = rows.filter((row) => row.startsWith('  MISS')).length;
  out.push(`  ${pass} PASS, ${miss} MISS`, '');
  console.log(out.join('\n'));
  return { pass, miss };
}
