// The page shell: colour mode, announcement bar, navbar items, docs version and language menus,
// skip link, hiding navbar, mobile sidebar.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoAndRender, startSite, themeOf, waitForApp, type Site } from './site';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('colour mode', () => {
  it('starts light, cycles system → light → dark → system, and stores only explicit choices', async () => {
    const page = await site.open('/docs');
    await expect(themeOf(page)).resolves.toEqual({ theme: 'light', choice: 'system', stored: null });
    const toggle = page.locator('.navbar .color-mode-toggle');
    await toggle.click();
    await expect(themeOf(page)).resolves.toEqual({ theme: 'light', choice: 'light', stored: 'light' });
    await toggle.click();
    await expect(themeOf(page)).resolves.toEqual({ theme: 'dark', choice: 'dark', stored: 'dark' });
    await toggle.click();
    // Choosing "system" forgets the stored choice.
    await expect(themeOf(page)).resolves.toEqual({ theme: 'light', choice: 'system', stored: null });
  });

  it('follows the operating system in system mode', async () => {
    const page = await site.open('/docs');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => themeOf(page)).toEqual({ theme: 'dark', choice: 'system', stored: null });
  });

  it('is applied before the app runs (no flash), from the inline script', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/docs`);
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    // Without any of the app's JavaScript, the page must already be dark.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).resolves.toBe(
      'rgb(27, 27, 29)',
    );
  });

  it('is synchronised across tabs', async () => {
    const context = await site.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await gotoAndRender(first, `${site.url}/docs`);
    await gotoAndRender(second, `${site.url}/docs/understand/introduction`);
    // The second tab stays in the background, where the change must reach it.
    await first.bringToFront();
    const toggle = first.locator('.navbar .color-mode-toggle');
    await toggle.click(); // light
    await toggle.click(); // dark
    await expect.poll(() => themeOf(second)).toEqual({ theme: 'dark', choice: 'dark', stored: 'dark' });
    await toggle.click(); // system
    await expect.poll(() => themeOf(second)).toEqual({ theme: 'light', choice: 'system', stored: null });
  });
});

describe('announcement bar', () => {
  const bar = '.announcement-bar';

  it('stays closed across reloads once closed, and comes back when its id changes', async () => {
    const page = await site.open('/');
    await expect(page.locator(bar).textContent()).resolves.toContain('survey');
    await page.getByRole('button', { name: 'Close announcement' }).click();
    await page.locator(bar).waitFor({ state: 'detached' });
    await page.reload();
    await waitForApp(page);
    await expect(page.locator(bar).count()).resolves.toBe(0);
    // A reader who closed an earlier announcement (another id) sees the current one.
    await page.evaluate(() => window.localStorage.setItem('tessera.announcement.id', 'an-older-announcement'));
    await page.reload();
    await waitForApp(page);
    await page.locator(bar).waitFor();
    await expect(page.evaluate(() => window.localStorage.getItem('tessera.announcement.dismiss'))).resolves.toBe(
      'false',
    );
  });
});

describe('navbar', () => {
  it('has the documentation link, the API menu, versions, language, search and the sandbox dashboard', async () => {
    const page = await site.open('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Documentation' }).getAttribute('href')).resolves.toBe('/docs');
    await nav.getByRole('button', { name: 'API', exact: true }).click();
    const apiMenu = nav.locator('.dropdown--open .dropdown__menu');
    await expect(
      apiMenu.locator('a').evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')])),
    ).resolves.toEqual([
      ['API v2', '/api-v2'],
      ['API v1Deprecated', '/openapi/'],
      ['API Wallet', '/wallet'],
    ]);
    await expect(nav.getByRole('button', { name: 'Current', exact: true }).count()).resolves.toBe(1);
    await expect(nav.getByRole('button', { name: 'English', exact: true }).count()).resolves.toBe(1);
    await expect(nav.getByRole('button', { name: /^Search/ }).count()).resolves.toBe(1);
    await expect(nav.getByRole('link', { name: 'Sandbox dashboard' }).getAttribute('target')).resolves.toBe('_blank');
    // Items without a position sit on the right.
    await expect(
      nav.locator('.navbar__items--right').getByRole('link', { name: 'Sandbox dashboard' }).count(),
    ).resolves.toBe(1);
  });

  it('leads from the API menu to the API v1 reference', async () => {
    const page = await site.open('/docs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'API', exact: true }).click();
    await nav
      .locator('.dropdown--open .dropdown__menu')
      .getByRole('link', { name: /^API v1/ })
      .click();
    await page.waitForURL(`${site.url}/openapi/`);
    await page.locator('.api-operation').first().waitFor();
    await expect(page.locator('main h1').first().textContent()).resolves.toBe('API v1 reference Deprecated');
  });

  it('stores the preferred docs version, and forgets one that no longer exists', async () => {
    const page = await site.open('/');
    await page.getByRole('button', { name: 'Current', exact: true }).click();
    await page.locator('.dropdown--open').getByRole('link', { name: 'Current' }).click();
    await page.waitForURL(`${site.url}/docs`);
    await expect(page.evaluate(() => window.localStorage.getItem('tessera.docs.preferred-version'))).resolves.toBe(
      'current',
    );
    await page.evaluate(() => window.localStorage.setItem('tessera.docs.preferred-version', 'retired-0.9'));
    await page.reload();
    await waitForApp(page);
    await expect(
      page.evaluate(() => window.localStorage.getItem('tessera.docs.preferred-version')),
    ).resolves.toBeNull();
  });

  it('offers a skip-to-main-content link first', async () => {
    const page = await site.open('/docs');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main-content');
  });

  it('hides while scrolling down and comes back on scroll up and at the top', async () => {
    const page = await site.open('/docs/integrate/getting-started');
    const hidden = () => page.locator('nav.navbar').evaluate((nav) => nav.classList.contains('navbar--hidden'));
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 800);
    await expect.poll(hidden).toBe(true);
    await page.mouse.wheel(0, 800);
    await expect.poll(hidden).toBe(true);
    await page.mouse.wheel(0, -300);
    await expect.poll(hidden).toBe(false);
    await page.mouse.wheel(0, 600);
    await expect.poll(hidden).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(hidden).toBe(false);
  });
});

describe('layout', () => {
  it('has a 300 px docs sidebar and a table of contents from h2 to h3 on desktop', async () => {
    const page = await site.open('/docs/integrate/getting-started');
    await expect(
      page.locator('aside.doc-sidebar').evaluate((aside) => aside.getBoundingClientRect().width),
    ).resolves.toBe(300);
    const tocLevels = await page
      .locator('.toc a')
      .evaluateAll((links) =>
        links.map((link) => document.getElementById(link.getAttribute('href')?.slice(1) ?? '')?.tagName),
      );
    expect(tocLevels.length).toBeGreaterThan(5);
    expect(tocLevels.every((tag) => tag === 'H2' || tag === 'H3')).toBe(true);
    // The page's h2 and h3 headings are all listed, deeper ones are not.
    await expect(page.locator('.markdown h2, .markdown h3').count()).resolves.toBe(tocLevels.length);
    await expect(page.locator('.navbar__toggle').count()).resolves.toBe(0);
  });

  it('at 900 px shows a mobile sidebar with the docs menu first and a back-to-main-menu button', async () => {
    const page = await site.open('/docs/understand/introduction', { width: 900, height: 800 });
    await expect(page.locator('aside.doc-sidebar').count()).resolves.toBe(0);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).isVisible(),
    ).resolves.toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Navigation' });
    await sidebar.waitFor();
    // Secondary menu: this page's docs sidebar.
    await sidebar.getByRole('link', { name: 'Payment concepts' }).waitFor();
    await sidebar.getByRole('button', { name: '← Back to main menu' }).click();
    // Main menu: the navbar items.
    await sidebar.getByRole('link', { name: 'Documentation' }).waitFor();
    await sidebar.getByRole('button', { name: 'API', exact: true }).click();
    await sidebar.getByRole('link', { name: 'API v2' }).waitFor();
    await sidebar.getByRole('button', { name: 'Documentation menu →' }).click();
    await sidebar.getByRole('link', { name: 'Use cases' }).click();
    await page.waitForURL(`${site.url}/docs/understand/use-cases`);
    await sidebar.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Use cases' }).waitFor();
  });
});
