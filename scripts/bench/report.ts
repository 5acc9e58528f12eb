// The printed figures: lifecycles, the bare Temporal figures, where the CPU went, and each target
// with PASS or MISS.
import type { Ceiling } from './bare';
import { bareCalls, skeletonNames, skeletons, type BareCall, type Skeleton } from './bare';
import { captureWays, type CaptureWay } from './capture-split';
import type { CpuUse } from './cpu';
import { partial, submissionCall, type LoadResult, type SubmissionMode } from './lifecycle';
import {
  memoryGrowth,
  memoryMilestones,
  memoryReadingSpacing,
  memoryReadingsPerMilestone,
  type MemoryReading,
  type MemoryResult,
} from './memory';
import type { Recorder } from './stats';
import { issueTargets, targetRow, verdictOf, type MemoryGrowthFigure, type MemoryGrowthFigures } from './targets';
import type { FirstDeliveries } from './webhook-receiver';

/** Bare Temporal on the project's reference machine (dev server with WAL, 2 cores), as first measured. */
const designFigures: Partial<Record<BareCall, number>> = {
  start: 6,
  query: 6,
  update: 9,
  updateActivity: 27,
  updateLocalActivity: 12,
};
const designCeiling = 90;

/**
 * What each way of submitting waits on through the Temporal server: on a session
 * (api/gateway/client-sessions.ts submit), the session's reservation, on a session created a
 * moment before, then the payment's Update-with-Start running the partner's authorization as a
 * local activity (its signal to the session is not waited on); without one, that Update-with-Start.
 */
const submissionFloorCalls: Record<SubmissionMode, BareCall[]> = {
  session: ['updateAfterStart', 'updateWithStartLocalActivity'],
  payments: ['updateWithStartLocalActivity'],
};

/** The submission's round trips made bare, one after the other: the sum of their p50s, NaN if one is missing. */
export function submissionFloor(
  mode: SubmissionMode,
  bareP50: (call: BareCall) => number | undefined,
): { calls: BareCall[]; ms: number } {
  const calls = submissionFloorCalls[mode];
  return { calls, ms: calls.reduce((sum, call) => sum + (bareP50(call) ?? Number.NaN), 0) };
}

