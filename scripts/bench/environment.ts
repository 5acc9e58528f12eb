// Everything the bench runs against, started from scratch for one run and stopped at the end:
// a Temporal dev server on a WAL SQLite file (as `npm start` runs it), a database, and the sandbox
// partners, Tessera's worker and api as separate processes on loopback (as `npm start` runs them).
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '../../db/connection';
import { createMerchant, type CreatedMerchant } from '../../db/merchants';
import { migrate } from '../../db/migrate';
import { allocatorPlan } from '../../platform/allocator';
import { dataDir, projectRoot } from '../../platform/config';
import { freePortOn, freePortsOn } from '../../platform/free-port';
import { temporalBinary } from '../../temporal/binary';
import { startDevServer, type DevServer } from '../../temporal/dev-server';
import type { DatabaseChoice } from './options';
import { spawnChild, waitForHttp, type Child } from './processes';

export interface Database {
  url: string;
  /** What the report says about it. */
  description: string;
  /** A PostgreSQL server whose `postgres` processes we can account CPU to. */
  isPostgres: boolean;
  stop(): Promise<void>;
}

export interface Environment {
  runDir: string;
  temporal: DevServer;
  temporalBinary: string;
  database: Database;
  apiUrl: string;
  sandboxUrl: string;
  taskQueue: string;
  merchant: CreatedMerchant;
  /** The run's TESSERA_ENCRYPTION_KEY: the bench's Temporal clients seal payloads as the processes do. */
  encryptionKey: Buffer;
  children: Child[];
  /** Throws if a child died since the last call. */
  assertAlive(): void;
  /** pid of each process the CPU meter follows. */
  pids(): Array<{ name: string; pid: number | undefined }>;
  spawn(name: string, script: string, env: Record<string, string>, nodeArgs?: string[]): Child;
  /** The malloc every Node process of the bench runs on (platform/allocator.ts), as the report says it. */
  allocator: string;
  /** Where --cpu-prof writes, when profiling. */
  profileDir: string | undefined;
  stop(keepData: boolean): Promise<void>;
}

const freePort = () => freePortOn('127.0.0.1');

