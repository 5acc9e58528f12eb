// Vite plugin: once everything is built (the prerendered site included), writes a Brotli (.br) and
// a gzip (.gz) copy beside every text file the api serves as a file (scripts, styles, JSON, SVG),
// so it answers them compressed without compressing on each request (@fastify/static's
// preCompressed). Pages are compressed by the api itself: it rewrites their public URL first.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build.js';

const COMPRESSIBLE = /\.(js|css|json|svg|map)$/;
/** Below this, compression saves less than a packet. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function listFiles(dir: string, skip: ReadonlySet<string>): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => ![...skip].some((folder) => file.startsWith(join(dir, folder))));
}

export async function precompressFolder(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  // pages/ is answered by the api (public URL rewritten), .vite/ is the build's own bookkeeping.
  const files = listFiles(dir, new Set(['pages', '.vite']));
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = readFileSync(file);
      if (content.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          // Quality 10: within 2 % of the smallest (11) in a third of its time.
          params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
      bytes += content.length;
      brotliBytes += br.length;
    }),
  );
  return { files: files.length, bytes, brotliBytes };
}

export function precompress(): Plugin {
  return afterBuild('tessera:precompress', async (config) => {
    const { files, bytes, brotliBytes } = await precompressFolder(config.build.outDir);
    return `precompressed ${files} files (${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli)`;
  });
}
