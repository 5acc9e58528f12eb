import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

const dir = mkdtempSync(join(tmpdir(), 'tessera-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes Brotli and gzip copies of the served text files, not of the pages nor of tiny files', async () => {
  const script = `export const words = ${JSON.stringify('payment '.repeat(500))};\n`;
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'pages'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'main-x.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny.js'), 'export {};\n');
  writeFileSync(join(dir, 'pages', 'docs.html'), script);
  writeFileSync(join(dir, 'favicon.png'), script);
  await precompressFolder(dir);
  expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'main-x.js.br'))).toString()).toBe(script);
  expect(gunzipSync(readFileSync(join(dir, 'assets', 'main-x.js.gz'))).toString()).toBe(script);
  expect(readFileSync(join(dir, 'assets', 'main-x.js.br')).length).toBeLessThan(script.length / 10);
  for (const file of ['assets/tiny.js.br', 'pages/docs.html.br', 'favicon.png.br'])
    expect(existsSync(join(dir, file)), file).toBe(false);
});
