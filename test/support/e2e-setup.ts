// Global setup of the e2e project (after global-setup.ts): builds the web app once for the browser
// tests and provides the path of its output as `webDistDir`.
//
// The build is the production build plus the test hooks (TESSERA_TEST_HOOKS=1 compiles in the
// `?__crash` trigger) and reads its OpenAPI documents from test/e2e/docs/fixtures (only v2.json is
// there, so the v1 and wallet pages show their "not available yet" state). It goes to
// web/dist-e2e, never to web/dist, which the api serves.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    webDistDir: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const E2E_WEB_DIST = join(root, 'web', 'dist-e2e');

export default async function setup(project: TestProject) {
  await promisify(execFile)(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      env: {
        ...process.env,
        TESSERA_TEST_HOOKS: '1',
        TESSERA_OPENAPI_DIR: join(root, 'test', 'e2e', 'docs', 'fixtures'),
        TESSERA_WEB_OUT_DIR: E2E_WEB_DIST,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (!existsSync(join(E2E_WEB_DIST, 'index.html')))
    throw new Error(`The web build did not produce ${E2E_WEB_DIST}/index.html.`);
  project.provide('webDistDir', E2E_WEB_DIST);
}
