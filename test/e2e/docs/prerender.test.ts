// The prerendered site of the e2e build (web/build/prerender.ts): a file for every route of the
// router with a title and a description of its own, pages that read without JavaScript and hydrate
// without React finding anything to correct, and the article on screen before any script has run
// over a slow connection.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseSiteManifest, SITE_MANIFEST_FILE } from '../../../api/web-pages';
import { launchBrowser } from '../../support/browser';
import { startStaticServer, type StaticServer } from '../../support/static-server';
import { SLOW_4G } from '../../support/network-profiles';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dist = inject('webDistDir');
const rawSite = JSON.parse(readFileSync(join(dist, SITE_MANIFEST_FILE), 'utf8')) as {
  pageRoutes: Record<string, string>;
  notFoundRoutes: Record<string, string>;
};
const site = parseSiteManifest(rawSite);
const read = (file: string) => readFileSync(join(dist, file), 'utf8');

/** The route ids of the router, as the route generator wrote them (web/src/routeTree.gen.ts). */
function routeIdsOfTree(): string[] {
  const source = readFileSync(join(root, 'web/src/routeTree.gen.ts'), 'utf8');
  const block = /export interface FileRoutesById \{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!block) throw new Error('web/src/routeTree.gen.ts has no FileRoutesById.');
  return [...block.matchAll(/^\s*'?([^':\s]+)'?:/gm)].map((match) => match[1] ?? '');
}

const headOf = (html: string) => ({
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
  description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '',
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
  h1: /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '',
});

describe('the build', () => {
  it('prerenders a page for every route of the router, or says why not', () => {
    const layouts = new Set(['__root__', '/_site']);
    const appRoutes = new Set(['/demo/merchant', '/demo/merchant_/return', '/entities/$entityId/sessions/$sessionId']);
    const prerendered = new Set([...Object.values(rawSite.pageRoutes), ...Object.values(rawSite.notFoundRoutes)]);
    for (const id of routeIdsOfTree()) {
      if (layouts.has(id)) continue;
      if (appRoutes.has(id)) {
        // The checkout pages render in the browser alone, from the app shell.
        expect(
          site.appRoutes.some((path) => path.replace('merchant/', 'merchant_/') === id || path === id),
          id,
        ).toBe(true);
        continue;
      }
      expect(prerendered.has(id), `route ${id} has no prerendered page`).toBe(true);
    }
    // Every documentation page of the content folder is one of them.
    const docsPages = site.pages.filter((page) => page.path.startsWith('/docs/'));
    expect(docsPages.length).toBeGreaterThan(50);
    expect(site.pages.map((page) => page.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/docs',
        '/api-v2',
        '/openapi/',
        '/wallet',
        '/search',
        '/docs/references/sdk-cdn-urls',
        '/docs/references/glossary/softpos-definition',
        '/docs/integrate/purse-api/tutorials/simple-payment',
      ]),
    );
  });

  it('gives every page a non-empty title and description of its own, its canonical address and its heading', () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const { path, file } of site.pages) {
      const head = headOf(read(file));
      expect(head.title, path).toMatch(/\S/);
      expect(head.description, path).toMatch(/\S/);
      expect(titles.get(head.title), `${path} repeats the title of another page`).toBeUndefined();
      expect(descriptions.get(head.description), `${path} repeats a description`).toBeUndefined();
      titles.set(head.title, path);
      descriptions.set(head.description, path);
      expect(head.canonical, path).toBe(site.publicUrlPlaceholder + path);
      expect(head.h1, path).toMatch(/\S/);
      expect(read(file), path).toContain(`<div id="root" data-prerendered="${path}">`);
    }
    for (const { file } of site.notFound) {
      const html = read(file);
      expect(headOf(html)).toMatchObject({ title: 'Page Not Found | Tessera', canonical: null, h1: 'Page Not Found' });
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('writes a sitemap of every page and a robots.txt pointing at it', () => {
    const sitemap = read(site.sitemap);
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(site.pages.map((page) => site.publicUrlPlaceholder + page.path).sort());
    expect(read(site.robots)).toContain(`Sitemap: ${site.publicUrlPlaceholder}/sitemap.xml`);
  });
});

