// The bench's targets, each with its measured value and the figure it is compared with (a bare
// Temporal figure from the same run, or an absolute bound), as issue 19 words them. Pure: the
// report gathers the figures, this decides PASS, MISS or n/a and says how each limit was made.

export interface Target {
  what: string;
  measured: number;
  unit: string;
  /** min: measured must be at least the limit; max: at most. */
  kind: 'min' | 'max';
  /** undefined when the figure it is made from was not measured (--skip-bare, no --memory). */
  limit: number | undefined;
  /** The limit and how it was made, with the figures it came from. */
  versus: string;
}

export type Verdict = 'PASS' | 'MISS' | 'n/a';

export function verdictOf(target: Target): Verdict {
  if (target.limit === undefined || !Number.isFinite(target.limit) || !Number.isFinite(target.measured)) return 'n/a';
  const met = target.kind === 'max' ? target.measured <= target.limit : target.measured >= target.limit;
  return met ? 'PASS' : 'MISS';
}

const fixed = (value: number | undefined, digits = 1) =>
  value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits);

/** `what` p50 at most `margin` ms above a bare call's p50. */
export function withinOfBare(
  what: string,
  measured: number,
  bare: { label: string; p50: number | undefined },
  margin: number,
): Target {
  const limit = bare.p50 === undefined || !Number.isFinite(bare.p50) ? undefined : bare.p50 + margin;
  return {
    what,
    measured,
    unit: ' ms',
    kind: 'max',
    limit,
    versus:
      limit === undefined
        ? `bare ${bare.label}: not measured`
        : `bare ${bare.label} ${fixed(bare.p50)} ms + ${margin} = ${fixed(limit)} ms`,
  };
}

/** A rate at least `fraction` of a reference rate. */
export function shareOf(
  what: string,
  measured: number,
  reference: { label: string; perSecond: number | undefined },
  fraction: number,
): Target {
  const limit =
    reference.perSecond === undefined || !Number.isFinite(reference.perSecond)
      ? undefined
      : reference.perSecond * fraction;
  const percent = `${Math.round(fraction * 100)}%`;
  return {
    what,
    measured,
    unit: '/s',
    kind: 'min',
    limit,
    versus:
      limit === undefined
        ? `${reference.label}: not measured`
        : `${percent} of ${reference.label} ${fixed(reference.perSecond)}/s = ${fixed(limit, 2)}/s (measured ${fixed(
            (measured / reference.perSecond!) * 100,
          )}%)`,
  };
}

/** An absolute bound. */
export function atMost(what: string, measured: number, limit: number, unit: string, why = 'absolute'): Target {
  return { what, measured, unit, kind: 'max', limit, versus: `${limit}${unit} (${why})` };
}

/** The figures of one run the targets are made from; NaN or undefined where not measured. */
export interface TargetFigures {
  concurrency: number;
  /** p50 at concurrency 1, ms. */
  captureP50: number;
  voidP50: number;
  refundP50: number;
  sessionP50: number;
  submissionP50: number;
  /** The call measured as the checkout submission. */
  submissionLabel: string;
  bareUpdateLocalActivityP50: number | undefined;
  bareStartP50: number | undefined;
  /** The submission's round trips made bare, one after the other (report.ts says which), ms. */
  bareSubmissionP50: number | undefined;
  /** Lifecycles per second at the concurrency. */
  checkoutRate: number;
  paymentRate: number;
  v1Rate: number;
  /** v2 checkouts/s in the stretches taken in turn with v1's. */
  v2BesideV1Rate: number;
  /** Mean of the measures before and after the lifecycles. */
  emptyWorkflowRate: number | undefined;
  bareShapeRate: number | undefined;
  /** p50 of the first delivery of each payment's webhooks after the change it tells of, ms. */
  firstWebhookP50: number;
  memory: MemoryGrowthFigures | undefined;
  errors: number;
}

export interface MemoryGrowthFigure {
  /** MiB at the first and the second milestone; undefined when the phase stopped before it. */
  firstMiB: number | undefined;
  secondMiB: number | undefined;
  /** The growth allowed as noise, MiB, measured from the milestones' readings (memory.ts says how). */
  noiseMiB: number | undefined;
  /** Readings each milestone's figure is the median of. */
  readingsPerMilestone: number;
}

