// Sessions that expire: the page of an expired session (never a form), and a shopper whose session
// expires while the form is open, told so when they pay. The stack runs with a short session TTL.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/api-client';
import { fillCard, hostedPageOf, screenshot, startCheckoutEnv, type CheckoutEnv } from './checkout';

const TTL_SECONDS = 4;

let env: CheckoutEnv;
beforeAll(async () => {
  env = await startCheckoutEnv({ sessionTtlSeconds: TTL_SECONDS });
});
afterAll(async () => {
  await env?.close();
});

const expired = (id: string) =>
  eventually(
    async () => {
      const session = await env.readSession(id);
      return session.status === 'EXPIRED' ? session : undefined;
    },
    { what: `session ${id} EXPIRED`, timeoutMs: 30_000, intervalMs: 250 },
  );

describe('expired sessions', () => {
  it('shows an expired session as a page that says so, without a form', async () => {
    const session = await env.createSession({ amount: 990, order: { reference: 'hp-expired' } });
    const read = await expired(session.id);
    expect(read.payment_id).toBeUndefined();

    const { page } = await env.open(hostedPageOf(session));
    await page.getByRole('heading', { level: 1, name: 'This payment session has expired' }).waitFor();
    await expect(
      page
        .getByText('No payment was taken for order hp-expired. Return to the shop to start the payment again.')
        .count(),
    ).resolves.toBe(1);
    await expect(page.locator('input, form, button[type="submit"]').count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Return to the shop' }).getAttribute('href')).resolves.toBe(
      env.returnUrl,
    );
    await screenshot(page, 'hosted-expired');
    // Opening an expired session changes nothing.
    await expect(env.readSession(session.id)).resolves.toMatchObject({ status: 'EXPIRED' });
  });

  it('tells a shopper whose session expired while the form was open, instead of taking the payment', async () => {
    const session = await env.createSession({ amount: 990, order: { reference: 'hp-expires-open' } });
    const { page } = await env.open(hostedPageOf(session));
    await fillCard(page, '4242424242424242');
    await expired(session.id);
    await page.getByRole('button', { name: 'Pay €9.90' }).click();
    await page.getByRole('heading', { level: 1, name: 'This payment session has expired' }).waitFor();
    // The page's heading took the focus, so a screen reader reads the new state.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'This payment session has expired',
    );
    await expect(page.locator('input').count()).resolves.toBe(0);
    await screenshot(page, 'hosted-expired-while-open');
    const read = await env.readSession(session.id);
    expect(read).toMatchObject({ status: 'EXPIRED' });
    expect(read.payment_id).toBeUndefined();
  });
});
