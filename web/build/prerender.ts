// Vite plugin: once the app (and, before it, every other output such as the widget) is built,
// prerenders the documentation site into the same output folder, so `vite build` gives the api
// everything it serves:
//
//   pages/<address>.html   every docs, reference and API reference page, and the not-found page of
//                          each section, rendered by React from the same route tree as the browser's
//                          (src/entry-prerender.tsx, bundled for Node by a second, SSR build), with
//                          its own title, description, canonical and Open Graph tags, its styles and
//                          the code it hydrates with (modulepreload)
//   pages/sitemap.xml      every page
//   pages/robots.txt       pointing at the sitemap
//   pages/site.json        how the api answers each address (api/web-pages.ts): pages, not-found
//                          pages per section, moved pages (src/docs/redirects.ts), the app shell
//   browser-scripts.json   the scripts served to other sites, with SRI hashes (browser-scripts.ts)
//
// Addresses of the deployment itself are written with a placeholder origin, which the api replaces
// with TESSERA_PUBLIC_URL when it serves them: one build (one Docker image) fits every deployment.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { afterBuild } from './after-build.js';
import type { SiteManifest } from '../../api/web-pages.js';
import { SITE_MANIFEST_FILE } from '../../api/web-pages.js';
import type { BrowserScript } from '../src/docs/browser-scripts/browser-scripts.js';
import type { Redirect } from '../src/docs/redirects.js';
import type { RenderedPage, SiteInventory } from '../src/entry-prerender.js';
import { PRERENDERED_ATTRIBUTE } from '../src/app/prerendered.js';
import { writeBrowserScripts } from './browser-scripts.js';
import {
  assembleSitePage,
  readClientManifest,
  routeChunkKeys,
  type ClientManifest,
  type RouteChunks,
} from './page-html.js';

/** A reserved domain (RFC 2606): a placeholder the api failed to replace can never reach a real site. */
export const PUBLIC_URL_PLACEHOLDER = 'https://tessera-public-url.invalid';

const APP_SHELL = 'index.html';

export interface PrerenderOptions {
  webRoot: string;
  /** Moved pages, checked against the pages of the build. */
  redirects: readonly Redirect[];
}

interface ServerEntry {
  siteInventory(): SiteInventory;
  renderPage(path: string): Promise<RenderedPage>;
  setBrowserScripts(scripts: BrowserScript[]): void;
}

/** The file of the page at `path` ("/" → pages/index.html, "/openapi/" → pages/openapi.html). */
export function pageFileOf(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return `pages${trimmed === '' ? '/index' : trimmed}.html`;
}

export function prerenderSite(options: PrerenderOptions): Plugin {
  return afterBuild('tessera:prerender', async (config) => {
    const count = await prerender(config, options);
    return `prerendered ${count} pages, sitemap.xml and robots.txt`;
  });
}

async function prerender(config: ResolvedConfig, options: PrerenderOptions): Promise<number> {
  const outDir = config.build.outDir;
  // Inside the repository, so the bundle finds the packages it leaves to node_modules; one folder
  // per output folder, as two builds (the e2e one, web/dist) may run at once.
  const serverDir = resolve(
    options.webRoot,
    '..',
    'node_modules',
    '.cache',
    'tessera-prerender',
    createHash('sha256').update(outDir).digest('hex').slice(0, 12),
  );
  await build({
    ...(config.configFile ? { configFile: config.configFile } : {}),
    mode: config.mode,
    logLevel: config.logLevel === 'info' ? 'warn' : (config.logLevel ?? 'warn'),
    build: {
      ssr: resolve(options.webRoot, 'src/entry-prerender.tsx'),
      outDir: serverDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      minify: false,
      reportCompressedSize: false,
    },
  });
  // One instance of the entry: its chunks import it by this very URL (a query would make another).
  const server = (await import(pathToFileURL(join(serverDir, 'entry-prerender.js')).href)) as ServerEntry;

  const pagesDir = join(outDir, 'pages');
  rmSync(pagesDir, { recursive: true, force: true });
  server.setBrowserScripts(writeBrowserScripts(outDir));

  const inventory = server.siteInventory();
  const template = readFileSync(join(outDir, APP_SHELL), 'utf8');
  const manifest = readClientManifest(outDir);
  const chunkKeys = routeChunkKeys(join(options.webRoot, 'src', 'routes'), manifest);
  const write = (file: string, content: string) => {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    writeFileSync(join(outDir, file), content);
  };

  const pages: SiteManifest['pages'] = [];
  for (const { path, routeId } of inventory.pages) {
    const page = await server.renderPage(path);
    if (page.status !== 200) throw new Error(`${path} (${routeId}) rendered as not found.`);
    write(pageFileOf(path), assemble(page, template, manifest, chunkKeys));
    pages.push({ path, file: pageFileOf(path) });
  }
  checkHeads(pages, outDir);

  const notFound: SiteManifest['notFound'] = [];
  for (const { scope, path } of inventory.notFound) {
    const page = await server.renderPage(path);
    if (page.status !== 404) throw new Error(`The not-found page of ${scope} (${path}) rendered as a page.`);
    write(pageFileOf(path), assemble(page, template, manifest, chunkKeys));
    notFound.push({ scope, file: pageFileOf(path) });
  }

  const redirects = checkRedirects(options.redirects, new Set(pages.map((page) => page.path)));
  const sitemap = 'pages/sitemap.xml';
  const robots = 'pages/robots.txt';
  write(sitemap, sitemapOf(pages.map((page) => page.path)));
  write(robots, robotsOf());
  const site: SiteManifest & { pageRoutes: Record<string, string>; notFoundRoutes: Record<string, string> } = {
    publicUrlPlaceholder: PUBLIC_URL_PLACEHOLDER,
    pages,
    notFound,
    redirects,
    appRoutes: inventory.appRoutes.map((route) => route.path),
    appShell: APP_SHELL,
    sitemap,
    robots,
    // For the build test: which route each page and not-found page belongs to.
    pageRoutes: Object.fromEntries(inventory.pages.map((page) => [page.path, page.routeId])),
    notFoundRoutes: Object.fromEntries(inventory.notFound.map((page) => [page.scope, page.routeId])),
  };
  write(SITE_MANIFEST_FILE, `${JSON.stringify(site, null, 2)}\n`);
  return pages.length + notFound.length;
}

