// The api serving the e2e build (api/web-app.ts): what a crawler, `curl` or a browser gets for each
// address. Pages with their own head and text, the not-found page with 404, 301s for moved pages and
// other spellings of an address, the APIs keeping their own answers, the sitemap and robots.txt,
// the deployment's public URL in every absolute address, and the scripts with the headers and
// integrity hashes the SDK and CDN reference page lists.

import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApi, type Api } from '../../../api/server';
import { KeyRing } from '../../../api/auth/key-ring';
import { parseSiteManifest, SITE_MANIFEST_FILE } from '../../../api/web-pages';
import { redirects } from '../../../web/src/docs/redirects';
import { parseBrowserScripts } from '../../../web/src/docs/browser-scripts/browser-scripts';
import { startStack, type Stack } from '../../support/stack';

const PUBLIC_URL = 'https://docs.tessera.example';
const dist = inject('webDistDir');
const site = parseSiteManifest(JSON.parse(readFileSync(join(dist, SITE_MANIFEST_FILE), 'utf8')));

let stack: Stack;
let api: Api;
beforeAll(async () => {
  stack = await startStack({ webDistDir: dist, inProcessWorker: false });
  // The same build, served by a deployment whose public address is another one.
  api = await buildApi({
    config: { ...stack.config, publicUrl: PUBLIC_URL },
    sql: stack.sql,
    temporal: stack.temporal,
    keys: new KeyRing(stack.sql, stack.config.encryptionKey),
    logLevel: 'warn',
    serveWebApp: true,
    webDistDir: dist,
  });
});
afterAll(async () => {
  await api?.close();
  await stack?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => api.inject({ method: 'GET', url, headers });

describe('pages', () => {
  it('answers a docs page with its title, description, canonical and Open Graph addresses and its full text', async () => {
    const page = await get('/docs/integrate/purse-api/tutorials/webhooks');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Webhooks | Tessera</title>');
    expect(page.body).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    const address = `${PUBLIC_URL}/docs/integrate/purse-api/tutorials/webhooks`;
    expect(page.body).toContain(`<link rel="canonical" href="${address}" />`);
    expect(page.body).toContain(`<meta property="og:url" content="${address}" />`);
    expect(page.body).toContain('<meta property="og:title" content="Webhooks | Tessera" />');
    expect(page.body).not.toContain(site.publicUrlPlaceholder);
    // The whole article, down to its last section, without running anything.
    const source = readFileSync(
      join(import.meta.dirname, '../../../web/src/docs/content/integrate/purse-api/tutorials/webhooks.mdx'),
      'utf8',
    );
    const lastHeading = [...source.matchAll(/^## (.+)$/gm)].at(-1)?.[1]?.replace(/`/g, '');
    expect(lastHeading).toBeTruthy();
    expect(page.body).toContain(`>${lastHeading}<`);
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await get('/docs/integrate/purse-api/tutorials/webhooks', {
      'if-none-match': String(page.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers the API references, the home page and the search page from their own files', async () => {
    for (const [path, title] of [
      ['/', 'Tessera documentation'],
      ['/docs', 'Tessera documentation | Tessera'],
      ['/api-v2', 'API v2 reference | Tessera'],
      ['/openapi/', 'API v1 reference | Tessera'],
      ['/wallet', 'Wallet API reference | Tessera'],
      ['/search', 'Search the documentation | Tessera'],
    ]) {
      const page = await get(path!);
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).toContain(`<title>${title}</title>`);
    }
    // The API reference's operations are in the page, not only in its script.
    expect((await get('/openapi/')).body).toContain('/payment/v1/');
  });

  it('answers an unknown docs or site address with the not-found page and 404', async () => {
    for (const path of [
      '/docs/partners/nonexistent/',
      '/docs/understand/introduction/extra',
      '/no/such/page',
      '/docsx',
    ]) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(page.body, path).toContain('<title>Page Not Found | Tessera</title>');
      expect(page.body, path).toContain('<meta name="robots" content="noindex" />');
      expect(page.body, path).toContain('We could not find what you were looking for.');
    }
    // HEAD too, without a body.
    const head = await api.inject({ method: 'HEAD', url: '/docs/nope' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });

  it('answers a moved page with a 301 to its new address, from the redirects table', async () => {
    expect(redirects.length).toBeGreaterThan(0);
    for (const { from, to } of redirects) {
      const answer = await get(`${from}?utm_source=old-link`);
      expect(answer.statusCode, from).toBe(301);
      expect(answer.headers.location, from).toBe(`${to}?utm_source=old-link`);
      expect((await get(to)).statusCode, to).toBe(200);
    }
  });

  it('answers the other spelling of an address with a 301 to the page: /wallet/ is the wallet reference', async () => {
    for (const [from, to] of [
      ['/wallet/', '/wallet'],
      ['/openapi', '/openapi/'],
      ['/docs/', '/docs'],
      ['/docs/understand/introduction/', '/docs/understand/introduction'],
      ['/docs/integrate/api-v1', '/docs/integrate/api-v1/'],
    ]) {
      const answer = await get(from!);
      expect(answer.statusCode, from).toBe(301);
      expect(answer.headers.location, from).toBe(to);
    }
  });

  it('serves the demo shop from the app shell, and no prerendered file by its own name', async () => {
    const demo = await get('/demo/merchant?widget_data=x');
    expect(demo.statusCode).toBe(200);
    expect(demo.body).toContain('<div id="root"></div>');
    for (const path of ['/pages/docs.html', '/pages/site.json', '/index.html', '/checkout.html', '/pages/sitemap.xml'])
      expect((await get(path)).statusCode, path).toBe(404);
  });
});

describe('the APIs keep their own answers', () => {
  it.each([
    ['/v2/payments/00000000-0000-4000-8000-000000000000', 401, 'application/problem+json'],
    ['/v2/nothing-here', 404, 'application/problem+json'],
    [
      '/payment/v1/00000000-0000-4000-8000-000000000000/sessions/00000000-0000-4000-8000-000000000001',
      401,
      'application/json',
    ],
    ['/00000000-0000-4000-8000-000000000000/sessions/00000000-0000-4000-8000-000000000001', 401, 'application/json'],
    // An API 404 or 405 (which shape is the errors' business, api/errors/error-handler.ts), never a page.
    ['/wallet/v2/unknown', 404, 'application/json'],
    ['/wallet/session', 405, 'application/json'],
    ['/oauth/token', 405, 'application/'],
    ['/checkout/v1/sessions/00000000-0000-4000-8000-000000000000', 401, 'application/'],
    ['/sdk/v1/no-such-script.js', 404, 'application/'],
    ['/widget/v2', 404, 'application/'],
    ['/assets/no-such-chunk.js', 404, 'application/'],
  ])('GET %s answers %i, %s', async (path, status, type) => {
    const answer = await get(path);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-type']).toContain(type);
    expect(answer.body).not.toContain('<html');
  });

  it('leaves an address that only starts with a UUID, but is no call of API v1, to the site: its not-found page', async () => {
    const answer = await get('/00000000-0000-4000-8000-000000000000/nothing-here');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('<html');
  });

  it('serves the OpenAPI documents, the metrics and the health check as before', async () => {
    const openapi = await get('/openapi/v2.json');
    expect(openapi.statusCode).toBe(200);
    expect(openapi.json()).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
    expect((await get('/metrics')).headers['content-type']).toContain('text/plain');
    expect((await get('/health')).headers['content-type']).toContain('application/json');
  });
});

describe('sitemap and robots.txt', () => {
  it('lists every prerendered page at the deployment’s address', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const listed = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(site.pages.map((page) => PUBLIC_URL + page.path).sort());
    expect(listed).toContain(`${PUBLIC_URL}/docs/references/sdk-cdn-urls`);
    expect(listed.some((url) => url?.includes('not-found'))).toBe(false);
  });

  it('points robots.txt at the sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
  });
});

describe('scripts for other sites', () => {
  it('serves each listed script with the headers and the integrity hash the reference page shows', async () => {
    const listed = await get('/browser-scripts.json');
    expect(listed.statusCode).toBe(200);
    const scripts = parseBrowserScripts(listed.json());
    expect(scripts.map((script) => script.url)).toContain('/widget/v1/tessera-widget.js');
    const reference = (await get('/docs/references/sdk-cdn-urls')).body;
    for (const script of scripts) {
      const answer = await api.inject({ method: 'GET', url: script.url, headers: { origin: 'https://shop.example' } });
      expect(answer.statusCode, script.url).toBe(200);
      for (const [name, value] of Object.entries(script.headers))
        expect(answer.headers[name], `${script.url} ${name}`).toBe(value);
      expect(`sha384-${createHash('sha384').update(answer.rawPayload).digest('base64')}`).toBe(script.integrity);
      expect(reference).toContain(script.integrity);
      expect(reference).toContain(script.headers['cache-control']);
    }
  });

  it('sends the build’s compressed copies and compressed pages to browsers that accept them', async () => {
    const plain = await get('/widget/v1/tessera-widget.js');
    const brotli = await get('/widget/v1/tessera-widget.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe(plain.headers['cache-control']);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const page = await get('/docs/understand/introduction', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toBe((await get('/docs/understand/introduction')).body);
    // The copies themselves are no addresses.
    expect((await get('/widget/v1/tessera-widget.js.br')).statusCode).toBe(404);
  });

  it('caches the app’s hashed files for a year', async () => {
    const asset = site.pages.length > 0 ? /\/assets\/[^"]+\.js/.exec((await get('/docs')).body)?.[0] : undefined;
    expect(asset).toBeTruthy();
    expect((await get(asset!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
