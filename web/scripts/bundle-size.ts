// Prints the gzip weight of the JavaScript each kind of page downloads, from a web build's
// manifest (web/dist/.vite/manifest.json):
//
//   npx vite build --config web/vite.config.ts && npx tsx web/scripts/bundle-size.ts [distDir] [--check]
//
// A page's weight is the entry chunk and its static imports, plus the lazy chunks of the routes it
// renders (and their static imports), each file counted once. `--check` exits with status 1 when a
// budget is exceeded. Budgets: a documentation page ≤ 120 KB gzip; the hosted payment page ≤ 60 KB
// (it has no route yet: its floor is the shared entry every route downloads).

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

const KB = 1024;

interface PageSpec {
  name: string;
  /**
   * Lazy chunks the page loads besides the entry: manifest keys (source modules), or `group:<name>`
   * for a chunk made by a codeSplitting group in web/vite.config.ts.
   */
  modules: string[];
  budgetKb: number | null;
}

const PAGES: PageSpec[] = [
  { name: 'shared entry (every route, incl. the future hosted page)', modules: [], budgetKb: null },
  {
    name: 'documentation page (/docs/integrate/getting-started)',
    modules: [
      'src/routes/_site.tsx?tsr-split=component',
      'src/routes/_site/docs/route.tsx?tsr-split=component',
      'src/routes/_site/docs/$.tsx?tsr-split=component',
      // The route loader's lazy import (src/docs/load-doc-page.ts), grouped into the docs shell chunk.
      'group:docs-shell',
      'src/docs/content/integrate/getting-started.mdx',
    ],
    budgetKb: 120,
  },
  { name: 'home page (/)', modules: ['src/routes/_site.tsx?tsr-split=component', 'src/routes/_site/index.tsx?tsr-split=component'], budgetKb: null },
  { name: 'API v2 reference (/api-v2), OpenAPI document included', modules: ['src/routes/_site.tsx?tsr-split=component', 'src/routes/_site/api-v2.tsx?tsr-split=component'], budgetKb: null },
];

function readManifest(dist: string): Manifest {
  const parsed: unknown = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('The Vite manifest is not an object.');
  const manifest: Manifest = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'object' && value !== null && 'file' in value && typeof value.file === 'string') {
      const imports = 'imports' in value && Array.isArray(value.imports) ? value.imports.filter((i: unknown): i is string => typeof i === 'string') : [];
      manifest[key] = { file: value.file, imports, isEntry: 'isEntry' in value && value.isEntry === true };
    }
  }
  return manifest;
}

/** JS files of `keys` and everything they import statically. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (wanted: string) => {
    const key = wanted.startsWith('group:') ? groupKey(manifest, wanted.slice('group:'.length)) : wanted;
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk for ${key} in the manifest: was the route renamed? Update web/scripts/bundle-size.ts.`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function groupKey(manifest: Manifest, group: string): string {
  const key = Object.keys(manifest).find((candidate) => candidate.startsWith(`_${group}-`) && candidate.endsWith('.js'));
  if (!key) throw new Error(`No "${group}" chunk in the manifest: was the codeSplitting group renamed? Update web/scripts/bundle-size.ts.`);
  return key;
}

function main(): number {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const manifest = readManifest(dist);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');
  const gzipSize = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipSize.get(file);
    if (size === undefined) gzipSize.set(file, (size = gzipSync(readFileSync(join(dist, file))).length));
    return size;
  };
  const entryFiles = closure(manifest, [entryKey]);
  const entryKb = [...entryFiles].reduce((sum, file) => sum + sizeOf(file), 0) / KB;

  let overBudget = false;
  console.log(`JavaScript per page, gzip (${dist})\n`);
  for (const page of PAGES) {
    const files = closure(manifest, [entryKey, ...page.modules]);
    const totalKb = [...files].reduce((sum, file) => sum + sizeOf(file), 0) / KB;
    const verdict = page.budgetKb === null ? '' : totalKb <= page.budgetKb ? `  ✓ budget ${page.budgetKb} KB` : `  ✗ OVER budget ${page.budgetKb} KB`;
    if (page.budgetKb !== null && totalKb > page.budgetKb) overBudget = true;
    console.log(`${totalKb.toFixed(1).padStart(7)} KB  ${page.name}  (${files.size} files; ${(totalKb - entryKb).toFixed(1)} KB beyond the entry)${verdict}`);
  }

  console.log('\nLargest files:');
  const all = Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));
  for (const file of [...new Set(all)].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 8)) {
    console.log(`${(sizeOf(file) / KB).toFixed(1).padStart(7)} KB  ${file}${entryFiles.has(file) ? '  (entry)' : ''}`);
  }
  console.log(`\nHosted payment page budget: 60 KB. The shared entry alone (React DOM, React, TanStack Router) is ${entryKb.toFixed(1)} KB.`);
  return check && overBudget ? 1 : 0;
}

process.exitCode = main();