export interface MemoryGrowthFigures {
  api: MemoryGrowthFigure;
  worker: MemoryGrowthFigure;
}

function memoryTarget(name: string, figure: MemoryGrowthFigure | undefined, milestones: readonly number[]): Target {
  const [first, second] = milestones;
  const what = `${name} resident size growth from ${first} to ${second} lifecycles within noise`;
  if (!figure)
    return {
      what,
      measured: Number.NaN,
      unit: ' MiB',
      kind: 'max',
      limit: undefined,
      versus: 'not measured (no --memory)',
    };
  const growth =
    figure.firstMiB === undefined || figure.secondMiB === undefined ? Number.NaN : figure.secondMiB - figure.firstMiB;
  return {
    what,
    measured: growth,
    unit: ' MiB',
    kind: 'max',
    limit: Number.isFinite(growth) ? figure.noiseMiB : undefined,
    versus: `${fixed(figure.noiseMiB)} MiB of noise (medians of ${figure.readingsPerMilestone} readings: ${fixed(figure.firstMiB)} MiB after ${first}, ${fixed(figure.secondMiB)} MiB after ${second})`,
  };
}

/** Issue 19's targets, in its order, then the errors of every phase. */
export function issueTargets(figures: TargetFigures, memoryMilestones: readonly number[]): Target[] {
  const localActivity = { label: 'Update + local activity', p50: figures.bareUpdateLocalActivityP50 };
  const workflowStart = { label: 'workflow start', p50: figures.bareStartP50 };
  const emptyWorkflows = { label: 'empty workflows/s', perSecond: figures.emptyWorkflowRate };
  const c = figures.concurrency;
  return [
    withinOfBare('capture p50 at concurrency 1', figures.captureP50, localActivity, 3),
    withinOfBare('void p50 at concurrency 1', figures.voidP50, localActivity, 3),
    withinOfBare('refund p50 at concurrency 1', figures.refundP50, localActivity, 3),
    atMost(
      `checkout submission p50 at concurrency 1 (${figures.submissionLabel})`,
      figures.submissionP50,
      40,
      ' ms',
      `absolute; its round trips made bare: ${
        figures.bareSubmissionP50 === undefined ? 'not measured' : `${fixed(figures.bareSubmissionP50)} ms`
      }`,
    ),
    withinOfBare('session creation p50 at concurrency 1', figures.sessionP50, workflowStart, 3),
    shareOf(`checkout lifecycles/s at concurrency ${c}`, figures.checkoutRate, emptyWorkflows, 0.26),
    shareOf(
      `checkout lifecycles/s at concurrency ${c}`,
      figures.checkoutRate,
      { label: 'its bare shape/s', perSecond: figures.bareShapeRate },
      0.9,
    ),
    shareOf(`payment lifecycles/s at concurrency ${c}`, figures.paymentRate, emptyWorkflows, 0.5),
    atMost(
      'first webhook delivery p50 after the change (event created_at)',
      figures.firstWebhookP50,
      100,
      ' ms',
      'absolute, at a receiver in the bench',
    ),
    memoryTarget('api', figures.memory?.api, memoryMilestones),
    memoryTarget('worker', figures.memory?.worker, memoryMilestones),
    // Cost per lifecycle is the inverse of the rate on the same machine: v1 may cost 10% more.
    {
      what: `v1 lifecycles/s at concurrency ${c} (v1 costs at most 10% more than v2)`,
      measured: figures.v1Rate,
      unit: '/s',
      kind: 'min',
      limit: figures.v2BesideV1Rate / 1.1,
      versus: `v2 checkouts in turn with it ${fixed(figures.v2BesideV1Rate, 2)}/s / 1.10 = ${fixed(figures.v2BesideV1Rate / 1.1, 2)}/s`,
    },
    { what: 'errors, every phase', measured: figures.errors, unit: '', kind: 'max', limit: 0, versus: '0' },
  ];
}

export function targetRow(target: Target): string {
  const verdict = verdictOf(target);
  const measured = Number.isFinite(target.measured)
    ? `${target.measured.toFixed(target.unit === '' ? 0 : target.unit === '/s' ? 2 : 1)}${target.unit}`
    : 'n/a';
  const sign = target.kind === 'max' ? '<=' : '>=';
  return `  ${verdict.padEnd(4)}  ${target.what}: ${measured}, target ${sign} ${target.versus}`;
}
