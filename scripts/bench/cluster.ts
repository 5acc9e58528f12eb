// npm run bench -- --target cluster: full lifecycles on the production topology (the Temporal server
// on PostgreSQL, two api processes behind nginx; scripts/cluster/launch.ts) with one worker, then
// with two, beside the dev server's figures measured in the same run on the same machine: the
// same driver, concurrency and duration for the three phases.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { connect } from '../../db/connection';
import { createMerchant, type CreatedMerchant } from '../../db/merchants';
import { dataDir } from '../../platform/config';
import { freePortOn } from '../../platform/free-port';
import { workflowBundling } from '../../temporal/worker';
import { freePorts, launchCluster, type Cluster } from '../cluster/launch';
import { CpuMeter, type CpuUse } from './cpu';
import { startEnvironment } from './environment';
import { HttpClient } from './http';
import { accessToken, hasSessionSubmission, runLifecycles, submissionCall, type LoadResult } from './lifecycle';
import type { BenchOptions } from './options';
import { cpuRows } from './report';

interface Phase {
  target: string;
  workers: number;
  result: LoadResult;
  cpu: CpuUse;
}

/** Lifecycles at the bench's concurrency after a short warm-up, with the CPU of `pids` measured. */
async function measure(
  options: BenchOptions,
  http: HttpClient,
  merchant: CreatedMerchant,
  pids: () => Array<{ name: string; pid: number | undefined }>,
  say: (line: string) => void,
): Promise<{ result: LoadResult; cpu: CpuUse }> {
  const token = await accessToken(http, merchant);
  const submission = (await hasSessionSubmission(http)) ? 'session' : 'payments';
  const context = { http, merchant, token, submission } as const;
  const warmUp = await runLifecycles(context, { concurrency: options.concurrency, durationMs: 5_000 });
  if (warmUp.completed === 0)
    throw new Error(`no lifecycle completed during the warm-up: ${warmUp.recorder.firstErrors.join(' | ')}`);
  say(
    `  lifecycles at concurrency ${options.concurrency} for ${options.durationSeconds} s (${submissionCall[submission].label})...`,
  );
  const meter = new CpuMeter(pids, true);
  meter.start();
  const result = await runLifecycles(context, {
    concurrency: options.concurrency,
    durationMs: options.durationSeconds * 1000,
  });
  const cpu = meter.stop();
  say(`  ${result.perSecond.toFixed(1)} lifecycles/s`);
  return { result, cpu };
}