export interface ReportInput {
  header: string[];
  submission: SubmissionMode;
  ceiling: Ceiling | undefined;
  ceilingCpu: CpuUse | undefined;
  /** The ceiling measured again after the lifecycles. */
  ceilingAfter: Ceiling | undefined;
  ceilingAfterCpu: CpuUse | undefined;
  /** The checkout's bare shape (bare.ts), before and after the lifecycles. */
  shape: Ceiling | undefined;
  shapeAfter: Ceiling | undefined;
  /** Tessera's round trips made by bare probes (bare.ts), before and after the lifecycles. */
  skeletons: Record<Skeleton, Ceiling[]>;
  /** CPU during each skeleton's first measure. */
  skeletonCpu: Partial<Record<Skeleton, CpuUse>>;
  bare: Recorder | undefined;
  single: LoadResult;
  singleCpu: CpuUse;
  loaded: LoadResult;
  loadedCpu: CpuUse;
  /** Payment lifecycles (no session) at the concurrency. */
  payments: LoadResult;
  paymentsCpu: CpuUse;
  /** The concurrency-1 checkouts subscribed to webhooks, and the first delivery of each payment. */
  webhooks: FirstDeliveries & { deliveries: number; malformed: number; lifecycles: LoadResult };
  memory: MemoryResult | undefined;
  /** API v1 lifecycles at the same concurrency, in stretches taken in turn with v2BesideV1's. */
  v1: LoadResult;
  v1Cpu: CpuUse;
  /** v2 checkouts (capture of the whole amount) in the stretches between v1's. */
  v2BesideV1: LoadResult;
  anatomy: string[];
  /** The same capture over HTTP, as the api's Update alone and as a bare Update (capture-split.ts). */
  captureSplit: Recorder | undefined;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
const pad = (text: string, width: number) => text.padEnd(width);
const num = (text: string, width: number) => text.padStart(width);
const firstErrors = (result: LoadResult) =>
  result.recorder.firstErrors.length > 0 ? [`  first errors: ${result.recorder.firstErrors.join(' | ')}`] : [];

/** A table of calls (recorder key, label): p50, p99, samples and errors of each. */
function callTable(
  recorder: Recorder,
  calls: ReadonlyArray<readonly [string, string]>,
  options: { skipUnmade: boolean },
): string[] {
  const rows = [`  ${pad('call', 62)}${num('p50 ms', 9)}${num('p99 ms', 9)}${num('n', 7)}${num('errors', 8)}`];
  for (const [key, label] of calls) {
    const samples = recorder.of(key);
    if (options.skipUnmade && samples.count === 0 && recorder.errorsOf(key) === 0) continue;
    rows.push(
      `  ${pad(label, 62)}${num(ms(samples.p50), 9)}${num(ms(samples.p99), 9)}${num(String(samples.count), 7)}${num(String(recorder.errorsOf(key)), 8)}`,
    );
  }
  return rows;
}

function callRows(result: LoadResult, submission: SubmissionMode): string[] {
  const call = submissionCall[submission];
  const calls: Array<[string, string]> = [
    ['session', 'session creation   POST /v2/client-sessions'],
    ['vault', 'card tokenization  POST /v2/vault/cards'],
    [call.key, `${(submission === 'session' ? 'submission' : 'authorization').padEnd(19)}${call.label}`],
    ['submission', `submission total   vault + ${call.label.replace('POST ', '')}`],
    ['capture', 'capture            POST /v2/payments/{id}/captures'],
    ['refund', 'refund             POST /v2/payments/{id}/refunds'],
    ['void', 'void               POST /v2/payments/{id}/voids'],
    ['lifecycle', 'whole lifecycle'],
  ];
  // A call this kind of lifecycle does not make (no session, no refund) is left out.
  return callTable(result.recorder, calls, { skipUnmade: true });
}

function v1CallRows(result: LoadResult): string[] {
  const calls: Array<[string, string]> = [
    ['v1 session', 'session creation   POST /{entity}/sessions/create'],
    ['v1 vault', 'card tokenization  POST /v2/vault/cards'],
    ['v1 validate', 'validate           POST /{entity}/sessions/{id}/validate'],
    ['v1 capture', 'capture            POST /{entity}/transactions/{id}/capture'],
    ['v1 lifecycle', 'whole lifecycle'],
  ];
  return callTable(result.recorder, calls, { skipUnmade: false });
}

function captureSplitRows(split: Recorder | undefined): string[] {
  if (!split) return [];
  const rows = [
    "Where a capture's time goes (concurrency 1, captures of 1, the three ways in turn, a new payment every second round; scripts/bench/capture-split.ts)",
    ...callTable(split, Object.entries(captureWays), { skipUnmade: true }),
  ];
  const p50 = (way: CaptureWay) => split.of(way).p50;
  rows.push(
    `  the api's share (HTTP, authentication, read model): ${ms(p50('http') - p50('update'))} ms; the payment's workflow and partner call beyond the bare Update: ${ms(p50('update') - p50('bare'))} ms`,
  );
  if (split.firstErrors.length > 0) rows.push(`  first errors: ${split.firstErrors.join(' | ')}`);
  return [...rows, ''];
}

/** Other users' CPU above this (% of one core) makes a phase's figures unlike the reference ones. */
const busyMachine = 30;

/**
 * A phase's CPU per process; given the phase's rate, also the CPU time each process spent per
 * lifecycle, which compares across phases and runs where the shares of a full machine do not.
 */
export function cpuRows(cpu: CpuUse, title = 'CPU', perSecond?: number): string[] {
  const shown = cpu.byProcess.filter((entry) => entry.percent >= 0.5);
  const parts = shown.map((entry) => `${entry.name} ${entry.percent.toFixed(0)}%`);
  if (cpu.postgresPercent >= 0.5) parts.push(`postgres (whole cluster) ${cpu.postgresPercent.toFixed(0)}%`);
  parts.push(`everything else on the machine ${cpu.othersPercent.toFixed(0)}%`);
  // A percent of one core is 10 ms of CPU a second.
  const perOne = (percent: number) => (perSecond ? ((percent * 10) / perSecond).toFixed(1) : '');
  const ownPercent = shown.reduce((sum, entry) => sum + entry.percent, 0) + cpu.postgresPercent;
  const perLifecycle = perSecond
    ? [
        `  CPU per lifecycle, ms: ${[
          ...shown.map((entry) => `${entry.name} ${perOne(entry.percent)}`),
          ...(cpu.postgresPercent >= 0.5 ? [`postgres ${perOne(cpu.postgresPercent)}`] : []),
        ].join(', ')}; all of these ${perOne(ownPercent)}`,
      ]
    : [];
  const rows = [
    `  ${title}, % of one core: ${parts.join(', ')}`,
    ...perLifecycle,
    `  machine busy ${cpu.machineBusyPercent.toFixed(0)}% of ${cpu.cores * 100}%; load average ${cpu.loadBefore.map((v) => v.toFixed(2)).join(' ')} before, ${cpu.loadAfter.map((v) => v.toFixed(2)).join(' ')} after`,
  ];
  if (cpu.othersPercent > busyMachine)
    rows.push(
      `  WARNING: other processes took ${cpu.othersPercent.toFixed(0)}% of a core during this phase: its figures are lower than on an idle machine`,
    );
  return rows;
}

/**
 * The better of a bare measure taken before and after the lifecycles: other processes on the
 * machine only ever lower a rate, so the better one is nearer what the engine can do, and a ratio
 * against it is the stricter.
 */
function ceilingRate(...measures: Array<Ceiling | undefined>): number | undefined {
  const values = measures.filter((c): c is Ceiling => c !== undefined).map((c) => c.perSecond);
  return values.length === 0 ? undefined : Math.max(...values);
}

const aroundOf = (...measures: Array<Ceiling | undefined>) =>
  measures
    .filter((c): c is Ceiling => c !== undefined)
    .map((c) => c.perSecond.toFixed(1))
    .join(' before, ') + (measures[1] ? ' after' : '');

const MiB = 1024 * 1024;
const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / MiB).toFixed(1)} MiB`);

function memoryRows(memory: MemoryResult | undefined, growth: MemoryGrowthFigures | undefined): string[] {
  if (!memory) return ['Memory: not measured (npm run bench -- --memory)', ''];
  const { load } = memory;
  const sizes = (reading: MemoryReading) => `${num(mib(reading.apiBytes), 12)}${num(mib(reading.workerBytes), 12)}`;
  const rows = [
    `Memory (--memory, after the other phases): checkout lifecycles at concurrency ${load.concurrency}, ${load.completed} completed of ${load.attempted} started in ${load.seconds.toFixed(0)} s (${load.perSecond.toFixed(1)}/s)`,
    `  resident size (VmRSS of /proc/<pid>/status, median of 5 reads 200 ms apart with no lifecycle in flight), read ${memoryReadingsPerMilestone} times up to each milestone, ${memoryReadingSpacing} lifecycles apart; each milestone's figure is the median of its readings:`,
    `  ${pad('when', 40)}${num('api', 12)}${num('worker', 12)}`,
    `  ${pad('before the phase', 40)}${sizes(memory.before)}`,
  ];
  for (const milestone of memory.milestones) {
    for (const reading of milestone.readings)
      rows.push(
        `  ${pad(`  after ${reading.lifecycles} lifecycles (${reading.seconds.toFixed(0)} s)`, 40)}${sizes(reading)}`,
      );
    rows.push(`  ${pad(`milestone ${milestone.lifecycles}, median`, 40)}${sizes(milestone)}`);
  }
  const [first, second] = memory.milestones;
  if (first && second && growth) {
    const cells = (text: (figure: MemoryGrowthFigure) => string) =>
      `${num(text(growth.api), 12)}${num(text(growth.worker), 12)}`;
    const inMiB = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(1)} MiB`);
    const grown = (figure: MemoryGrowthFigure) =>
      inMiB(
        figure.firstMiB === undefined || figure.secondMiB === undefined
          ? undefined
          : figure.secondMiB - figure.firstMiB,
      );
    // The steadiest leak that would pass for noise: the noise spread over the lifecycles between the milestones.
    const hiddenLeak = (figure: MemoryGrowthFigure) =>
      figure.noiseMiB === undefined
        ? 'n/a'
        : `${((figure.noiseMiB * 1024) / (second.lifecycles - first.lifecycles)).toFixed(1)} KiB`;
    rows.push(
      `  ${pad(`growth from ${first.lifecycles} to ${second.lifecycles}`, 40)}${cells(grown)}`,
      `  ${pad('noise (widest scatter around the trend)', 40)}${cells((figure) => inMiB(figure.noiseMiB))}`,
      `  ${pad('a leak that passes for it, per lifecycle', 40)}${cells(hiddenLeak)}`,
    );
  }
  if (memory.timedOut)
    rows.push(
      `  stopped at its time limit after ${load.attempted} lifecycles, before ${memoryMilestones[memory.milestones.length]}: no growth to judge`,
    );
  rows.push(...firstErrors(load));
  rows.push('');
  return rows;
}

function webhookRows(input: ReportInput): string[] {
  const { webhooks } = input;
  const { lifecycles } = webhooks;
  const rows = [
    `Checkout lifecycles at concurrency 1 subscribed to webhooks (${lifecycles.completed} lifecycles as above, ${lifecycles.seconds.toFixed(1)} s; no bare rounds between)`,
    ...callRows(lifecycles, input.submission),
    ...firstErrors(lifecycles),
    `  webhooks: ${webhooks.deliveries} deliveries received in all (sessions' events included), the first of each payment timed:`,
    `  ${pad('delay of the first delivery of each payment', 62)}${num('p50 ms', 9)}${num('p99 ms', 9)}${num('n', 7)}`,
    `  ${pad("  after the change (the event's created_at: the target's)", 62)}${num(ms(webhooks.afterChange.p50), 9)}${num(ms(webhooks.afterChange.p99), 9)}${num(String(webhooks.afterChange.count), 7)}`,
    `  ${pad("  after the submission's answer reached the client", 62)}${num(ms(webhooks.afterAnswer.p50), 9)}${num(ms(webhooks.afterAnswer.p99), 9)}${num(String(webhooks.afterAnswer.count), 7)}`,
    "  created_at is the workflow's time of the change, before its task completes and before the api answers, so the delay after",
    '  it is the longer and the stricter; negative delays after the answer are deliveries that beat it. Clocks: the same machine.',
  ];
  if (webhooks.missing > 0) rows.push(`  MISSING: no event arrived within 30 s for ${webhooks.missing} payments`);
  if (webhooks.malformed > 0) rows.push(`  ${webhooks.malformed} deliveries were not events`);
  rows.push('');
  return rows;
}

