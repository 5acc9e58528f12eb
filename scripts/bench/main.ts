// npm run bench -- [--duration 60] [--concurrency 16] [--skip-bare] ...
// Drives full payment lifecycles over HTTP against a Tessera started for this run, measures the
// bare Temporal figures against the same server, and prints the figures with PASS/MISS per target.
// A benchmark, not a test: it exits 0 when it ran, whatever the figures (2 on bad flags, 1 on failure).
import { execFileSync } from 'node:child_process';
import { devServerDynamicConfig } from '../../temporal/dev-server';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { projectRoot } from '../../platform/config';
import { connectClient } from '../../temporal/client';
import { describeTuning, workerTuningFrom } from '../../temporal/worker-tuning';
import { lifecycleAnatomy, type Mark } from './anatomy';
import {
  bareRound,
  bareShapeRate,
  emptyWorkflowCeiling,
  skeletonRate,
  skeletonNames,
  type Ceiling,
  type Skeleton,
} from './bare';
import { captureSplit } from './capture-split';
import { runClusterBench } from './cluster';
import { combinedCpu, CpuMeter, type CpuUse } from './cpu';
import { profilesIn, summarizeProfile } from './cpu-profile';
import { startEnvironment, type Environment } from './environment';
import { HttpClient } from './http';
import { monotonicUs, serverProfileReport, startServerProfile, type PhaseWindow } from './server-profile';
import { interleavedOrder, runV1Lifecycles, stretchesOfEachApi } from './v1-lifecycle';
import {
  accessToken,
  checkoutPlan,
  combinedResult,
  hasSessionSubmission,
  lifecycle,
  loadResult,
  paymentPlan,
  runLifecycles,
  submissionCall,
  type LifecycleContext,
  type LifecycleIds,
  type LoadResult,
  type SubmissionMode,
} from './lifecycle';
import {
  memoryMilestones,
  memoryReadingsPerMilestone,
  memoryTimeLimitMs,
  runMemoryPhase,
  type MemoryResult,
} from './memory';
import { parseOptions, UsageError, type BenchOptions } from './options';
import { printReport } from './report';
import { elapsedMs, now, Recorder } from './stats';
import { awaitFirstDeliveries, firstDeliveries, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const say = (line: string) => console.log(`[bench] ${line}`);

let options: BenchOptions;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    if (error.helpAsked) {
      console.log(error.message);
      process.exit(0);
    }
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

if (options.target === 'cluster') {
  try {
    await runClusterBench(options, say);
    process.exit(0);
  } catch (error) {
    console.error(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
}

let environment: Environment | undefined;
let client: Client | undefined;
let http: HttpClient | undefined;
let receiver: WebhookReceiver | undefined;
let stopping = false;
async function stop(keepData: boolean) {
  if (stopping) return;
  stopping = true;
  http?.close();
  await receiver?.close();
  await client?.connection.close().catch(() => {});
  await environment?.stop(keepData);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`${signal}: stopping everything this run started...`);
    void stop(options.keepData).then(() => process.exit(130));
  });
}

/** Measures each skeleton at the concurrency (after a warm-up), adds it to `rates` and says the rates. */
async function measureSkeletons(
  temporal: Client,
  taskQueue: string,
  rates: Record<Skeleton, Ceiling[]>,
  warmUpSeconds: number,
  cpu?: {
    meter: () => CpuMeter;
    use: Partial<Record<Skeleton, CpuUse>>;
    /** When each skeleton ran, for the server's profile. */
    windows: Partial<Record<Skeleton, PhaseWindow>>;
  },
): Promise<string> {
  const said: string[] = [];
  for (const skeleton of skeletonNames) {
    if (warmUpSeconds > 0) await skeletonRate(temporal, taskQueue, skeleton, options.concurrency, warmUpSeconds);
    const meter = cpu?.meter();
    meter?.start();
    const fromUs = monotonicUs();
    const rate = await skeletonRate(temporal, taskQueue, skeleton, options.concurrency, options.bareSeconds);
    if (cpu) cpu.windows[skeleton] = { fromUs, toUs: monotonicUs(), lifecycles: rate.completed };
    if (cpu && meter) cpu.use[skeleton] = meter.stop();
    rates[skeleton].push(rate);
    said.push(`${rate.perSecond.toFixed(1)} skeleton ${skeleton}s/s`);
  }
  return said.join(', ');
}

