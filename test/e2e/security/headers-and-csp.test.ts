// The security headers and the Content-Security-Policy (api/security-headers.ts) as a browser meets
// them: the api serving the e2e build, every kind of page opened in Chromium with its violations
// recorded (securitypolicyviolation events and the console's "Refused to…" lines), and the widget
// mounted on a merchant's page of another origin that has a strict policy of its own.

import { createServer, type Server } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillCard,
  hostedPageOf,
  startCheckoutEnv,
  waitForMerchantReturn,
  type CheckoutEnv,
} from '../checkout/checkout';

let env: CheckoutEnv;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  env = await startCheckoutEnv();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await env?.close();
});

interface Watched {
  page: Page;
  /** Violations reported by the current document. */
  violations(): Promise<string[]>;
  /** Console lines about the policy, across navigations. */
  refusals: string[];
}

async function watch(url: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Watched> {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const found: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: found });
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        found.push(
          `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        ),
      true,
    );
  });
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  await page.goto(url);
  return {
    page,
    refusals,
    violations: () => page.evaluate(() => Reflect.get(window, '__cspViolations') as string[]),
  };
}

async function expectNoViolations(watched: Watched) {
  expect(await watched.violations()).toEqual([]);
  expect(watched.refusals).toEqual([]);
}

/** Whether the widget's stylesheet reached its shadow root (its custom properties are set). */
const widgetStyled = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-tessera-checkout]')?.shadowRoot?.querySelector('.tc-root');
    return root ? getComputedStyle(root).getPropertyValue('--tc-accent').trim() !== '' : false;
  });

/** A policy's directives, by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectNoThirdPartyOrigin(policy: Map<string, string[]>) {
  for (const [name, sources] of policy) {
    for (const source of sources) {
      expect(source, `${name} ${source}`).toMatch(/^('self'|'none'|'sha256-[A-Za-z0-9+/]+={0,2}'|data:)$/);
    }
  }
}

describe('headers', () => {
  it('gives the docs a policy of their own origin only, with hashes for the inline code', async () => {
    for (const path of ['/', '/docs/integrate/getting-started', '/api-v2', '/no/such/page']) {
      const answer = await fetch(env.stack.baseUrl + path);
      expect(answer.headers.get('content-type'), path).toContain('text/html');
      const policy = directives(answer.headers.get('content-security-policy'));
      expectNoThirdPartyOrigin(policy);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('script-src')!.some((source) => source.startsWith("'sha256-"))).toBe(true);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      // Served over http here: a browser would ignore it, so it is not sent.
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('gives the hosted page the same policy, without form-action (3-D Secure posts to the partner)', async () => {
    const session = await env.createSession();
    const answer = await fetch(hostedPageOf(session));
    const policy = directives(answer.headers.get('content-security-policy'));
    expectNoThirdPartyOrigin(policy);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('form-action')).toBe(false);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('lets any page frame the secure field page, and nothing else in it', async () => {
    const answer = await fetch(`${env.stack.baseUrl}/secure-fields/v1/field.html`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-frame-options')).toBeNull();
    const policy = directives(answer.headers.get('content-security-policy'));
    expect(policy.get('frame-ancestors')).toEqual(['http:', 'https:']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // Its script is its own origin's, for the page only.
    const script = await fetch(`${env.stack.baseUrl}/secure-fields/v1/field.js`);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('serves the widget script to any origin, and the API as resources that run nothing', async () => {
    const widget = await fetch(`${env.stack.baseUrl}/widget/v1/tessera-widget.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
    expect(widget.headers.get('x-content-type-options')).toBe('nosniff');

    const api = await fetch(`${env.stack.baseUrl}/v2/client-sessions/${crypto.randomUUID()}`);
    expect(api.status).toBe(401);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('pages under the policy in Chromium', () => {
  it('runs the docs with no violation: the colour-mode script, code, the API reference, search', async () => {
    const dark = await watch(`${env.stack.baseUrl}/docs/integrate/purse-api/best-practices`, { colorScheme: 'dark' });
    await dark.page.locator('main h1').first().waitFor();
    // The inline colour-mode script ran: it is what reads the system's dark preference.
    await expect(dark.page.evaluate(() => document.documentElement.dataset.themeChoice)).resolves.toBe('system');
    await expect(dark.page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await dark.page.locator('pre code').first().waitFor();
    await expectNoViolations(dark);

    for (const path of ['/', '/api-v2', '/search?q=capture']) {
      const watched = await watch(env.stack.baseUrl + path);
      await watched.page.locator('main h1, .page-error h1').first().waitFor();
      await watched.page.waitForLoadState('networkidle');
      await expectNoViolations(watched);
    }
  });

  it('takes a card payment on the hosted page with no violation', async () => {
    const session = await env.createSession({ amount: 1250 });
    const watched = await watch(hostedPageOf(session));
    await watched.page.getByRole('heading', { level: 1, name: 'Complete your payment' }).waitFor();
    await fillCard(watched.page, '4242424242424242');
    await expectNoViolations(watched);
    await watched.page.getByRole('button', { name: 'Pay €12.50' }).click();
    await waitForMerchantReturn(watched.page);
    await expectNoViolations(watched);
    await env
      .readPayment(session.payment?.id ?? (await env.readSession(session.id)).payment_id, 'AUTHORIZED')
      .catch(() => undefined);
  });

  it('follows a 3-D Secure POST to the partner’s page from the hosted page', async () => {
    const session = await env.createSession({ amount: 1300 });
    const watched = await watch(hostedPageOf(session));
    await fillCard(watched.page, '4000002760003184');
    await watched.page.getByRole('button', { name: 'Pay €13.00' }).click();
    await watched.page.waitForURL((url) => url.origin === new URL(env.stack.sandbox.url).origin, { timeout: 30_000 });
    expect(watched.refusals).toEqual([]);
  });

  it('styles the widget on the demo shop page with no violation', async () => {
    const session = await env.createSession({ integration_mode: 'EMBEDDED', amount: 1400 });
    const watched = await watch(
      `${env.stack.baseUrl}/demo/merchant?widget_data=${encodeURIComponent(String(session.widget.data))}`,
    );
    await watched.page.getByRole('radio', { name: /^Card/ }).waitFor();
    // The checkout's stylesheet applies inside the shadow root (a refused one leaves it unstyled).
    await expect(widgetStyled(watched.page)).resolves.toBe(true);
    await expectNoViolations(watched);
  });
});

describe('the widget on a merchant’s page of another origin', () => {
  let merchantSite: Server;
  let merchantUrl = '';
  let widgetData = '';

  beforeAll(async () => {
    const api = env.stack.baseUrl;
    merchantSite = createServer((request, response) => {
      // A strict merchant: its own scripts by nonce, Tessera's script and API by origin, no inline style.
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        // frame-src: the widget's card inputs are frames of Tessera's origin (secure fields).
        'content-security-policy': `default-src 'self'; script-src 'nonce-shop' ${api}; connect-src ${api}; frame-src ${api}; style-src 'self'; img-src 'self' data:`,
      });
      response.end(`<!doctype html><html><head><title>Shop</title>
<script src="${api}/widget/v1/tessera-widget.js" crossorigin="anonymous"></script></head>
<body><main><h1>Your basket</h1><div id="checkout"></div></main>
<script nonce="shop">TesseraCheckout.mount('#checkout', { data: ${JSON.stringify(widgetData)} });</script>
</body></html>`);
      void request;
    });
    await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
    const address = merchantSite.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    merchantUrl = `http://127.0.0.1:${address.port}/`;
  });
  afterAll(async () => {
    merchantSite?.closeAllConnections();
    await new Promise((resolve) => merchantSite?.close(resolve));
  });

  it('loads cross-origin, styles itself under the merchant’s policy and pays through the API (CORS)', async () => {
    const session = await env.createSession({ integration_mode: 'EMBEDDED', amount: 1500 });
    widgetData = String(session.widget.data);
    const watched = await watch(merchantUrl);
    expect(new URL(merchantUrl).origin).not.toBe(new URL(env.stack.baseUrl).origin);
    await watched.page.getByRole('radio', { name: /^Card/ }).waitFor();
    await expect(widgetStyled(watched.page)).resolves.toBe(true);
    await fillCard(watched.page, '4242424242424242');
    await expectNoViolations(watched);
    await watched.page.getByRole('button', { name: 'Pay €15.00' }).click();
    const returned = await waitForMerchantReturn(watched.page);
    expect((await env.verifiedClaims(returned)).authorization_status).toBe('AUTHORIZED');
  });
});

