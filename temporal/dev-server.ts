// Runs `temporal server start-dev` as a child process: the embedded Temporal of `npm start`
// and of the test suite.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Connection } from '@temporalio/client';
import { searchAttributeFlags } from './search-attributes';

/** A dynamic config value as the server reads it: a number, or a duration such as '1s'. */
export type DynamicConfigValue = number | string;

export interface DevServerOptions {
  binary: string;
  ip?: string;
  port: number;
  uiPort?: number;
  /** Omit for an in-memory server (tests); give a file for state that survives restarts. */
  dbFile?: string;
  headless?: boolean;
  /**
   * Where the UI decodes payloads (api/routes/operator/temporal-codec.ts): without it, the UI shows
   * the ciphertext the server holds.
   */
  uiCodecEndpoint?: string;
  /** More dynamic config, over devServerDynamicConfig (a test forcing continue-as-new lowers its limits). */
  dynamicConfig?: Record<string, DynamicConfigValue>;
  log?: (line: string) => void;
}

export interface DevServer {
  address: string;
  uiUrl: string | undefined;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Temporal's defaults are sized for clusters of hundreds of history shards; the dev server has one,
 * which takes every task of the node.
 *
 * Transfer-queue polls: at the default 20 a second per shard, every workflow task the server
 * creates itself (a child started, a signal received, an activity completed) waited up to 50 ms
 * for the next poll. Measured here, an empty workflow's start to result went from 50 ms to 21 ms,
 * and a session submission from 230 ms to about half.
 *
 * Transfer- and visibility-queue checkpoints (default every 30 s): a queue keeps every task it
 * has run in memory until its next checkpoint, and each poll walks that set. With polls at up to
 * 1000 a second, the walks took 7% of the server's CPU in the bench's checkout lifecycles, growing
 * until each checkpoint, and about none at 1 s (`perf` of the dev server under `npm run bench`).
 * A checkpoint is one write of the shard's record.
 *
 * The cluster's Temporal server takes the same values (temporal/cluster/dynamic-config.yaml; the
 * test beside this file holds the two together).
 */
export const devServerDynamicConfig: Record<string, DynamicConfigValue> = {
  'history.transferProcessorMaxPollRPS': 1000,
  'history.transferProcessorUpdateAckInterval': '1s',
  'history.visibilityProcessorUpdateAckInterval': '1s',
};

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const ip = options.ip ?? '127.0.0.1';
  const args = ['server', 'start-dev', '--ip', ip, '--port', String(options.port), '--log-level', 'error'];
  if (options.headless) args.push('--headless');
  else {
    args.push('--ui-port', String(options.uiPort ?? options.port + 1000), '--ui-disable-news-fetch');
    if (options.uiCodecEndpoint) args.push('--ui-codec-endpoint', options.uiCodecEndpoint);
  }
  if (options.dbFile) {
    mkdirSync(dirname(options.dbFile), { recursive: true });
    // Measured on our 2-core machines: WAL with normal sync doubles the server's throughput.
    args.push(
      '--db-filename',
      options.dbFile,
      '--sqlite-pragma',
      'journal_mode=wal',
      '--sqlite-pragma',
      'synchronous=normal',
    );
  }
  for (const [name, type] of Object.entries(searchAttributeFlags)) args.push('--search-attribute', `${name}=${type}`);
  for (const [name, value] of Object.entries({ ...devServerDynamicConfig, ...options.dynamicConfig }))
    args.push('--dynamic-config-value', `${name}=${JSON.stringify(value)}`);

  const child = spawn(options.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 50) output.shift();
    options.log?.(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const address = `${ip}:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`temporal dev server exited during start-up:\n${output.join('')}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1_000 });
      await connection.workflowService.getSystemInfo({});
      await connection.close();
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(
          `temporal dev server did not answer on ${address} within 60 s: ${String(error)}\n${output.join('')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  return {
    address,
    uiUrl: options.headless ? undefined : `http://${ip}:${options.uiPort ?? options.port + 1000}`,
    process: child,
    async stop() {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