export async function runClusterBench(options: BenchOptions, say: (line: string) => void): Promise<void> {
  const loadAtStart = loadavg();
  const phases: Phase[] = [];

  // 1. The dev server, as `npm run bench` runs it (one api, one worker, sandbox; PostgreSQL).
  say('dev server: Temporal dev server (SQLite), one api, one worker...');
  const dev = await startEnvironment({ database: options.database, profile: false, say });
  try {
    const http = new HttpClient(dev.apiUrl, Math.max(4, options.concurrency * 2));
    const devPids = () => [
      { name: 'temporal dev server', pid: dev.temporal.process.pid },
      ...dev.children.map((child) => ({ name: child.name, pid: child.process.pid })),
    ];
    const { result, cpu } = await measure(options, http, dev.merchant, devPids, say);
    phases.push({ target: 'dev server (SQLite), 1 api', workers: 1, result, cpu });
    http.close();
  } finally {
    await dev.stop(false);
  }

  // 2. The cluster, with one worker and then two.
  const runDir = join(dataDir, 'bench', `cluster-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(runDir, { recursive: true });
  const postgresDir = mkdtempSync(join(tmpdir(), 'tessera-bench-pg-'));
  chmodSync(postgresDir, 0o711);
  // One workflow bundle for both workers, as the tests do: a worker then starts in a second.
  const bundle = join(runDir, 'workflow-bundle.js');
  writeFileSync(bundle, (await bundleWorkflowCode({ ...workflowBundling, logger: new DefaultLogger('WARN') })).code);
  const encryptionKey = randomBytes(32);
  let cluster: Cluster | undefined;
  try {
    say('cluster: Temporal server on PostgreSQL, two api processes behind nginx, two workers...');
    cluster = await launchCluster({
      stateDir: runDir,
      postgresDataDir: join(postgresDir, 'data'),
      ports: await freePorts(() => freePortOn('127.0.0.1')),
      // From source with tsx, as the dev server phase runs its processes: the topology differs, not the code.
      app: { kind: 'source', workflowBundle: bundle },
      encryptionKey: encryptionKey.toString('base64'),
      ui: false,
      appEnv: {
        LOG_LEVEL: 'warn',
        SANDBOX_LATENCY_MS: '0',
        TESSERA_RATE_LIMIT_VAULT_PER_IP: '100000000/1m',
        TESSERA_RATE_LIMIT_VAULT_PER_KEY: '100000000/1m',
      },
      say: (line) => say(`  ${line}`),
    });
    const running = cluster;
    const sql = connect(running.databaseUrl, { max: 1 });
    let merchant: CreatedMerchant;
    try {
      merchant = await createMerchant(sql, encryptionKey, { name: 'Bench shop' });
    } finally {
      await sql.end({ timeout: 5 });
    }
    const pids = () => running.processes.map((p) => ({ name: p.name, pid: p.pid }));
    const http = new HttpClient(running.publicUrl, Math.max(4, options.concurrency * 2));
    try {
      say('cluster with one worker (worker-2 stopped)...');
      await running.process('worker-2').stop();
      const one = await measure(options, http, merchant, pids, say);
      phases.push({ target: 'cluster (PostgreSQL, nginx, 2 api)', workers: 1, ...one });
      say('cluster with two workers...');
      await running.process('worker-2').start();
      const two = await measure(options, http, merchant, pids, say);
      phases.push({ target: 'cluster (PostgreSQL, nginx, 2 api)', workers: 2, ...two });
    } finally {
      http.close();
    }
  } finally {
    await cluster?.stop();
    rmSync(postgresDir, { recursive: true, force: true });
    if (!options.keepData) rmSync(runDir, { recursive: true, force: true });
  }
  printClusterReport(options, phases, loadAtStart);
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');

function printClusterReport(options: BenchOptions, phases: Phase[], loadAtStart: number[]): void {
  const rows = [
    [
      'target',
      'workers',
      'lifecycles/s',
      'capture p50 ms',
      'capture p99 ms',
      'lifecycle p50 ms',
      'errors',
      'others on the machine',
    ],
    ...phases.map((phase) => {
      const capture = phase.result.recorder.of('capture');
      const lifecycle = phase.result.recorder.of('lifecycle');
      const errors = phase.result.attempted - phase.result.completed;
      return [
        phase.target,
        String(phase.workers),
        phase.result.perSecond.toFixed(1),
        ms(capture.p50),
        ms(capture.p99),
        ms(lifecycle.p50),
        String(errors),
        `${phase.cpu.othersPercent.toFixed(0)}% of a core`,
      ];
    }),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const out = [
    '',
    '================ Tessera bench: cluster ================',
    `machine: ${cpus().length} cores, load average ${loadAtStart.map((v) => v.toFixed(2)).join(' ')} at start (shared with other engineers' runs: see "others")`,
    `each phase: lifecycles (session, card tokenized and submitted, capture) at concurrency ${options.concurrency} for ${options.durationSeconds} s after a 5 s warm-up; api, worker and sandbox from source (tsx); sandbox latency 0 ms`,
    '',
    ...rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`),
    '',
  ];
  for (const phase of phases) {
    const name = `${phase.target}, ${phase.workers} worker${phase.workers > 1 ? 's' : ''}`;
    out.push(...cpuRows(phase.cpu, `CPU, ${name}`));
    // What a deployment sizes its cores by: the CPU time each process spends on one lifecycle,
    // which other users of the machine change far less than they change the rate.
    const perLifecycle = phase.cpu.byProcess
      .filter((entry) => entry.percent >= 0.5)
      .map((entry) => `${entry.name} ${((entry.percent * 10) / phase.result.perSecond).toFixed(0)} ms`);
    out.push(`  CPU time per lifecycle: ${perLifecycle.join(', ')}`);
  }
  const [devPhase, one, two] = phases;
  if (devPhase && one && two)
    out.push(
      '',
      `two workers against one: ${(two.result.perSecond / one.result.perSecond).toFixed(2)}x; cluster with two against the dev server: ${(two.result.perSecond / devPhase.result.perSecond).toFixed(2)}x`,
      'On 2 cores every process shares the same CPU: a second worker adds polling capacity, not CPU, so it shows whether one worker was the bottleneck, not how the topology scales (README: production topology).',
    );
  console.log(out.join('\n'));
}
