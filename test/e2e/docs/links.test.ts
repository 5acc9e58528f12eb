// Every internal link of the site leads to a page that exists, and every #anchor to an element on
// it: a crawl from the home page and both sidebars, bounded so a link loop cannot run away.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { gotoAndRender, startSite, type Site } from './site';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const MAX_PAGES = 150;

interface PageInfo {
  heading: string | null;
  ids: string[];
  hrefs: string[];
}

it('resolves every internal link and anchor, starting from / and the sidebars', async () => {
  const page = await site.open('/');
  const start = ['/', '/docs', '/docs/checkout-showcase/'];
  const queue = [...start];
  const pages = new Map<string, PageInfo>();
  const anchors: { from: string; target: string; id: string }[] = [];
  const broken: string[] = [];

  while (queue.length > 0 && pages.size < MAX_PAGES) {
    const target = queue.shift();
    if (target === undefined || pages.has(target)) continue;
    await gotoAndRender(page, site.url + target);
    const info: PageInfo = await page.evaluate(() => ({
      heading: document.querySelector('main h1')?.textContent ?? null,
      ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
      // Hidden links (collapsed sidebar categories, closed menus) count too.
      hrefs: [...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? ''),
    }));
    pages.set(target, info);
    if (
      info.heading === 'Page Not Found' ||
      info.heading === 'This page crashed.' ||
      info.heading === 'This page failed to load.'
    ) {
      broken.push(`${target}: ${info.heading}`);
    }
    for (const href of info.hrefs) {
      const url = new URL(href, site.url + target);
      // Only the site's own pages: other origins, and files the api serves (OpenAPI JSON), are not crawled.
      if (url.origin !== site.url || /\.[a-z0-9]+$/i.test(url.pathname)) continue;
      const path = url.pathname + url.search;
      if (url.hash) anchors.push({ from: target, target: path, id: decodeURIComponent(url.hash.slice(1)) });
      if (!pages.has(path) && !queue.includes(path)) queue.push(path);
    }
  }

  expect(queue, 'the crawl stopped at its page limit').toEqual([]);
  expect(broken).toEqual([]);
  const missingAnchors = anchors
    .filter(({ target, id }) => !pages.get(target)?.ids.includes(id))
    .map(({ from, target, id }) => `${from} → ${target}#${id}`);
  expect(missingAnchors).toEqual([]);
  // Sanity: the crawl reached every documentation page and the API references.
  expect([...pages.keys()]).toEqual(
    expect.arrayContaining([
      '/docs/understand/introduction',
      '/docs/integrate/getting-started',
      '/docs/references/glossary/token-payment',
      '/api-v2',
      '/openapi/',
      '/wallet',
      '/search',
    ]),
  );
  expect(pages.size).toBeGreaterThan(25);
});
