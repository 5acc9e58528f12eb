// The web app's weight budgets (web/scripts/bundle-size.ts: a docs page ≤ 120 KB gzip, the
// checkout's ceilings, the secure field frame and the headless SDK), held on a production build of
// its own: the e2e build (test/support/e2e-setup.ts) carries test hooks and a fixture OpenAPI
// document, which a shopper or a merchant never downloads. The browser timing is left to the script.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const run = promisify(execFile);

describe('web app weight', () => {
  it('stays within every budget of web/scripts/bundle-size.ts on a production build', async () => {
    const work = join(root, 'test-artifacts', 'web-budgets');
    rmSync(work, { recursive: true, force: true });
    const openApiDir = join(work, 'openapi');
    const outDir = join(work, 'dist');
    mkdirSync(openApiDir, { recursive: true });
    // Vitest runs with NODE_ENV=test, under which Vite would build React's development runtime.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      TESSERA_OPENAPI_DIR: openApiDir,
      TESSERA_WEB_OUT_DIR: outDir,
    };
    delete env.TESSERA_TEST_HOOKS;
    await run(bin('tsx'), ['scripts/export-openapi.ts'], { cwd: root, env });
    await run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    // --check exits 1 past a budget; the report says which, and is the failure's message.
    const report = await run(bin('tsx'), ['web/scripts/bundle-size.ts', outDir, '--check', '--no-browser'], {
      cwd: root,
    }).then(
      ({ stdout }) => ({ passed: true, stdout }),
      (error: { stdout?: string; stderr?: string }) => ({
        passed: false,
        stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    expect(report.passed, report.stdout).toBe(true);
    expect(report.stdout).toContain('documentation page (/docs/integrate/getting-started)');
  });
});
