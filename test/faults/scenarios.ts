// The fault classes of the matrix, one per scenario, each injected at random moments while the
// scenario's payments are under way, and healed before convergence is measured. Every loop is
// bounded in count and in time.
import type { FaultStack } from './fault-stack';
import { requestsInFlight } from './lifecycles';

export interface MatrixSize {
  soak: boolean;
  /** Payments per scenario. */
  payments: number;
  /** Lifecycles under way at once. */
  concurrency: number;
}

export interface InjectionContext {
  stack: FaultStack;
  size: MatrixSize;
  /** Lifecycles still under way. */
  active(): number;
  /** True once every lifecycle has finished (for good or not). */
  driversDone(): boolean;
  /** A fault is about to land, or has just healed: the payments under way live through it. */
  hit(): void;
  say(line: string): void;
}

export interface Scenario {
  name: string;
  /** What the fault is, for the table's legend. */
  fault: string;
  /** How long payments keep starting (their starts are spread over it). */
  startWindowMs(size: MatrixSize): number;
  /** Payments of this scenario, when not the matrix size's. */
  payments?(size: MatrixSize): number;
  /** Runs alongside the payments; resolves once every fault has healed, with how many were injected. */
  inject(context: InjectionContext): Promise<number>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** Waits `ms`, or less if the payments are all done. */
async function pause(context: InjectionContext, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !context.driversDone()) await sleep(Math.min(100, until - Date.now()));
}

/** Waits (at most 5 s) until half the lifecycles that may run at once are under way, so a fault hits many. */
async function crowd(context: InjectionContext): Promise<void> {
  const wanted = Math.max(1, Math.floor(context.size.concurrency / 2));
  for (let waited = 0; context.active() < wanted && waited < 5_000 && !context.driversDone(); waited += 50)
    await sleep(50);
}

/** Repeats `fault` at random moments while payments are under way: at most `count` times, within `phaseMs`. */
async function repeatedly(
  context: InjectionContext,
  options: { count: number; phaseMs: number; gapMs: [number, number] },
  fault: (n: number) => Promise<void>,
): Promise<number> {
  const end = Date.now() + options.phaseMs;
  let injected = 0;
  while (injected < options.count && Date.now() < end && !context.driversDone()) {
    await pause(context, between(...options.gapMs));
    await crowd(context);
    if (context.driversDone() || Date.now() >= end) break;
    const at = Date.now();
    context.hit();
    await fault(injected);
    // Those that started while it lasted (a 30 s partition outlasts the wait for a crowd) lived
    // through it too.
    context.hit();
    injected += 1;
    context.say(
      `  fault ${injected} healed after ${((Date.now() - at) / 1000).toFixed(1)} s (${context.active()} payments under way)`,
    );
  }
  return injected;
}

