// The scripts a web build serves to browsers at stable addresses (the checkout widget, and any
// script added beside it later): every .js file of the output but the app's own hashed chunks
// (assets/) and the prerendered site (pages/). For each, its Subresource Integrity hash and sizes,
// and the headers the api answers it with (api/web-cache-control.ts, api/security-headers.ts), so
// the SDK and CDN reference page can never disagree with what is served.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { resourceHeaders } from '../../api/security-headers.js';
import { cacheControlFor } from '../../api/web-cache-control.js';
import { BROWSER_SCRIPTS_FILE, type BrowserScript } from '../src/docs/browser-scripts/browser-scripts.js';

/** Output folders that hold no script for other sites. */
const NOT_BROWSER_SCRIPTS = new Set(['assets', 'pages', '.vite']);

function listScripts(outDir: string, dir = outDir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir === outDir && NOT_BROWSER_SCRIPTS.has(entry.name)) continue;
      files.push(...listScripts(outDir, full));
    } else if (entry.name.endsWith('.js')) files.push(full);
  }
  return files;
}

export function describeBrowserScript(url: string, content: Buffer): BrowserScript {
  const served = resourceHeaders(url, 'text/javascript');
  const headers: Record<string, string> = { 'cache-control': cacheControlFor(url) };
  for (const name of ['access-control-allow-origin', 'cross-origin-resource-policy']) {
    const value = served[name];
    if (value !== undefined) headers[name] = value;
  }
  return {
    url,
    majorVersion: /\/(v\d+)\//.exec(url)?.[1] ?? null,
    integrity: `sha384-${createHash('sha384').update(content).digest('base64')}`,
    bytes: content.length,
    gzipBytes: gzipSync(content).length,
    headers,
  };
}

/** Finds the build's browser scripts and writes their list beside them (browser-scripts.json). */
export function writeBrowserScripts(outDir: string): BrowserScript[] {
  const scripts = listScripts(outDir)
    .map((file) => describeBrowserScript(`/${relative(outDir, file).split(sep).join('/')}`, readFileSync(file)))
    .sort((a, b) => a.url.localeCompare(b.url));
  writeFileSync(join(outDir, BROWSER_SCRIPTS_FILE), `${JSON.stringify(scripts, null, 2)}\n`);
  return scripts;
}
