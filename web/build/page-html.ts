// The HTML file of a prerendered page: the built app shell (web/index.html with its hashed entry
// and the inline script that applies the colour mode before the first paint), given the page's
// head (title, description, canonical and Open Graph tags), the stylesheets and modules of the
// routes it shows, and React's markup in #root.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { RenderedPage } from '../src/entry-prerender.js';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type ClientManifest = Record<string, ManifestChunk>;

export function readClientManifest(outDir: string): ClientManifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as ClientManifest;
}

/** The code-split chunks of each route, by route id: split kind (component, notFoundComponent…) → manifest key. */
export type RouteChunks = Map<string, Record<string, string>>;

function listRouteFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Reads each route file's id (`createFileRoute('/_site/docs/$')`) and pairs it with the chunks the
 * router plugin split out of that file (`src/routes/…?tsr-split=component` in the manifest).
 */
export function routeChunkKeys(routesDir: string, manifest: ClientManifest): RouteChunks {
  const idOfFile = new Map<string, string>();
  for (const file of listRouteFiles(routesDir)) {
    const source = readFileSync(file, 'utf8');
    const id =
      /createFileRoute\(\s*'([^']+)'\s*\)/.exec(source)?.[1] ?? (/createRootRoute/.test(source) ? '__root__' : null);
    if (id) idOfFile.set(relative(routesDir, file).split(sep).join('/'), id);
  }
  const chunks: RouteChunks = new Map();
  for (const key of Object.keys(manifest)) {
    const match = /^src\/routes\/(.+)\?tsr-split=(\w+)$/.exec(key);
    if (!match?.[1] || !match[2]) continue;
    const id = idOfFile.get(match[1]);
    if (!id) throw new Error(`The chunk ${key} belongs to no route file the prerender knows.`);
    chunks.set(id, { ...chunks.get(id), [match[2]]: key });
  }
  return chunks;
}

/** JS and CSS files of `keys` and of everything they import statically. */
export function chunkClosure(manifest: ClientManifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk for ${key} in the client manifest.`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/** The manifest keys of the code a page hydrates with: its routes' components and its content. */
export function pageChunkKeys(page: RenderedPage, chunkKeys: RouteChunks): string[] {
  const keys: string[] = [];
  for (const routeId of page.routeIds) {
    const chunks = chunkKeys.get(routeId);
    if (chunks?.component) keys.push(chunks.component);
    if (page.status === 404 && chunks?.notFoundComponent) keys.push(chunks.notFoundComponent);
  }
  if (page.contentModule) keys.push(page.contentModule);
  return keys;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`The app shell (web/index.html) lost its ${what}.`);
  return html.replace(pattern, () => replacement);
}

export interface SitePageInput {
  template: string;
  page: RenderedPage;
  /** Origin of the page's absolute addresses (the api's placeholder for TESSERA_PUBLIC_URL). */
  publicUrl: string;
  manifest: ClientManifest;
  chunkKeys: RouteChunks;
  prerenderedAttribute: string;
}

export function assembleSitePage({
  template,
  page,
  publicUrl,
  manifest,
  chunkKeys,
  prerenderedAttribute,
}: SitePageInput): string {
  const { title, description } = page.head;
  const url = publicUrl + page.path;
  const { js, css } = chunkClosure(manifest, pageChunkKeys(page, chunkKeys));
  const missing = (file: string) => !template.includes(`"/${file}"`);
  const head = [
    ...(page.status === 200
      ? [
          `<link rel="canonical" href="${escapeHtml(url)}" />`,
          `<meta property="og:url" content="${escapeHtml(url)}" />`,
        ]
      : ['<meta name="robots" content="noindex" />']),
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Tessera" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    '<meta name="twitter:card" content="summary" />',
    ...css.filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    ...js.filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ];
  let html = template;
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`, '<title>');
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    'meta description',
  );
  html = replaceOnce(html, /\s*<\/head>/, `\n    ${head.join('\n    ')}\n  </head>`, '</head>');
  // The page reads without JavaScript: the shell's "this site needs JavaScript" does not apply.
  html = html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" ${prerenderedAttribute}="${escapeHtml(page.path)}">${page.html}</div>`,
    '<div id="root">',
  );
  return html;
}
