// npm run client:generate: writes api/client/generated/{v1,v2,wallet}.ts from the served documents.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDir, typedClientSources } from './generate';

mkdirSync(generatedDir, { recursive: true });
for (const [file, source] of Object.entries(await typedClientSources())) {
  writeFileSync(join(generatedDir, file), source);
  console.log(`client: wrote api/client/generated/${file}`);
}
