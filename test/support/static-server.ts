// A tiny static file server for a built web app that answers as the api does: pages by address
// (api/web-pages.ts: prerendered pages, 301s, the not-found page with 404, the app shell for the
// demo shop, the hosted page's entry) with the deployment's address in place of the build's
// placeholder, sitemap.xml and robots.txt, and the other files as they are (a missing one is a
// plain 404, as a browser loading a script needs), compressed as the api sends them (the build's
// Brotli copies, pages gzipped), so timings over a throttled network are the api's. It sends the api's security headers
// (api/security-headers.ts), so the docs' browser tests run under the Content-Security-Policy the
// api serves the pages with.

import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { baseSecurityHeaders, cachedPagePolicies, pageHeaders, resourceHeaders } from '../../api/security-headers';
import {
  indexSite,
  parseSiteManifest,
  resolvePageAddress,
  SITE_MANIFEST_FILE,
  withPublicUrl,
  type SiteIndex,
} from '../../api/web-pages';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function readSite(root: string): SiteIndex | null {
  const manifest = join(root, SITE_MANIFEST_FILE);
  if (!existsSync(manifest)) return null;
  return indexSite(parseSiteManifest(JSON.parse(readFileSync(manifest, 'utf8'))), {
    hasCheckoutEntry: existsSync(join(root, 'checkout.html')),
  });
}

export async function startStaticServer(root: string): Promise<StaticServer> {
  const policies = cachedPagePolicies(root);
  const site = readSite(root);
  let url = '';
  const server: Server = createServer((request, response) => {
    void (async () => {
      const address = new URL(request.url ?? '/', 'http://localhost');
      const pathname = decodeURIComponent(address.pathname);
      const file = normalize(join(root, pathname));
      if (!file.startsWith(root.endsWith(sep) ? root : root + sep) && file !== root) {
        response.writeHead(403).end();
        return;
      }
      const headersOf = (target: string, path: string) => {
        const contentType = TYPES[extname(target)] ?? 'application/octet-stream';
        return {
          ...baseSecurityHeaders({ https: false }),
          ...(contentType.startsWith('text/html') ? pageHeaders(path, policies()) : resourceHeaders(path, contentType)),
          'content-type': contentType,
          // Hashed assets could be cached for ever; tests want every load to hit the server.
          'cache-control': 'no-store',
        };
      };
      const accepts = (encoding: string) =>
        new RegExp(`\\b${encoding}\\b`).test(String(request.headers['accept-encoding']));
      const sendPage = (target: string, status: number) => {
        const raw = readFileSync(join(root, target), 'utf8');
        const body = site ? withPublicUrl(raw, site.manifest.publicUrlPlaceholder, url) : raw;
        if (!accepts('gzip')) {
          response.writeHead(status, headersOf(target, pathname)).end(body);
          return;
        }
        response
          .writeHead(status, { ...headersOf(target, pathname), 'content-encoding': 'gzip', vary: 'accept-encoding' })
          .end(gzipSync(body));
      };
      if (site && (pathname === '/sitemap.xml' || pathname === '/robots.txt')) {
        sendPage(pathname === '/sitemap.xml' ? site.manifest.sitemap : site.manifest.robots, 200);
        return;
      }
      // As the api: pages by address only, never by the file names of the build.
      const servable =
        !/\.(br|gz)$/.test(pathname) &&
        !pathname.startsWith('/pages/') &&
        !['/index.html', '/checkout.html'].includes(pathname);
      if (servable && (await isFile(file))) {
        const brotli = accepts('br') && (await isFile(`${file}.br`));
        response.writeHead(200, {
          ...headersOf(file, pathname),
          ...(brotli ? { 'content-encoding': 'br', vary: 'accept-encoding' } : {}),
        });
        createReadStream(brotli ? `${file}.br` : file).pipe(response);
        return;
      }
      const answer = site
        ? resolvePageAddress(site, pathname, address.search)
        : extname(pathname) === ''
          ? ({ kind: 'file', status: 200, file: 'index.html' } as const)
          : null;
      if (!answer) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      if (answer.kind === 'redirect') {
        response.writeHead(answer.status, { location: answer.location }).end();
        return;
      }
      sendPage(answer.file, answer.status);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The static server has no TCP address.');
  url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
