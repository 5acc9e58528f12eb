// Routes and page states: every spec route, not-found, crash, page-load failure, the navigation
// progress bar, prefetching, the API reference pages and the checkout widget loader.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoAndRender, startSite, waitForApp, type Site } from './site';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

const h1 = (page: Page) => page.locator('main h1').first().textContent();
const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the site’s routes', () => {
  it.each([
    ['/', 'Tessera documentation'],
    ['/docs', 'Tessera documentation'],
    ['/docs/checkout-showcase/', 'Checkout showcase'],
    ['/openapi/', 'API v1 reference Deprecated'],
    ['/api-v2', 'API v2 reference'],
    ['/wallet', 'Wallet API reference'],
    ['/search?q=void', 'Search results for "void"'],
    ['/docs/understand/introduction', 'Introduction'],
    ['/docs/understand/payment-concepts', 'Payment concepts'],
    ['/docs/understand/use-cases', 'Use cases'],
    ['/docs/integrate/getting-started', 'Getting started'],
    ['/docs/references/convention', 'Conventions'],
    ['/docs/references/glossary/3ds', '3-D Secure (3DS)'],
    ['/docs/references/glossary/cit-mit', 'CIT and MIT'],
    ['/docs/references/glossary/void', 'Void'],
    ['/docs/references/glossary/softpos-definition', 'SoftPOS'],
    ['/docs/references/sdk-cdn-urls', 'SDK and CDN URLs'],
  ])('%s renders "%s"', async (path, title) => {
    const page = await site.open(path);
    await expect(h1(page)).resolves.toBe(title);
    await page.context().close();
  });

  it('shows the docs sidebar on docs pages and the showcase sidebar on the showcase', async () => {
    const page = await site.open('/docs');
    await expect(page.locator('aside.doc-sidebar').getAttribute('data-sidebar')).resolves.toBe('docsSidebar');
    await gotoAndRender(page, `${site.url}/docs/checkout-showcase/`);
    await expect(page.locator('aside.doc-sidebar').getAttribute('data-sidebar')).resolves.toBe('showcaseSidebar');
  });
});

describe('not-found page', () => {
  it.each(['/no/such/page', '/docs/no-such-page', '/docs/understand/introduction/extra'])(
    'renders for %s inside the shell',
    async (path) => {
      const page = await site.open(path);
      await expect(h1(page)).resolves.toBe('Page Not Found');
      await expect(navbar(page).count()).resolves.toBe(1);
      await expect(page.title()).resolves.toBe('Page Not Found | Tessera');
    },
  );
});

describe('crash page', () => {
  it('says the page crashed, keeps the shell, and recovers with "Try again"', async () => {
    const page = await site.open('/docs/understand/introduction?__crash');
    await page.getByRole('heading', { level: 1, name: 'This page crashed.' }).waitFor();
    await expect(navbar(page).count()).resolves.toBe(1);
    await expect(page.locator('.page-error__cause').textContent()).resolves.toBe(
      'Crash requested by the test hook (?__crash).',
    );
    // While the cause remains, trying again crashes again.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'This page crashed.' }).waitFor();
    await page.evaluate(() => window.history.replaceState(window.history.state, '', window.location.pathname));
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor();
  });
});

describe('page-load failure', () => {
  it('shows the error with "Retry" when a page chunk fails to load, and "Retry" loads it', async () => {
    const page = await site.open('/docs');
    await page.route('**/assets/use-cases-*.js', (route) => route.abort('connectionreset'));
    await page.locator('aside.doc-sidebar').getByRole('link', { name: 'Use cases' }).click();
    await page.getByRole('heading', { level: 1, name: 'This page failed to load.' }).waitFor();
    await expect(page.locator('.page-error__cause').textContent()).resolves.toMatch(
      /Failed to fetch dynamically imported module/,
    );
    await expect(navbar(page).count()).resolves.toBe(1);
    await page.unroute('**/assets/use-cases-*.js');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Use cases' }).waitFor();
  });
});

