// Child processes of the bench (api, worker, sandbox partners, bare worker, embedded database):
// `node --import tsx <script>` as `npm start` runs them, output to a log file, stopped by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config';

export interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
  /** Resolves with the first IPC message (the scripts that send one say "ready" or a URL). */
  firstMessage: Promise<unknown>;
  /** Log lines at warn level or above (pino levels 40+), or other stderr lines that look like trouble. */
  warnings(): number;
  /** The first few of those lines, shortened. */
  firstWarnings(): string[];
  tail(lines?: number): string;
  stop(): Promise<void>;
}

export function spawnChild(
  name: string,
  script: string,
  env: Record<string, string>,
  logDir: string,
  onUnexpectedExit: (child: Child, code: number | null, signal: NodeJS.Signals | null) => void,
  nodeArgs: string[] = [],
): Child {
  const logFile = join(logDir, `${name.replaceAll(' ', '-')}.log`);
  const log: WriteStream = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(projectRoot, script)], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let warnings = 0;
  const firstWarnings: string[] = [];
  const count = (chunk: Buffer, stream: 'stdout' | 'stderr') => {
    log.write(chunk);
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      const level = /"level":(\d+)/.exec(line);
      // pino lines by level; other lines (the workflow bundler's report, say) when they look like trouble.
      const trouble = level
        ? Number(level[1]) >= 40
        : stream === 'stderr' && /warn|error|exception|fail/i.test(line) && !/\[INFO\]/.test(line);
      if (trouble) {
        warnings += 1;
        if (firstWarnings.length < 3) firstWarnings.push(line.slice(0, 300));
      }
    }
  };
  child.stdout?.on('data', (chunk: Buffer) => count(chunk, 'stdout'));
  child.stderr?.on('data', (chunk: Buffer) => count(chunk, 'stderr'));
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const firstMessage = new Promise<unknown>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${tailOf(logFile, 30)}`)),
    );
  });
  firstMessage.catch(() => {});
  const handle: Child = {
    name,
    process: child,
    logFile,
    firstMessage,
    warnings: () => warnings,
    firstWarnings: () => [...firstWarnings],
    tail: (lines = 30) => tailOf(logFile, lines),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
  child.once('exit', (code, signal) => {
    if (!stopping) onUnexpectedExit(handle, code, signal);
  });
  return handle;
}

function tailOf(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .slice(-lines - 1)
      .join('\n');
  } catch {
    return '';
  }
}

/** Polls a URL until it answers 2xx (bounded). */
export async function waitForHttp(url: string, what: string, timeoutMs: number, alive: () => void): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    alive();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    if (Date.now() > deadline)
      throw new Error(`${what} did not answer on ${url} within ${timeoutMs / 1000} s (${last})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
