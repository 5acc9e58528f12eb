// Everything the fault matrix breaks, each part a process or a server of its own so that it can
// be killed: a Temporal dev server on its SQLite file, Tessera's own PostgreSQL (not the shared
// cluster) behind a TCP proxy that can partition it, the sandbox partner network (its books in a
// database of the shared cluster, so that Tessera's database faults leave the partner alone)
// behind an HTTP proxy that can take it down, slow it or fail it, the worker and the api started
// from their entry points, and the merchants' webhook endpoint. Scenarios share one stack, each
// with merchants of its own.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { requestAccessToken } from '../../api/client';
import { connectClient } from '../../temporal/client';
import { connect, type Sql } from '../../db/connection';
import { createMerchant } from '../../db/merchants';
import { migrate } from '../../db/migrate';
import { dataDir, projectRoot } from '../../platform/config';
import { temporalBinary } from '../../temporal/binary';
import { startDevServer, type DevServer } from '../../temporal/dev-server';
import { freePort } from '../support/free-port';
import { buildWorkflowBundle } from '../support/infrastructure';
import { startMerchantWebhookEndpoint, type MerchantWebhookEndpoint } from '../support/merchant-webhook-endpoint';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres';
import { startPartnerProxy, type PartnerProxy } from '../support/partner-proxy';
import { ServiceProcess } from '../support/service-process';
import { dataConverterFor } from '../../temporal/data-converter';
import type { DataConverter } from '@temporalio/common';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import type { Merchant } from './lifecycles';

export interface FaultStack {
  runDir: string;
  apiUrl: string;
  /** Tessera's database, directly (not through the proxy), for merchants and checks. */
  sql: Sql;
  /** The sandbox itself, not through the proxy: what reconciliation reads the ledger from. */
  sandboxUrl: string;
  partnerProxy: PartnerProxy;
  /** A client of the Temporal server (histories, for the replay check), made as the api makes its own. */
  temporalClient(): Promise<Client>;
  /** The workflow bundle the worker runs. */
  workflowBundlePath: string;
  /** The worker's data converter: histories on the server hold encrypted payloads. */
  dataConverter: DataConverter;
  webhooks: MerchantWebhookEndpoint;
  postgres: OwnPostgres;
  postgresProxy: TcpProxy;
  temporal: { kill(): Promise<void>; start(): Promise<void> };
  api: ServiceProcess;
  worker: ServiceProcess;
  sandbox: ServiceProcess;
  processes(): ServiceProcess[];
  createMerchant(name: string): Promise<Merchant>;
  /** Resolves once /health answers 200 (database, Temporal and a worker), bounded. */
  healthy(timeoutMs: number): Promise<void>;
  stop(options?: { keepLogs?: boolean }): Promise<void>;
}

