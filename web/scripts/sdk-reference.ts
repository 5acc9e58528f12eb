// Writes the SDK reference pages of the docs from the SDK's declarations (web/build/sdk-reference.ts).
//
//   npx tsx web/scripts/sdk-reference.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sdkReferencePages } from '../build/sdk-reference.js';

const content = fileURLToPath(new URL('../src/docs/content/', import.meta.url));
for (const [path, text] of sdkReferencePages()) {
  const target = join(content, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${path}`);
}
