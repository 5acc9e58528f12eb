// Search: the modal's keyboard shortcuts, its result screens, and the /search page.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoAndRender, startSite, type Site } from './site';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const modal = (page: Page) => page.getByRole('dialog', { name: 'Search the documentation' });

describe('search modal shortcuts', () => {
  it('opens with Ctrl+K and closes with Escape', async () => {
    const page = await site.open('/docs');
    await expect(modal(page).count()).resolves.toBe(0);
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await expect(
      page.getByRole('searchbox', { name: 'Search docs' }).evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
  });

  it('opens with Meta+K, with "/" and with the navbar button', async () => {
    const page = await site.open('/docs');
    await page.keyboard.press('Meta+k');
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await page.keyboard.press('/');
    await modal(page).waitFor();
    // The "/" that opened the modal is not typed into it.
    await expect(page.getByRole('searchbox', { name: 'Search docs' }).inputValue()).resolves.toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Search \(/ }).click();
    await modal(page).waitFor();
  });

  it('does not open with "/" while the reader types in an input, a textarea or an editable element', async () => {
    const page = await site.open('/search');
    const input = page.getByRole('searchbox', { name: 'Search the documentation' });
    await input.click();
    await page.keyboard.type('a/b');
    await expect(input.inputValue()).resolves.toBe('a/b');
    await page.evaluate(() => {
      const textarea = document.createElement('textarea');
      textarea.id = 'probe-textarea';
      const editable = document.createElement('div');
      editable.id = 'probe-editable';
      editable.contentEditable = 'true';
      editable.textContent = 'x';
      document.body.append(textarea, editable);
    });
    await page.locator('#probe-textarea').click();
    await page.keyboard.press('/');
    await page.locator('#probe-editable').click();
    await page.keyboard.press('/');
    await expect(modal(page).count()).resolves.toBe(0);
    await expect(page.locator('#probe-textarea').inputValue()).resolves.toBe('/');
    // Ctrl+K still works from inside a field, as in DocSearch.
    await page.locator('#probe-textarea').click();
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
  });
});

describe('search results', () => {
  it('finds sections, says when nothing matches, and links to all results on the search page', async () => {
    const page = await site.open('/docs');
    await page.keyboard.press('Control+k');
    const input = page.getByRole('searchbox', { name: 'Search docs' });
    await input.fill('zzqxv');
    await page.getByText('No results found for "zzqxv"').waitFor();

    await input.fill('capture');
    const seeAll = page.getByRole('link', { name: /^See all \d+ results$/ });
    await seeAll.waitFor();
    const count = Number((await seeAll.textContent())?.match(/\d+/)?.[0]);
    expect(count).toBeGreaterThan(8);
    // The modal shows the best hits, each a section of a page.
    const hits = page.locator('.search-modal .search-hit');
    await expect(hits.count()).resolves.toBe(8);
    await expect(page.locator('.search-modal .search-hit__link').first().getAttribute('href')).resolves.toMatch(
      /^\/docs\//,
    );

    await seeAll.click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'capture');
    await page.getByRole('heading', { level: 1, name: 'Search results for "capture"' }).waitFor();
    await expect(page.locator('.search-page__count').textContent()).resolves.toBe(`${count} results`);
    await expect(page.locator('.search-page .search-hit').count()).resolves.toBe(count);
    await expect(modal(page).count()).resolves.toBe(0);
  });

  it('opens a hit with the keyboard', async () => {
    const page = await site.open('/');
    await page.keyboard.press('Control+k');
    await page.getByRole('searchbox', { name: 'Search docs' }).fill('access token');
    await page.locator('.search-hit--selected').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/integrate\/getting-started#3-get-an-access-token$/);
    await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
  });

  it('says it cannot fetch results when the index does not load, and retries on the next opening', async () => {
    const page = await site.open('/docs');
    await page.route('**/search-index.json*', (route) => route.abort('internetdisconnected'));
    await page.keyboard.press('Control+k');
    await page.getByText('Unable to fetch results').waitFor();
    await page.getByText('You might want to check your network connection.').waitFor();
    await page.keyboard.press('Escape');
    await page.unroute('**/search-index.json*');
    await page.keyboard.press('Control+k');
    await page.getByRole('searchbox', { name: 'Search docs' }).fill('refund');
    await page.getByRole('link', { name: /^See all \d+ results$/ }).waitFor();
  });

  it('reads the query from ?q= on the search page and keeps it in the address', async () => {
    const page = await site.open('/search?q=idempotency');
    await page.getByRole('heading', { level: 1, name: 'Search results for "idempotency"' }).waitFor();
    await page.locator('.search-page .search-hit').first().waitFor();
    const input = page.getByRole('searchbox', { name: 'Search the documentation' });
    await input.fill('webhook');
    await page.waitForURL((url) => url.searchParams.get('q') === 'webhook');
    await page.getByRole('heading', { level: 1, name: 'Search results for "webhook"' }).waitFor();
    await gotoAndRender(page, `${site.url}/search`);
    await page.getByRole('heading', { level: 1, name: 'Search the documentation' }).waitFor();
  });
});