/** A server stopped at random moments and started again after `downMs` (CI: 2 times in 20 s; soak: 8 in 90 s). */
function restarts(
  context: InjectionContext,
  downMs: [number, number],
  stop: (n: number) => Promise<void>,
  start: () => Promise<void>,
): Promise<number> {
  const { soak } = context.size;
  return repeatedly(
    context,
    { count: soak ? 8 : 2, phaseMs: soak ? 90_000 : 20_000, gapMs: [3_000, 8_000] },
    async (n) => {
      await stop(n);
      await sleep(between(...downMs));
      await start();
    },
  );
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'none (control)',
    fault: 'no fault: what the checks find on a healthy stack',
    startWindowMs: () => 6_000,
    inject: async () => 0,
  },
  {
    name: 'temporal killed',
    fault: 'the Temporal dev server SIGKILLed, restarted 1-3 s later on its data file',
    startWindowMs: (size) => (size.soak ? 90_000 : 20_000),
    inject: (context) =>
      restarts(context, [1_000, 3_000], async () => context.stack.temporal.kill(), context.stack.temporal.start),
  },
  {
    name: 'postgres restarted',
    fault:
      "the application's PostgreSQL stopped (fast, then crashed: immediate) at random moments, started 1-4 s later",
    startWindowMs: (size) => (size.soak ? 90_000 : 20_000),
    inject: (context) =>
      restarts(
        context,
        [1_000, 4_000],
        (n) => context.stack.postgres.stop(n % 2 === 0 ? 'fast' : 'immediate'),
        context.stack.postgres.start,
      ),
  },
  {
    name: 'postgres unreachable',
    fault: "the application's PostgreSQL unreachable for 30 s (a partition: every byte held, nothing refused)",
    startWindowMs: (size) => (size.soak ? 80_000 : 25_000),
    inject: (context) =>
      repeatedly(
        context,
        { count: context.size.soak ? 2 : 1, phaseMs: context.size.soak ? 80_000 : 20_000, gapMs: [2_000, 6_000] },
        async () => {
          context.stack.postgresProxy.partition();
          await sleep(30_000);
          context.stack.postgresProxy.heal();
        },
      ),
  },
  {
    name: 'api killed',
    fault: 'the api SIGKILLed mid-request, restarted; clients retry with their idempotency keys',
    startWindowMs: (size) => (size.soak ? 90_000 : 25_000),
    inject: (context) =>
      repeatedly(
        context,
        { count: context.size.soak ? 12 : 3, phaseMs: context.size.soak ? 90_000 : 30_000, gapMs: [2_000, 5_000] },
        async () => {
          // Mid-request: once a client's call is under way (bounded wait), a few milliseconds in.
          for (let waited = 0; requestsInFlight() === 0 && waited < 3_000; waited += 10) await sleep(10);
          await sleep(between(0, 30));
          await context.stack.api.kill();
          await sleep(between(300, 2_000));
          await context.stack.api.start();
        },
      ),
  },
  {
    name: 'worker killed',
    fault: 'the worker SIGKILLed at random, during a partner call, or right after a partner answered; restarted',
    startWindowMs: (size) => (size.soak ? 120_000 : 40_000),
    // The subtlest of the faults (a partner's answer lost between its effect and Temporal): more payments.
    payments: (size) => size.payments * 2,
    inject: (context) => killWorkers(context),
  },
  {
    name: 'partner network down',
    fault: 'the partner network down for 60 s, then slow (2-5 s answers), then answering 5xx',
    startWindowMs: (size) => (size.soak ? 150_000 : 80_000),
    inject: async (context) => {
      const proxy = context.stack.partnerProxy;
      const slowMs = context.size.soak ? 60_000 : 15_000;
      const errorMs = context.size.soak ? 60_000 : 15_000;
      await pause(context, between(1_000, 3_000));
      for (const [mode, ms] of [
        ['down', 60_000],
        ['slow', slowMs],
        ['error', errorMs],
      ] as const) {
        context.hit();
        proxy.setMode(mode);
        await sleep(ms);
      }
      proxy.setMode('up');
      return 3;
    },
  },
  {
    name: 'webhook receiver down',
    fault: "the merchant's webhook endpoint down for the whole scenario, then back",
    startWindowMs: (size) => (size.soak ? 60_000 : 10_000),
    inject: async (context) => {
      // Taken down before the first payment starts (the matrix calls inject first): every event
      // of the scenario meets a closed door at least once.
      await context.stack.webhooks.takeDown();
      const deadline = Date.now() + (context.size.soak ? 600_000 : 240_000);
      while (!context.driversDone() && Date.now() < deadline) {
        // Every payment meets it, from start to end.
        context.hit();
        await sleep(200);
      }
      await context.stack.webhooks.bringBack();
      return 1;
    },
  },
  {
    name: 'sandbox restarted',
    fault: 'the sandbox partner network SIGKILLed (at random or mid-call) and restarted on its books',
    startWindowMs: (size) => (size.soak ? 90_000 : 20_000),
    inject: (context) =>
      restarts(
        context,
        [500, 2_000],
        async (n) => {
          // Every other one lands while the partner is processing a call.
          if (n % 2 === 1) await context.stack.partnerProxy.next('request', 3_000);
          await context.stack.sandbox.kill();
        },
        () => context.stack.sandbox.start(),
      ),
  },
];

/**
 * What the durability test (a worker killed mid-payment) proved, now a scenario of the matrix: SIGKILLs at random moments, or
 * on the next partner call (while the partner processes it: its answer is lost), or right after a
 * partner answered (the activity has not reported yet: Temporal runs it again). A kill comes only
 * once the running worker has shown it works (a partner call of its own has been answered, or
 * after a while): a fresh worker takes its whole backlog at once, and a workflow task lost three
 * times in a row makes the server stretch its next timeout to a minute or more, so kills that
 * never let a worker get going would mostly measure that backoff.
 */
async function killWorkers(context: InjectionContext): Promise<number> {
  const { stack } = context;
  const proxy = stack.partnerProxy;
  const max = context.size.soak ? 40 : 8;
  const end = Date.now() + (context.size.soak ? 120_000 : 45_000);
  let kills = 0;
  while (kills < max && Date.now() < end && !context.driversDone()) {
    await proxy.next('answered', 8_000);
    const mode = (['random', 'during-call', 'after-answer'] as const)[kills % 3]!;
    await crowd(context);
    if (mode === 'random') await pause(context, between(0, 3_000));
    else {
      const call = await proxy.next(mode === 'during-call' ? 'request' : 'answered', 3_000);
      if (call) await sleep(mode === 'during-call' ? between(0, 20) : between(0, 6));
    }
    if (context.driversDone() || Date.now() >= end) break;
    context.hit();
    await stack.worker.kill();
    kills += 1;
    await sleep(between(50, 500));
    await stack.worker.start();
  }
  return kills;
}
