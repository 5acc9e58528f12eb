// A merchant's site on another origin than Tessera's: its own loopback port, serving the demo
// shop's pages (proxied from the api, which builds them) under the merchant's own policy, which
// lets Tessera's origin in for the widget's calls and the secure field frames. Optionally
// "compromised": every page carries a hostile script (a card skimmer) first in its <head>, which
// posts what it saw to /__skimmed; the test reads it from here.
//
// A second server, `foreign`, stands for anyone else (an ad, an attacker's page): its pages are
// given by the test.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';

const HOSTILE_SCRIPT = readFileSync(
  fileURLToPath(new URL('../e2e/checkout/fixtures/hostile-script.js', import.meta.url)),
  'utf8',
);

export interface Skimmed {
  /** Every `key` of every keyboard event the script heard, in order. */
  keys: string[];
  /** Everything else it read: `kind:value` (texts, attributes, input values, event data, messages). */
  seen: string[];
  /** The pages (paths) it reported from. */
  pages: string[];
}

export interface MerchantSite {
  origin: string;
  /** What the hostile script sent home so far. */
  skimmed(): Skimmed;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/** The api's page policy with Tessera's origin allowed where a merchant embedding Tessera allows it. */
export function merchantPolicy(tesseraPolicy: string, tesseraOrigin: string): string {
  const directives = tesseraPolicy
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('frame-ancestors'));
  const widened = directives.map((part) =>
    /^(script-src|connect-src|img-src)\s/.test(part) ? `${part} ${tesseraOrigin}` : part,
  );
  return [...widened, `frame-src ${tesseraOrigin}`].join('; ');
}

export async function startMerchantSite(
  tesseraUrl: string,
  options: { hostile?: boolean } = {},
): Promise<MerchantSite> {
  const tesseraOrigin = new URL(tesseraUrl).origin;
  const skimmed: Skimmed = { keys: [], seen: [], pages: [] };
  const server = createServer((request, response) => {
    void (async () => {
      const url = request.url ?? '/';
      if (url === '/__skimmed' && request.method === 'POST') {
        const report = JSON.parse(await readBody(request)) as { page: string; keys: string[]; seen: string[] };
        skimmed.keys.push(...report.keys);
        skimmed.seen.push(...report.seen);
        if (!skimmed.pages.includes(report.page)) skimmed.pages.push(report.page);
        response.writeHead(204).end();
        return;
      }
      if (url === '/__hostile.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(HOSTILE_SCRIPT);
        return;
      }
      const answer = await fetch(`${tesseraUrl}${url}`, { method: request.method ?? 'GET', redirect: 'manual' });
      const type = answer.headers.get('content-type') ?? 'application/octet-stream';
      const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-store' };
      const location = answer.headers.get('location');
      if (location) headers.location = location;
      let body = Buffer.from(await answer.arrayBuffer());
      if (type.startsWith('text/html')) {
        const policy = answer.headers.get('content-security-policy');
        if (policy) headers['content-security-policy'] = merchantPolicy(policy, tesseraOrigin);
        if (options.hostile)
          body = Buffer.from(
            body.toString('utf8').replace(/<head>/i, '<head><script src="/__hostile.js"></script>'),
            'utf8',
          );
      }
      response.writeHead(answer.status, headers).end(body);
    })().catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
  });
  const origin = await listen(server);
  return {
    origin,
    skimmed: () => ({ keys: [...skimmed.keys], seen: [...skimmed.seen], pages: [...skimmed.pages] }),
    close: () => close(server),
  };
}

/** Another origin still, serving whatever HTML the test gives it at `/`. */
export async function startForeignSite(
  page: (request: IncomingMessage) => string,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(request));
  });
  const origin = await listen(server);
  return { origin, close: () => close(server) };
}
