// Prints the gzip weight of the JavaScript each kind of page downloads, from a web build
// (web/dist/.vite/manifest.json, plus the widget script built beside it), and how fast a
// prerendered docs page shows over slow 4G in Chromium (web/scripts/docs-page-speed.ts):
//
//   npx vite build --config web/vite.config.ts && npx tsx web/scripts/bundle-size.ts [distDir] [--check] [--no-browser]
//
// A page's weight is its HTML entry's chunk and static imports, plus the lazy chunks of the routes
// it renders (and their static imports), each file counted once. The widget is one file. The
// prerendered docs page is also weighed as its HTML loads it: its entry script and modulepreloads.
//
// Budgets: a documentation page ≤ 120 KB gzip. The hosted payment page and the widget have a
// target of 60 KB gzip each, which React DOM alone (~64 KB gzip for react-dom/client 19) makes
// unreachable without replacing React: the script prints that floor beside them, and `--check`
// holds them to a regression ceiling instead (the floor plus what the checkout itself may weigh).
// The browser scripts served beside the app have budgets of their own: the secure field frame's
// script ≤ 15 KB gzip, the headless SDK (each of its ES module and classic script, no React)
// ≤ 20 KB gzip, and the widget no larger than it was before its card entry moved into secure
// fields (WIDGET_BEFORE_SECURE_FIELDS_BYTES).
// `--check` exits with status 1 when a budget or ceiling is exceeded (test/e2e/bundle-budgets.test.ts
// runs it so on a production build of its own, in the test suite). The largest contentful paint
// is printed beside the "good" threshold of Core Web Vitals (2.5 s), not checked: it depends on the
// machine as much as on the page.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SLOW_4G } from '../../test/support/network-profiles';
import { measureDocsPage } from './docs-page-speed';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
/** The docs page weighed and timed in a browser (a long page, full of code samples). */
const DOCS_PAGE = '/docs/integrate/getting-started';
const DOCS_BUDGET_KB = 120;
/** Core Web Vitals: a largest contentful paint within 2.5 s is "good". */
const LCP_GOOD_MS = 2500;
const WIDGET_FILE = 'widget/v1/tessera-widget.js';
/** The widget's gzip weight when its card form was plain inputs in the merchant's page (measured on that build). */
const WIDGET_BEFORE_SECURE_FIELDS_BYTES = 86_397;

interface ScriptBudget {
  name: string;
  file: string;
  budgetBytes: number;
}

const SCRIPT_BUDGETS: ScriptBudget[] = [
  { name: 'secure field frame script', file: 'secure-fields/v1/field.js', budgetBytes: 15 * 1024 },
  { name: 'headless SDK, ES module', file: 'sdk/v1/tessera-headless.mjs', budgetBytes: 20 * 1024 },
  { name: 'headless SDK, classic script', file: 'sdk/v1/tessera-headless.js', budgetBytes: 20 * 1024 },
];
/** The target for what a shopper's browser downloads to pay. */
const CHECKOUT_TARGET_KB = 60;
/** What the checkout code may add to React (and React DOM) before --check fails. */
const CHECKOUT_OWN_CEILING_KB = 25;

interface PageSpec {
  name: string;
  /** HTML entry of the page: index.html (docs app, router) or checkout.html (hosted page). */
  entry: 'index.html' | 'checkout.html';
  /**
   * Lazy chunks the page loads besides the entry: manifest keys (source modules), or `group:<name>`
   * for a chunk made by a codeSplitting group in web/vite.config.ts.
   */
  modules: string[];
  budgetKb: number | null;
  checkout?: boolean;
}

