// A whole Tessera for one test file: its own database (from the migrated template), its own task
// queue with an in-process worker, and the api listening on a loopback port.
import { randomBytes, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Client } from '@temporalio/client';
import type { Worker, NativeConnection } from '@temporalio/worker';
import { connect, type Sql } from '../../db/connection';
import { createMerchant, type CreatedMerchant } from '../../db/merchants';
import { createActivities } from '../../activities';
import { createTesseraClient, requestAccessToken, type TesseraClient } from '../../api/client';
import { buildApi, type Api } from '../../api/server';
import { KeyRing } from '../../api/auth/key-ring';
import { configFor, type RateLimits, type TesseraConfig, type WebhookPrivateAddresses } from '../../platform/config';
import { connectClient } from '../../temporal/client';
import { createWorker } from '../../temporal/worker';
import type { WorkerTuning } from '../../temporal/worker-tuning';
import { freePort } from './free-port';
import { quietTemporalRuntime } from './temporal-runtime';
import type { SharedInfrastructure } from './infrastructure';
import { partnersFor } from '../../activities/partners-config';
import {
  startSandboxNetwork,
  type SandboxNetwork,
  type SandboxNetworkOptions,
} from '../../partners/sandbox-network/server';

export interface StackOptions {
  sessionTtlSeconds?: number;
  webhookRetryInitialIntervalMs?: number;
  /** Default true. False: no worker in this process (a test runs its own, e.g. as a child process). */
  inProcessWorker?: boolean;
  /** Serve this built web app (the e2e build) with the api's page fallback; no web app otherwise. */
  webDistDir?: string;
  /**
   * Default: limits no test reaches, so that suites tokenizing many cards from 127.0.0.1 are not
   * slowed or refused; test/integration/rate-limits.test.ts sets low ones to test them.
   */
  rateLimits?: RateLimits;
  /** Fastify's trustProxy for the api; default none. */
  trustProxy?: boolean | string;
  /**
   * Where the Stripe adapter calls (stripe-mock, or the simulator in front of it); default an
   * address where nothing listens, so that no test can ever reach api.stripe.com.
   */
  stripeApiUrl?: string;
  /** The shared servers; default: what the global setup provides (outside Vitest, pass them). */
  infrastructure?: SharedInfrastructure;
  /** The sandbox's dispute timings, when a test needs others than its defaults. */
  sandbox?: Pick<SandboxNetworkOptions, 'disputeOpenMs' | 'disputeDecisionMs' | 'disputeEvidenceWindowMs'>;
  /** The api's port, when something started before the api must know its address (a Temporal UI). */
  port?: number;
  /** Default the configuration's from source, allow: the tests' receivers listen on 127.0.0.1. */
  webhookPrivateAddresses?: WebhookPrivateAddresses;
  /**
   * What the worker's deliveries allow, when not the api's: the api resolves no names, so a name
   * that resolves to a private address passes it and meets the delivery's check alone.
   */
  deliveryPrivateAddresses?: WebhookPrivateAddresses;
  /** Origins of a Temporal UI that calls the codec endpoint; default the configuration's. */
  temporalUiOrigins?: string[];
}

export interface RunningWorker {
  worker: Worker;
  connection: NativeConnection;
  done: Promise<void>;
}

export interface Stack {
  baseUrl: string;
  config: TesseraConfig;
  sandbox: SandboxNetwork;
  sql: Sql;
  temporal: Client;
  api: Api;
  createMerchant(name?: string): Promise<CreatedMerchant>;
  accessToken(merchant: CreatedMerchant, scope?: string): Promise<string>;
  /** The typed client (api/client) a merchant's server would use, with an access token or the entity's API key. */
  client(credentials: { accessToken: string } | { apiKey: string }): TesseraClient;
  /**
   * Stops the worker (letting in-flight tasks finish) and starts a fresh one on the same queue,
   * with the measured defaults or the tuning given.
   */
  restartWorker(tuning?: WorkerTuning): Promise<void>;
  stopWorker(): Promise<void>;
  startWorker(tuning?: WorkerTuning): Promise<void>;
  close(): Promise<void>;
}

const unreached = { max: 1_000_000_000, windowMs: 60_000 };
const unreachedRateLimits: RateLimits = {
  vaultPerIp: unreached,
  vaultPerPublishableKey: unreached,
  tokenFailuresPerClient: unreached,
};

export const providedInfrastructure = (): SharedInfrastructure => ({
  postgresAdminUrl: inject('postgresAdminUrl'),
  templateDatabase: inject('templateDatabase'),
  temporalAddress: inject('temporalAddress'),
  workflowBundlePath: inject('workflowBundlePath'),
});

