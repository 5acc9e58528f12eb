// A tiny static file server for a built web app, with the api's SPA fallback: a path without a
// file extension that matches no file gets index.html (the app then renders its not-found page),
// while a missing asset (a .js, .json, .css…) is a real 404 — as a browser loading a script needs.
// It sends the api's security headers (api/security-headers.ts), so the docs' browser tests run
// under the Content-Security-Policy the api serves the pages with.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { baseSecurityHeaders, cachedPagePolicies, pageHeaders, resourceHeaders } from '../../api/security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
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

export async function startStaticServer(root: string): Promise<StaticServer> {
  const policies = cachedPagePolicies(root);
  const server: Server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      const file = normalize(join(root, pathname));
      if (!file.startsWith(root.endsWith(sep) ? root : root + sep) && file !== root) {
        response.writeHead(403).end();
        return;
      }
      let target: string | null = (await isFile(file)) ? file : null;
      if (!target && extname(pathname) === '') target = join(root, 'index.html');
      if (!target) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const contentType = TYPES[extname(target)] ?? 'application/octet-stream';
      response.writeHead(200, {
        ...baseSecurityHeaders({ https: false }),
        ...(contentType.startsWith('text/html')
          ? pageHeaders(pathname, policies())
          : resourceHeaders(pathname, contentType)),
        'content-type': contentType,
        // Hashed assets could be cached for ever; tests want every load to hit the server.
        'cache-control': 'no-store',
      });
      createReadStream(target).pipe(response);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The static server has no TCP address.');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
