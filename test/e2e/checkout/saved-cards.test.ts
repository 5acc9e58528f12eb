// Saved cards, on the hosted page and in the widget: a first session with customer.reference and
// allow_future_usage says the card will be saved and saves it; the next session of the same
// customer offers it first and pays with it without a card number; the shopper removes it, after a
// confirmation, and it is gone from the customer's wallet as the merchant reads it over the API.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, eventually } from '../../support/api-client';
import {
  eventsOf,
  fillCard,
  hostedPageOf,
  MOBILE,
  screenshot,
  startCheckoutEnv,
  waitForMerchantReturn,
  type CheckoutEnv,
  type OpenedPage,
} from './checkout';

let env: CheckoutEnv;
beforeAll(async () => {
  env = await startCheckoutEnv();
});
afterAll(async () => {
  await env?.close();
});

const SAVE_NOTICE = 'This card will be saved for your next payments at this shop.';

/** The saved cards the checkout of this session is given (as the browser asks, with the publishable key). */
async function savedMethodsOf(sessionId: string): Promise<any[]> {
  const list = await call(env.stack.baseUrl, 'GET', `/checkout/v1/sessions/${sessionId}/saved-methods`, {
    apiKey: env.merchant.publishable_key,
  });
  expect(list.status).toBe(200);
  return list.body;
}

/** The payment workflow saves the card right after the authorization: the next checkout waits for it. */
const savedCardOf = (sessionId: string) =>
  eventually(
    async () => {
      const saved = await savedMethodsOf(sessionId);
      return saved.length > 0 ? saved : undefined;
    },
    { what: 'the saved card', timeoutMs: 30_000, intervalMs: 250 },
  );

/** The merchant's own view of the customer's wallet (wallet API, server credential). */
async function walletOf(owner: string): Promise<any[]> {
  const headers = { 'x-merchant-id': env.merchant.merchant_id };
  const opened = await call(env.stack.baseUrl, 'POST', '/wallet/v2/session', {
    apiKey: env.merchant.api_key,
    headers,
    body: { owner_reference: owner },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const list = await call(env.stack.baseUrl, 'GET', `/wallet/v2/${owner}/sessions/${opened.body.session_id}/tokens`, {
    apiKey: env.merchant.api_key,
    headers,
  });
  expect(list.status).toBe(200);
  return list.body;
}

/** The name of the focused element (inside the widget's shadow root too). */
const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!(element instanceof HTMLElement)) return '';
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : element.textContent;
    return `${element.tagName.toLowerCase()}:${(label ?? '').trim()}`;
  });

/** Card numbers typed or sent by the page: none but to the vault. */
const cardBodies = (opened: OpenedPage) =>
  opened.requests
    .filter((request) => /\d{4} ?\d{4} ?\d{4} ?\d{4}/.test(request.body ?? ''))
    .map((request) => new URL(request.url).pathname);

/** Pays the first payment of a customer by typing a card; the page says it will be saved. */
async function payAndSave(opened: OpenedPage, number: string, payLabel: string, shot: string) {
  const { page } = opened;
  const notice = page.getByText(SAVE_NOTICE);
  await notice.waitFor();
  const pay = page.getByRole('button', { name: payLabel });
  // The pay button points at the notice, so a screen reader hears it before paying.
  await expect(pay.getAttribute('aria-describedby')).resolves.toBe(await notice.getAttribute('id'));
  await fillCard(page, number);
  await screenshot(page, shot);
  await pay.click();
  return env.verifiedClaims(await waitForMerchantReturn(page));
}

/** Removes the selected saved card: asks, Escape keeps it, then "Remove card" removes it. */
async function removeSavedCard(page: Page, title: string, shot: string) {
  await page.getByRole('button', { name: 'Remove this card' }).click();
  const question = page.getByRole('group', { name: new RegExp(`^Remove ${title} from your saved cards\\?`) });
  await question.waitFor();
  await expect(focused(page)).resolves.toBe('button:Keep card');
  await screenshot(page, shot);
  await page.keyboard.press('Escape');
  await expect(question.count()).resolves.toBe(0);
  await expect(focused(page)).resolves.toBe('button:Remove this card');

  await page.getByRole('button', { name: 'Remove this card' }).click();
  await question.getByRole('button', { name: 'Remove card' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `${title} was removed from your saved cards.` })
    .waitFor();
  await expect(page.getByRole('radio', { name: new RegExp(`^${title}`) }).count()).resolves.toBe(0);
  // Focus is not lost with the card: it is on the choice now selected, the card form again.
  await expect(focused(page)).resolves.toMatch(/^input:Card/);
  await expect(page.getByRole('radio', { name: /^Card/ }).isChecked()).resolves.toBe(true);
}

