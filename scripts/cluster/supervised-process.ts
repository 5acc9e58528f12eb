// One process of the production topology (PostgreSQL, the Temporal server, the UI, nginx, an api,
// a worker...) as the launcher runs it: spawned with its own environment, output to its own log
// file, ready once its probe says so, stopped with its own signal and a bound, or killed outright.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';

export interface ReadyContext {
  pid: number;
  output: () => string;
  signal: AbortSignal;
}

export interface ProcessSpec {
  /** Unique in the topology: `api-1`, `temporal-server`... */
  name: string;
  command: string;
  args: string[];
  /** The whole environment of the process (nothing is inherited implicitly). */
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Run as this user (the launcher may run as root; PostgreSQL refuses to). */
  user?: { uid: number; gid: number };
  /**
   * Resolves once the process serves; `output` is what it wrote so far. Bounded by readyTimeoutMs,
   * after which (or once the process has exited) `signal` is aborted.
   */
  ready: (context: ReadyContext) => Promise<void>;
  readyTimeoutMs: number;
  /** The signal for a graceful stop: SIGTERM by default; nginx takes SIGQUIT, PostgreSQL SIGINT. */
  stopSignal?: NodeJS.Signals;
  /** Bound on a graceful stop, after which the process is SIGKILLed. */
  stopGraceMs: number;
}

export interface ExitRecord {
  name: string;
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Whether the launcher caused it (stop, kill) or the process died by itself. */
  expected: boolean;
}

export interface StopResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  /** True when the grace ran out and the process was SIGKILLed. */
  killed: boolean;
}

export class SupervisedProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<ExitRecord> = Promise.resolve({
    name: '',
    pid: undefined,
    code: null,
    signal: null,
    expected: true,
  });
  private output = '';
  private log: WriteStream;
  private readonly ours = new WeakSet<ChildProcess>();
  readonly logFile: string;
  starts = 0;

  constructor(
    readonly spec: ProcessSpec,
    logDir: string,
    private readonly hooks: { onExit?: (exit: ExitRecord) => void; echo?: (line: string) => void } = {},
  ) {
    this.logFile = join(logDir, `${spec.name}.log`);
    this.log = createWriteStream(this.logFile, { flags: 'a' });
  }

  get name(): string {
    return this.spec.name;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** The last lines of its log file (all starts). */
  tail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8')
        .split('\n')
        .slice(-lines - 1)
        .join('\n');
    } catch {
      return this.output
        .split('\n')
        .slice(-lines - 1)
        .join('\n');
    }
  }

  private write(chunk: Buffer) {
    this.log.write(chunk);
    this.output = (this.output + chunk.toString()).slice(-256 * 1024);
    if (this.hooks.echo)
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.hooks.echo(`[${this.name}] ${line}`);
  }

  /** Spawns the process and resolves once it is ready; throws (after killing it) when it is not. */
  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    const { spec } = this;
    this.output = '';
    this.log.write(`\n---- ${new Date().toISOString()} start: ${spec.command} ${spec.args.join(' ')}\n`);
    const child = spawn(spec.command, spec.args, {
      env: spec.env,
      cwd: spec.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own: Ctrl+C in a terminal signals the launcher only, which then stops
      // the processes in order (nginx first, PostgreSQL last) instead of all of them at once.
      detached: true,
      ...(spec.user ? { uid: spec.user.uid, gid: spec.user.gid } : {}),
    });
    this.child = child;
    this.starts += 1;
    child.stdout!.on('data', (chunk: Buffer) => this.write(chunk));
    child.stderr!.on('data', (chunk: Buffer) => this.write(chunk));
    this.exited = new Promise<ExitRecord>((resolve) => {
      child.once('exit', (code, signal) => {
        const record = { name: this.name, pid: child.pid, code, signal, expected: this.ours.has(child) };
        this.log.write(`---- ${new Date().toISOString()} exit: code ${code} signal ${signal}\n`);
        if (this.child === child) this.child = undefined;
        this.hooks.onExit?.(record);
        resolve(record);
      });
    });
    const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
    const died = this.exited.then((exit) => {
      throw new Error(`${this.name} exited during start-up (${exit.signal ?? exit.code}):\n${this.tail(40)}`);
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${this.name} was not ready within ${spec.readyTimeoutMs / 1000} s:\n${this.tail(40)}`)),
        spec.readyTimeoutMs,
      );
    });
    const settled = new AbortController();
    try {
      await Promise.race([
        spec.ready({ pid: child.pid ?? 0, output: () => this.output, signal: settled.signal }),
        died,
        spawnFailed,
        timeout,
      ]);
    } catch (error) {
      await this.kill();
      throw error;
    } finally {
      settled.abort();
      clearTimeout(timer);
      died.catch(() => {});
    }
  }

  /** Its graceful stop (spec.stopSignal), SIGKILL after spec.stopGraceMs. */
  async stop(): Promise<StopResult> {
    const child = this.child;
    if (!child) return { code: null, signal: null, ms: 0, killed: false };
    const started = Date.now();
    this.ours.add(child);
    child.kill(this.spec.stopSignal ?? 'SIGTERM');
    const exited = this.exited;
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, this.spec.stopGraceMs);
    const exit = await exited;
    clearTimeout(timer);
    return { code: exit.code, signal: exit.signal, ms: Date.now() - started, killed };
  }

  /** SIGKILL: no shutdown hook runs, whatever was in flight is lost mid-way. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.ours.add(child);
    child.kill('SIGKILL');
    await this.exited;
  }

  close(): void {
    this.log.end();
  }
}

/** Polls `probe` every intervalMs until it resolves true, or until `signal` aborts. */
export async function until(probe: () => Promise<boolean>, signal: AbortSignal, intervalMs = 200): Promise<void> {
  while (!signal.aborted) {
    try {
      if (await probe()) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A probe: GET url answers 2xx within 2 s. */
export const answersHttp = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