const PAGES: PageSpec[] = [
  { name: 'docs app entry (React DOM, React, TanStack Router)', entry: 'index.html', modules: [], budgetKb: null },
  {
    name: 'documentation page (/docs/integrate/getting-started)',
    entry: 'index.html',
    modules: [
      'src/routes/_site.tsx?tsr-split=component',
      'src/routes/_site/docs/route.tsx?tsr-split=component',
      'src/routes/_site/docs/$.tsx?tsr-split=component',
      // The route loader's lazy import (src/docs/load-doc-page.ts), grouped into the docs shell chunk.
      'group:docs-shell',
      'src/docs/content/integrate/getting-started.mdx',
    ],
    budgetKb: DOCS_BUDGET_KB,
  },
  {
    name: 'home page (/)',
    entry: 'index.html',
    modules: ['src/routes/_site.tsx?tsr-split=component', 'src/routes/_site/index.tsx?tsr-split=component'],
    budgetKb: null,
  },
  {
    name: 'API v2 reference (/api-v2), OpenAPI document included',
    entry: 'index.html',
    modules: ['src/routes/_site.tsx?tsr-split=component', 'src/routes/_site/api-v2.tsx?tsr-split=component'],
    budgetKb: null,
  },
  {
    name: 'hosted payment page (/entities/{e}/sessions/{s}, checkout.html: no router)',
    entry: 'checkout.html',
    modules: [],
    budgetKb: CHECKOUT_TARGET_KB,
    checkout: true,
  },
  {
    name: 'hosted payment page through the docs app’s router (dev server only)',
    entry: 'index.html',
    modules: ['src/routes/entities.$entityId.sessions.$sessionId.tsx?tsr-split=component'],
    budgetKb: null,
  },
];

function readManifest(dist: string): Manifest {
  const parsed: unknown = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('The Vite manifest is not an object.');
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((item: unknown): item is string => typeof item === 'string') : [];
  const manifest: Manifest = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'object' && value !== null && 'file' in value && typeof value.file === 'string') {
      manifest[key] = {
        file: value.file,
        ...('name' in value && typeof value.name === 'string' ? { name: value.name } : {}),
        imports: 'imports' in value ? strings(value.imports) : [],
        css: 'css' in value ? strings(value.css) : [],
        isEntry: 'isEntry' in value && value.isEntry === true,
      };
    }
  }
  return manifest;
}

/** JS and CSS files of `keys` and everything they import statically. */
function closure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (wanted: string) => {
    const key = wanted.startsWith('group:') ? namedChunkKey(manifest, wanted.slice('group:'.length)) : wanted;
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`No chunk for ${key} in the manifest: was the route renamed? Update web/scripts/bundle-size.ts.`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js, css };
}

function namedChunkKey(manifest: Manifest, name: string): string {
  const key = Object.keys(manifest).find((candidate) => candidate.startsWith(`_${name}-`) && candidate.endsWith('.js'));
  if (!key)
    throw new Error(
      `No "${name}" chunk in the manifest: was the codeSplitting group renamed? Update web/scripts/bundle-size.ts.`,
    );
  return key;
}

