// Runs `temporal server start-dev` as a child process: the embedded Temporal of `npm start`
// and of the test suite.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Connection } from '@temporalio/client';
import { freePortOn } from '../platform/free-port';
import { searchAttributeFlags } from './search-attributes';

/** A dynamic config value as the server reads it: a number, a switch, or a duration such as '1s'. */
export type DynamicConfigValue = number | string | boolean;

export interface DevServerOptions {
  binary: string;
  ip?: string;
  /**
   * Omit to let the server take free ports of its own (tests, the bench): it then starts again on
   * other ports when one of them was taken between the pick and the bind. A port given is used as
   * given, and a clash fails the start.
   */
  port?: number;
  /** With `port` given, defaults to `port` + 1000; without, a free port. */
  uiPort?: number;
  /** Where free ports come from when `port` is omitted: the operating system's unless a test says otherwise. */
  pickFreePort?: (ip: string) => Promise<number>;
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
  /** The front-end's port: a restart on the same data file must use it again (its workers stay connected). */
  port: number;
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
 * The search attributes' cache: the CLI turns off the server's own (so that an attribute created
 * at run time is seen at once), and every read of them then reads the cluster's metadata from the
 * database under one lock: each start that sets one, each `patched()` marker's upsert, each
 * visibility record, each history handed to a worker whose start event carries them. Tessera's
 * attributes are written with the namespace before the server serves (`--search-attribute`), so
 * the cache (Temporal's default, refreshed every minute) misses nothing. With it, in four
 * interleaved short bench runs, the server spent 43.8 and 45.0 ms of CPU a checkout against 51.2
 * and 49.3, and the checkouts ran at 21.3 and 20.8/s against 18.6 and 19.2. An empty workflow,
 * which sets none, saves about 1 ms of its 13 (its visibility records), within the noise of the
 * bench's ceiling.
 *
 * The cluster's Temporal server takes the same values (temporal/cluster/dynamic-config.yaml; the
 * test beside this file holds the two together).
 */
export const devServerDynamicConfig: Record<string, DynamicConfigValue> = {
  'system.forceSearchAttributesCacheRefreshOnRead': false,
  'history.transferProcessorMaxPollRPS': 1000,
  'history.transferProcessorUpdateAckInterval': '1s',
  'history.visibilityProcessorUpdateAckInterval': '1s',
};

/**
 * A free port is only free until someone binds it: another test's server, or one of the ports the
 * CLI picks at random for its own HTTP API, metrics and internal services, can take it first.
 */
const startAttemptsOnFreePorts = 5;

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const ip = options.ip ?? '127.0.0.1';
  if (options.port !== undefined)
    return startOnPorts(
      options,
      ip,
      options.port,
      options.headless ? undefined : (options.uiPort ?? options.port + 1000),
    );
  const pickFreePort = options.pickFreePort ?? freePortOn;
  for (let attempt = 1; ; attempt++) {
    const port = await pickFreePort(ip);
    const uiPort = options.headless ? undefined : (options.uiPort ?? (await pickFreePort(ip)));
    try {
      return await startOnPorts(options, ip, port, uiPort);
    } catch (error) {
      if (!(error instanceof DevServerStartError && error.portTaken) || attempt >= startAttemptsOnFreePorts)
        throw error;
      options.log?.(`temporal dev server: a port was taken before it bound (attempt ${attempt}), trying others\n`);
    }
  }
}

class DevServerStartError extends Error {
  constructor(
    message: string,
    readonly portTaken: boolean,
  ) {
    super(message);
  }
}

/** `uiPort` undefined: headless. */
async function startOnPorts(
  options: DevServerOptions,
  ip: string,
  port: number,
  uiPort: number | undefined,
): Promise<DevServer> {
  const args = ['server', 'start-dev', '--ip', ip, '--port', String(port), '--log-level', 'error'];
  if (uiPort === undefined) args.push('--headless');
  else {
    args.push('--ui-port', String(uiPort), '--ui-disable-news-fetch');
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
  // The CLI says where it serves once its ports are bound; until then a server answering on the
  // address may be another one that holds the port this one is about to fail on.
  let announced = false;
  let said = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    if (!announced) {
      said += text;
      announced = said.includes('Temporal Server:');
    }
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

  const address = `${ip}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      const lastOutput = output.join('');
      throw new DevServerStartError(
        `temporal dev server exited during start-up:\n${lastOutput}`,
        /address already in use/.test(lastOutput),
      );
    }
    try {
      if (!announced) throw new Error('the server has not yet said it serves');
      const connection = await Connection.connect({ address, connectTimeout: 1_000 });
      await connection.workflowService.getSystemInfo({});
      await connection.close();
      // The UI binds its port after the front-end: a clash there ends the server after this point.
      if (uiPort !== undefined) await fetch(`http://${ip}:${uiPort}/`, { signal: AbortSignal.timeout(1_000) });
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
    port,
    uiUrl: uiPort === undefined ? undefined : `http://${ip}:${uiPort}`,
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