/**
 * A lifecycle's rate against its skeleton (Tessera's round trips without Tessera), and the
 * skeleton's own share of the empty-workflow ceiling: what is left to Tessera, and what the
 * engine takes whatever Tessera does.
 */
function skeletonRatioRows(result: LoadResult, skeleton: Ceiling[], emptyRate: number | undefined): string[] {
  const rate = ceilingRate(...skeleton);
  if (rate === undefined) return [];
  const ofEmpty =
    emptyRate === undefined
      ? ''
      : `; the skeleton itself is ${((rate / emptyRate) * 100).toFixed(1)}% of the empty-workflow ceiling`;
  return [
    `  ratio to its skeleton (the same round trips by bare probes): ${((result.perSecond / rate) * 100).toFixed(1)}% of ${rate.toFixed(1)}/s (the better of ${aroundOf(...skeleton)})${ofEmpty}`,
  ];
}

function rateRows(result: LoadResult, label: string, emptyRate: number | undefined, around: string): string[] {
  const rows = [
    `  ${label} per second: ${result.perSecond.toFixed(2)} (${result.completed} completed of ${result.attempted} started)`,
  ];
  if (emptyRate !== undefined)
    rows.push(
      `  ratio to the empty-workflow ceiling: ${((result.perSecond / emptyRate) * 100).toFixed(1)}% of ${emptyRate.toFixed(1)} empty workflows/s (the better of ${around})`,
    );
  return rows;
}