export async function startFaultStack(options: { say: (line: string) => void }): Promise<FaultStack> {
  const { say } = options;
  const runDir = join(dataDir, 'faults', `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  mkdirSync(runDir, { recursive: true });
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };

  try {
    // The shared cluster only hosts the sandbox's books; Tessera's own PostgreSQL is ours to break.
    const sharedAdminUrl = execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-postgres.sh')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 600_000,
    }).trim();
    const sandboxDatabase = `tessera_faults_sandbox_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = connect(sharedAdminUrl, { max: 1 });
    await admin.unsafe(`create database ${sandboxDatabase}`);
    cleanups.push(async () => {
      await admin.unsafe(`drop database if exists ${sandboxDatabase} with (force)`);
      await admin.end({ timeout: 5 });
    });

    say('starting a PostgreSQL of its own (initdb, pg_ctl)...');
    const postgres = await startOwnPostgres(join(runDir, 'postgres'));
    cleanups.push(() => postgres.destroy());
    const postgresProxy = await startTcpProxy({ host: '127.0.0.1', port: postgres.port });
    cleanups.push(() => postgresProxy.close());
    const sql: Sql = connect(postgres.url, { max: 2 });
    cleanups.push(() => sql.end({ timeout: 5 }));
    await migrate(sql);
    const tesseraDatabaseUrl = postgres.url.replace(`:${postgres.port}/`, `:${postgresProxy.port}/`);

    say('starting the Temporal dev server on its data file...');
    const temporalOptions = {
      binary: temporalBinary(),
      headless: true,
      dbFile: join(runDir, 'temporal.db'),
    };
    let devServer: DevServer | undefined = await startDevServer(temporalOptions);
    // A restart takes the same port: the processes under test reconnect to the address they were given.
    const temporalPort = devServer.port;
    cleanups.push(async () => devServer?.stop());
    const temporal = {
      async kill() {
        const server = devServer;
        devServer = undefined;
        if (!server) return;
        const gone = new Promise<void>((resolve) => server.process.once('exit', () => resolve()));
        server.process.kill('SIGKILL');
        await gone;
      },
      async start() {
        devServer ??= await startDevServer({ ...temporalOptions, port: temporalPort });
      },
    };

    const bundlePath = join(runDir, 'workflow-bundle.js');
    writeFileSync(bundlePath, await buildWorkflowBundle());

    const encryptionKey = randomBytes(32);
    // The processes' own key settings (the environment below): the harness reads what they write.
    const payloadKeys = { encryptionKey, payloadDecryptionKeys: [] };
    const notificationSecret = randomBytes(16).toString('hex');
    const apiPort = await freePort();
    const sandboxPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const partnerProxy = await startPartnerProxy(sandboxUrl);
    cleanups.push(() => partnerProxy.close());
    const webhooks = await startMerchantWebhookEndpoint();
    cleanups.push(() => webhooks.close());

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: tesseraDatabaseUrl,
      TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
      TESSERA_TASK_QUEUE: `faults-${randomUUID()}`,
      TESSERA_ENCRYPTION_KEY: encryptionKey.toString('base64'),
      TESSERA_DATA_DIR: runDir,
      TESSERA_WORKFLOW_BUNDLE: bundlePath,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      TESSERA_PUBLIC_URL: apiUrl,
      // Tessera reaches the partners through the proxy the scenarios break.
      SANDBOX_PARTNERS_URL: partnerProxy.url,
      SANDBOX_NOTIFICATION_SECRET: notificationSecret,
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      // A partner takes a moment to answer: a kill can then land while it processes a call.
      SANDBOX_LATENCY_MS: '40',
      SANDBOX_DATABASE_URL: sharedAdminUrl.replace(/\/[^/]*$/, `/${sandboxDatabase}`),
      // Webhook retries from 1 s (doubling): a receiver back up is reached within about as long as it was down.
      TESSERA_WEBHOOK_RETRY_INITIAL_MS: '1000',
      // One client tokenizing many cards from one address: not what these tests are about.
      TESSERA_RATE_LIMIT_VAULT_PER_IP: '100000000/1m',
      TESSERA_RATE_LIMIT_VAULT_PER_KEY: '100000000/1m',
      LOG_LEVEL: 'warn',
    };
    const sandbox = new ServiceProcess({
      name: 'sandbox partners',
      script: 'partners/sandbox-network/main.ts',
      env,
      ready: { url: `${sandboxUrl}/health` },
      logPath: join(runDir, 'sandbox.log'),
    });
    const worker = new ServiceProcess({
      name: 'worker',
      script: 'temporal/worker-main.ts',
      // The worker says it polls at info level.
      env: { ...env, LOG_LEVEL: 'info' },
      ready: { line: 'worker polling' },
      logPath: join(runDir, 'worker.log'),
    });
    const api = new ServiceProcess({
      name: 'api',
      script: 'api/main.ts',
      env,
      ready: { url: `${apiUrl}/health` },
      logPath: join(runDir, 'api.log'),
    });
    say('starting the sandbox partners, the worker and the api (their entry points, one process each)...');
    for (const service of [sandbox, worker, api]) {
      cleanups.push(() => service.stop());
      await service.start();
    }

    let client: Client | undefined;
    cleanups.push(async () => client?.connection.close());
    const stack: FaultStack = {
      async temporalClient() {
        client ??= await connectClient({
          temporalAddress: `127.0.0.1:${temporalPort}`,
          temporalNamespace: 'default',
          ...payloadKeys,
        });
        return client;
      },
      workflowBundlePath: bundlePath,
      dataConverter: dataConverterFor(payloadKeys),
      runDir,
      apiUrl,
      sql,
      sandboxUrl,
      partnerProxy,
      webhooks,
      postgres,
      postgresProxy,
      temporal,
      api,
      worker,
      sandbox,
      processes: () => [api, worker, sandbox],
      async createMerchant(name) {
        const created = await createMerchant(sql, encryptionKey, { name });
        webhooks.trust(created.entity_id, created.webhook_secret);
        const { access_token } = await requestAccessToken({
          baseUrl: apiUrl,
          clientId: created.client_id,
          clientSecret: created.client_secret,
        });
        return {
          entityId: created.entity_id,
          apiKey: created.api_key,
          publishableKey: created.publishable_key,
          token: access_token,
          webhookSecret: created.webhook_secret,
        };
      },
      async healthy(timeoutMs) {
        const deadline = Date.now() + timeoutMs;
        let last = '';
        while (Date.now() < deadline) {
          const response = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(5_000) }).catch(
            (error: unknown) => String(error),
          );
          if (typeof response !== 'string' && response.status === 200) return;
          last = typeof response === 'string' ? response : `${response.status} ${await response.text()}`;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        throw new Error(`the stack is not healthy after ${timeoutMs} ms: ${last}`);
      },
      async stop(stopOptions = {}) {
        await cleanUp();
        if (!stopOptions.keepLogs) rmSync(runDir, { recursive: true, force: true });
      },
    };
    return stack;
  } catch (error) {
    await cleanUp();
    throw new Error(`${(error as Error).message}\n(logs kept in ${runDir})`, { cause: error });
  }
}
