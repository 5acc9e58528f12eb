// Vite plugin exposing the OpenAPI documents the api exports (`npm run openapi:export` writes
// web/generated/openapi/{v1,v2,wallet}.json) as `virtual:tessera/openapi/<name>` modules.
//
// A missing document is not an error: the v1 and wallet APIs arrive later, and the web app must
// build before them. The module then exports null and the reference page says so. A document that
// exists but is not JSON fails the build, since shipping a silently empty reference would hide it.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const OPENAPI_DOCUMENT_NAMES = ['v1', 'v2', 'wallet'] as const;
const PREFIX = 'virtual:tessera/openapi/';

export function openapiDocuments(options: { dir: string }): Plugin {
  return {
    name: 'tessera:openapi-documents',
    resolveId(id) {
      return id.startsWith(PREFIX) ? '\0' + id : undefined;
    },
    load(id) {
      if (!id.startsWith('\0' + PREFIX)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      if (!OPENAPI_DOCUMENT_NAMES.some((known) => known === name)) {
        throw new Error(`Unknown OpenAPI document "${name}"; expected one of ${OPENAPI_DOCUMENT_NAMES.join(', ')}.`);
      }
      const file = join(options.dir, `${name}.json`);
      if (!existsSync(file)) return 'export default null;';
      this.addWatchFile(file);
      let document: unknown;
      try {
        document = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new Error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
      }
      // Re-serialised without the file's indentation; JSON.parse of a string literal is also faster
      // for the browser than an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(document))});`;
    },
  };
}