describe('a shopper held back by the card-testing limit', () => {
  it('reads what to do on the hosted page, and pays once the window has ended', async () => {
    // Puts 127.0.0.1's vault window over any limit, as a card tester from the same address would.
    const key = 'vault-ip:127.0.0.1';
    await env.stack.sql`insert into rate_limit_counters (key, hits, window_ends_at)
      values (${key}, 2000000000, now() + interval '5 minutes')
      on conflict (key) do update set hits = excluded.hits, window_ends_at = excluded.window_ends_at`;
    try {
      const session = await env.createSession({ amount: 1600 });
      const watched = await watch(hostedPageOf(session));
      await watched.page.getByRole('heading', { level: 1, name: 'Complete your payment' }).waitFor();
      await fillCard(watched.page, '4242424242424242');
      await watched.page.getByRole('button', { name: 'Pay €16.00' }).click();
      await watched.page.getByText(/Too many payment attempts/).waitFor();
      await expect(env.readSession(session.id)).resolves.toMatchObject({ status: 'CHOICE_IN_PROGRESS' });

      await env.stack.sql`delete from rate_limit_counters where key = ${key}`;
      await watched.page.getByRole('button', { name: 'Pay €16.00' }).click();
      await waitForMerchantReturn(watched.page);
    } finally {
      await env.stack.sql`delete from rate_limit_counters where key = ${key}`;
    }
  });
});
