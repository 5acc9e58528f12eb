// Writes the OpenAPI documents the api generates from its route schemas into
// web/generated/openapi/{v1,v2,wallet}.json, for the docs' API reference pages.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../platform/config';
import { servedOpenApiDocuments } from './openapi-documents';

const outDir = process.env.TESSERA_OPENAPI_DIR ?? join(projectRoot, 'web', 'generated', 'openapi');
mkdirSync(outDir, { recursive: true });
for (const [family, document] of Object.entries(await servedOpenApiDocuments())) {
  // An API with no route yet has no reference to show; the docs page says so instead.
  const paths = Object.keys(document.paths ?? {}).filter((path) => path !== '/oauth/token');
  if (paths.length === 0) continue;
  writeFileSync(join(outDir, `${family}.json`), `${JSON.stringify(document, null, 2)}\n`);
  console.log(`openapi: wrote ${family}.json (${paths.length} paths besides /oauth/token)`);
}