/** The scripts the prerendered page's HTML loads up front: its entry and its modulepreloads. */
function prerenderedPageScripts(dist: string, path: string): string[] | null {
  const file = join(dist, 'pages', `${path.replace(/\/+$/, '')}.html`);
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<(?:script[^>]*\bsrc|link rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const manifest = readManifest(dist);
  for (const entry of ['index.html', 'checkout.html'])
    if (!manifest[entry]?.isEntry) throw new Error(`The manifest has no ${entry} entry: is ${dist} a web build?`);
  const gzipSize = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipSize.get(file);
    if (size === undefined) gzipSize.set(file, (size = gzipSync(readFileSync(join(dist, file))).length));
    return size;
  };
  const kb = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file), 0) / KB;

  // What no React page can go below: React DOM's client and React itself.
  const reactDomKb = kb(closure(manifest, [namedChunkKey(manifest, 'client')]).js);
  const ceilingKb = Math.ceil(reactDomKb + CHECKOUT_OWN_CEILING_KB);
  const docsEntryKb = kb(closure(manifest, ['index.html']).js);

  let failed = false;
  const verdict = (totalKb: number, page: { budgetKb: number | null; checkout?: boolean }) => {
    if (page.budgetKb === null) return '';
    if (!page.checkout) {
      if (totalKb > page.budgetKb) failed = true;
      return totalKb <= page.budgetKb ? `  ✓ budget ${page.budgetKb} KB` : `  ✗ OVER budget ${page.budgetKb} KB`;
    }
    if (totalKb > ceilingKb) failed = true;
    const target =
      totalKb <= page.budgetKb
        ? `✓ target ${page.budgetKb} KB`
        : `✗ over the ${page.budgetKb} KB target (React DOM floor ${reactDomKb.toFixed(1)} KB)`;
    return `  ${target}; ${totalKb <= ceilingKb ? '✓' : '✗ OVER'} ceiling ${ceilingKb} KB`;
  };

  console.log(`JavaScript per page, gzip (${dist})\n`);
  for (const page of PAGES) {
    const files = closure(manifest, [page.entry, ...page.modules]);
    const totalKb = kb(files.js);
    const cssKb = kb(files.css);
    const beyond =
      page.entry === 'index.html' ? `; ${(totalKb - docsEntryKb).toFixed(1)} KB beyond the docs app entry` : '';
    console.log(
      `${totalKb.toFixed(1).padStart(7)} KB  ${page.name}  (${files.js.size} files${beyond}; CSS ${cssKb.toFixed(1)} KB)${verdict(totalKb, page)}`,
    );
  }

  const widgetPath = join(dist, WIDGET_FILE);
  if (existsSync(widgetPath)) {
    const widgetBytes = sizeOf(WIDGET_FILE);
    const widgetKb = widgetBytes / KB;
    const grown = widgetBytes > WIDGET_BEFORE_SECURE_FIELDS_BYTES;
    if (grown) failed = true;
    console.log(
      `${widgetKb.toFixed(1).padStart(7)} KB  checkout widget (${WIDGET_FILE}, one file, React and CSS included)${verdict(widgetKb, { budgetKb: CHECKOUT_TARGET_KB, checkout: true })}; ` +
        `${grown ? '✗ LARGER than' : '✓ no larger than'} before secure fields (${widgetBytes} of ${WIDGET_BEFORE_SECURE_FIELDS_BYTES} bytes)`,
    );
  } else {
    failed = true;
    console.log(`      ✗  checkout widget: ${WIDGET_FILE} is missing from the build`);
  }
  for (const script of SCRIPT_BUDGETS) {
    if (!existsSync(join(dist, script.file))) {
      failed = true;
      console.log(`      ✗  ${script.name}: ${script.file} is missing from the build`);
      continue;
    }
    const bytes = sizeOf(script.file);
    const within = bytes <= script.budgetBytes;
    if (!within) failed = true;
    console.log(
      `${(bytes / KB).toFixed(1).padStart(7)} KB  ${script.name} (${script.file})  ${within ? '✓' : '✗ OVER'} budget ${script.budgetBytes / KB} KB`,
    );
  }

  const prerendered = prerenderedPageScripts(dist, DOCS_PAGE);
  let speedDist: string | null = null;
  if (prerendered) {
    const totalKb = kb(new Set(prerendered));
    console.log(
      `${totalKb.toFixed(1).padStart(7)} KB  documentation page as prerendered (${DOCS_PAGE}: entry and modulepreloads of its HTML, ${new Set(prerendered).size} files)${verdict(totalKb, { budgetKb: DOCS_BUDGET_KB })}`,
    );
    speedDist = dist;
  } else {
    console.log(`         (no prerendered ${DOCS_PAGE} in this build: page speed not measured)`);
  }

  console.log('\nLargest files:');
  const all = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
  for (const file of [...new Set(all)].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 8)) {
    console.log(`${(sizeOf(file) / KB).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(
    `\nCheckout target: ${CHECKOUT_TARGET_KB} KB gzip each for the hosted page and the widget. React DOM (react-dom/client with React) alone is ` +
      `${reactDomKb.toFixed(1)} KB, so the target cannot be met without replacing React; --check holds both to ${ceilingKb} KB ` +
      `(React DOM + ${CHECKOUT_OWN_CEILING_KB} KB for the checkout).`,
  );

  if (speedDist && !args.includes('--no-browser')) {
    const speed = await measureDocsPage(speedDist, DOCS_PAGE);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `\nDocumentation page ${DOCS_PAGE} over slow 4G (${SLOW_4G.latency} ms round trip, ` +
        `${((SLOW_4G.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s down; Chromium, cold cache, median of 3):`,
    );
    console.log(`  first contentful paint     ${seconds(speed.firstContentfulPaint)}`);
    console.log(
      `  largest contentful paint   ${seconds(speed.largestContentfulPaint)}  ${speed.largestContentfulPaint <= LCP_GOOD_MS ? '✓' : '✗ over'} "good" ≤ ${seconds(LCP_GOOD_MS)}`,
    );
    console.log(`  hydrated                   ${seconds(speed.hydrated)}`);
    console.log(`  JavaScript transferred     ${(speed.scriptBytes / KB).toFixed(1)} KB`);
  }
  return check && failed ? 1 : 0;
}

process.exitCode = await main();
