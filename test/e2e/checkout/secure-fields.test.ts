// Card entry that never touches the merchant's page: the widget on a merchant's site of its own
// origin, its card typed in Tessera's secure field frames. A card skimmer on the page hears every
// key and reads every node and shadow root, and never sees the card; the shopper pays with the
// keyboard alone (a refusal then another card, a 3-D Secure challenge, a co-badged card); frames
// and parents of other origins are ignored both ways.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDSHAKE } from '../../../web/src/checkout/secure-fields/protocol';
import { eventually } from '../../support/api-client';
import { startForeignSite, startMerchantSite, type MerchantSite } from '../../support/merchant-site';
import {
  eventsOf,
  screenshot,
  secureFrame,
  startCheckoutEnv,
  waitForMerchantReturn,
  type CheckoutEnv,
} from './checkout';

let env: CheckoutEnv;
let shop: MerchantSite;
beforeAll(async () => {
  env = await startCheckoutEnv();
  shop = await startMerchantSite(env.stack.baseUrl, { hostile: true });
});
afterAll(async () => {
  await shop?.close();
  await env?.close();
});

async function widgetSession(amount: number, reference: string) {
  return env.createSession({
    integration_mode: 'EMBEDDED',
    amount,
    order: { reference },
    shopper_redirection_url: `${shop.origin}/demo/merchant/return`,
  });
}

const shopPage = (session: any) =>
  `${shop.origin}/demo/merchant?widget_data=${encodeURIComponent(String(session.widget.data))}`;

/** What has the keyboard focus: a secure field's frame by its title, or an element of the page (shadow roots included). */
const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!(element instanceof HTMLElement)) return '';
    if (element instanceof HTMLIFrameElement) return `frame:${element.title}`;
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : element.textContent;
    return `${element.tagName.toLowerCase()}:${(label ?? '').trim()}`;
  });