/** The code under test: the commit, and how many tracked files differ from it. */
function codeVersion(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const changed = git('status', '--porcelain', '--untracked-files=no').split('\n').filter(Boolean).length;
    return `${git('log', '-1', '--format=%h %s').slice(0, 100)}${changed > 0 ? ` (+ uncommitted changes in ${changed} tracked files)` : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

try {
  const uptimeLoad = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  say(
    `duration ${options.durationSeconds} s, concurrency ${options.concurrency}, ${cpus().length} cores, load average ${uptimeLoad}`,
  );
  const version = codeVersion();
  environment = await startEnvironment({ database: options.database, profile: options.profile, say });
  const env = environment;
  client = await connectClient({
    temporalAddress: env.temporal.address,
    temporalNamespace: 'default',
    encryptionKey: env.encryptionKey,
    payloadDecryptionKeys: [],
  });
  http = new HttpClient(env.apiUrl, Math.max(4, options.concurrency * 2));
  const token = await accessToken(http, env.merchant);
  const sessionPath = await hasSessionSubmission(http);
  if (options.submission === 'session' && !sessionPath)
    throw new Error('--submission session: the api has no POST /checkout/v1/sessions/{id}/payments');
  const submission: SubmissionMode =
    options.submission === 'auto' ? (sessionPath ? 'session' : 'payments') : options.submission;
  const context: LifecycleContext = { http, merchant: env.merchant, token, submission };
  say(`submission: vault + ${submissionCall[submission].label}`);
  const cpuMeter = (withPostgres: boolean) => new CpuMeter(() => env.pids(), withPostgres);

  // 1. Bare Temporal: the empty-workflow ceiling at the concurrency, and the checkout's bare shape.
  let ceiling: Ceiling | undefined;
  let ceilingCpu: CpuUse | undefined;
  let shape: Ceiling | undefined;
  /** Each skeleton's rate, before the lifecycles and again after them. */
  const skeletonRates: Record<Skeleton, Ceiling[]> = { checkout: [], payment: [] };
  const skeletonCpu: Partial<Record<Skeleton, CpuUse>> = {};
  const skeletonWindows: Partial<Record<Skeleton, PhaseWindow>> = {};
  const serverProfile =
    options.profile && env.temporal.process.pid !== undefined
      ? startServerProfile(env.temporal.process.pid, env.temporalBinary, join(env.runDir, 'temporal.perf.data'))
      : undefined;
  const bareQueue = `bench-bare-${process.pid}`;
  // Idle (long polls) while the lifecycles run at the concurrency; serves the second ceiling at the end.
  const bareWorker = options.skipBare
    ? undefined
    : env.spawn('bare worker', 'scripts/bench/bare-worker.ts', {
        TEMPORAL_ADDRESS: env.temporal.address,
        BENCH_TASK_QUEUE: bareQueue,
        TESSERA_ENCRYPTION_KEY: env.encryptionKey.toString('base64'),
      });
  if (bareWorker) {
    await bareWorker.firstMessage;
    say(
      `bare Temporal: warming up, then empty workflows at concurrency ${options.concurrency} for ${options.bareSeconds} s...`,
    );
    await emptyWorkflowCeiling(client, bareQueue, options.concurrency, 2);
    const meter = cpuMeter(false);
    meter.start();
    ceiling = await emptyWorkflowCeiling(client, bareQueue, options.concurrency, options.bareSeconds);
    ceilingCpu = meter.stop();
    say(`  ${ceiling.perSecond.toFixed(1)} empty workflows/s`);
    say(
      `bare Temporal: the checkout's bare shape (start, Update starting a child, Update on the child) at concurrency ${options.concurrency} for ${options.bareSeconds} s...`,
    );
    await bareShapeRate(client, bareQueue, options.concurrency, 2);
    shape = await bareShapeRate(client, bareQueue, options.concurrency, options.bareSeconds);
    say(`  ${shape.perSecond.toFixed(1)} bare checkouts/s`);
    say(
      `bare Temporal: Tessera's round trips without Tessera (the checkout's and the payment's skeletons) at concurrency ${options.concurrency} for ${options.bareSeconds} s each...`,
    );
    say(
      `  ${await measureSkeletons(client, bareQueue, skeletonRates, 1, {
        meter: () => cpuMeter(false),
        use: skeletonCpu,
        windows: skeletonWindows,
      })}`,
    );
  }

  // 2. Concurrency 1: bare rounds and lifecycles interleaved, one after the other, so that both see
  // the same server state and the same load from the machine's other users (which comes and goes).
  say('warming up: checkout lifecycles for 3 s, payment lifecycles for 2 s, 10 bare rounds...');
  for (const [plan, durationMs] of [
    [checkoutPlan, 3_000],
    [paymentPlan, 2_000],
  ] as const) {
    const warmUp = await runLifecycles(context, { concurrency: options.concurrency, durationMs, plan });
    if (warmUp.completed === 0)
      throw new Error(`no lifecycle completed during the warm-up: ${warmUp.recorder.firstErrors.join(' | ')}`);
  }
  if (bareWorker) for (let i = 0; i < 10; i += 1) await bareRound(client, bareQueue, new Recorder());
  // Every operation of the API once per lifecycle, so that each is measured; no webhooks here (see 2b).
  const singlePlan = { session: true, settle: 'capture-refund-void' } as const;
  // Bounded, yet long enough for the samples on a busy machine (a round then takes over a second).
  const singleSeconds = Math.min(900, Math.max(300, options.durationSeconds * 3));
  say(
    `concurrency 1: ${options.samples} checkout lifecycles (capture part, refund part of it, void the rest)${bareWorker ? ', each after one bare round' : ''} (at most ${singleSeconds} s)...`,
  );
  const bare: Recorder | undefined = bareWorker ? new Recorder() : undefined;
  const singleMeter = cpuMeter(env.database.isPostgres);
  singleMeter.start();
  const singleRecorder = new Recorder();
  const singleDeadline = Date.now() + singleSeconds * 1000;
  const singleStarted = now();
  let singleCompleted = 0;
  let singleAttempted = 0;
  const traces: Array<{ ids: LifecycleIds; marks: Mark[]; ms: number }> = [];
  while (singleAttempted < options.samples && Date.now() < singleDeadline) {
    if (bare) await bareRound(client, bareQueue, bare);
    singleAttempted += 1;
    const marks: Mark[] = [];
    const ids = await lifecycle({ ...context, marks }, singleRecorder, singlePlan);
    if (ids) {
      singleCompleted += 1;
      traces.push({ ids, marks, ms: marks.at(-1)!.at - marks[0]!.at });
    }
  }
  const single = loadResult(
    {
      concurrency: 1,
      completed: singleCompleted,
      attempted: singleAttempted,
      recorder: singleRecorder,
      last: undefined,
    },
    elapsedMs(singleStarted) / 1000,
  );
  const singleCpu = singleMeter.stop();
  env.assertAlive();

  // 2a. Where a capture's time goes: the api's share, the payment's, the engine's.
  say(
    `concurrency 1: ${options.samples} captures over HTTP, as the api's Update alone and as a bare Update, in turn...`,
  );
  const captureSplitRecorder = await captureSplit(context, client, bareWorker ? bareQueue : undefined, options.samples);
  env.assertAlive();

  // 2b. The same lifecycles at concurrency 1, each subscribed to webhooks at a receiver in this
  // process, where the first delivery of each payment is timed. Apart from 2: a delivery in flight
  // delays the payment's next Update by a workflow task, which the operations' targets leave out
  // (their bare figures have no webhooks) and this phase's call table shows.
  receiver = await startWebhookReceiver();
  say(
    `concurrency 1: ${options.samples} checkout lifecycles subscribed to webhooks at ${receiver.url} (at most ${singleSeconds} s)...`,
  );
  const subscribedRecorder = new Recorder();
  const subscribedIds: LifecycleIds[] = [];
  const subscribedDeadline = Date.now() + singleSeconds * 1000;
  const subscribedStarted = now();
  let subscribedAttempted = 0;
  while (subscribedAttempted < options.samples && Date.now() < subscribedDeadline) {
    subscribedAttempted += 1;
    const ids = await lifecycle(context, subscribedRecorder, { ...singlePlan, webhookUrl: receiver.url });
    if (ids) subscribedIds.push(ids);
  }
  const subscribed = loadResult(
    {
      concurrency: 1,
      completed: subscribedIds.length,
      attempted: subscribedAttempted,
      recorder: subscribedRecorder,
      last: undefined,
    },
    elapsedMs(subscribedStarted) / 1000,
  );
  // Bounded: a delivery the workflows have not made by then counts as missing.
  await awaitFirstDeliveries(
    receiver,
    subscribedIds.map((ids) => ids.paymentId),
    30_000,
  );
  const webhooks = {
    ...firstDeliveries(receiver.arrivals, subscribedIds),
    deliveries: receiver.arrivals.length,
    malformed: receiver.malformed(),
    lifecycles: subscribed,
  };
  env.assertAlive();

  // The anatomy of the median lifecycle at concurrency 1.
  const median = [...traces].sort((a, b) => a.ms - b.ms)[Math.floor(traces.length / 2)];
  const anatomy = median
    ? await lifecycleAnatomy(
        client,
        [
          ...(median.ids.sessionId ? [{ tag: 'S', workflowId: `client-session/${median.ids.sessionId}` }] : []),
          { tag: 'P', workflowId: `payment/${median.ids.paymentId}` },
        ],
        median.marks,
      )
    : undefined;

  // 3. Lifecycles at the concurrency for the duration.
  say(`checkout lifecycles at concurrency ${options.concurrency} for ${options.durationSeconds} s...`);
  const meter = cpuMeter(env.database.isPostgres);
  meter.start();
  const loadedFromUs = monotonicUs();
  const loaded = await runLifecycles(context, {
    concurrency: options.concurrency,
    durationMs: options.durationSeconds * 1000,
  });
  const loadedToUs = monotonicUs();
  const loadedCpu = meter.stop();
  env.assertAlive();

  // 3a. Payment lifecycles (a merchant's server without a session: vault, POST /v2/payments, capture).
  say(`payment lifecycles at concurrency ${options.concurrency} for ${options.durationSeconds} s...`);
  const paymentMeter = cpuMeter(env.database.isPostgres);
  paymentMeter.start();
  const payments = await runLifecycles(context, {
    concurrency: options.concurrency,
    durationMs: options.durationSeconds * 1000,
    plan: paymentPlan,
  });
  const paymentsCpu = paymentMeter.stop();
  env.assertAlive();

  // 3b. The same at the concurrency through API v1, to compare what v1 adds: stretches of v1
  // lifecycles and of v2 checkouts in turn (v1, v2, v2, v1, v1, v2), so that both meet the same
  // machine. The machine's speed drifts within a run; a v1 phase of its own, compared with the
  // checkouts of phase 3 minutes before, measured the drift as much as v1.
  const stretchMs = (options.durationSeconds * 1000) / stretchesOfEachApi;
  say(
    `v1 lifecycles (create, validate, capture) and v2 checkouts in turn at concurrency ${options.concurrency}, ${stretchesOfEachApi} stretches of ${(stretchMs / 1000).toFixed(1)} s of each...`,
  );
  const stretches = {
    v1: { run: runV1Lifecycles, recorder: new Recorder(), results: [] as LoadResult[] },
    v2: { run: runLifecycles, recorder: new Recorder(), results: [] as LoadResult[] },
  };
  const v1Uses: CpuUse[] = [];
  for (const api of interleavedOrder(stretchesOfEachApi)) {
    const stretch = stretches[api];
    // Only v1's CPU is reported; the v2 stretches are there for their rate.
    const meter = api === 'v1' ? cpuMeter(env.database.isPostgres) : undefined;
    meter?.start();
    stretch.results.push(
      await stretch.run(context, {
        concurrency: options.concurrency,
        durationMs: stretchMs,
        recorder: stretch.recorder,
      }),
    );
    if (meter) v1Uses.push(meter.stop());
    env.assertAlive();
  }
  const v1 = combinedResult(stretches.v1.results, stretches.v1.recorder);
  const v2BesideV1 = combinedResult(stretches.v2.results, stretches.v2.recorder);
  const v1Cpu = combinedCpu(v1Uses);
  if (!v1Cpu) throw new Error('the bench ran no stretch of v1 lifecycles');

  // The ceiling again, on the server as the lifecycles left it and under the machine's load of now:
  // other users of the machine come and go, so one ceiling measured a minute earlier may mislead.
  let ceilingAfter: Ceiling | undefined;
  let ceilingAfterCpu: CpuUse | undefined;
  let shapeAfter: Ceiling | undefined;
  if (bareWorker) {
    say(
      `bare Temporal: empty workflows, the bare shape and the skeletons, at concurrency ${options.concurrency} for ${options.bareSeconds} s each again...`,
    );
    const again = cpuMeter(false);
    again.start();
    ceilingAfter = await emptyWorkflowCeiling(client, bareQueue, options.concurrency, options.bareSeconds);
    ceilingAfterCpu = again.stop();
    shapeAfter = await bareShapeRate(client, bareQueue, options.concurrency, options.bareSeconds);
    await measureSkeletons(client, bareQueue, skeletonRates, 0);
    await bareWorker.stop();
  }

  // 4. Opt-in, last (it is long, and the other phases must not run on a process it filled).
  let memory: MemoryResult | undefined;
  if (options.memory) {
    say(
      `memory: checkout lifecycles at concurrency ${options.concurrency} until ${memoryMilestones.at(-1)} (at most ${memoryTimeLimitMs / 60_000} minutes), resident sizes read ${memoryReadingsPerMilestone} times up to ${memoryMilestones.join(' and ')}...`,
    );
    const pidOf = (name: string) => env.children.find((child) => child.name === name)?.process.pid;
    memory = await runMemoryPhase(context, {
      concurrency: options.concurrency,
      pids: { api: pidOf('api'), worker: pidOf('worker') },
      say,
    });
    env.assertAlive();
  }

  const warnings = env.children.map((child) => `${child.name} ${child.warnings()}`).join(', ');
  const warningLines = env.children.flatMap((child) => child.firstWarnings().map((line) => `  ${child.name}: ${line}`));
  const anatomyLines = anatomy
    ? [
        ...anatomy.lines,
        ...anatomy.counts.map(
          (count) =>
            `${count.workflowId}: ${count.events} events, ${count.workflowTasks} workflow tasks, ${count.activities.length} activities (${count.activities.join(', ') || 'none'}), ${count.localActivities} local activities, ${count.patchMarkers} patch markers, ${count.updates} Updates`,
        ),
      ]
    : [];
  const { miss } = printReport({
    header: [
      `code: ${version}`,
      `machine: ${cpus().length} cores, load average ${uptimeLoad} at start (other engineers' tests share it: see "everything else" below)`,
      `Temporal: dev server ${env.temporalBinary}, SQLite file with journal_mode=wal, synchronous=normal, dynamic config ${Object.entries(
        devServerDynamicConfig,
      )
        .map(([name, value]) => `${name}=${value}`)
        .join(', ')} (temporal/dev-server.ts says why), on ${env.temporal.address}`,
      `database: ${env.database.description}`,
      `allocator: every Node process of the bench on ${env.allocator} (platform/allocator.ts; TESSERA_ALLOCATOR=system for glibc's)`,
      'processes: sandbox partners (0 ms latency), Tessera worker and api each in its own process (node --import tsx, as npm start runs them, so',
      '  they spread over both cores rather than share one event loop); the bench driver (HTTP client, Temporal client of the bare probes) in',
      "  this process; the bare probes' worker in its own process (idle while the lifecycles run). Loopback only. LOG_LEVEL=warn.",
      `worker tuning, both workers (temporal/worker-tuning.ts, TESSERA_WORKER_* in the bench's environment): ${describeTuning(workerTuningFrom(process.env))}`,
      submission === 'session'
        ? 'submission step: on the session, as the hosted page and the widget do: POST /v2/vault/cards then POST /checkout/v1/sessions/{id}/payments, both with the publishable key (an Update reserves the session, then an Update-with-Start of the payment answers its first outcome)'
        : `submission step: measured as "vault + POST /v2/payments" (the card tokenized with the publishable key, then the payment with its token)${sessionPath ? '; --submission session drives the session path' : '; the api has no session submission endpoint'}`,
      'not driven: GET /checkout/v1/sessions/{id} (the page opening the session)',
      `webhooks: only the concurrency-1 checkouts of their own phase are subscribed (PAYMENT events, the default), to a receiver in this process at ${receiver.url} that answers 204 at once`,
      `warnings in the process logs: ${warnings}`,
      ...warningLines,
    ],
    submission,
    ceiling,
    ceilingCpu,
    ceilingAfter,
    ceilingAfterCpu,
    shape,
    shapeAfter,
    skeletons: skeletonRates,
    skeletonCpu,
    bare,
    single,
    singleCpu,
    loaded,
    loadedCpu,
    payments,
    paymentsCpu,
    webhooks,
    memory,
    v1,
    v1Cpu,
    v2BesideV1,
    anatomy: anatomyLines,
    captureSplit: captureSplitRecorder,
  });
  const names = new Map(env.pids().map(({ name, pid }) => [pid, name]));
  const serverSamples = await serverProfile?.stop();
  await stop(options.keepData);
  if (serverSamples)
    console.log(
      serverProfileReport(serverSamples, [
        { label: 'checkout lifecycle', fromUs: loadedFromUs, toUs: loadedToUs, lifecycles: loaded.completed },
        ...(skeletonWindows.checkout ? [{ label: 'checkout skeleton', ...skeletonWindows.checkout }] : []),
      ]).join('\n'),
    );
  if (env.profileDir) printProfiles(env.profileDir, names, loadedFromUs, loadedToUs, loaded.completed);
  say(
    `done (${miss} target${miss === 1 ? '' : 's'} missed)${options.keepData ? `; data and logs kept in ${env.runDir}` : ''}`,
  );
  process.exit(0);
} catch (error) {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  await stop(true);
  if (environment) console.error(`[bench] the run's logs are kept in ${environment.runDir}`);
  process.exit(1);
}

