// Writes the OpenAPI documents the api generates from its route schemas into
// web/generated/openapi/{v1,v2,wallet}.json, for the docs' API reference pages. Nothing is
// contacted: the database and Temporal connections are created lazily and never used.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { connect } from '../db/connection';
import { buildApi } from '../api/server';
import { loadConfig, projectRoot } from '../platform/config';
import type { ApiFamily } from '../api/openapi';

const outDir = process.env.TESSERA_OPENAPI_DIR ?? join(projectRoot, 'web', 'generated', 'openapi');
const config = loadConfig();
const sql = connect('postgres://unused@127.0.0.1:1/unused', { max: 1 });
const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) });
const app = await buildApi({ config, sql, temporal, logLevel: 'silent', serveWebApp: false });
await app.ready();

mkdirSync(outDir, { recursive: true });
const families: ApiFamily[] = ['v1', 'v2', 'wallet'];
for (const family of families) {
  const response = await app.inject({ method: 'GET', url: `/openapi/${family}.json` });
  if (response.statusCode !== 200) throw new Error(`could not generate the ${family} document: ${response.statusCode}`);
  const document: { paths?: Record<string, unknown> } = response.json();
  // An API with no route yet has no reference to show; the docs page says so instead.
  const paths = Object.keys(document.paths ?? {}).filter((path) => path !== '/oauth/token');
  if (paths.length === 0) continue;
  writeFileSync(join(outDir, `${family}.json`), `${JSON.stringify(document, null, 2)}\n`);
  console.log(`openapi: wrote ${family}.json (${paths.length} paths besides /oauth/token)`);
}
await app.close();
await sql.end();
