// The worker as its own OS process (`node --import tsx temporal/worker-main.ts`), for tests that
// must kill it the hard way: SIGKILL, no shutdown hook, in-flight tasks lost mid-call.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, type TesseraConfig } from '../../platform/config';

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

export class WorkerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output = '';
  /** Children we signalled: their exit is ours, not a crash. */
  private readonly signalled = new WeakSet<ChildProcess>();
  /** Exits we did not cause (a crash): a durability test must see none. */
  readonly unexpectedExits: string[] = [];
  starts = 0;
  kills = 0;

  constructor(private readonly options: WorkerProcessOptions) {}

  get running(): boolean {
    return this.child !== undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the worker wrote (stdout and stderr), for a failure message. */
  tail(chars = 4000): string {
    return this.output.slice(-chars);
  }

  private remember(chunk: Buffer | string): void {
    if (this.options.logPath) appendFileSync(this.options.logPath, chunk);
    this.output = (this.output + chunk.toString()).slice(-64 * 1024);
  }

  /** Spawns the worker and resolves once it polls its task queue (bounded). */
  async start(): Promise<void> {
    if (this.child) throw new Error('the worker process is already running');
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'temporal', 'worker-main.ts')], {
      cwd: projectRoot,
      env: workerEnv(this.options),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts += 1;
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        if (!this.signalled.has(child))
          this.unexpectedExits.push(`pid ${child.pid} exited by itself: code ${code} signal ${signal}`);
        if (this.child === child) this.child = undefined;
        resolve();
      });
    });
    child.stderr!.on('data', (chunk: Buffer) => this.remember(chunk));
    const timeoutMs = this.options.readyTimeoutMs ?? 30_000;
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`the worker process did not start polling within ${timeoutMs} ms:\n${this.tail()}`));
      }, timeoutMs);
      const onData = (chunk: Buffer) => {
        this.remember(chunk);
        seen = (seen + chunk.toString()).slice(-8192);
        if (seen.includes('worker polling')) {
          cleanup();
          resolve();
        }
      };
      const onExit = () => {
        cleanup();
        reject(new Error(`the worker process exited during start-up:\n${this.tail()}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (more: Buffer) => this.remember(more));
        child.off('exit', onExit);
      };
      child.stdout!.on('data', onData);
      child.once('exit', onExit);
    });
  }

  private async signal(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.signalled.add(child);
    child.kill(signal);
    const exited = this.exited;
    const inTime = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs)),
    ]);
    if (!inTime) {
      child.kill('SIGKILL');
      await exited;
    }
  }

  /** SIGKILL: the process dies at once, whatever it was doing. Resolves once it has exited. */
  async kill(): Promise<void> {
    if (!this.child) return;
    this.kills += 1;
    await this.signal('SIGKILL', 5_000);
  }

  /** SIGTERM (in-flight tasks finish), SIGKILL after a bound. */
  async stop(graceMs = 10_000): Promise<void> {
    await this.signal('SIGTERM', graceMs);
  }
}
