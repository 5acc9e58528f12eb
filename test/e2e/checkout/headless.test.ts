// The headless checkout SDK driven by a plain demo shop page (web/public/demo/headless.html) on a
// merchant site of its own origin: a split of a gift card and a card typed in the secure fields,
// then a saved card of the customer's wallet paid in one step. Each ends with the merchant reading
// the payment over the API.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventually } from '../../support/api-client';
import { startMerchantSite, type MerchantSite } from '../../support/merchant-site';
import {
  fillCard,
  screenshot,
  startCheckoutEnv,
  waitForMerchantReturn,
  type CheckoutEnv,
  type OpenedPage,
} from './checkout';

let env: CheckoutEnv;
let shop: MerchantSite;
beforeAll(async () => {
  env = await startCheckoutEnv();
  shop = await startMerchantSite(env.stack.baseUrl);
});
afterAll(async () => {
  await shop?.close();
  await env?.close();
});

const embedded = (amount: number, reference: string, extra: Record<string, unknown> = {}) =>
  env.createSession({
    integration_mode: 'EMBEDDED',
    amount,
    order: { reference },
    shopper_redirection_url: `${shop.origin}/demo/merchant/return`,
    ...extra,
  });

const headlessPage = (session: any) =>
  `${shop.origin}/demo/headless.html?widget_data=${encodeURIComponent(String(session.widget.data))}`;

/** What the demo page printed of the SDK (`[tessera-headless] <type> <json>`), in order. */
const heard = (opened: OpenedPage) =>
  opened.console
    .map((line) => /^\[tessera-headless\] (\S+) (.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ type: match[1]!, detail: JSON.parse(match[2]!) }));

