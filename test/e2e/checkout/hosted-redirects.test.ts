// The hosted payment page across partners' pages: a 3-D Secure challenge passed and failed (the
// shopper back at the merchant's return page, then paying again on the same session), a gift card
// plus a card for the rest, and instalments decided by the lender's notification after the
// shopper came back. Each ends with the merchant reading the payment over the API.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

/** On a sandbox partner page (ACS, wallet, lender), presses the button named `label`. */
async function decideOnPartnerPage(page: Page, heading: RegExp, label: string, shot?: string) {
  await page.waitForURL((url) => url.origin === new URL(env.stack.sandbox.url).origin, { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: label }).click();
}

describe('3-D Secure', () => {
  it('follows the challenge, passes it and comes back through Tessera to the merchant', async () => {
    const session = await env.createSession({ amount: 4200, order: { reference: 'hp-3ds-ok' } });
    const { page, requests } = await env.open(hostedPageOf(session));
    await fillCard(page, '4000002760003184');
    await page.getByRole('button', { name: 'Pay €42.00' }).click();
    await decideOnPartnerPage(page, /3-D Secure verification/, 'Complete authentication', 'sandbox-3ds-challenge');

    const returned = await waitForMerchantReturn(page);
    // The shopper's browser went through Tessera's return route, which asked the partner.
    expect(requests.some((request) => /\/v2\/payments\/[^/]+\/return/.test(new URL(request.url).pathname))).toBe(true);
    const claims = await env.verifiedClaims(returned);
    expect(claims).toMatchObject({
      client_session_id: session.id,
      authorization_status: 'AUTHORIZED',
      client_session_status: 'SUBMITTED',
    });
    await screenshot(page, 'hosted-3ds-passed-merchant-return');
    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment.authentication).toMatchObject({ flow: 'CHALLENGE' });
    expect(thirdPartyRequests(requests, env)).toEqual([]);
  });

  it('fails the challenge: back at the merchant refused and signed, then paying again on the same page', async () => {
    const session = await env.createSession({ amount: 4200, order: { reference: 'hp-3ds-fail' } });
    const { page } = await env.open(hostedPageOf(session));
    await fillCard(page, '4000002760003184');
    await page.getByRole('button', { name: 'Pay €42.00' }).click();
    await decideOnPartnerPage(page, /3-D Secure verification/, 'Fail authentication');
    // The ACS sends the browser through Tessera's return route to the merchant, refused and signed.
    const landed = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(landed).toMatchObject({
      client_session_id: session.id,
      authorization_status: 'REFUSED',
      client_session_status: 'SUBMITTED',
    });
    await screenshot(page, 'hosted-3ds-failed-landing');
    const paymentId: string = (await env.readSession(session.id)).payment_id;
    const refused = await env.readPayment(paymentId, 'REFUSED');
    expect(refused.authorization.partner_transactions[0].partner_additional_data).toMatchObject({
      refusal_reason: 'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
    });
    expect(refused.authentication).toMatchObject({ status: 'FAILURE', flow: 'CHALLENGE' });
    await expect(env.readSession(session.id)).resolves.toMatchObject({
      status: 'SUBMITTED',
      authorization: { status: 'REFUSED' },
    });

    // Back on the hosted page: the reason, and a form to try again on the same session.
    await page.goto(hostedPageOf(session));
    const alert = page.getByRole('alert').filter({ hasText: 'Payment not accepted' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(
      'Your bank could not confirm it is you, so the payment was not made.',
    );
    await screenshot(page, 'hosted-3ds-failed-try-again');
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay €42.00' }).click();
    const second = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(second).toMatchObject({ client_session_id: session.id, authorization_status: 'AUTHORIZED' });
    expect(second.payment_id).not.toBe(paymentId);
    await env.readPayment(String(second.payment_id), 'AUTHORIZED');
  });
});

describe('a partner that does not answer in time', () => {
  it('sends the shopper back through Tessera, which asks the partner, to the merchant', async () => {
    const session = await env.createSession({ amount: 1800, order: { reference: 'hp-timeout' } });
    const { page } = await env.open(hostedPageOf(session));
    await fillCard(page, '4000000000000119');
    await page.getByRole('button', { name: 'Pay €18.00' }).click();
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    // The return route's status call settles the sandbox's timeout card as authorized.
    expect(claims).toMatchObject({ client_session_id: session.id, authorization_status: 'AUTHORIZED' });
    await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
  });
});

describe('gift card and instalments', () => {
  it('checks a gift card balance, pays what it covers and the rest by card', async () => {
    const session = await env.createSession({ amount: 2599, order: { reference: 'hp-gift-split' } });
    const { page, requests } = await env.open(hostedPageOf(session));
    await page.getByRole('radio', { name: /Gift card/ }).check();
    await page.getByLabel('Gift card number').fill('6036280000000004');
    await page.getByLabel('PIN (if any)').fill('1234');
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByTestId('giftcard-balance').textContent()).resolves.toBe('€10.00');
    await expect(page.getByTestId('split-summary').textContent()).resolves.toBe(
      '€10.00 from the gift card, €15.99 left to pay by card.',
    );
    await fillCard(page, '4242424242424242');
    await screenshot(page, 'hosted-giftcard-split');
    await page.getByRole('button', { name: 'Pay €25.99' }).click();

    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(claims).toMatchObject({ authorization_status: 'AUTHORIZED' });
    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment.authorization.partner_transactions.map((tx: any) => [tx.partner, tx.amount, tx.status])).toEqual([
      ['sandbox-giftcard', 1000, 'AUTHORIZED'],
      ['sandbox-card', 1599, 'AUTHORIZED'],
    ]);
    const submission = requests.find((request) => request.url.endsWith(`/checkout/v1/sessions/${session.id}/payments`));
    expect(submission?.body).not.toContain('6036280000000004');
  });

  it('explains a gift card with nothing left', async () => {
    const session = await env.createSession({ amount: 2599, order: { reference: 'hp-gift-empty' } });
    const { page } = await env.open(hostedPageOf(session));
    await page.getByRole('radio', { name: /Gift card/ }).check();
    await page.getByLabel('Gift card number').fill('6036280000000002');
    await page.getByRole('button', { name: 'Check balance' }).click();
    await page
      .getByText('The gift card ending in 0002 has no balance left. Use another gift card or payment method.')
      .waitFor();
    await expect(page.getByRole('button', { name: /^Pay / }).count()).resolves.toBe(0);
    await page.getByLabel('Gift card number').fill('6036280000000099');
    await page.getByRole('button', { name: 'Check balance' }).click();
    await page.getByText('We do not recognise this gift card number. Check it and try again.').waitFor();
    await expect(env.readSession(session.id)).resolves.toMatchObject({ status: 'CHOICE_IN_PROGRESS' });
  });

  it('pays in 3 instalments: the lender’s page, back to the merchant while pending, then AUTHORIZED by notification', async () => {
    const session = await env.createSession({
      amount: 12000,
      order: { reference: 'hp-3x' },
      customer: { email: 'camille@example.com' },
    });
    const { page } = await env.open(hostedPageOf(session));
    await page.getByRole('radio', { name: /Pay in 3 instalments/ }).check();
    await expect(
      page.getByText('3 payments: €40.00 today, then €40.00, €40.00 every 30 days.', { exact: false }).count(),
    ).resolves.toBe(1);
    await page.getByRole('button', { name: 'Continue to the lender' }).click();
    await decideOnPartnerPage(page, /pay in instalments/, 'Apply for this plan', 'sandbox-lender');

    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(claims).toMatchObject({ client_session_id: session.id, authorization_status: 'PENDING' });
    await expect(page.locator('main h1').textContent()).resolves.toBe('Thank you! Your payment is being confirmed');
    await screenshot(page, 'hosted-instalments-merchant-return-pending');
    // The lender decides a moment later and notifies Tessera; the merchant reads the outcome.
    const payment = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(payment.authorization.partner_transactions[0]).toMatchObject({
      partner: 'sandbox-instalments',
      method: '3x',
      amount: 12000,
    });
    expect(env.stack.sandbox.notifications().length).toBeGreaterThan(0);
  });

  it('pays with the wallet after approval on the wallet’s page', async () => {
    const session = await env.createSession({ amount: 3100, order: { reference: 'hp-wallet' } });
    const { page } = await env.open(hostedPageOf(session));
    await page.getByRole('radio', { name: /Wallet/ }).check();
    await page.getByRole('button', { name: 'Continue to your wallet' }).click();
    await decideOnPartnerPage(page, /wallet/i, 'Approve payment');
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(claims).toMatchObject({ authorization_status: 'AUTHORIZED' });
    await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
  });
});
