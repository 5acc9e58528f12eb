// Starts the production topology on one machine, without Docker, in docker-compose.yml's order:
// PostgreSQL, Temporal's schema, the Temporal server, its namespace, the Temporal UI, the sandbox
// partners, the workers, the api processes, and nginx in front of them. npm run start:cluster, the
// cluster test and the bench's cluster target all start it from here.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { connect } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { allocatorPlan, findJemalloc } from '../../platform/allocator';
import { projectRoot } from '../../platform/config';
import { temporalBinary } from '../../temporal/binary';
import { clusterBinaries, type ClusterBinaries } from '../../temporal/cluster/binaries';
import { clusterVersions, type ClusterVersions } from '../../temporal/cluster/versions';
import { prepareNginx } from './nginx';
import { postgresBinDir, preparePostgresInstance } from './postgres-instance';
import {
  answersHttp,
  SupervisedProcess,
  until,
  type ExitRecord,
  type ProcessSpec,
  type StopResult,
} from './supervised-process';
import {
  apiEnvironment,
  appDatabase,
  clusterDir,
  postgresEnvironment,
  replicasOf,
  sandboxEnvironment,
  temporalNamespaceEnvironment,
  temporalSchemaEnvironment,
  temporalServerEnvironment,
  temporalUiEnvironment,
  workerEnvironment,
  type AppEnvironment,
  type TemporalServerPorts,
} from './topology';

export interface ClusterPorts {
  /** nginx: the public entry point. */
  public: number;
  apis: number[];
  workerMetrics: number[];
  sandbox: number;
  postgres: number;
  temporal: TemporalServerPorts;
  temporalMetrics: number;
  ui: number;
}

/** How the api, worker and sandbox processes run. */
export type AppProcesses =
  /** The production build (npm run build): `node <dir>/api/main.js`. */
  | { kind: 'built'; dir: string }
  /** From source through tsx, as npm start runs them; a prebuilt workflow bundle makes worker starts quick. */
  | { kind: 'source'; workflowBundle?: string };

export interface LaunchOptions {
  /** Credentials and logs; PostgreSQL's data too unless postgresDataDir says otherwise. Kept across starts. */
  stateDir: string;
  /** Must be reachable by the `postgres` user when the launcher runs as root. */
  postgresDataDir?: string;
  ports: ClusterPorts;
  app: AppProcesses;
  /** base64 of 32 bytes, the same for every process and for npm run merchant:create. */
  encryptionKey: string;
  ui: boolean;
  /** More environment for the api, worker and sandbox processes (a test's rate limits, log level). */
  appEnv?: Record<string, string>;
  say: (line: string) => void;
  /** Every line the processes write, prefixed with their name; to the log files only when absent. */
  echo?: (line: string) => void;
  /** A process died by itself (also recorded in Cluster.unexpectedExits). */
  onUnexpectedExit?: (exit: ExitRecord) => void;
}

export interface Cluster {
  publicUrl: string;
  temporalAddress: string;
  uiUrl: string | undefined;
  sandboxUrl: string;
  /** Tessera's own database, as the api and workers reach it. */
  databaseUrl: string;
  postgresAdminUrl: string;
  logDir: string;
  accessLog: string;
  versions: ClusterVersions;
  binaries: ClusterBinaries;
  processes: SupervisedProcess[];
  process(name: string): SupervisedProcess;
  /** Exits nobody asked for (a crash), in order. */
  unexpectedExits: ExitRecord[];
  /** Every process, gracefully, in the reverse of the start order. */
  stop(): Promise<Map<string, StopResult>>;
}

interface Credentials {
  postgres: string;
  temporal: string;
  tessera: string;
  notificationSecret: string;
  /** Opens the codec endpoint to operators (README: production topology). */
  operatorToken: string;
}

/** Passwords made on the first start and kept with the data they protect (mode 600). */
function credentialsIn(stateDir: string): Credentials {
  const file = join(stateDir, 'credentials.json');
  const kept: Partial<Credentials> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Credentials) : {};
  const secret = () => randomBytes(18).toString('base64url');
  const credentials: Credentials = {
    postgres: kept.postgres ?? secret(),
    temporal: kept.temporal ?? secret(),
    tessera: kept.tessera ?? secret(),
    notificationSecret: kept.notificationSecret ?? secret(),
    // Added after the first releases of the topology: a state folder from before gets one now.
    operatorToken: kept.operatorToken ?? randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}