/** Presses Tab until `want` has the focus (at most `limit` times). */
async function tabTo(page: Page, want: RegExp, limit = 12) {
  for (let press = 0; press < limit; press += 1) {
    if (want.test(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${want}; focus is on ${await focused(page)}`);
}

/** Types a card with the keyboard only, field after field, as a shopper would. */
async function typeCard(page: Page, card: { number: string; expiry: string; cvc: string; holder: string }) {
  await tabTo(page, /^frame:Secure input: Card number$/);
  await page.keyboard.type(card.number, { delay: 5 });
  await page.keyboard.press('Tab');
  await expect(focused(page)).resolves.toBe('frame:Secure input: Expiry date');
  await page.keyboard.type(card.expiry, { delay: 5 });
  await page.keyboard.press('Tab');
  await expect(focused(page)).resolves.toBe('frame:Secure input: Security code');
  await page.keyboard.type(card.cvc, { delay: 5 });
  await page.keyboard.press('Tab');
  await expect(focused(page)).resolves.toBe('frame:Secure input: Name on card');
  await page.keyboard.type(card.holder, { delay: 5 });
}

describe('the widget on secure fields, on a merchant page of its own origin', () => {
  it('pays by keyboard alone, a refusal then another card, and a card skimmer on the page sees nothing of either', async () => {
    const session = await widgetSession(2390, 'sf-keyboard');
    const opened = await env.open(shopPage(session));
    const { page } = opened;
    expect(new URL(page.url()).origin).not.toBe(new URL(env.stack.baseUrl).origin);
    await secureFrame(page, 'Card number').getByLabel('Card number').waitFor();

    // The refused card, by keyboard: the first Tab reaches the selected method, the next ones the frames.
    await tabTo(page, /^input:Card/);
    await typeCard(page, { number: '4000000000000002', expiry: '0931', cvc: '737', holder: 'Camille Martin' });
    await expect(secureFrame(page, 'Card number').getByLabel('Card number').inputValue()).resolves.toBe(
      '4000 0000 0000 0002',
    );
    await expect(secureFrame(page, 'Expiry date').getByLabel('Expiry date').inputValue()).resolves.toBe('09 / 31');
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('button:Pay €23.90');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Payment not accepted' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('Your bank declined the payment.');
    // The form is empty again, in its frames, for another card.
    await expect(secureFrame(page, 'Card number').getByLabel('Card number').inputValue()).resolves.toBe('');

    // Another card, by keyboard again, and Enter in the last field pays.
    await typeCard(page, { number: '5555555555554444', expiry: '0931', cvc: '737', holder: 'Camille Martin' });
    await screenshot(page, 'secure-fields-widget-keyboard');
    await page.keyboard.press('Enter');
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(claims).toMatchObject({ client_session_id: session.id, authorization_status: 'AUTHORIZED' });
    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment.authorization.partner_transactions[0].card).toMatchObject({ last_four_digits: '4444' });

    // The card went to the vault from Tessera's frames only; the page submitted a token.
    const tessera = new URL(env.stack.baseUrl).origin;
    const vaultCalls = opened.requests.filter((request) => request.url.endsWith('/v2/vault/cards'));
    expect(vaultCalls.map((request) => new URL(request.url).origin)).toEqual([tessera, tessera]);
    expect(opened.requests.filter((request) => request.body?.includes('5555555555554444')).length).toBe(1);
    const submitted = eventsOf(opened).filter((event) => event.type === 'submitted');
    expect(submitted).toHaveLength(2);

    // What the skimmer sent home, once the return page has reported too.
    await eventually(async () => (shop.skimmed().pages.includes('/demo/merchant/return') ? true : undefined), {
      what: 'the skimmer’s report from the return page',
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    const { keys, seen } = shop.skimmed();
    // It was there and listening: it heard the shopper's Tab and Enter, and read the page.
    expect(keys).toContain('Tab');
    expect(keys).toContain('Enter');
    expect(seen.some((entry) => entry.includes('Card number'))).toBe(true);
    expect(seen.some((entry) => entry.startsWith('frame-blocked:Secure input'))).toBe(true);
    // Not one key typed in a frame reached the page: no digit, no letter of the name.
    expect(keys.filter((key) => key.length === 1 && key !== ' ')).toEqual([]);
    const everything = seen.join('\n');
    for (const secret of [
      '4000000000000002',
      '4000 0000 0000 0002',
      '5555555555554444',
      '5555 5555 5555 4444',
      '555555',
      '0931',
      '09 / 31',
      '09/31',
      'Camille Martin',
    ])
      expect(everything, secret).not.toContain(secret);
    expect(everything).not.toMatch(/(?<![\w-])(737|4444|0002)(?![\w-])/);
  });

  it('follows a 3-D Secure challenge from the widget, and lets the shopper choose a co-badged card’s network by keyboard', async () => {
    const challenged = await widgetSession(4210, 'sf-3ds');
    const first = await env.open(shopPage(challenged));
    await secureFrame(first.page, 'Card number').getByLabel('Card number').waitFor();
    await typeCard(first.page, { number: '4000002760003184', expiry: '1234', cvc: '123', holder: 'Camille Martin' });
    await first.page.keyboard.press('Enter');
    await first.page.waitForURL((url) => url.origin === new URL(env.stack.sandbox.url).origin, { timeout: 30_000 });
    await first.page.getByRole('heading', { level: 1, name: /3-D Secure verification/ }).waitFor();
    await first.page.getByRole('button', { name: 'Complete authentication' }).click();
    const passed = await env.verifiedClaims(await waitForMerchantReturn(first.page));
    expect(passed).toMatchObject({ client_session_id: challenged.id, authorization_status: 'AUTHORIZED' });
    const authenticated = await env.readPayment(String(passed.payment_id), 'AUTHORIZED');
    expect(authenticated.authentication).toMatchObject({ flow: 'CHALLENGE' });
    expect(eventsOf(first).find((event) => event.type === 'redirect')?.detail).toMatchObject({ target: 'partner' });

    const coBadged = await widgetSession(1999, 'sf-cobadge');
    const second = await env.open(shopPage(coBadged));
    const { page } = second;
    await secureFrame(page, 'Card number').getByLabel('Card number').waitFor();
    await tabTo(page, /^frame:Secure input: Card number$/);
    await page.keyboard.type('4000002500001001', { delay: 5 });
    const networks = page.getByRole('group', { name: 'Card network' });
    await networks.waitFor();
    // Tab leaves the number for the network choice (CB first), the arrow key picks Visa.
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('input:CBCB');
    await page.keyboard.press('ArrowRight');
    await expect(networks.getByRole('radio', { name: 'Visa' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('frame:Secure input: Expiry date');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Camille Martin');
    await screenshot(page, 'secure-fields-widget-cobadged');
    const submission = page.waitForRequest((request) =>
      request.url().endsWith(`/checkout/v1/sessions/${coBadged.id}/payments`),
    );
    await page.keyboard.press('Enter');
    expect(JSON.parse((await submission).postData()!)).toMatchObject({
      split: [{ amount: 1999, card: { selected_network: 'VISA' } }],
    });
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
  });
});

describe('origins that are not the ones the fields were given', () => {
  it('ignores a frame of another origin that posts a handshake and events to the page', async () => {
    const forger = await startForeignSite(
      () => `<!doctype html><script>
        addEventListener('message', (event) => {
          const { frameId, field } = event.data;
          const channel = new MessageChannel();
          parent.postMessage({ type: ${JSON.stringify(HANDSHAKE)}, frameId, field, version: '1.0.0' }, '*', [channel.port2]);
          channel.port1.postMessage({ type: 'ready', height: 99 });
          channel.port1.postMessage({ type: 'change', state: { field, empty: false, complete: true, valid: true, error: 'FORGED' } });
          channel.port1.postMessage({ type: 'tokenized', requestId: 'x', result: { vault_form_token: 'vft_forged', card: { detected_brands: [], bin: '', last_four_digits: '' } } });
        });
      </script>`,
    );
    try {
      const session = await widgetSession(1500, 'sf-forged-frame');
      const opened = await env.open('about:blank');
      const { page } = opened;
      // Tessera's frame page answers late: the forger has all the time it wants to go first.
      await page.route(/\/secure-fields\/v1\/field\.html/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(
        `${shop.origin}/demo/headless.html?widget_data=${encodeURIComponent(String(session.widget.data))}`,
      );
      await page.locator('iframe[title="Secure input: Card number"]').waitFor({ state: 'attached' });
      // The forger learns the frame's id from the page (as any script there could) and posts.
      await page.evaluate(async (forgerOrigin) => {
        const real = document.querySelector<HTMLIFrameElement>('iframe[title="Secure input: Card number"]')!;
        const frameId = new URLSearchParams(new URL(real.src).hash.slice(1)).get('id');
        const forged = document.createElement('iframe');
        forged.src = `${forgerOrigin}/`;
        document.body.append(forged);
        await new Promise((resolve) => forged.addEventListener('load', resolve, { once: true }));
        forged.contentWindow!.postMessage({ frameId, field: 'number' }, '*');
      }, forger.origin);
      await secureFrame(page, 'Card number').getByLabel('Card number').waitFor();
      await page.waitForTimeout(500);
      const heard = opened.console.filter((line) => line.startsWith('[tessera-headless] card-'));
      // One ready per real frame, no forged change: the real frame's height, not 99.
      expect(heard.filter((line) => line.startsWith('[tessera-headless] card-ready'))).toHaveLength(4);
      expect(heard.join('\n')).not.toContain('FORGED');
      await expect(
        page.locator('iframe[title="Secure input: Card number"]').evaluate((frame) => frame.style.height),
      ).resolves.not.toBe('99px');
      await expect(page.locator('#error-number').textContent()).resolves.toBe('');
    } finally {
      await forger.close();
    }
  });

  it('gives a parent of another origin nothing: no handshake, and its commands are ignored', async () => {
    const fragment = (claimedOrigin: string) =>
      new URLSearchParams({
        field: 'number',
        origin: claimedOrigin,
        group: 'abcdefghijklmnopqrstuvwx',
        id: 'bcdefghijklmnopqrstuvwxy',
      }).toString();
    const attacker = await startForeignSite(
      () => `<!doctype html><body><script>
        window.heard = [];
        addEventListener('message', (event) => window.heard.push({ origin: event.origin, data: event.data, ports: event.ports.length }));
        const frame = document.createElement('iframe');
        frame.src = ${JSON.stringify(`${env.stack.baseUrl}/secure-fields/v1/field.html#`)} + new URLSearchParams(location.search).get('fragment');
        frame.title = 'framed';
        document.body.append(frame);
        frame.addEventListener('load', () => {
          for (const command of [
            { type: 'configure', configuration: { publishableKey: ${JSON.stringify(env.merchant.publishable_key)}, label: 'Card number' } },
            { type: 'tokenize', requestId: 'r', fields: ['number'] },
            { type: 'clear' },
          ]) frame.contentWindow.postMessage(command, '*');
        });
      </script></body>`,
    );
    try {
      const opened = await env.open('about:blank');
      const { page } = opened;
      // Framing it while claiming the merchant's origin: the frame talks to no one.
      await page.goto(`${attacker.origin}/?fragment=${encodeURIComponent(fragment(shop.origin))}`);
      const framed = page.frameLocator('iframe[title="framed"]').locator('input');
      await framed.waitFor({ state: 'attached' });
      await page.waitForTimeout(1_000);
      await expect(page.evaluate(() => Reflect.get(window, 'heard'))).resolves.toEqual([]);
      // Where the browser names the real parent, the frame's input stays disabled.
      await expect(framed.isDisabled()).resolves.toBe(true);
      expect(opened.requests.filter((request) => request.url.includes('/v2/vault/'))).toEqual([]);

      // The same page naming its own origin is a parent like any other: it gets the handshake
      // (and only its port would ever carry commands), which shows the test could hear one.
      await page.goto(`${attacker.origin}/?fragment=${encodeURIComponent(fragment(attacker.origin))}`);
      await page.waitForFunction(() => (Reflect.get(window, 'heard') as unknown[]).length > 0, undefined, {
        timeout: 15_000,
      });
      const heard = (await page.evaluate(() => Reflect.get(window, 'heard'))) as {
        origin: string;
        data: { type: string };
        ports: number;
      }[];
      expect(heard).toEqual([
        { origin: new URL(env.stack.baseUrl).origin, data: expect.objectContaining({ type: HANDSHAKE }), ports: 1 },
      ]);
      // Its window commands were still ignored: nothing was tokenized.
      expect(opened.requests.filter((request) => request.url.includes('/v2/vault/'))).toEqual([]);
    } finally {
      await attacker.close();
    }
  });
});
