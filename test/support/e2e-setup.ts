// Global setup of the e2e project (after global-setup.ts): builds the web app once for the browser
// tests and provides the path of its output as `webDistDir`.
//
// The build is the production build plus the test hooks (TESSERA_TEST_HOOKS=1 compiles in the
// `?__crash` trigger). Its OpenAPI documents: v2 from test/e2e/docs/fixtures (a document made to
// exercise the renderer), v1 as the api generates it (so /openapi/ is tested on the real deprecated
// operations), and no wallet document (so /wallet shows its "not available yet" state). It goes to
// web/dist-e2e, never to web/dist, which the api serves.

import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
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

/** The OpenAPI folder of the e2e build: the v2 fixture beside the api's real v1 document. */
async function openApiDocuments(): Promise<string> {
  const exported = join(root, 'test-artifacts', 'e2e-openapi', 'exported');
  const documents = join(root, 'test-artifacts', 'e2e-openapi', 'documents');
  rmSync(join(root, 'test-artifacts', 'e2e-openapi'), { recursive: true, force: true });
  mkdirSync(documents, { recursive: true });
  await promisify(execFile)(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/export-openapi.ts'], {
    cwd: root,
    env: { ...process.env, TESSERA_OPENAPI_DIR: exported },
  });
  copyFileSync(join(exported, 'v1.json'), join(documents, 'v1.json'));
  copyFileSync(join(root, 'test', 'e2e', 'docs', 'fixtures', 'v2.json'), join(documents, 'v2.json'));
  return documents;
}

export default async function setup(project: TestProject) {
  const openApiDir = await openApiDocuments();
  await promisify(execFile)(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      env: {
        ...process.env,
        // Vitest runs with NODE_ENV=test, under which Vite would build React's development runtime.
        NODE_ENV: 'production',
        TESSERA_TEST_HOOKS: '1',
        TESSERA_OPENAPI_DIR: openApiDir,
        TESSERA_WEB_OUT_DIR: E2E_WEB_DIST,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (!existsSync(join(E2E_WEB_DIST, 'index.html')))
    throw new Error(`The web build did not produce ${E2E_WEB_DIST}/index.html.`);
  project.provide('webDistDir', E2E_WEB_DIST);
}
