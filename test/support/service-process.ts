// One of Tessera's processes started from its own entry point (`node --import tsx <script>`, as
// `npm start` runs them), for tests that stop, kill or restart it: SIGKILL is a crash (no shutdown
// hook, in-flight work lost mid-call), SIGTERM a graceful stop. Whatever is added to an entry
// point (a payload codec, a metrics endpoint) is then part of what the tests run. Every line a
// process writes is kept (`lines`): the secrets scan reads all of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config';

export interface ServiceProcessOptions {
  /** For messages: "api", "worker", "sandbox partners". */
  name: string;
  /** The entry point, from the repository root (e.g. `api/main.ts`). */
  script: string;
  env: NodeJS.ProcessEnv;
  /**
   * Ready when this resolves: a line the process prints (`{ line }`), or an HTTP address that
   * answers at all (`{ url }`: any status, the process listens).
   */
  ready: { line: string } | { url: string };
  /** Bound on a start, from spawn to ready. Default 60 s. */
  readyTimeoutMs?: number;
  /** Appends everything the process writes here (for diagnosis). */
  logPath?: string;
}

export class ServiceProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output = '';
  private partialLine = '';
  /** Every complete line written so far, stdout and stderr interleaved as they arrived. */
  readonly lines: string[] = [];
  /** Children we signalled: their exit is ours, not a crash. */
  private readonly signalled = new WeakSet<ChildProcess>();
  /** Exits we did not cause (a crash): a fault test must see none. */
  readonly unexpectedExits: string[] = [];
  starts = 0;
  kills = 0;

  constructor(private readonly options: ServiceProcessOptions) {}

  get name(): string {
    return this.options.name;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the process wrote (stdout and stderr), for a failure message. */
  tail(chars = 4000): string {
    return this.output.slice(-chars);
  }

  private remember(chunk: Buffer | string): void {
    if (this.options.logPath) appendFileSync(this.options.logPath, chunk);
    this.output = (this.output + chunk.toString()).slice(-64 * 1024);
    const complete = (this.partialLine + chunk.toString()).split('\n');
    this.partialLine = complete.pop() ?? '';
    this.lines.push(...complete.filter((line) => line !== ''));
  }

  /** Starts `script` with the test's environment plus `env`, ready once it writes `readyLine`. */
  static async start(
    name: string,
    script: string,
    env: Record<string, string>,
    readyLine: string,
  ): Promise<ServiceProcess> {
    const service = new ServiceProcess({ name, script, env: { ...process.env, ...env }, ready: { line: readyLine } });
    await service.start();
    return service;
  }

  /** Spawns the process and resolves once it is ready (bounded). */
  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, this.options.script)], {
      cwd: projectRoot,
      env: this.options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts += 1;
    let exitedEarly: string | undefined;
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        exitedEarly = `code ${code} signal ${signal}`;
        if (!this.signalled.has(child))
          this.unexpectedExits.push(`${this.name} (pid ${child.pid}) exited by itself: ${exitedEarly}`);
        if (this.child === child) this.child = undefined;
        resolve();
      });
    });
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      this.remember(chunk);
      seen = (seen + chunk.toString()).slice(-8192);
    });
    child.stderr!.on('data', (chunk: Buffer) => this.remember(chunk));

    const timeoutMs = this.options.readyTimeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    const ready = this.options.ready;
    for (;;) {
      if (exitedEarly) throw new Error(`${this.name} exited during start-up (${exitedEarly}):\n${this.tail()}`);
      if ('line' in ready) {
        if (seen.includes(ready.line)) return;
      } else {
        const answered = await fetch(ready.url, { signal: AbortSignal.timeout(2_000) }).then(
          async (response) => {
            await response.body?.cancel();
            return true;
          },
          () => false,
        );
        if (answered) return;
      }
      if (Date.now() > deadline) {
        await this.kill();
        throw new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${this.tail()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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

  /** SIGTERM (in-flight work finishes), SIGKILL after a bound. */
  async stop(graceMs = 10_000): Promise<void> {
    await this.signal('SIGTERM', graceMs);
    if (this.partialLine !== '') this.lines.push(this.partialLine);
    this.partialLine = '';
  }
}