describe('saved cards on the hosted payment page', () => {
  it('saves the card of a first payment, pays the next one with it in one step, and removes it', async () => {
    const customer = { reference: 'CUST-HOSTED-0417', email: 'camille@example.com' };

    // 1. First payment: the shopper is told, before paying, that the card will be saved.
    const first = await env.createSession({
      amount: 2500,
      allow_future_usage: true,
      customer,
      order: { reference: 'saved-hosted-1' },
    });
    const one = await env.open(hostedPageOf(first));
    await one.page.getByLabel('Card number', { exact: true }).waitFor();
    await expect(one.page.getByRole('radio', { name: /^Card/ }).isChecked()).resolves.toBe(true);
    const claims = await payAndSave(one, '4242424242424242', 'Pay €25.00', 'saved-cards-hosted-first-payment-notice');
    expect(claims).toMatchObject({ authorization_status: 'AUTHORIZED', client_session_id: first.id });
    expect(cardBodies(one)).toEqual(['/v2/vault/cards']);

    // 2. The next session of the same customer offers the card first, selected, without a notice.
    const second = await env.createSession({ amount: 1800, customer, order: { reference: 'saved-hosted-2' } });
    const [saved] = await savedCardOf(second.id);
    expect(saved).toMatchObject({ brand_name: 'VISA', display_token: '**** 4242', favorite: false });
    const two = await env.open(hostedPageOf(second));
    const savedRadio = two.page.getByRole('radio', { name: /^Visa ending in 4242/ });
    await savedRadio.waitFor();
    await expect(savedRadio.isChecked()).resolves.toBe(true);
    await expect(two.page.getByRole('radio').count()).resolves.toBe(1 + second.eligible_solutions.length);
    await expect(two.page.getByRole('radio', { name: /^New card/ }).isChecked()).resolves.toBe(false);
    await expect(two.page.locator('.tc-option--selected .tc-option-label').innerText()).resolves.toMatch(
      /Visa •••• [\s\S]*4242[\s\S]*Expires 12\/34/,
    );
    await expect(two.page.getByText(SAVE_NOTICE).count()).resolves.toBe(0);
    await expect(two.page.getByLabel('Card number', { exact: true }).count()).resolves.toBe(0);
    await screenshot(two.page, 'saved-cards-hosted-second-payment');

    // One step, with the keyboard: the first Tab reaches the saved card, the next one the pay button.
    await two.page.keyboard.press('Tab');
    await expect(savedRadio.evaluate((radio) => radio === document.activeElement)).resolves.toBe(true);
    await two.page.keyboard.press('Tab');
    await expect(focused(two.page)).resolves.toBe('button:Pay €18.00');
    await two.page.keyboard.press('Enter');
    const paid = await env.verifiedClaims(await waitForMerchantReturn(two.page));
    expect(paid).toMatchObject({ authorization_status: 'AUTHORIZED', client_session_id: second.id });

    // Nothing was typed, nothing went to the vault: the submission named the saved card.
    expect(two.requests.filter((request) => request.url.includes('/v2/vault/'))).toEqual([]);
    expect(cardBodies(two)).toEqual([]);
    const submission = two.requests.find((request) =>
      request.url.endsWith(`/checkout/v1/sessions/${second.id}/payments`),
    );
    expect(JSON.parse(submission!.body!)).toEqual({
      split: [{ amount: 1800, partner: 'sandbox-card', method: 'creditcard', wallet_token: saved.id }],
    });
    const payment = await env.readPayment(String(paid.payment_id), 'AUTHORIZED');
    expect(payment.authorization.partner_transactions[0]).toMatchObject({
      partner: 'sandbox-card',
      status: 'AUTHORIZED',
      card: { last_four_digits: '4242' },
    });

    // 3. Removing it: asked first, then gone from the page and from the customer's wallet.
    const third = await env.createSession({ amount: 990, customer, order: { reference: 'saved-hosted-3' } });
    const three = await env.open(hostedPageOf(third));
    await three.page.getByRole('radio', { name: /^Visa ending in 4242/ }).waitFor();
    // Offline at the first attempt: the question stays, says why, and keeps the focus where it was.
    await three.page.route('**/saved-methods/*', (route) =>
      route.request().method() === 'DELETE' ? route.abort('internetdisconnected') : route.continue(),
    );
    await three.page.getByRole('button', { name: 'Remove this card' }).click();
    await three.page.getByRole('button', { name: 'Remove card' }).click();
    await three.page
      .getByRole('alert')
      .filter({ hasText: 'We could not remove this card. Check your internet connection and try again.' })
      .waitFor();
    await expect(focused(three.page)).resolves.toBe('button:Remove card');
    await expect(three.page.getByRole('radio', { name: /^Visa ending in 4242/ }).count()).resolves.toBe(1);
    await three.page.unroute('**/saved-methods/*');
    await three.page.getByRole('button', { name: 'Keep card' }).click();
    await removeSavedCard(three.page, 'Visa ending in 4242', 'saved-cards-hosted-remove-confirmation');
    await screenshot(three.page, 'saved-cards-hosted-removed');
    await expect(savedMethodsOf(third.id)).resolves.toEqual([]);
    await expect(walletOf(customer.reference)).resolves.toEqual([]);
  });
});