/**
 * A database of its own, from the migrated template unless `migrated: false` (then empty, for a
 * process that migrates it at start); dropped with the infrastructure.
 */
export async function createTestDatabase(
  infrastructure: SharedInfrastructure,
  options: { migrated?: boolean } = {},
): Promise<string> {
  const adminUrl = infrastructure.postgresAdminUrl;
  const template = infrastructure.templateDatabase;
  const name = `${template.replace('tessera_template_', 'tessera_t_')}_${randomBytes(4).toString('hex')}`;
  const admin = connect(adminUrl, { max: 1 });
  await admin.unsafe(`create database ${name}${options.migrated === false ? '' : ` template ${template}`}`);
  await admin.end();
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  quietTemporalRuntime();
  const infrastructure = options.infrastructure ?? providedInfrastructure();
  const databaseUrl = await createTestDatabase(infrastructure);
  const sql = connect(databaseUrl);
  const port = options.port ?? (await freePort());
  const config = configFor({
    port,
    host: '127.0.0.1',
    publicUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    temporalAddress: infrastructure.temporalAddress,
    taskQueue: `test-${randomUUID()}`,
    encryptionKey: randomBytes(32),
    operatorToken: randomBytes(32).toString('base64url'),
    sessionTtlSeconds: options.sessionTtlSeconds ?? 24 * 3600,
    webhookRetryInitialIntervalMs: options.webhookRetryInitialIntervalMs ?? 200,
    rateLimits: options.rateLimits ?? unreachedRateLimits,
    trustProxy: options.trustProxy ?? false,
    stripeApiUrl: options.stripeApiUrl ?? 'http://127.0.0.1:1',
    // One clock here: a settlement's period is held against Tessera's records as it is.
    settlementClockMarginMs: 0,
    ...(options.temporalUiOrigins ? { temporalUiOrigins: options.temporalUiOrigins } : {}),
    ...(options.webhookPrivateAddresses ? { webhookPrivateAddresses: options.webhookPrivateAddresses } : {}),
  });
  const temporal = await connectClient(config);
  const sandbox = await startSandboxNetwork({
    host: '127.0.0.1',
    port: 0,
    notify: { secret: config.sandboxNotificationSecret },
    ...options.sandbox,
  });
  config.sandboxPartnersUrl = sandbox.url;
  const activities = createActivities({
    sql,
    encryptionKey: config.encryptionKey,
    webhookPrivateAddresses: options.deliveryPrivateAddresses ?? config.webhookPrivateAddresses,
    partners: partnersFor(config),
    settlementClockMarginMs: config.settlementClockMarginMs,
  });

  let running: RunningWorker | undefined;
  const startWorker = async (tuning?: WorkerTuning) => {
    const { worker, connection } = await createWorker({
      ...(tuning ? { tuning } : {}),
      address: config.temporalAddress,
      namespace: config.temporalNamespace,
      taskQueue: config.taskQueue,
      activities,
      payloadKeys: config,
      workflowBundle: { codePath: infrastructure.workflowBundlePath },
    });
    running = { worker, connection, done: worker.run() };
  };
  const stopWorker = async () => {
    if (!running) return;
    const current = running;
    running = undefined;
    current.worker.shutdown();
    await current.done;
    await current.connection.close();
  };
  if (options.inProcessWorker !== false) await startWorker();

  const api = await buildApi({
    config,
    sql,
    temporal,
    keys: new KeyRing(sql, config.encryptionKey),
    logLevel: 'warn',
    ...(options.webDistDir ? { serveWebApp: true, webDistDir: options.webDistDir } : { serveWebApp: false }),
  });
  await api.listen({ host: '127.0.0.1', port });
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    config,
    sandbox,
    sql,
    temporal,
    api,
    createMerchant: (name = 'Test shop') => createMerchant(sql, config.encryptionKey, { name }),
    async accessToken(merchant, scope) {
      const token = await requestAccessToken({
        baseUrl,
        clientId: merchant.client_id,
        clientSecret: merchant.client_secret,
        ...(scope ? { scope } : {}),
      });
      return token.access_token;
    },
    client: (credentials) => createTesseraClient({ baseUrl, ...credentials }),
    restartWorker: async (tuning?: WorkerTuning) => {
      await stopWorker();
      await startWorker(tuning);
    },
    stopWorker,
    startWorker,
    async close() {
      await api.close();
      await stopWorker();
      await temporal.connection.close();
      await sql.end({ timeout: 5 });
      await sandbox.close();
    },
  };
}
