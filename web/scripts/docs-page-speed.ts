// How fast a prerendered docs page shows over a slow mobile connection: a web build served as the
// api serves it (test/support/static-server.ts), opened cold in Debian's Chromium with the network
// throttled through the DevTools protocol (test/support/network-profiles.ts, slow 4G). Printed by
// web/scripts/bundle-size.ts.

import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../test/support/browser';
import { SLOW_4G } from '../../test/support/network-profiles';
import { startStaticServer } from '../../test/support/static-server';

export interface PageSpeed {
  /** Milliseconds from navigation start. */
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  /** When the app had taken the page over (hydrated). */
  hydrated: number;
  /** Bytes of JavaScript that came over the network (compressed as sent). */
  scriptBytes: number;
}

async function measureOnce(browser: Browser, url: string): Promise<PageSpeed> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    let scriptBytes = 0;
    const scriptRequests = new Set<string>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scriptRequests.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scriptRequests.has(event.requestId)) scriptBytes += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 120_000 });
    const hydrated = await page.evaluate(() => performance.now());
    // Nothing paints after hydration on a docs page; a short wait lets the last entries arrive.
    await page.waitForTimeout(500);
    const paints = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number }>((resolve) => {
          let lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(
            () => resolve({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0, lcp }),
            0,
          );
        }),
    );
    return { firstContentfulPaint: paints.fcp, largestContentfulPaint: paints.lcp, hydrated, scriptBytes };
  } finally {
    await context.close();
  }
}

/** The median of `runs` cold loads of `path` from the web build in `dist`. */
export async function measureDocsPage(dist: string, path: string, runs = 3): Promise<PageSpeed> {
  const server = await startStaticServer(dist);
  const browser = await launchBrowser();
  try {
    const results: PageSpeed[] = [];
    for (let run = 0; run < runs; run++) results.push(await measureOnce(browser, server.url + path));
    const median = (pick: (speed: PageSpeed) => number) => {
      const values = results.map(pick).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] ?? 0;
    };
    return {
      firstContentfulPaint: median((speed) => speed.firstContentfulPaint),
      largestContentfulPaint: median((speed) => speed.largestContentfulPaint),
      hydrated: median((speed) => speed.hydrated),
      scriptBytes: median((speed) => speed.scriptBytes),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
