// stripe-mock (Stripe's official mock server) on a loopback port of its own, for one test file.
// The binary is built once per machine by scripts/ensure-stripe-mock.sh (npm test runs it first;
// a test started alone builds it here). Both its listeners are bound to 127.0.0.1 on ports the
// system picks: its defaults (12111, 12112 on every interface) would collide between test files.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../platform/config';

export interface StripeMock {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  close(): Promise<void>;
}

export async function stripeMockBinary(): Promise<string> {
  const { stdout } = await promisify(execFile)('bash', [join(projectRoot, 'scripts/ensure-stripe-mock.sh')], {
    timeout: 10 * 60_000,
  });
  return stdout.trim();
}

export async function startStripeMock(options: { readyTimeoutMs?: number } = {}): Promise<StripeMock> {
  const binary = await stripeMockBinary();
  // -strict-version-check: a Stripe-Version other than the spec's is refused, so the adapter's
  // pinned API version is checked on every call.
  const child = spawn(binary, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0', '-strict-version-check'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`stripe-mock did not start within ${options.readyTimeoutMs ?? 30_000} ms:\n${output}`));
    }, options.readyTimeoutMs ?? 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening for HTTP at address: (127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stripe-mock exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    async close() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
