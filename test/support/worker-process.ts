// The worker as its own OS process (`node --import tsx temporal/worker-main.ts`), for tests that
// must kill it the hard way: SIGKILL, no shutdown hook, in-flight tasks lost mid-call.
import type { TesseraConfig } from '../../platform/config';
import { ServiceProcess } from './service-process';

export interface WorkerProcessOptions {
  config: TesseraConfig;
  /** The prebuilt workflow bundle (`inject('workflowBundlePath')`): restarts then take about a second. */
  workflowBundlePath?: string;
  /** Where the worker reaches the partners; default config.sandboxPartnersUrl. */
  sandboxPartnersUrl?: string;
  /** Bound on a start, from spawn to the worker polling. Default 30 s. */
  readyTimeoutMs?: number;
  /** Appends everything the worker processes write here (for diagnosis). */
  logPath?: string;
  /** More of the worker's environment (e.g. TESSERA_WORKER_METRICS_ADDRESS). */
  env?: Record<string, string>;
}

/** The environment temporal/worker-main.ts reads, built from a test stack's config. */
export function workerEnv(options: WorkerProcessOptions): NodeJS.ProcessEnv {
  const { config } = options;
  if (!config.databaseUrl) throw new Error('the worker process needs config.databaseUrl');
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: config.databaseUrl,
    TEMPORAL_ADDRESS: config.temporalAddress,
    TEMPORAL_NAMESPACE: config.temporalNamespace,
    TESSERA_TASK_QUEUE: config.taskQueue,
    TESSERA_ENCRYPTION_KEY: config.encryptionKey.toString('base64'),
    SANDBOX_PARTNERS_URL: options.sandboxPartnersUrl ?? config.sandboxPartnersUrl,
    SANDBOX_NOTIFICATION_SECRET: config.sandboxNotificationSecret,
    STRIPE_API_URL: config.stripeApiUrl,
    ...(options.workflowBundlePath ? { TESSERA_WORKFLOW_BUNDLE: options.workflowBundlePath } : {}),
    ...options.env,
  };
}

/** The worker process of a test stack; ready once it polls its task queue. */
export class WorkerProcess extends ServiceProcess {
  constructor(options: WorkerProcessOptions) {
    super({
      name: 'worker',
      script: 'temporal/worker-main.ts',
      env: workerEnv(options),
      ready: { line: 'worker polling' },
      readyTimeoutMs: options.readyTimeoutMs ?? 30_000,
      ...(options.logPath ? { logPath: options.logPath } : {}),
    });
  }
}
