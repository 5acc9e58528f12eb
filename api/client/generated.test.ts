import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDir, typedClientSources } from '../../scripts/typed-client/generate';

describe('the typed client', () => {
  it('is generated from the documents the api serves today (npm run client:generate)', async () => {
    const sources = await typedClientSources();
    expect(Object.keys(sources).sort()).toEqual(['v1.ts', 'v2.ts', 'wallet.ts']);
    for (const [file, source] of Object.entries(sources))
      expect(readFileSync(join(generatedDir, file), 'utf8'), `api/client/generated/${file} is stale`).toBe(source);
  }, 60_000);
});
