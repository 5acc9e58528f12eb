// The hosted payment page with cards: success (keyboard only), live validation, co-badged network
// choice, a refusal then another card, and the pages of sessions that cannot be paid (aborted,
// already paid). Each starts with the merchant creating the session and ends with the merchant
// reading the payment (or the session) over the API.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call } from '../../support/api-client';
import { vaultCard } from '../../support/payments';
import {
  fillCard,
  hostedPageOf,
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

const order = (reference: string) => ({
  reference,
  net_amount: 7450,
  shipments: [
    {
      item_lines: [
        { name: 'Desk lamp, blue', quantity: 2, unit_gross_price: 2500, net_amount: 5000 },
        { name: 'Linen lampshade', quantity: 1, unit_gross_price: 1950, net_amount: 1950 },
        { name: 'Delivery', type: 'SHIPPING_FEES', quantity: 1, net_amount: 500 },
      ],
    },
  ],
});

/** The name of the focused element, as a screen reader would announce it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element) return '';
    const label = element.labels?.[0]?.textContent ?? element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()}${element.type ? `[${element.type}]` : ''}:${label.trim()}`;
  });

describe('hosted payment page, cards', () => {
  it('pays by card with the keyboard alone and sends the shopper back to the merchant with the signed outcome', async () => {
    const session = await env.createSession({ amount: 7450, order: order('hp-card-1') });
    const { page, requests } = await env.open(hostedPageOf(session));

    await page.getByRole('heading', { level: 1, name: 'Complete your payment' }).waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByTestId('total').textContent()).resolves.toBe('€74.50');
    await expect(summary.getByRole('list', { name: 'Items' }).getByRole('listitem').allTextContents()).resolves.toEqual(
      ['Desk lamp, blue × 2€50.00', 'Linen lampshade€19.50', 'Delivery€5.00'],
    );
    await expect(page.title()).resolves.toBe('Pay €74.50 · Secure checkout');
    // Served as checkout.html: the checkout's own entry, not the docs app with its router.
    await expect(
      page.evaluate(() =>
        [...document.querySelectorAll('script[type="module"]')].map(
          (script) => new URL((script as HTMLScriptElement).src).pathname,
        ),
      ),
    ).resolves.toEqual([expect.stringMatching(/^\/assets\/checkout-[\w-]+\.js$/)]);
    // Opening the page moved the session on.
    await expect(env.readSession(session.id)).resolves.toMatchObject({ status: 'CHOICE_IN_PROGRESS' });
    await screenshot(page, 'hosted-desktop-form');

    // Keyboard only: the first Tab reaches the selected method, the next ones the card fields in order.
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatch(/^input\[radio\]:Card/);
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('input[text]:Card number');
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('input[text]:Expiry date');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('input[text]:Security code');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('input[text]:Name on card');
    await page.keyboard.type('Camille Martin');
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('button[submit]:Pay €74.50');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
    await expect(page.getByLabel('Expiry date').inputValue()).resolves.toBe('12 / 34');
    await page.keyboard.press('Enter');

    const returned = await waitForMerchantReturn(page);
    const claims = await env.verifiedClaims(returned);
    expect(claims).toMatchObject({
      client_session_id: session.id,
      authorization_status: 'AUTHORIZED',
      client_session_status: 'SUBMITTED',
    });
    await expect(page.getByTestId('authorization-status').textContent()).resolves.toBe('AUTHORIZED');
    await screenshot(page, 'hosted-card-success-merchant-return');

    // Card data went to the vault only; the submission carried a token.
    const vaultCalls = requests.filter((request) => request.url.endsWith('/v2/vault/cards'));
    expect(vaultCalls.filter((request) => request.method === 'POST')).toHaveLength(1);
    const submission = requests.find(
      (request) => request.url.endsWith(`/checkout/v1/sessions/${session.id}/payments`) && request.method === 'POST',
    );
    expect(submission?.body).toBeTruthy();
    expect(submission!.body).not.toContain('4242424242424242');
    expect(JSON.parse(submission!.body!)).toMatchObject({
      split: [{ amount: 7450, partner: 'sandbox-card', method: 'creditcard', vault_form_token: expect.any(String) }],
    });
    expect(
      requests
        .filter((request) => request.body?.includes('4242424242424242'))
        .map((request) => new URL(request.url).pathname),
    ).toEqual(['/v2/vault/cards']);
    expect(thirdPartyRequests(requests, env)).toEqual([]);

    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment).toMatchObject({ client_session_id: session.id, amount: 7450, currency: 'EUR' });
    await expect(env.readSession(session.id)).resolves.toMatchObject({ status: 'SUBMITTED', payment_id: payment.id });
  });

  it('validates while the shopper types, and lets them choose the network of a co-badged card', async () => {
    const session = await env.createSession({ amount: 1999, order: { reference: 'hp-cobadge-1' } });
    const { page } = await env.open(hostedPageOf(session));
    const number = page.getByLabel('Card number');
    await number.waitFor();

    // Submitting an empty form: every field says what is missing and focus goes to the first.
    await page.getByRole('button', { name: 'Pay €19.99' }).click();
    await expect(page.locator('.tc-field-error').allTextContents()).resolves.toEqual([
      'Enter your card number.',
      'Enter the expiry date.',
      'Enter the security code.',
      'Enter the name on the card.',
    ]);
    await expect(focused(page)).resolves.toBe('input[text]:Card number');
    await expect(number.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = await number.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`).getAttribute('aria-live')).resolves.toBe('polite');

    // Live: a wrong check digit shows as soon as the number is complete; an expired date at once.
    await number.fill('4242424242424241');
    await page.getByText('This card number is not valid. Check it and try again.').waitFor();
    await page.getByLabel('Expiry date').fill('0120');
    await page.getByText('This card has expired.').waitFor();
    await page.getByLabel('Expiry date').fill('1234');

    // American Express asks for 4 digits.
    await number.fill('378282246310005');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Security code').blur();
    await page.getByText('Enter the 4-digit security code on the front of your card.').waitFor();

    // Co-badged VISA + CB: the shopper chooses the network.
    await fillCard(page, '4000002500001001');
    const networks = page.getByRole('group', { name: 'Card network' });
    await networks.waitFor();
    await expect(
      networks
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)),
    ).resolves.toEqual(['CBCB', 'VISAVisa']);
    await expect(networks.getByRole('radio', { name: 'CB' }).isChecked()).resolves.toBe(true);
    await networks.getByRole('radio', { name: 'Visa' }).check();
    await screenshot(page, 'hosted-cobadged-network-choice');
    const submitted = page.waitForRequest((request) =>
      request.url().endsWith(`/checkout/v1/sessions/${session.id}/payments`),
    );
    await page.getByRole('button', { name: 'Pay €19.99' }).click();
    expect(JSON.parse((await submitted).postData()!)).toMatchObject({
      split: [{ card: { holder_name: 'Camille Martin', selected_network: 'VISA' } }],
    });

    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment.authorization.partner_transactions[0]).toMatchObject({
      partner: 'sandbox-card',
      status: 'AUTHORIZED',
    });
  });

  it('explains a refusal, keeps the session open, and takes another card', async () => {
    const session = await env.createSession({ amount: 2599 });
    const { page } = await env.open(hostedPageOf(session));
    await fillCard(page, '4000000000009995');
    await page.getByRole('button', { name: 'Pay €25.99' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Payment not accepted' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(
      'The payment was declined for insufficient funds. Try another card or another payment method.',
    );
    // Focus moved to the message so a screen reader reads it; the form is empty again for another card.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('insufficient funds');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('');
    await screenshot(page, 'hosted-refused-insufficient-funds');
    const refused = await env.readSession(session.id);
    expect(refused).toMatchObject({ status: 'SUBMITTED', authorization: { status: 'REFUSED' } });

    await fillCard(page, '5555555555554444');
    await page.getByRole('button', { name: 'Pay €25.99' }).click();
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(claims).toMatchObject({ authorization_status: 'AUTHORIZED', client_session_id: session.id });
    expect(claims.payment_id).not.toBe(refused.payment_id);
    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment.authorization.partner_transactions[0].card).toMatchObject({ last_four_digits: '4444' });
    const first = await env.readPayment(refused.payment_id, 'REFUSED');
    expect(first.authorization.partner_transactions[0].partner_additional_data).toMatchObject({
      refusal_reason: 'INSUFFICIENT_FUNDS',
    });
  });

  it('says so when the payment service cannot be reached, keeps what the shopper typed, and pays on the next try', async () => {
    const session = await env.createSession({ amount: 3300, order: { reference: 'hp-offline' } });
    const { page } = await env.open(hostedPageOf(session));
    await fillCard(page, '4242424242424242');
    // The connection drops while the card goes to the vault.
    await page.route('**/v2/vault/cards', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Pay €33.00' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Payment not sent' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(
      'We could not reach the payment service. Check your internet connection and try again.',
    );
    await expect(page.getByLabel('Card number', { exact: true }).inputValue()).resolves.toBe('4242 4242 4242 4242');
    await screenshot(page, 'hosted-network-failure');
    await expect(env.readSession(session.id)).resolves.toMatchObject({ status: 'CHOICE_IN_PROGRESS' });

    await page.unroute('**/v2/vault/cards');
    await page.getByRole('button', { name: 'Pay €33.00' }).click();
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
  });

  it('shows a cancelled session and an already paid one as pages, never a form', async () => {
    const aborted = await env.createSession({ amount: 1500, order: { reference: 'hp-aborted' } });
    expect(
      (
        await call(env.stack.baseUrl, 'POST', `/v2/client-sessions/${aborted.id}/abort`, {
          token: env.token,
          body: { status: 'ABORTED_BY_MERCHANT' },
        })
      ).status,
    ).toBe(200);
    const { page } = await env.open(hostedPageOf(aborted));
    await page.getByRole('heading', { level: 1, name: 'This payment was cancelled' }).waitFor();
    await expect(
      page.getByText('The shop cancelled this payment. No payment was taken for order hp-aborted.').count(),
    ).resolves.toBe(1);
    await expect(page.locator('input, form').count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Return to the shop' }).getAttribute('href')).resolves.toBe(
      env.returnUrl,
    );
    await screenshot(page, 'hosted-aborted');
    await expect(env.readSession(aborted.id)).resolves.toMatchObject({ status: 'ABORTED_BY_MERCHANT' });

    // Paid by the shopper in another tab (here straight through the browser API).
    const paid = await env.createSession({ amount: 1500, order: { reference: 'hp-paid' } });
    const vaultToken = await vaultCard(env.stack, env.merchant, '4242424242424242');
    const submitted = await call(env.stack.baseUrl, 'POST', `/checkout/v1/sessions/${paid.id}/payments`, {
      apiKey: env.merchant.publishable_key,
      body: { split: [{ amount: 1500, partner: 'sandbox-card', method: 'creditcard', vault_form_token: vaultToken }] },
    });
    expect(submitted.body.payment.authorization.status).toBe('AUTHORIZED');
    await page.goto(hostedPageOf(paid));
    await page.getByRole('heading', { level: 1, name: 'This order is already paid' }).waitFor();
    await expect(page.locator('input, form').count()).resolves.toBe(0);
    await screenshot(page, 'hosted-already-paid');
    // "Return to the shop" goes through Tessera's return route: the merchant gets the signed outcome.
    await page.getByRole('button', { name: 'Return to the shop' }).click();
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(claims).toMatchObject({ payment_id: submitted.body.payment.id, authorization_status: 'AUTHORIZED' });
    await env.readPayment(submitted.body.payment.id, 'AUTHORIZED');
  });

  it('says so when the payment link is not valid', async () => {
    const other = await env.stack.createMerchant('Elsewhere');
    const session = await env.createSession({ amount: 1000 });
    const { page } = await env.open(`${env.stack.baseUrl}/entities/${other.entity_id}/sessions/${session.id}`);
    await page.getByRole('heading', { level: 1, name: 'This payment link is not valid' }).waitFor();
    await expect(page.locator('input').count()).resolves.toBe(0);
    // The merchant's session was not touched by the wrong address.
    await expect(env.readSession(session.id)).resolves.toMatchObject({ status: 'CREATED' });
  });
});
