// Shared by the documentation site's browser tests: serves the e2e build (test/support/e2e-setup.ts)
// with the api's SPA fallback and opens pages in Debian's Chromium.

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser } from '../../support/browser';
import { startStaticServer, type StaticServer } from '../../support/static-server';

export interface Site {
  url: string;
  browser: Browser;
  /** A page in a fresh context (fresh localStorage), at `path`, with the app rendered. */
  open(path: string, options?: { width?: number; height?: number }): Promise<Page>;
  newContext(options?: { width?: number; height?: number }): Promise<BrowserContext>;
  close(): Promise<void>;
}

export const DESKTOP = { width: 1280, height: 900 };

export async function startSite(): Promise<Site> {
  const server: StaticServer = await startStaticServer(inject('webDistDir'));
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const newContext = async ({ width = DESKTOP.width, height = DESKTOP.height } = {}) => {
    const context = await browser.newContext({
      viewport: { width, height },
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    return context;
  };
  return {
    url: server.url,
    browser,
    newContext,
    async open(path, options) {
      const page = await (await newContext(options)).newPage();
      await gotoAndRender(page, server.url + path);
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Loads a URL and waits until the app has taken the page over: the build's HTML hydrated (or the
 * page rendered by the browser), so clicks and keys reach React.
 */
export async function gotoAndRender(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
}

/**
 * Waits until the app runs the page (after a load or a reload): a prerendered page once it is
 * hydrated, a page the browser renders alone (the demo shop) once it shows its heading.
 */
export async function waitForApp(page: Page): Promise<void> {
  if ((await page.locator('#root[data-prerendered]').count()) > 0)
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.locator('main h1, .page-error h1').first().waitFor();
}

export const themeOf = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    choice: document.documentElement.dataset.themeChoice,
    stored: window.localStorage.getItem('theme'),
  }));