async function startDatabase(
  choice: DatabaseChoice,
  runDir: string,
  spawn: Environment['spawn'],
  say: (line: string) => void,
): Promise<Database> {
  const fromEnv = process.env.DATABASE_URL;
  if (choice === 'auto' && fromEnv) {
    return {
      url: fromEnv,
      description: 'DATABASE_URL (as given; not dropped)',
      isPostgres: true,
      stop: async () => {},
    };
  }
  if (choice === 'auto' || choice === 'postgres') {
    try {
      say('making PostgreSQL available (scripts/ensure-postgres.sh)...');
      const adminUrl = execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-postgres.sh')], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 300_000,
      }).trim();
      const name = `tessera_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
      const admin = connect(adminUrl, { max: 1 });
      await admin.unsafe(`create database ${name}`);
      const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
      const version = (await admin<{ server_version: string }[]>`show server_version`)[0]?.server_version ?? '?';
      return {
        url,
        description: `PostgreSQL ${version} (scripts/ensure-postgres.sh), database ${name}, dropped at the end`,
        isPostgres: true,
        async stop() {
          await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
          await admin.end({ timeout: 5 });
        },
      };
    } catch (error) {
      if (choice === 'postgres') throw error;
      say(`PostgreSQL is not available (${String(error).split('\n')[0]}); using PGlite`);
    }
  }
  const port = await freePort();
  const child = spawn('pglite', 'scripts/bench/embedded-db.ts', {
    BENCH_DB_DIR: join(runDir, 'db'),
    BENCH_DB_PORT: String(port),
  });
  const url = String(await child.firstMessage);
  return {
    url,
    description: `embedded PGlite (db/embedded.ts) in its own process on 127.0.0.1:${port}`,
    isPostgres: false,
    stop: () => child.stop(),
  };
}

export async function startEnvironment(options: {
  database: DatabaseChoice;
  profile: boolean;
  say: (line: string) => void;
}): Promise<Environment> {
  const { say } = options;
  const runDir = join(dataDir, 'bench', `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  mkdirSync(runDir, { recursive: true });
  const children: Child[] = [];
  let died: string | undefined;
  const profileDir = options.profile ? join(runDir, 'profiles') : undefined;
  const profiled = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  // Every child on the allocator `npm start` and the image give the api and the worker, the bare
  // worker too: the bare figures then differ from Tessera's by Tessera's code alone.
  const jemalloc = execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-jemalloc.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const allocator = allocatorPlan(process.env, jemalloc || undefined);
  say(`every Node process of the bench on ${allocator.description}`);
  const spawn = (name: string, script: string, env: Record<string, string>, nodeArgs: string[] = []) => {
    const child = spawnChild(
      name,
      script,
      { ...allocator.env, ...env },
      runDir,
      (dead, code, signal) => {
        died ??= `${dead.name} exited unexpectedly (${signal ?? code}); its log (${dead.logFile}) ends with:\n${dead.tail(20)}`;
      },
      nodeArgs,
    );
    children.push(child);
    return child;
  };
  const assertAlive = () => {
    if (died) throw new Error(died);
  };

  let temporal: DevServer | undefined;
  let database: Database | undefined;
  const stopStarted = async (keepData: boolean) => {
    for (const child of [...children].reverse()) await child.stop();
    await temporal?.stop();
    await database?.stop();
    if (!keepData) rmSync(runDir, { recursive: true, force: true });
  };

  try {
    const binary = temporalBinary();
    say(`starting the Temporal dev server (${binary}, SQLite WAL, synchronous=normal)...`);
    temporal = await startDevServer({
      binary,
      headless: true,
      dbFile: join(runDir, 'temporal.db'),
    });

    database = await startDatabase(options.database, runDir, spawn, say);
    say(`database: ${database.description}`);
    const sql = connect(database.url, { max: 1 });
    const encryptionKey = randomBytes(32);
    let merchant: CreatedMerchant;
    try {
      await migrate(sql);
      merchant = await createMerchant(sql, encryptionKey, { name: 'Bench shop' });
    } finally {
      await sql.end({ timeout: 5 });
    }

    // Asked together: two ports asked one after the other may be the same one, and the bench then
    // talks to the sandbox where it means the api.
    const ports = await freePortsOn('127.0.0.1', 2);
    const apiPort = ports[0]!;
    const sandboxPort = ports[1]!;
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const taskQueue = `bench-${randomUUID()}`;
    const env = {
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: temporal.address,
      TESSERA_TASK_QUEUE: taskQueue,
      TESSERA_ENCRYPTION_KEY: encryptionKey.toString('base64'),
      TESSERA_DATA_DIR: runDir,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      TESSERA_PUBLIC_URL: apiUrl,
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_PARTNERS_URL: sandboxUrl,
      SANDBOX_LATENCY_MS: '0',
      // One log line per request would cost the api CPU and fill the log; warnings still count.
      LOG_LEVEL: 'warn',
      // The bench is one client tokenizing thousands of cards from one address with one publishable
      // key: what the card-testing limits stop (api/rate-limits.ts). It measures throughput, not them.
      TESSERA_RATE_LIMIT_VAULT_PER_IP: '100000000/1m',
      TESSERA_RATE_LIMIT_VAULT_PER_KEY: '100000000/1m',
    };
    say('starting the sandbox partners, the worker and the api (one process each)...');
    spawn('sandbox', 'partners/sandbox-network/main.ts', env, profiled);
    spawn('worker', 'temporal/worker-main.ts', env, profiled);
    spawn('api', 'api/main.ts', env, profiled);
    await waitForHttp(`${sandboxUrl}/admin/config`, 'sandbox partners', 60_000, assertAlive);
    await waitForHttp(`${apiUrl}/health`, 'api (with database, Temporal and a polling worker)', 180_000, assertAlive);

    const server = temporal;
    return {
      runDir,
      temporal: server,
      temporalBinary: binary,
      database,
      apiUrl,
      sandboxUrl,
      taskQueue,
      merchant,
      encryptionKey,
      children,
      assertAlive,
      pids: () => [
        { name: 'temporal server', pid: server.process.pid },
        ...children.map((child) => ({ name: child.name, pid: child.process.pid })),
        { name: 'bench driver', pid: process.pid },
      ],
      spawn,
      allocator: allocator.description,
      profileDir,
      stop: stopStarted,
    };
  } catch (error) {
    await stopStarted(true).catch(() => {});
    throw new Error(`${(error as Error).message}\n(logs kept in ${runDir})`, { cause: error });
  }
}