describe('navigation progress bar', () => {
  async function clickAndWatch(page: Page, link: string) {
    // Record, in the page, when the click happened and when the bar appeared and went away.
    await page.evaluate(() => {
      const marks: Record<string, number> = {};
      Reflect.set(window, '__marks', marks);
      document.addEventListener(
        'click',
        () => {
          marks.click ??= performance.now();
        },
        { capture: true, once: true },
      );
      new MutationObserver(() => {
        const bar = document.getElementById('nprogress');
        if (bar && marks.shown === undefined) marks.shown = performance.now();
        if (!bar && marks.shown !== undefined && marks.hidden === undefined) marks.hidden = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('aside.doc-sidebar').getByRole('link', { name: link }).click();
  }
  const marks = (page: Page) => page.evaluate(() => Reflect.get(window, '__marks'));

  it('starts 200 ms after a route change, has no spinner, and finishes when the page renders', async () => {
    const page = await site.open('/docs');
    // Hold the next page's content for a second.
    await page.route('**/assets/payment-concepts-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await clickAndWatch(page, 'Payment concepts');
    await page.locator('#nprogress').waitFor();
    await expect(page.locator('#nprogress .spinner, #nprogress [class*="spinner"]').count()).resolves.toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Payment concepts' }).waitFor();
    await page.locator('#nprogress').waitFor({ state: 'detached' });
    const { click, shown, hidden } = await marks(page);
    expect(shown - click).toBeGreaterThanOrEqual(200);
    // Generous upper bound: the machine running the tests may be busy.
    expect(shown - click).toBeLessThan(1500);
    expect(hidden).toBeGreaterThan(shown);
  });

  it('does not appear for a page that loads within 200 ms', async () => {
    const page = await site.open('/docs/understand/introduction');
    await clickAndWatch(page, 'Introduction'); // the same page: no route change
    // Preloaded by hovering, so the navigation needs no network and resolves at once even on a busy machine.
    const preloaded = page.waitForResponse(/\/assets\/use-cases-[^/]+\.js$/);
    await page.locator('aside.doc-sidebar').getByRole('link', { name: 'Use cases' }).hover();
    await preloaded;
    await clickAndWatch(page, 'Use cases');
    await page.getByRole('heading', { level: 1, name: 'Use cases' }).waitFor();
    await page.waitForTimeout(400);
    await expect(marks(page)).resolves.not.toHaveProperty('shown');
  });
});

describe('prefetching', () => {
  async function hoverPreloads(page: Page): Promise<boolean> {
    let requested = false;
    page.on('request', (request) => {
      if (/\/assets\/use-cases-[^/]+\.js$/.test(request.url())) requested = true;
    });
    await page.locator('aside.doc-sidebar').getByRole('link', { name: 'Use cases' }).hover();
    await page.waitForTimeout(600);
    return requested;
  }

  it('preloads a page when the reader hovers its link', async () => {
    expect(await hoverPreloads(await site.open('/docs'))).toBe(true);
  });

  it.each([
    ['a slow 2g connection', { effectiveType: 'slow-2g', saveData: false }],
    ['data saving', { effectiveType: '4g', saveData: true }],
  ])('is skipped on %s', async (_name, connection) => {
    const context = await site.newContext();
    await context.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ ...value, addEventListener() {} }),
      });
    }, connection);
    const page = await context.newPage();
    await gotoAndRender(page, `${site.url}/docs`);
    expect(await hoverPreloads(page)).toBe(false);
  });
});

