// A Tessera process run from source as production runs it (`node --import tsx <entry>`), every line
// it writes kept: for tests that read a process's own output (the secrets scan reads all of it).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config';

export class ServiceProcess {
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;
  private partial = { stdout: '', stderr: '' };
  /** Every complete line written so far, stdout and stderr interleaved as they arrived. */
  readonly lines: string[] = [];

  private constructor(
    readonly name: string,
    entry: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, entry)], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    for (const stream of ['stdout', 'stderr'] as const) {
      this.child[stream]!.on('data', (chunk: Buffer) => {
        const text = this.partial[stream] + chunk.toString('utf8');
        const complete = text.split('\n');
        this.partial[stream] = complete.pop() ?? '';
        this.lines.push(...complete.filter((line) => line !== ''));
      });
    }
  }

  /** Starts `entry` and resolves once a line contains `ready` (bounded). */
  static async start(
    name: string,
    entry: string,
    env: Record<string, string>,
    ready: string,
    timeoutMs = 60_000,
  ): Promise<ServiceProcess> {
    const service = new ServiceProcess(name, entry, env);
    const deadline = Date.now() + timeoutMs;
    while (!service.lines.some((line) => line.includes(ready))) {
      if (service.child.exitCode !== null || service.child.signalCode !== null)
        throw new Error(`${name} exited during start-up:\n${service.tail()}`);
      if (Date.now() > deadline) {
        await service.stop();
        throw new Error(`${name} did not write "${ready}" within ${timeoutMs} ms:\n${service.tail()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return service;
  }

  tail(lines = 40): string {
    return [...this.lines.slice(-lines), this.partial.stdout, this.partial.stderr].join('\n');
  }

  /** SIGTERM (the process finishes what it does and writes its last lines), SIGKILL after a bound. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.partial[stream] !== '') this.lines.push(this.partial[stream]);
      this.partial[stream] = '';
    }
  }
}
