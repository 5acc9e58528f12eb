// Serves the built web app (web/dist): the prerendered documentation site, the hosted payment page,
// the scripts other sites load (the widget) and the app's assets.
//
// - Pages are answered by address (api/web-pages.ts): a prerendered page (200), a 301 for a moved
//   page or another spelling of an address, the not-found page of the address's section (404), the
//   hosted page's own entry, and the app shell for the pages the browser renders alone.
// - The pages, sitemap.xml and robots.txt name the deployment's own address (TESSERA_PUBLIC_URL)
//   where the build wrote a placeholder: one build serves any deployment, the Docker image included.
// - Every other file is served as it is, with the cache policy of api/web-cache-control.ts, from
//   the Brotli or gzip copy the build wrote beside it when the browser accepts one; the prerendered
//   files themselves are not reachable by their file names. Pages are compressed here, once each.
// - Redirects are relative (Location: /docs/…), so they hold behind any proxy.
// - A build without a prerendered site (an older one) falls back to the app shell for every page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { projectRoot } from '../platform/config';
import { cacheControlFor } from './web-cache-control';
import {
  indexSite,
  isApiPath,
  isAssetPath,
  parseSiteManifest,
  resolvePageAddress,
  SITE_MANIFEST_FILE,
  withPublicUrl,
  type PageAnswer,
  type SiteIndex,
} from './web-pages';

export const webDistDir = join(projectRoot, 'web', 'dist');

const APP_SHELL = 'index.html';
/** The build's HTML entries, answered only at the addresses of their pages. */
const PAGE_ENTRIES = new Set([`/${APP_SHELL}`, '/checkout.html']);

export interface WebApp {
  /** Answers a GET or HEAD of a page address; false when `path` is no page (the caller answers 404). */
  sendPage(request: FastifyRequest, reply: FastifyReply): boolean;
}

interface CachedPage {
  mtimeMs: number;
  body: string;
  etag: string;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** The encoding of a page answer: Brotli, else gzip, when the browser accepts it. */
function pageEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

function encode(page: CachedPage, encoding: 'br' | 'gzip'): Buffer {
  page.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(page.body, { level: 9 });
  return page.encoded[encoding];
}

/** Files read once per change on disk (a rebuild under a running api is picked up). */
function fileCache(distDir: string, publicUrl: string, placeholder: () => string | null) {
  const cache = new Map<string, CachedPage>();
  return (file: string) => {
    const path = join(distDir, file);
    const { mtimeMs } = statSync(path);
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    const raw = readFileSync(path, 'utf8');
    const known = placeholder();
    const body = known ? withPublicUrl(raw, known, publicUrl) : raw;
    const entry: CachedPage = {
      mtimeMs,
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      encoded: {},
    };
    cache.set(file, entry);
    return entry;
  };
}

/** The prerendered site's index, read again when the build's manifest changes. */
function siteIndexOf(distDir: string): () => SiteIndex | null {
  let cached: { mtimeMs: number; site: SiteIndex } | undefined;
  return () => {
    const path = join(distDir, SITE_MANIFEST_FILE);
    if (!existsSync(path)) return null;
    const { mtimeMs } = statSync(path);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const manifest = parseSiteManifest(JSON.parse(readFileSync(path, 'utf8')));
      cached = { mtimeMs, site: indexSite(manifest, { hasCheckoutEntry: existsSync(join(distDir, 'checkout.html')) }) };
    }
    return cached.site;
  };
}

export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir?: string; publicUrl: string },
): Promise<WebApp | null> {
  const distDir = options.distDir ?? webDistDir;
  if (!existsSync(join(distDir, APP_SHELL))) return null;
  const site = siteIndexOf(distDir);
  const read = fileCache(distDir, options.publicUrl, () => site()?.manifest.publicUrlPlaceholder ?? null);

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // Pages are answered by address below, never by file name: a prerendered file holds the
    // placeholder of the public URL, and each page has exactly one address (the app shell and the
    // hosted page's entry included). Another HTML file of the build (a frame a script loads) is a
    // file like any other. A compressed copy is sent only as the encoding of its file.
    allowedPath: (pathname) =>
      !/\.(br|gz)$/.test(pathname) && !pathname.startsWith('/pages/') && !PAGE_ENTRIES.has(pathname),
    setHeaders: (reply, filePath) => {
      const path = `/${relative(distDir, filePath).split(sep).join('/')}`.replace(/\.(br|gz)$/, '');
      reply.header('cache-control', cacheControlFor(path));
    },
  });

  const sendFile = (request: FastifyRequest, reply: FastifyReply, file: string, status: number) => {
    const page = read(file);
    reply.header('cache-control', cacheControlFor(file)).header('etag', page.etag).header('vary', 'accept-encoding');
    if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    reply.code(status).type(contentTypeOf(file));
    if (request.method === 'HEAD') return reply.send();
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.body);
    return reply.header('content-encoding', encoding).send(encode(page, encoding));
  };

  for (const name of ['sitemap', 'robots'] as const) {
    const url = name === 'sitemap' ? '/sitemap.xml' : '/robots.txt';
    app.get(url, (request, reply) => {
      const manifest = site()?.manifest;
      if (!manifest) return reply.callNotFound();
      return sendFile(request, reply, manifest[name], 200);
    });
  }

  return {
    sendPage(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const [path = '/', query] = request.url.split('?', 2);
      const index = site();
      let answer: PageAnswer | null;
      if (index) answer = resolvePageAddress(index, path, query === undefined ? '' : `?${query}`);
      else
        answer =
          isApiPath(path) || isAssetPath(path) ? null : { kind: 'file', status: 200, file: appPageFor(path, distDir) };
      if (!answer) return false;
      if (answer.kind === 'redirect') void reply.redirect(answer.location, answer.status);
      else void sendFile(request, reply, answer.file, answer.status);
      return true;
    },
  };
}

function contentTypeOf(file: string): string {
  if (file.endsWith('.xml')) return 'application/xml; charset=utf-8';
  if (file.endsWith('.txt')) return 'text/plain; charset=utf-8';
  return 'text/html; charset=utf-8';
}

/**
 * The page of a build without a prerendered site: the hosted payment page has its own HTML entry
 * (React and the checkout only, no docs router) when the build has one; every other page address
 * gets the app shell.
 */
function appPageFor(path: string, distDir = webDistDir): string {
  if (/^\/entities\/[^/]+\/sessions\/[^/]+\/?$/.test(path) && existsSync(join(distDir, 'checkout.html')))
    return 'checkout.html';
  return APP_SHELL;
}