export function printReport(input: ReportInput): { pass: number; miss: number } {
  const out: string[] = [];
  const { single, loaded, payments, ceiling, bare } = input;
  const bareP50 = (call: BareCall) => bare?.of(call).p50;
  const floor = bare ? submissionFloor(input.submission, bareP50) : undefined;
  out.push('', '================ Tessera bench ================', ...input.header, '');

  const emptyRate = ceilingRate(input.ceiling, input.ceilingAfter);
  const emptyAround = aroundOf(input.ceiling, input.ceilingAfter);
  const shapeRate = ceilingRate(input.shape, input.shapeAfter);
  out.push(
    `Checkout lifecycles at concurrency ${loaded.concurrency} for ${loaded.seconds.toFixed(1)} s (session, vault, submission, capture of the whole amount)`,
  );
  out.push(...rateRows(loaded, 'checkout lifecycles', emptyRate, emptyAround));
  if (shapeRate !== undefined)
    out.push(
      `  ratio to its bare shape: ${((loaded.perSecond / shapeRate) * 100).toFixed(1)}% of ${shapeRate.toFixed(1)} bare checkouts/s (the better of ${aroundOf(input.shape, input.shapeAfter)})`,
    );
  out.push(...skeletonRatioRows(loaded, input.skeletons.checkout, emptyRate));
  out.push(
    ...callRows(loaded, input.submission),
    ...cpuRows(input.loadedCpu, 'CPU', loaded.perSecond),
    ...firstErrors(loaded),
    '',
  );

  out.push(
    `Payment lifecycles at concurrency ${payments.concurrency} for ${payments.seconds.toFixed(1)} s (no session: vault, POST /v2/payments, capture of the whole amount)`,
  );
  out.push(...rateRows(payments, 'payment lifecycles', emptyRate, emptyAround));
  out.push(...skeletonRatioRows(payments, input.skeletons.payment, emptyRate));
  out.push(
    ...callRows(payments, 'payments'),
    ...cpuRows(input.paymentsCpu, 'CPU', payments.perSecond),
    ...firstErrors(payments),
    '',
  );

  out.push(
    `Checkout lifecycles at concurrency 1 (${single.completed} lifecycles${bare ? ', each after one round of the bare calls below' : ''}, ${single.seconds.toFixed(1)} s):`,
    `  session, vault, submission, capture of ${partial.capture}, refund of ${partial.refund}, void of the other ${partial.void}; no webhooks`,
  );
  out.push(...callRows(single, input.submission), ...cpuRows(input.singleCpu), ...firstErrors(single), '');
  out.push(...captureSplitRows(input.captureSplit));
  out.push(...webhookRows(input));

  out.push(
    `API v1 lifecycles at concurrency ${input.v1.concurrency} (create at the host root, vault, validate, capture), in stretches taken in turn with v2 checkouts: ${input.v1.completed} in ${input.v1.seconds.toFixed(1)} s = ${input.v1.perSecond.toFixed(2)}/s, v2 beside them ${input.v2BesideV1.completed} in ${input.v2BesideV1.seconds.toFixed(1)} s = ${input.v2BesideV1.perSecond.toFixed(2)}/s`,
  );
  out.push(...v1CallRows(input.v1), ...cpuRows(input.v1Cpu, 'CPU', input.v1.perSecond), ...firstErrors(input.v1), '');

  if (ceiling && bare) {
    out.push('Bare Temporal, same server, same run (own tiny workflows, own task queue, worker in its own process;');
    out.push(
      '  the concurrency-1 calls interleaved with the concurrency-1 lifecycles above, so under the same CPU figures)',
    );
    out.push(`  ${pad('figure', 64)}${num('measured', 10)}${num('p99', 9)}${num('n', 7)}${num('reference', 11)}`);
    const rateRow = (label: string, rate: Ceiling, reference: string) => [
      `  ${pad(label, 64)}${num(rate.perSecond.toFixed(1), 10)}${num('', 9)}${num(String(rate.completed), 7)}${num(reference, 11)}`,
      `  ${pad(`  one of them at ${rate.concurrency}, ms`, 64)}${num(ms(rate.latency.p50), 10)}${num(ms(rate.latency.p99), 9)}${num(String(rate.latency.count), 7)}${num('', 11)}`,
    ];
    out.push(
      ...rateRow(`empty workflows/s at concurrency ${ceiling.concurrency} (the ceiling)`, ceiling, `~${designCeiling}`),
    );
    const after = input.ceilingAfter;
    if (after)
      out.push(
        ...rateRow(`empty workflows/s at ${after.concurrency}, again after the lifecycles`, after, `~${designCeiling}`),
      );
    if (input.shape)
      out.push(...rateRow(`bare checkouts/s at ${input.shape.concurrency} (the bare shape, below)`, input.shape, ''));
    if (input.shapeAfter)
      out.push(
        ...rateRow(
          `bare checkouts/s at ${input.shapeAfter.concurrency}, again after the lifecycles`,
          input.shapeAfter,
          '',
        ),
      );
    for (const skeleton of skeletonNames) {
      input.skeletons[skeleton].forEach((rate, index) =>
        out.push(
          ...rateRow(
            `${skeleton} skeletons/s at ${rate.concurrency}${index === 0 ? ' (below)' : ', again after the lifecycles'}`,
            rate,
            '',
          ),
        ),
      );
    }
    for (const call of Object.keys(bareCalls) as BareCall[]) {
      const samples = bare.of(call);
      const design = designFigures[call];
      out.push(
        `  ${pad(`p50 at concurrency 1: ${bareCalls[call]}, ms`, 64)}${num(ms(samples.p50), 10)}${num(ms(samples.p99), 9)}${num(String(samples.count), 7)}${num(design === undefined ? '' : `~${design}`, 11)}`,
      );
    }
    out.push(
      `  the submission's round trips made bare, one after the other (${(floor?.calls ?? []).map((call) => bareCalls[call]).join(', then ')}): ${ms(floor?.ms ?? Number.NaN)} ms`,
    );
    out.push(
      '  the bare shape: start a probe (the session), an Update on it starting a child (the payment) that runs one activity and',
      '  signals back, then an Update on the child running one activity (the capture); no HTTP, no database',
      ...skeletonNames.map((skeleton) => `  the ${skeleton} skeleton: ${skeletons[skeleton]}`),
    );
    if (input.ceilingCpu) out.push(...cpuRows(input.ceilingCpu, 'CPU during the ceiling'));
    for (const skeleton of skeletonNames) {
      const cpu = input.skeletonCpu[skeleton];
      const rate = input.skeletons[skeleton][0];
      if (cpu && rate) out.push(...cpuRows(cpu, `CPU during the ${skeleton} skeletons`, rate.perSecond));
    }
    if (input.ceilingAfterCpu)
      out.push(...cpuRows(input.ceilingAfterCpu, 'CPU during the ceiling after the lifecycles'));
    out.push(`  errors: ${bareErrors(input)}${bareFirstErrors(input)}`);
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

  const memory: MemoryGrowthFigures | undefined = input.memory
    ? {
        api: memoryGrowth(input.memory.milestones, 'apiBytes'),
        worker: memoryGrowth(input.memory.milestones, 'workerBytes'),
      }
    : undefined;
  out.push(...memoryRows(input.memory, memory));

  const p50 = (result: LoadResult, call: string) => result.recorder.of(call).p50;
  const submission = submissionCall[input.submission];
  const targets = issueTargets(
    {
      concurrency: loaded.concurrency,
      captureP50: p50(single, 'capture'),
      voidP50: p50(single, 'void'),
      refundP50: p50(single, 'refund'),
      sessionP50: p50(single, 'session'),
      submissionP50: p50(single, submission.key),
      submissionLabel: submission.label,
      bareUpdateLocalActivityP50: bareP50('updateLocalActivity'),
      bareStartP50: bareP50('start'),
      bareSubmissionP50: floor?.ms,
      checkoutRate: loaded.perSecond,
      paymentRate: payments.perSecond,
      v1Rate: input.v1.perSecond,
      v2BesideV1Rate: input.v2BesideV1.perSecond,
      emptyWorkflowRate: emptyRate,
      bareShapeRate: shapeRate,
      firstWebhookP50: input.webhooks.afterChange.p50,
      memory,
      errors:
        [
          input.v1,
          input.v2BesideV1,
          loaded,
          payments,
          single,
          input.webhooks.lifecycles,
          ...(input.memory ? [input.memory.load] : []),
        ].reduce((sum, result) => sum + result.recorder.totalErrors, 0) +
        bareErrors(input) +
        input.webhooks.missing +
        input.webhooks.malformed,
    },
    memoryMilestones,
  );
  out.push(
    'Targets (issue 19; 2-core machine, 0 ms sandbox partner; each measured value, then the bound and the figures it is made from)',
  );
  out.push(...targets.map(targetRow));
  const verdicts = targets.map(verdictOf);
  const pass = verdicts.filter((v) => v === 'PASS').length;
  const miss = verdicts.filter((v) => v === 'MISS').length;
  const na = verdicts.length - pass - miss;
  out.push(`  ${pass} PASS, ${miss} MISS${na > 0 ? `, ${na} n/a` : ''}`, '');
  console.log(out.join('\n'));
  return { pass, miss };
}

/** Every bare rate measured: the ceilings, the bare shapes and the skeletons. */
const bareRates = (input: ReportInput) => [
  input.ceiling,
  input.ceilingAfter,
  input.shape,
  input.shapeAfter,
  ...input.skeletons.checkout,
  ...input.skeletons.payment,
];

function bareErrors(input: ReportInput): number {
  return (input.bare?.totalErrors ?? 0) + bareRates(input).reduce((sum, c) => sum + (c?.errors ?? 0), 0);
}

function bareFirstErrors(input: ReportInput): string {
  const first = bareRates(input)
    .map((c) => c?.firstError)
    .filter((e): e is string => e !== undefined)
    .slice(0, 2);
  const all = [...first, ...(input.bare?.firstErrors ?? [])];
  return all.length > 0 ? ` (first: ${all.join(' | ')})` : '';
}
