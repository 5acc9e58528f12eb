// Runs the whole service on one machine: Temporal dev server, embedded database (unless
// DATABASE_URL), sandbox partners, worker and api, each part in its own process as in production.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '../db/connection';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../db/embedded';
import { embeddedDatabasePort } from '../db/embedded-url';
import { migrate } from '../db/migrate';
import { allocatorPlan, findJemalloc } from '../platform/allocator';
import { dataDir, loadConfig, projectRoot } from '../platform/config';
import { temporalBinary } from '../temporal/binary';
import { startDevServer, type DevServer } from '../temporal/dev-server';

const started = Date.now();
const config = loadConfig();
const children: ChildProcess[] = [];
let temporal: DevServer | undefined;
let database: EmbeddedDatabase | undefined;
let stopping = false;

function step(message: string) {
  console.log(`[tessera] ${message}`);
}

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  step('stopping...');
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve(),
    ),
  );
  await temporal?.stop();
  await database?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

function run(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[tessera] ${name} exited (${signal ?? code}); stopping everything`);
      void stopAll(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

process.on('uncaughtException', (error) => {
  console.error('[tessera] start-up failed:', error);
  void stopAll(1);
});
process.on('unhandledRejection', (error) => {
  console.error('[tessera] start-up failed:', error);
  void stopAll(1);
});

let temporalAddress = process.env.TEMPORAL_ADDRESS;
let temporalUi: string | undefined;
if (!temporalAddress) {
  step('starting the Temporal dev server...');
  temporal = await startDevServer({
    binary: temporalBinary(),
    port: 7233,
    uiPort: 8233,
    dbFile: join(dataDir, 'temporal', 'temporal.db'),
    // The api decodes the encrypted payloads for an operator signed in (api/routes/operator).
    uiCodecEndpoint: `${config.publicUrl}/temporal-codec`,
  });
  temporalAddress = temporal.address;
  temporalUi = temporal.uiUrl;
}

let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  step('starting the embedded database (PGlite)...');
  database = await startEmbeddedDatabase({ dataDir, port: embeddedDatabasePort });
  databaseUrl = database.url;
}
const sql = connect(databaseUrl, { max: 1 });
await migrate(sql);
await sql.end();

if (
  !existsSync(join(projectRoot, 'web', 'dist', 'index.html')) &&
  existsSync(join(projectRoot, 'web', 'vite.config.ts'))
) {
  step('building the web app (first start only)...');
  execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: projectRoot, stdio: 'inherit' });
}

const sandboxPort = process.env.SANDBOX_PORT ?? '4010';
const env = {
  DATABASE_URL: databaseUrl,
  TEMPORAL_ADDRESS: temporalAddress,
  SANDBOX_PORT: sandboxPort,
  SANDBOX_PARTNERS_URL: `http://127.0.0.1:${sandboxPort}`,
  // The sandbox partners keep their books in their own schema (sandbox_network) of the same
  // database, so that a restart forgets no transaction.
  SANDBOX_DATABASE_URL: process.env.SANDBOX_DATABASE_URL ?? databaseUrl,
};
if (existsSync(join(projectRoot, 'partners', 'sandbox-network', 'main.ts'))) {
  run('sandbox partners', 'partners/sandbox-network/main.ts', env);
}
const allocator = allocatorPlan(process.env, findJemalloc());
step(`the api and the worker run on ${allocator.description}`);
const workerMetrics = process.env.TESSERA_WORKER_METRICS_ADDRESS ?? '127.0.0.1:9464';
run('worker', 'temporal/worker-main.ts', { ...env, ...allocator.env, TESSERA_WORKER_METRICS_ADDRESS: workerMetrics });
run('api', 'api/main.ts', {
  ...env,
  ...allocator.env,
  // The UI started here calls the codec endpoint from the operator's browser (CORS).
  ...(temporalUi && !process.env.TESSERA_TEMPORAL_UI_ORIGINS ? { TESSERA_TEMPORAL_UI_ORIGINS: temporalUi } : {}),
});
await waitFor(`http://127.0.0.1:${config.port}/health`, 'api');

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
Tessera is running (ready in ${seconds} s)
  API, hosted page, docs   ${config.publicUrl}
  OpenAPI                  ${config.publicUrl}/openapi/{v2,v1,wallet}.json
  Health, metrics          ${config.publicUrl}/health, ${config.publicUrl}/metrics
  Worker metrics           http://${workerMetrics}/metrics
  Temporal                 ${temporalAddress}${
    temporalUi
      ? `\n  Temporal UI              ${temporalUi} (payloads are encrypted: to read them, sign in at` +
        `\n                           ${config.publicUrl}/temporal-codec/sign-in with the token in .data/operator.token)`
      : ''
  }
  Sandbox partners         http://127.0.0.1:${sandboxPort}
  Database                 ${database ? `embedded PGlite on 127.0.0.1:${embeddedDatabasePort} (data in .data/pglite)` : 'DATABASE_URL'}

Create a merchant:  npm run merchant:create -- --name "My shop" --json
Stop with Ctrl+C.
`);