function printProfiles(
  dir: string,
  names: Map<number | undefined, string>,
  fromUs: number,
  toUs: number,
  lifecycles: number,
): void {
  const out = [
    `CPU profiles during the lifecycles at concurrency ${options.concurrency} (node --cpu-prof; self time, idle excluded; per lifecycle = / ${lifecycles})`,
  ];
  const summaries = profilesIn(dir)
    .map((file) => summarizeProfile(file, fromUs, toUs))
    .filter((summary) => summary.sampledMs > 0)
    .sort((a, b) => b.sampledMs - a.sampledMs);
  for (const summary of summaries) {
    const perLifecycle = lifecycles > 0 ? summary.sampledMs / lifecycles : Number.NaN;
    out.push(
      `  ${names.get(summary.pid) ?? `pid ${summary.pid}`} thread ${summary.thread}: ${(summary.sampledMs / 1000).toFixed(1)} s busy, ${perLifecycle.toFixed(1)} ms per lifecycle`,
    );
    const share = (ms: number) => `${((ms / summary.sampledMs) * 100).toFixed(0)}%`;
    out.push(
      `    by area: ${summary.areas
        .slice(0, 10)
        .map((area) => `${area.name} ${share(area.ms)}`)
        .join(', ')}`,
    );
    for (const fn of summary.functions.slice(0, 12)) out.push(`    ${share(fn.ms).padStart(4)}  ${fn.name}`);
  }
  out.push(`  (profiles in ${dir}; open them in Chrome DevTools for call trees)`);
  console.log(out.join('\n'));
}
