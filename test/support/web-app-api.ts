// A second api on a stack's database and Temporal that serves a stand-in web app (an index.html
// whose title is WEB_APP_TITLE), with the api's page fallback: tests tell which addresses are pages
// and which are the API without building the real web app.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyRing } from '../../api/auth/key-ring';
import { buildApi, type Api } from '../../api/server';
import type { Stack } from './stack';

export const WEB_APP_TITLE = 'Tessera docs';

export async function withWebAppApi(stack: Stack, run: (api: Api) => Promise<void>): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'tessera-web-app-'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${WEB_APP_TITLE}</title><div id="root"></div>`);
  const api = await buildApi({
    config: stack.config,
    sql: stack.sql,
    temporal: stack.temporal,
    keys: new KeyRing(stack.sql, stack.config.encryptionKey),
    logLevel: 'warn',
    serveWebApp: true,
    webDistDir: dist,
  });
  try {
    await run(api);
  } finally {
    await api.close();
    rmSync(dist, { recursive: true, force: true });
  }
}