function assemble(page: RenderedPage, template: string, manifest: ClientManifest, chunkKeys: RouteChunks): string {
  return assembleSitePage({
    template,
    page,
    publicUrl: PUBLIC_URL_PLACEHOLDER,
    manifest,
    chunkKeys,
    prerenderedAttribute: PRERENDERED_ATTRIBUTE,
  });
}

/** Every page needs a title and a description of its own: search results and link previews show them. */
function checkHeads(pages: SiteManifest['pages'], outDir: string): void {
  const seen = new Map<string, string>();
  for (const { path, file } of pages) {
    const html = readFileSync(join(outDir, file), 'utf8');
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1]?.trim() ?? '';
    if (!title || !description) throw new Error(`${path} has no title or no description (frontmatter "description").`);
    for (const [kind, value] of [
      ['title', title],
      ['description', description],
    ]) {
      const other = seen.get(`${kind}:${value}`);
      if (other) throw new Error(`${path} and ${other} have the same ${kind}: "${value}".`);
      seen.set(`${kind}:${value}`, path);
    }
  }
}

export function checkRedirects(redirects: readonly Redirect[], pages: ReadonlySet<string>): Redirect[] {
  const from = new Set(redirects.map((redirect) => redirect.from.replace(/(.)\/$/, '$1')));
  for (const redirect of redirects) {
    const old = redirect.from.replace(/(.)\/$/, '$1');
    if (!redirect.from.startsWith('/') || !redirect.to.startsWith('/'))
      throw new Error(`Redirect ${redirect.from} → ${redirect.to}: both addresses start with "/".`);
    if (pages.has(old) || pages.has(`${old}/`))
      throw new Error(`Redirect ${redirect.from} → ${redirect.to}: ${redirect.from} is a page of this build.`);
    if (!pages.has(redirect.to))
      throw new Error(`Redirect ${redirect.from} → ${redirect.to}: ${redirect.to} is not a page of this build.`);
    if (from.has(redirect.to.replace(/(.)\/$/, '$1')))
      throw new Error(`Redirect ${redirect.from} → ${redirect.to} leads to another moved page.`);
  }
  if (from.size !== redirects.length) throw new Error('Two redirects start from the same address.');
  return [...redirects];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sitemapOf(paths: readonly string[]): string {
  const urls = [...paths].sort().map((path) => `  <url><loc>${escapeXml(PUBLIC_URL_PLACEHOLDER + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsOf(): string {
  return [
    "# Tessera's documentation: every page is listed in the sitemap.",
    'User-agent: *',
    // Search results, shoppers' payment pages and the demo shop are nothing to index.
    'Disallow: /search?',
    'Disallow: /entities/',
    'Disallow: /demo/',
    '',
    `Sitemap: ${PUBLIC_URL_PLACEHOLDER}/sitemap.xml`,
    '',
  ].join('\n');
}
