import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openapiDocuments } from './openapi-documents';

const dir = mkdtempSync(join(tmpdir(), 'tessera-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The plugin hooks only use addWatchFile from Rollup's context.
const context = { addWatchFile: () => {} };

async function load(name: string): Promise<unknown> {
  const plugin = openapiDocuments({ dir });
  const resolveId = plugin.resolveId;
  const loadHook = plugin.load;
  if (typeof resolveId !== 'function' || typeof loadHook !== 'function') throw new Error('hooks missing');
  const id = await Reflect.apply(resolveId, context, [`virtual:tessera/openapi/${name}`, undefined, {}]);
  return Reflect.apply(loadHook, context, [id]);
}

describe('OpenAPI document modules', () => {
  it('export null when the api has not exported the document yet', async () => {
    expect(await load('wallet')).toBe('export default null;');
  });

  it('export the document when it exists', async () => {
    writeFileSync(join(dir, 'v2.json'), '{"openapi":"3.1.0"}');
    expect(await load('v2')).toBe('export default JSON.parse("{\\"openapi\\":\\"3.1.0\\"}");');
  });

  it('fail the build for a broken document or an unknown name', async () => {
    writeFileSync(join(dir, 'v1.json'), '{ not json');
    await expect(load('v1')).rejects.toThrow(/v1.json is not valid JSON/);
    await expect(load('v3')).rejects.toThrow(/Unknown OpenAPI document "v3"/);
  });
});