describe('headless checkout SDK', () => {
  it('is served as an ES module, a classic script and its declarations', async () => {
    const base = `${env.stack.baseUrl}/sdk/v1/tessera-headless`;
    const [module, script, types] = (await Promise.all(['.mjs', '.js', '.d.ts'].map((ext) => fetch(base + ext)))) as [
      Response,
      Response,
      Response,
    ];
    for (const answer of [module, script, types]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect(await module.text()).toMatch(/export\s*\{[^}]*createCheckout/);
    const classic = await script.text();
    expect(classic).toMatch(/^var TesseraHeadless\s*=/);
    const declarations = await types.text();
    expect(declarations).toContain(
      'export declare function createCheckout(options: HeadlessCheckoutOptions): Promise<HeadlessCheckout>;',
    );
    expect(declarations).toContain('export as namespace TesseraHeadless;');

    // The classic script defines the global on any page.
    const opened = await env.open(`${shop.origin}/demo/merchant/return`);
    await opened.page.addScriptTag({ url: `${base}.js` });
    await expect(
      opened.page.evaluate(() => {
        const sdk = Reflect.get(window, 'TesseraHeadless') as { VERSION: string; createCheckout: unknown };
        return [sdk.VERSION, typeof sdk.createCheckout];
      }),
    ).resolves.toEqual(['1.0.0', 'function']);
  });

  it('pays a split of a gift card and a card typed in the secure fields', async () => {
    const session = await embedded(2599, 'headless-split');
    const opened = await env.open(headlessPage(session));
    const { page } = opened;
    await page.getByText('State: ready').waitFor();
    const ready = heard(opened).find((event) => event.type === 'ready')!.detail;
    expect(ready.state).toBe('ready');
    expect(ready.methods).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 'sandbox-card/creditcard',
          kind: 'card',
          limits: { min_amount: 1, max_amount: 100_000_000 },
        }),
        expect.objectContaining({ id: 'sandbox-giftcard/giftcard', kind: 'giftcard' }),
      ]),
    );
    expect(ready.saved).toEqual([]);

    await page.getByLabel('Gift card number').fill('6036280000000004');
    await page.getByRole('button', { name: 'Apply gift card' }).click();
    await page.getByText('Gift card ending in 0004').waitFor();
    const split = heard(opened)
      .filter((event) => event.type === 'split')
      .at(-1)!.detail;
    expect(split).toMatchObject({
      total: 2599,
      remaining: 0,
      complete: true,
      giftCard: { last_four_digits: '0004', balance: 1000, amount: 1000 },
      parts: [
        { kind: 'giftcard', partner: 'sandbox-giftcard', amount: 1000 },
        { kind: 'card', partner: 'sandbox-card', amount: 1599 },
      ],
    });

    // Paying with the card fields empty: the SDK says which, each field says why.
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.locator('#error-number').filter({ hasText: 'Enter your card number.' }).waitFor();
    expect(heard(opened).some((event) => event.type === 'error' && event.detail.code === 'card_invalid')).toBe(true);

    await fillCard(page, '4242424242424242');
    await screenshot(page, 'headless-split');
    await page.getByRole('button', { name: /^Pay / }).click();
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(claims).toMatchObject({ client_session_id: session.id, authorization_status: 'AUTHORIZED' });
    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(
      payment.authorization.partner_transactions.map((transaction: any) => [transaction.partner, transaction.amount]),
    ).toEqual([
      ['sandbox-giftcard', 1000],
      ['sandbox-card', 1599],
    ]);
    const states = heard(opened)
      .filter((event) => event.type === 'state')
      .map((event) => event.detail.state);
    expect(states).toEqual(['error', 'submitting', 'submitted']);
    expect(heard(opened).find((event) => event.type === 'result')?.detail).toMatchObject({
      status: 'authorized',
      payment_id: claims.payment_id,
    });
  });

  it('pays with a saved card of the customer’s wallet when there is one', async () => {
    const customer = { reference: 'CUST-HEADLESS-7' };
    const first = await embedded(1800, 'headless-save', { customer, allow_future_usage: true });
    const one = await env.open(headlessPage(first));
    await one.page.getByText('State: ready').waitFor();
    await fillCard(one.page, '5555555555554444');
    await one.page.getByRole('button', { name: /^Pay / }).click();
    await env.verifiedClaims(await waitForMerchantReturn(one.page));

    const second = await embedded(1250, 'headless-saved', { customer });
    const [saved] = await eventually(
      async () => {
        const list = await call(env.stack.baseUrl, 'GET', `/checkout/v1/sessions/${second.id}/saved-methods`, {
          apiKey: env.merchant.publishable_key,
        });
        return list.status === 200 && list.body.length > 0 ? list.body : undefined;
      },
      { what: 'the saved card', timeoutMs: 30_000, intervalMs: 250 },
    );
    const two = await env.open(headlessPage(second));
    await two.page.getByText('State: ready').waitFor();
    const ready = heard(two).find((event) => event.type === 'ready')!.detail;
    expect(ready.saved).toEqual([
      expect.objectContaining({
        id: saved.id,
        brand: 'MASTERCARD',
        last_four_digits: '4444',
        title: 'Mastercard ending in 4444',
      }),
    ]);
    // The saved card is the rest's method from the start: no card field to fill.
    await expect(two.page.getByRole('radio', { name: /Mastercard ending in 4444/ }).isChecked()).resolves.toBe(true);
    await expect(two.page.locator('#card').isHidden()).resolves.toBe(true);
    await screenshot(two.page, 'headless-saved-card');
    const submission = two.page.waitForRequest((request) =>
      request.url().endsWith(`/checkout/v1/sessions/${second.id}/payments`),
    );
    await two.page.getByRole('button', { name: /^Pay / }).click();
    expect(JSON.parse((await submission).postData()!)).toEqual({
      split: [{ amount: 1250, partner: 'sandbox-card', method: 'creditcard', wallet_token: saved.id }],
    });
    const claims = await env.verifiedClaims(await waitForMerchantReturn(two.page));
    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment.authorization.partner_transactions[0].card).toMatchObject({ last_four_digits: '4444' });
    expect(two.requests.filter((request) => request.url.includes('/v2/vault/'))).toEqual([]);
  });

  it('tells the page that the session cannot be paid when the merchant aborted it after a refusal', async () => {
    const session = await embedded(2100, 'headless-aborted');
    const opened = await env.open(headlessPage(session));
    const { page } = opened;
    await page.getByText('State: ready').waitFor();
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: /^Pay / }).click();
    await eventually(
      async () => heard(opened).find((event) => event.type === 'error' && event.detail.code === 'payment_refused'),
      { what: 'the refusal', timeoutMs: 15_000, intervalMs: 100 },
    );
    // The merchant cancels the order while the shopper is still on the page.
    await eventually(
      async () => {
        const aborted = await call(env.stack.baseUrl, 'POST', `/v2/client-sessions/${session.id}/abort`, {
          token: env.token,
          body: { status: 'ABORTED_BY_MERCHANT' },
        });
        return aborted.status === 200 ? aborted.body : undefined;
      },
      { what: 'the abort once the session heard of the refusal', timeoutMs: 10_000, intervalMs: 200 },
    );
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: /^Pay / }).click();
    const refused = await eventually(
      async () => heard(opened).find((event) => event.type === 'error' && event.detail.code === 'session_not_payable'),
      { what: 'session_not_payable', timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(refused.detail.message).toMatch(/ABORTED_BY_MERCHANT/);
    expect((await env.readSession(session.id)).status).toBe('ABORTED_BY_MERCHANT');
  });
});