let server: StaticServer;
let browser: Browser;
beforeAll(async () => {
  server = await startStaticServer(dist);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Console errors and warnings, and uncaught errors: React reports a hydration mismatch there. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('in Chromium', () => {
  it(
    'hydrates every page, at desktop and mobile widths, without React correcting anything',
    { timeout: 600_000 },
    async () => {
      // Desktop in light mode, and the mobile layout in dark mode: the build renders neither the
      // reader's width nor their colour mode, which the app then applies.
      const contexts = await Promise.all([
        browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' }),
        browser.newContext({ viewport: { width: 900, height: 800 }, colorScheme: 'dark' }),
      ]);
      const pages = await Promise.all(contexts.map((context) => context.newPage()));
      const notFound = site.notFound.map(({ scope }) => ({ path: `${scope}no-such-page` }));
      for (const [index, { path }] of [...site.pages, ...notFound].entries()) {
        const page = pages[index % 2]!;
        const problems = watchConsole(page);
        await page.goto(server.url + path);
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
        // Anything React had to fix is reported by now; the 404 page's own status is no problem.
        expect(
          problems.filter((problem) => !/status of 404/.test(problem)),
          path,
        ).toEqual([]);
      }
      for (const context of contexts) await context.close();
    },
  );

  it.each([
    ['a stored dark choice', { stored: 'dark', colorScheme: 'light' }],
    ['a dark system without a stored choice', { stored: null, colorScheme: 'dark' }],
  ] as const)(
    'never shows a dark-mode reader light mode, from first paint through hydration (%s)',
    async (_name, reader) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        colorScheme: reader.colorScheme,
      });
      await context.addInitScript((stored) => {
        if (stored) window.localStorage.setItem('theme', stored);
        // A reader who closed the announcement: it must not show either.
        window.localStorage.setItem('tessera.announcement.id', 'developer-survey-1');
        window.localStorage.setItem('tessera.announcement.dismiss', 'true');
        const seen: string[] = [];
        Reflect.set(window, '__themes', seen);
        // On the document: <html> does not exist yet when this runs.
        new MutationObserver((records) => {
          for (const record of records)
            if (record.target === document.documentElement) seen.push(document.documentElement.dataset.theme ?? '');
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-theme'] });
      }, reader.stored);
      const page = await context.newPage();
      let releaseScripts: () => void = () => {};
      const scriptsHeld = new Promise<void>((resolve) => {
        releaseScripts = resolve;
      });
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      const loaded = page.goto(`${server.url}/docs/understand/payment-concepts`, { waitUntil: 'commit' });
      await page.locator('main h1').waitFor();
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe(
        'rgb(27, 27, 29)',
      );
      await expect(page.locator('.announcement-bar').isVisible()).resolves.toBe(false);
      releaseScripts();
      await loaded;
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const themes = await page.evaluate(() => Reflect.get(window, '__themes') as string[]);
      expect(themes.length).toBeGreaterThan(0);
      expect(
        themes.every((theme) => theme === 'dark'),
        themes.join(' → '),
      ).toBe(true);
      await expect(page.locator('.announcement-bar').count()).resolves.toBe(0);
      await context.close();
    },
  );

  it('reads a tutorial with JavaScript disabled: title, headings, prose and every code sample', async () => {
    const tutorial = 'integrate/purse-api/tutorials/simple-payment';
    const source = readFileSync(join(root, 'web/src/docs/content', `${tutorial}.mdx`), 'utf8');
    const headings = [...source.matchAll(/^##+ (.+)$/gm)].map((match) => (match[1] ?? '').replace(/`/g, ''));
    const samples = [...source.matchAll(/^```[^\n]*\n([\s\S]*?)^```$/gm)].map((match) => (match[1] ?? '').trim());
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/docs/${tutorial}`);
    await expect(page.evaluate(() => document.querySelectorAll('script[src]').length)).resolves.toBeGreaterThan(0);
    await expect(page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).resolves.toBe(false);
    await expect(page.locator('main h1').textContent()).resolves.toBe('A simple payment');
    await expect(page.title()).resolves.toBe('A simple payment | Tessera');
    await expect(
      page
        .locator('.markdown h2, .markdown h3')
        .evaluateAll((elements) => elements.map((element) => element.firstChild?.textContent ?? '')),
    ).resolves.toEqual(headings);
    expect(samples.length).toBeGreaterThan(8);
    await expect(
      page
        .locator('.markdown pre code')
        .evaluateAll((blocks) => blocks.map((block) => (block.textContent ?? '').trim())),
    ).resolves.toEqual(samples);
    // The navigation is there too: the sidebar and the links to the previous and next pages.
    await expect(page.locator('aside.doc-sidebar a').count()).resolves.toBeGreaterThan(20);
    await expect(page.locator('.pagination-nav a').count()).resolves.toBe(2);
    await context.close();
    // On a phone the page reads in the mobile layout from the start: no desktop columns.
    const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    const mobile = await phone.newPage();
    await mobile.goto(`${server.url}/docs/${tutorial}`);
    await expect(mobile.locator('aside.doc-sidebar').isVisible()).resolves.toBe(false);
    await expect(mobile.locator('.doc-toc-column').isVisible()).resolves.toBe(false);
    await expect(mobile.locator('.markdown pre').first().isVisible()).resolves.toBe(true);
    await phone.close();
  });

  it('shows the article before any script has run over a slow 4G connection, then hydrates', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    // The page's scripts are held back until the article has been seen.
    let releaseScripts: () => void = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route(/\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const loaded = page.goto(`${server.url}/docs/integrate/getting-started`, { waitUntil: 'commit' });
    await page.locator('main h1', { hasText: 'Getting started' }).waitFor({ state: 'visible', timeout: 60_000 });
    const article = page.locator('.markdown p').first();
    await article.waitFor({ state: 'visible' });
    await expect(article.textContent()).resolves.toMatch(/\w{4,}/);
    // Painted, not only in the document.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const before = await page.evaluate(() => ({
      ranScript: document.documentElement.hasAttribute('data-app-ready'),
      styled: getComputedStyle(document.querySelector('aside.doc-sidebar') ?? document.body).width,
    }));
    expect(before.ranScript).toBe(false);
    // The page's stylesheets came with it: the sidebar already has its width.
    expect(before.styled).toBe('300px');
    releaseScripts();
    await loaded;
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
    await context.close();
  });
});