describe('API reference pages', () => {
  it('renders every operation of the OpenAPI document with parameters, bodies, responses and errors', async () => {
    const page = await site.open('/api-v2');
    const operations = page.locator('.api-operation');
    await expect(operations.count()).resolves.toBe(4);
    const create = page.locator('#post-v2-client-sessions');
    await expect(create.locator('.api-operation__title').textContent()).resolves.toContain('/v2/client-sessions');
    // The request body's $ref is resolved into its fields, nested refs included.
    await expect(create.locator('.schema-prop__name').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['entity_id', 'order', 'reference', 'webhook', 'url']),
    );
    // Error shapes: the problem+json fields of the 400 answer.
    const badRequest = create.locator('.api-response', { hasText: '400' });
    await badRequest.locator(':scope > summary').click();
    // Opened content renders on the toggle event: wait for its deepest field.
    await badRequest.locator('.schema-prop__name', { hasText: /^pointer$/ }).waitFor();
    await expect(badRequest.locator('.schema-prop__name').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'errors', 'pointer']),
    );
    // Path-level $ref parameters and headers.
    await expect(page.locator('#get-v2-client-sessions-id .api-params').textContent()).resolves.toContain(
      'Client session id',
    );
    await expect(page.locator('#post-v2-payments-id-captures').textContent()).resolves.toContain('x-idempotency-key');
    await expect(page.locator('#get-v2-legacy-lookup .badge--deprecated').count()).resolves.toBe(1);
    // A recursive schema (Payment.split is an array of Payment) is named, not followed for ever.
    const split = page.locator('#post-v2-payments-id-captures .schema-prop', {
      has: page.locator('.schema-prop__name', { hasText: /^split$/ }),
    });
    await expect(split.locator('.schema-type').first().textContent()).resolves.toBe('array of Payment');
    await expect(split.locator('.schema-prop').count()).resolves.toBe(0);
  });

  it('is readable in dark mode', async () => {
    const page = await site.open('/api-v2');
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    await page.reload();
    await waitForApp(page);
    const colours = await page
      .locator('.api-operation')
      .first()
      .evaluate((element) => ({
        text: getComputedStyle(element).color,
        background: getComputedStyle(element).backgroundColor,
      }));
    expect(colours).toEqual({ text: 'rgb(227, 227, 227)', background: 'rgb(27, 27, 29)' });
  });

  it('/wallet says the reference is not available yet when its document is missing', async () => {
    const page = await site.open('/wallet');
    await page.getByText('This reference is not available yet.').waitFor();
  });

  it('/openapi/ renders the api’s v1 document: every v1 operation deprecated, and the v1 guide linked', async () => {
    const page = await site.open('/openapi/');
    await page.locator('.api-operation').first().waitFor();
    await expect(page.locator('.api-header__meta').textContent()).resolves.toContain('Tessera Payment API v1');
    const v1Operations = page.locator('.api-operation', { hasText: '/payment/v1/' });
    const count = await v1Operations.count();
    expect(count).toBeGreaterThan(8);
    await expect(page.locator('.api-operation--deprecated', { hasText: '/payment/v1/' }).count()).resolves.toBe(count);
    await expect(
      v1Operations.locator('.api-operation__title .badge--deprecated').count(),
      'one Deprecated badge in each v1 operation title',
    ).resolves.toBe(count);
    await expect(
      page.locator('#post-payment-v1-entity-transactions-transaction-action').textContent(),
    ).resolves.toContain('x-idempotency-key');
    await page.locator('.api-header__meta').getByRole('link', { name: 'API v1 guide and migration' }).click();
    await page.waitForURL(`${site.url}/docs/integrate/api-v1/`);
    await page.getByRole('heading', { level: 1, name: 'API v1 (deprecated)' }).waitFor();
  });
});

describe('checkout widget showcase', () => {
  it('says so visibly when the widget script cannot be loaded', async () => {
    // The build has the widget: take it away for this page.
    const context = await site.newContext();
    await context.route('**/widget/v1/tessera-widget.js', (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    const page = await context.newPage();
    await gotoAndRender(page, `${site.url}/docs/checkout-showcase/`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(
      'The checkout widget script could not be loaded from /widget/v1/tessera-widget.js.',
    );
    await expect(alert.getByRole('button', { name: 'Retry' }).count()).resolves.toBe(1);
  });

  it('injects the script into the head and dispatches loadScriptJSWidget once it loaded', async () => {
    const context = await site.newContext();
    await context.route('**/widget/v1/tessera-widget.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__widgetRan = true;' }),
    );
    await context.addInitScript(() => {
      document.addEventListener('loadScriptJSWidget', () =>
        Reflect.set(window, '__widgetEvent', Reflect.get(window, '__widgetRan') === true),
      );
    });
    const page = await context.newPage();
    await gotoAndRender(page, `${site.url}/docs/checkout-showcase/`);
    await page.getByText('The checkout widget script is loaded from').waitFor();
    await expect(page.evaluate(() => Reflect.get(window, '__widgetEvent'))).resolves.toBe(true);
    await expect(page.locator('head script[src="/widget/v1/tessera-widget.js"]').count()).resolves.toBe(1);
  });

  it('loads the real widget, which announces itself once', async () => {
    const context = await site.newContext();
    await context.addInitScript(() => {
      const seen: unknown[] = [];
      Reflect.set(window, '__widgetEvents', seen);
      document.addEventListener('loadScriptJSWidget', (event) => seen.push((event as CustomEvent).detail));
    });
    const page = await context.newPage();
    await gotoAndRender(page, `${site.url}/docs/checkout-showcase/`);
    await page.getByText('The checkout widget script is loaded from').waitFor();
    await expect(page.evaluate(() => Reflect.get(window, '__widgetEvents'))).resolves.toEqual([{ version: '1.0.0' }]);
    await expect(page.evaluate(() => typeof Reflect.get(window, 'TesseraCheckout')?.mount)).resolves.toBe('function');
  });
});
