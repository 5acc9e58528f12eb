// The checkout widget on the demo merchant page: the shop's server creates an EMBEDDED session,
// its page loads widget.js_url and mounts the widget from widget.data; the page hears every event;
// the shopper pays and comes back to the shop with the signed outcome; the merchant reads the
// payment over the API.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventsOf,
  fillCard,
  screenshot,
  startCheckoutEnv,
  thirdPartyRequests,
  waitForMerchantReturn,
  type CheckoutEnv,
} from './checkout';

let env: CheckoutEnv;
beforeAll(async () => {
  env = await startCheckoutEnv();
});
afterAll(async () => {
  await env?.close();
});

async function embeddedSession(overrides: Record<string, unknown> = {}) {
  const session = await env.createSession({ integration_mode: 'EMBEDDED', ...overrides });
  expect(session.links.hosted_page).toBeUndefined();
  expect(session.widget.js_url).toBe(`${env.stack.baseUrl}/widget/v1/tessera-widget.js`);
  return session;
}

const demoPage = (widgetData: string, query = '') =>
  `${env.stack.baseUrl}/demo/merchant?widget_data=${encodeURIComponent(widgetData)}${query}`;

describe('checkout widget', () => {
  it('is served at widget.js_url as one script', async () => {
    const session = await embeddedSession();
    const script = await fetch(session.widget.js_url);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const source = await script.text();
    expect(source).toContain('loadScriptJSWidget');
    // Self-contained: a classic script (an IIFE), no module syntax to import other files.
    expect(source.trimStart().startsWith('(function(')).toBe(true);
    expect(/^\s*(import|export)\s[\w{*]/m.test(source)).toBe(false);
  });

  it('mounts from widget.data on the merchant’s page, emits its events, and takes the shopper back to the shop', async () => {
    const session = await embeddedSession({ amount: 3450, order: { reference: 'widget-1' } });
    // Some servers strip the base64 padding: the widget accepts it either way.
    const opened = await env.open(demoPage(String(session.widget.data).replace(/=+$/, '')));
    const { page, requests } = opened;
    await page.getByRole('radio', { name: /^Card/ }).waitFor();
    await expect(page.evaluate(() => typeof window.TesseraCheckout?.mount)).resolves.toBe('function');
    await expect(page.evaluate(() => window.TesseraCheckout?.version)).resolves.toBe('1.0.0');
    // The widget lives in a shadow root: the shop's CSS and the checkout's never meet.
    await expect(page.evaluate(() => document.querySelectorAll('.tc-root').length)).resolves.toBe(0);
    await expect(
      page.evaluate(
        () =>
          document.querySelector('#tessera-checkout [data-tessera-checkout]')?.shadowRoot?.querySelector('.tc-root') !==
          null,
      ),
    ).resolves.toBe(true);
    await expect(env.readSession(session.id)).resolves.toMatchObject({ status: 'CHOICE_IN_PROGRESS' });

    await page.getByRole('radio', { name: /^Gift card/ }).check();
    await page.getByRole('radio', { name: /^Card/ }).check();
    await fillCard(page, '5555555555554444');
    await screenshot(page, 'widget-demo-merchant-page');
    await page.getByRole('button', { name: 'Pay €34.50' }).click();

    const returned = await waitForMerchantReturn(page);
    const claims = await env.verifiedClaims(returned);
    expect(claims).toMatchObject({
      client_session_id: session.id,
      authorization_status: 'AUTHORIZED',
      client_session_status: 'SUBMITTED',
    });
    const events = eventsOf(opened);
    expect(events.map((event) => event.type)).toEqual([
      'ready',
      'method_selected',
      'method_selected',
      'submitted',
      'success',
      'redirect',
    ]);
    const byType = Object.fromEntries(events.map((event) => [event.type, event.detail]));
    expect(byType.ready).toEqual({
      session_id: session.id,
      status: 'CHOICE_IN_PROGRESS',
      amount: 3450,
      currency: 'EUR',
      methods: session.eligible_solutions,
      payable: true,
    });
    expect(events[1]!.detail).toEqual({ session_id: session.id, partner: 'sandbox-giftcard', method: 'giftcard' });
    expect(events[2]!.detail).toEqual({ session_id: session.id, partner: 'sandbox-card', method: 'creditcard' });
    expect(byType.submitted).toEqual({
      session_id: session.id,
      split: [{ partner: 'sandbox-card', method: 'creditcard', amount: 3450 }],
    });
    expect(byType.success).toEqual({
      session_id: session.id,
      payment_id: claims.payment_id,
      authorization_status: 'AUTHORIZED',
    });
    expect(byType.redirect).toEqual({
      session_id: session.id,
      payment_id: claims.payment_id,
      href: `${env.stack.baseUrl}/v2/payments/${claims.payment_id}/return`,
      target: 'merchant',
    });
    // The shop's return page shows what happened, events included.
    await expect(page.getByTestId('widget-events').locator('li').count()).resolves.toBe(6);
    await screenshot(page, 'widget-merchant-return');
    expect(thirdPartyRequests(requests, env)).toEqual([]);

    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment).toMatchObject({ client_session_id: session.id, amount: 3450 });
  });

  it('dispatches loadScriptJSWidget, reports a refusal as a failure event, and can leave the confirmation to the page', async () => {
    const session = await embeddedSession({ amount: 1200, order: { reference: 'widget-2' } });
    const opened = await env.open('about:blank', { colorScheme: 'dark' });
    const { page } = opened;
    await page.addInitScript(() => {
      document.addEventListener('loadScriptJSWidget', (event) =>
        Reflect.set(window, '__widgetLoaded', (event as CustomEvent).detail),
      );
    });
    await page.goto(demoPage(session.widget.data, '&return=manual'));
    await page.getByRole('radio', { name: /^Card/ }).waitFor();
    await expect(page.evaluate(() => Reflect.get(window, '__widgetLoaded'))).resolves.toEqual({ version: '1.0.0' });

    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Pay €12.00' }).click();
    await page.getByRole('alert').filter({ hasText: 'Payment not accepted' }).waitFor();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment not accepted' }).textContent()).resolves.toContain(
      'Your bank declined the payment. Contact your bank or try another card.',
    );
    await screenshot(page, 'widget-dark-refused');
    const failure = eventsOf(opened).find((event) => event.type === 'failure');
    expect(failure?.detail).toMatchObject({
      session_id: session.id,
      authorization_status: 'REFUSED',
      reason: 'REJECTED_BANK',
      retryable: true,
    });

    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay €12.00' }).click();
    // returnToMerchant: false → the widget confirms, the page listens to `success`.
    await page.getByRole('heading', { name: 'Payment accepted' }).waitFor();
    await screenshot(page, 'widget-dark-confirmed-in-page');
    const success = eventsOf(opened).find((event) => event.type === 'success');
    expect(new URL(page.url()).pathname).toBe('/demo/merchant');
    await env.readPayment(success!.detail.payment_id, 'AUTHORIZED');
  });

  it('says what is wrong with bad widget.data, on the page and as an error event', async () => {
    const opened = await env.open(demoPage('bm90IGpzb24'));
    await opened.page.getByRole('heading', { name: 'The payment form could not be loaded' }).waitFor();
    await expect(
      opened.page.locator('#tessera-checkout').getByText('widget.data does not hold JSON.', { exact: false }).count(),
    ).resolves.toBe(1);
    const error = eventsOf(opened).find((event) => event.type === 'error');
    expect(error?.detail).toEqual({ code: 'invalid_data', message: 'widget.data does not hold JSON.' });
    // The merchant's sessions are untouched; nothing was sent anywhere.
    expect(opened.requests.filter((request) => request.url.includes('/checkout/v1/'))).toEqual([]);
  });
});
