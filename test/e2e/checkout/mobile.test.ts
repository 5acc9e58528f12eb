// The hosted payment page on a phone (996 px and below: one column), in dark mode and French
// number formatting: no horizontal scrolling, no layout shift while loading, and a payment that
// ends with the merchant reading it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  fillCard,
  hostedPageOf,
  MOBILE,
  screenshot,
  startCheckoutEnv,
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

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not visible`);
  return found;
};

describe('hosted payment page on a phone', () => {
  it('lays out in one column, in dark mode, without shifting, and pays', async () => {
    const session = await env.createSession({
      amount: 2599,
      order: {
        reference: 'hp-mobile-1',
        shipments: [{ item_lines: [{ name: 'Carnet de croquis A5', quantity: 3, net_amount: 2599 }] }],
      },
    });
    const opened = await env.open('about:blank', { ...MOBILE, colorScheme: 'dark', locale: 'fr-FR' });
    const { page } = opened;
    // Layout shifts from the first paint on, as Chromium reports them.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Reflect.set(window, '__shifts', shifts);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (!(entry as unknown as { hadRecentInput: boolean }).hadRecentInput)
            shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(hostedPageOf(session));
    await page.getByLabel('Card number', { exact: true }).waitFor();

    // French notation of the amount, a single column (summary above the form), nothing wider than the screen.
    await expect(page.getByTestId('total').textContent()).resolves.toMatch(/^25,99\s€$/);
    await expect(page.getByRole('button', { name: /^Pay 25,99\s€$/ }).count()).resolves.toBe(1);
    const summary = await box(page, '.tc-summary');
    const payment = await box(page, '.tc-payment');
    expect(summary.y + summary.height).toBeLessThanOrEqual(payment.y);
    expect(Math.abs(summary.width - payment.width)).toBeLessThan(2);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    // Dark colours from prefers-color-scheme.
    await expect(
      page.evaluate(() => getComputedStyle(document.querySelector('.tc-page')!).backgroundColor),
    ).resolves.toBe('rgb(17, 19, 22)');
    await expect(
      page.evaluate(() => (Reflect.get(window, '__shifts') as number[]).reduce((sum, value) => sum + value, 0)),
    ).resolves.toBeLessThan(0.01);
    await screenshot(page, 'hosted-mobile-dark-form');

    // Touch-sized targets for the methods and the pay button.
    expect((await box(page, '.tc-option-label')).height).toBeGreaterThanOrEqual(44);
    expect((await box(page, '.tc-pay')).height).toBeGreaterThanOrEqual(44);

    // 997 px and up: two columns side by side; 996 px: still one.
    await page.setViewportSize({ width: 997, height: 900 });
    expect((await box(page, '.tc-summary')).y).toBe((await box(page, '.tc-payment')).y);
    await page.setViewportSize({ width: 996, height: 900 });
    expect((await box(page, '.tc-summary')).y).toBeLessThan((await box(page, '.tc-payment')).y);
    await page.setViewportSize(MOBILE);

    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: /^Pay 25,99\s€$/ }).click();
    const claims = await env.verifiedClaims(await waitForMerchantReturn(page));
    expect(claims).toMatchObject({ client_session_id: session.id, authorization_status: 'AUTHORIZED' });
    await screenshot(page, 'hosted-mobile-dark-merchant-return');
    const paid = await env.readPayment(String(claims.payment_id), 'AUTHORIZED');
    expect(paid).toMatchObject({ amount: 2599, currency: 'EUR', client_session_id: session.id });
  });
});