/** A one-shot step (roles, schema, namespace): its output to its log file, bounded, failing loudly. */
function runOneShot(
  name: string,
  script: string,
  env: Record<string, string>,
  logDir: string,
  timeoutMs: number,
): Promise<void> {
  const logFile = join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  return new Promise<void>((resolve, reject) => {
    const child = spawn('sh', [script], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      log.write(chunk);
      output = (output + chunk.toString()).slice(-8_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      log.end();
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (${signal ?? `exit ${code}`}; log ${logFile}):\n${output}`));
    });
  });
}

const loopback = '127.0.0.1';
/** The workers' task queue: Tessera's default unless the operator set TESSERA_TASK_QUEUE (inherited below). */
const taskQueue = process.env.TESSERA_TASK_QUEUE ?? 'tessera';

/** Whether the worker process `pid` polls Tessera's workflow task queue. */
async function pollsTaskQueue(address: string, pid: number): Promise<boolean> {
  const connection = await Connection.connect({ address, connectTimeout: 1_000 });
  try {
    const { pollers } = await connection.workflowService.describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: taskQueue, kind: proto.temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
      taskQueueType: proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    });
    return (pollers ?? []).some((poller) => poller.identity?.startsWith(`${pid}@`));
  } finally {
    await connection.close();
  }
}

export async function launchCluster(options: LaunchOptions): Promise<Cluster> {
  const { say, ports } = options;
  const logDir = join(options.stateDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const credentials = credentialsIn(options.stateDir);
  const versions = clusterVersions();
  say(`Temporal server ${versions.temporalServer} and UI ${versions.temporalUi} (temporal/cluster/versions.env)`);
  const binaries = clusterBinaries();
  const cli = temporalBinary();

  const processes: SupervisedProcess[] = [];
  const unexpectedExits: ExitRecord[] = [];
  const supervise = (spec: ProcessSpec) => {
    const supervised = new SupervisedProcess(spec, logDir, {
      onExit: (exit) => {
        if (!exit.expected) {
          unexpectedExits.push(exit);
          say(`${exit.name} (pid ${exit.pid}) exited by itself: ${exit.signal ?? `code ${exit.code}`}`);
          options.onUnexpectedExit?.(exit);
        }
      },
      ...(options.echo ? { echo: options.echo } : {}),
    });
    processes.push(supervised);
    return supervised;
  };
  const stop = async () => {
    const results = new Map<string, StopResult>();
    for (const supervised of [...processes].reverse()) {
      results.set(supervised.name, await supervised.stop());
      supervised.close();
    }
    return results;
  };

  try {
    // PostgreSQL of its own, then the roles and databases of Temporal and Tessera.
    const postgresInstance = preparePostgresInstance({
      dataDir: options.postgresDataDir ?? join(options.stateDir, 'postgresql'),
      port: ports.postgres,
      superuserPassword: credentials.postgres,
      // Temporal: 4 services × (20 + 10) at most; each api and worker: 10 (db/connection.ts).
      maxConnections: 300,
    });
    say(`PostgreSQL on ${loopback}:${ports.postgres}`);
    await supervise(postgresInstance.spec).start();
    const pg = { host: postgresInstance.host, port: postgresInstance.port };
    const passwords = { superuser: credentials.postgres, temporal: credentials.temporal, tessera: credentials.tessera };
    await runOneShot(
      'create-roles',
      join(projectRoot, 'scripts', 'cluster', 'create-roles.sh'),
      {
        ...postgresEnvironment(passwords),
        PATH: `${postgresBinDir()}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        PGHOST: pg.host,
        PGPORT: String(pg.port),
        PGUSER: 'postgres',
        PGPASSWORD: credentials.postgres,
      },
      logDir,
      60_000,
    );
    const databaseUrl = `postgres://${appDatabase.user}:${encodeURIComponent(credentials.tessera)}@${pg.host}:${pg.port}/${appDatabase.database}`;

    say('Temporal schema: temporal and temporal_visibility, migrated with temporal-sql-tool');
    await runOneShot(
      'temporal-schema',
      join(clusterDir, 'setup-schema.sh'),
      temporalSchemaEnvironment({
        postgres: pg,
        password: credentials.temporal,
        sqlTool: binaries.sqlTool,
        schemaDir: binaries.schemaDir,
      }),
      logDir,
      300_000,
    );

    const temporalAddress = `${loopback}:${ports.temporal.frontend}`;
    say(`Temporal server on ${temporalAddress} (PostgreSQL persistence and visibility)`);
    await supervise({
      name: 'temporal-server',
      command: binaries.temporalServer,
      args: ['start'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        ...temporalServerEnvironment({
          postgres: pg,
          password: credentials.temporal,
          bindIp: loopback,
          ports: ports.temporal,
          metricsAddress: `${loopback}:${ports.temporalMetrics}`,
        }),
      },
      ready: ({ signal }) =>
        until(async () => {
          const connection = await Connection.connect({ address: temporalAddress, connectTimeout: 1_000 });
          try {
            await connection.workflowService.getSystemInfo({});
            return true;
          } finally {
            await connection.close();
          }
        }, signal),
      readyTimeoutMs: 120_000,
      stopGraceMs: 30_000,
    }).start();

    say('Temporal namespace default and the search attributes');
    await runOneShot(
      'temporal-namespace',
      join(clusterDir, 'create-namespace.sh'),
      temporalNamespaceEnvironment({ temporalAddress, cli }),
      logDir,
      180_000,
    );

    const publicUrl = `http://${loopback}:${ports.public}`;
    let uiUrl: string | undefined;
    if (options.ui) {
      uiUrl = `http://${loopback}:${ports.ui}`;
      say(`Temporal UI on ${uiUrl}, payloads decoded by ${publicUrl}/temporal-codec`);
      say(`  (operators sign in there with operatorToken of ${join(options.stateDir, 'credentials.json')})`);
      await supervise({
        name: 'temporal-ui',
        command: binaries.uiServer,
        args: ['--root', clusterDir, '--config', 'ui-config', '--env', 'docker', 'start'],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          ...temporalUiEnvironment({
            temporalAddress,
            ip: loopback,
            port: ports.ui,
            publicUrl: uiUrl,
            codecEndpoint: `${publicUrl}/temporal-codec`,
          }),
        },
        ready: ({ signal }) => until(answersHttp(uiUrl!), signal),
        readyTimeoutMs: 60_000,
        stopGraceMs: 10_000,
      }).start();
    }

    // Tables exist before any worker runs an activity; the api processes find them migrated.
    const sql = connect(databaseUrl, { max: 1 });
    try {
      await migrate(sql);
    } finally {
      await sql.end({ timeout: 5 });
    }

    const node = (entry: string): { command: string; args: string[] } =>
      options.app.kind === 'built'
        ? { command: process.execPath, args: ['--enable-source-maps', join(options.app.dir, `${entry}.js`)] }
        : { command: process.execPath, args: ['--import', 'tsx', join(projectRoot, `${entry}.ts`)] };
    // Variables an operator sets for Tessera when starting the topology reach every process of it.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name.startsWith('TESSERA_')),
    ) as Record<string, string>;
    const base = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      ...inherited,
      ...(options.app.kind === 'source' && options.app.workflowBundle
        ? { TESSERA_WORKFLOW_BUNDLE: options.app.workflowBundle }
        : {}),
    };
    // The api and the workers run on jemalloc where the machine has it, as the image does (platform/allocator.ts).
    const allocator = allocatorPlan(process.env, findJemalloc());
    say(`api and workers on ${allocator.description}`);

    const sandboxUrl = `http://${loopback}:${ports.sandbox}`;
    say(`sandbox partner network on ${sandboxUrl}`);
    await supervise({
      name: 'sandbox-partners',
      ...node('partners/sandbox-network/main'),
      env: {
        ...base,
        ...sandboxEnvironment({
          host: loopback,
          port: ports.sandbox,
          notificationSecret: credentials.notificationSecret,
          databaseUrl,
        }),
        ...options.appEnv,
      },
      cwd: projectRoot,
      ready: ({ signal }) => until(answersHttp(`${sandboxUrl}/health`), signal),
      readyTimeoutMs: 60_000,
      stopGraceMs: 10_000,
    }).start();

    const app: AppEnvironment = {
      databaseUrl,
      temporalAddress,
      encryptionKey: options.encryptionKey,
      publicUrl,
      sandboxUrl,
      notificationSecret: credentials.notificationSecret,
    };
    const workers = ports.workerMetrics.map((metricsPort, index) =>
      supervise({
        name: `worker-${index + 1}`,
        ...node('temporal/worker-main'),
        env: {
          ...base,
          ...allocator.env,
          ...workerEnvironment(app, { metricsAddress: `${loopback}:${metricsPort}` }),
          ...options.appEnv,
        },
        cwd: projectRoot,
        // Its own poller on the task queue (the SDK's identity is <pid>@<host>): whatever its log level.
        ready: ({ pid, signal }) => until(() => pollsTaskQueue(temporalAddress, pid), signal, 250),
        readyTimeoutMs: 180_000,
        // The worker's own bound (TESSERA_WORKER_SHUTDOWN_FORCE_MS) comes first.
        stopGraceMs: 30_000,
      }),
    );
    say(`${workers.length} workers on task queue ${taskQueue}`);
    await Promise.all(workers.map((worker) => worker.start()));

    const apis = ports.apis.map((port, index) =>
      supervise({
        name: `api-${index + 1}`,
        ...node('api/main'),
        env: {
          ...base,
          ...allocator.env,
          ...apiEnvironment(app, {
            host: loopback,
            port,
            trustProxy: loopback,
            operatorToken: process.env.TESSERA_OPERATOR_TOKEN ?? credentials.operatorToken,
            temporalUiOrigin: process.env.TESSERA_TEMPORAL_UI_ORIGINS ?? uiUrl ?? '',
          }),
          ...options.appEnv,
        },
        cwd: projectRoot,
        ready: ({ signal }) => until(answersHttp(`http://${loopback}:${port}/health`), signal, 250),
        readyTimeoutMs: 120_000,
        // The api's own bound (TESSERA_SHUTDOWN_GRACE_MS) comes first.
        stopGraceMs: 30_000,
      }),
    );
    say(`${apis.length} api processes on ${ports.apis.map((port) => `${loopback}:${port}`).join(', ')}`);
    await Promise.all(apis.map((api) => api.start()));

    const nginxDir = join(options.stateDir, 'nginx');
    const accessLog = join(logDir, 'nginx-access.log');
    say(`nginx on ${publicUrl}, in front of the api processes`);
    await supervise(
      prepareNginx({
        runDir: nginxDir,
        host: loopback,
        port: ports.public,
        apis: ports.apis.map((port) => `${loopback}:${port}`),
        accessLog,
      }),
    ).start();

    return {
      publicUrl,
      temporalAddress,
      uiUrl,
      sandboxUrl,
      databaseUrl,
      postgresAdminUrl: postgresInstance.adminUrl,
      logDir,
      accessLog,
      versions,
      binaries,
      processes,
      process(name: string) {
        const found = processes.find((supervised) => supervised.name === name);
        if (!found) throw new Error(`no process ${name} in the topology`);
        return found;
      },
      unexpectedExits,
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/** The ports npm run start:cluster uses: npm start's for what both have, the defaults of each server otherwise. */
export function fixedPorts(publicPort: number): ClusterPorts {
  return {
    public: publicPort,
    apis: Array.from({ length: replicasOf('api') }, (_, index) => 3101 + index),
    workerMetrics: Array.from({ length: replicasOf('worker') }, (_, index) => 9464 + index),
    sandbox: 4010,
    postgres: 54329,
    temporal: {
      frontend: 7233,
      frontendHttp: 7243,
      frontendMembership: 6933,
      history: 7234,
      historyMembership: 6934,
      matching: 7235,
      matchingMembership: 6935,
      worker: 7239,
      workerMembership: 6939,
    },
    temporalMetrics: 9090,
    ui: 8233,
  };
}

const temporalServices = [
  'frontend',
  'frontendHttp',
  'frontendMembership',
  'history',
  'historyMembership',
  'matching',
  'matchingMembership',
  'worker',
  'workerMembership',
] as const satisfies readonly (keyof TemporalServerPorts)[];

/** A port free on loopback below 32768 (tried at random from 20000, bounded). */
async function freePortBelow32768(): Promise<number> {
  for (let tries = 0; tries < 200; tries += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, loopback, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port below 32768 on loopback after 200 tries');
}

/** Every port free on loopback at the time of asking: for tests and benches beside other runs. */
export async function freePorts(
  freePort: () => Promise<number>,
  counts = { apis: 2, workers: 2 },
): Promise<ClusterPorts> {
  // Asked all at once: ports held open together are all different.
  const ports = await Promise.all(Array.from({ length: 5 + counts.apis + counts.workers }, () => freePort()));
  const next = () => ports.shift()!;
  const take = (count: number) => Array.from({ length: count }, next);
  // The Temporal server records its services' ports in PostgreSQL as smallints: the ephemeral
  // range the kernel picks free ports from (32768 and up) does not fit.
  const temporal = {} as TemporalServerPorts;
  const taken = new Set<number>();
  for (const service of temporalServices) {
    let port = await freePortBelow32768();
    while (taken.has(port)) port = await freePortBelow32768();
    taken.add(port);
    temporal[service] = port;
  }
  return {
    public: next(),
    apis: take(counts.apis),
    workerMetrics: take(counts.workers),
    sandbox: next(),
    postgres: next(),
    temporal,
    temporalMetrics: next(),
    ui: next(),
  };
}