describe('saved cards in the widget', () => {
  it('saves, pays in one step and removes on a phone-sized merchant page, with the events a merchant expects', async () => {
    const customer = { reference: 'CUST-WIDGET-0418' };
    const embedded = (amount: number, reference: string, extra: Record<string, unknown> = {}) =>
      env.createSession({ integration_mode: 'EMBEDDED', amount, customer, order: { reference }, ...extra });
    const demoPage = (session: any) =>
      `${env.stack.baseUrl}/demo/merchant?widget_data=${encodeURIComponent(session.widget.data)}`;

    // 1. First payment, Mastercard, saved.
    const first = await embedded(3000, 'saved-widget-1', { allow_future_usage: true });
    const one = await env.open(demoPage(first), MOBILE);
    await one.page.getByRole('radio', { name: /^Card/ }).waitFor();
    await payAndSave(one, '5555555555554444', 'Pay €30.00', 'saved-cards-widget-first-payment-notice');

    // 2. Paid with it: the events tell the page which saved card (its wallet token).
    const second = await embedded(1250, 'saved-widget-2');
    const [saved] = await savedCardOf(second.id);
    const two = await env.open(demoPage(second), MOBILE);
    const savedRadio = two.page.getByRole('radio', { name: /^Mastercard ending in 4444/ });
    await savedRadio.waitFor();
    await expect(savedRadio.isChecked()).resolves.toBe(true);
    await expect(two.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(
      true,
    );
    await screenshot(two.page, 'saved-cards-widget-mobile');
    await two.page.getByRole('button', { name: 'Pay €12.50' }).click();
    const paid = await env.verifiedClaims(await waitForMerchantReturn(two.page));
    expect(paid).toMatchObject({ authorization_status: 'AUTHORIZED', client_session_id: second.id });
    expect(cardBodies(two)).toEqual([]);
    const events = eventsOf(two);
    expect(events.map((event) => event.type)).toEqual(['ready', 'submitted', 'success', 'redirect']);
    expect(events[1]!.detail).toEqual({
      session_id: second.id,
      split: [{ partner: 'sandbox-card', method: 'creditcard', amount: 1250, wallet_token: saved.id }],
    });

    // 3. Removed, on a phone: the confirmation fits, the page hears saved_method_removed.
    const third = await embedded(700, 'saved-widget-3');
    const three = await env.open(demoPage(third), MOBILE);
    await three.page.getByRole('radio', { name: /^Mastercard ending in 4444/ }).waitFor();
    await three.page.getByRole('radio', { name: /^New card/ }).check();
    await three.page.getByRole('radio', { name: /^Mastercard ending in 4444/ }).check();
    await removeSavedCard(three.page, 'Mastercard ending in 4444', 'saved-cards-widget-remove-confirmation');
    await expect(three.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(
      true,
    );
    const heard = eventsOf(three);
    expect(heard.map((event) => event.type)).toEqual([
      'ready',
      'method_selected',
      'method_selected',
      'saved_method_removed',
    ]);
    expect(heard[2]!.detail).toEqual({
      session_id: third.id,
      partner: 'sandbox-card',
      method: 'creditcard',
      wallet_token: saved.id,
    });
    expect(heard[3]!.detail).toEqual({ session_id: third.id, wallet_token: saved.id });
    await expect(walletOf(customer.reference)).resolves.toEqual([]);
  });
});
