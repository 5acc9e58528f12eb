import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationNews, type AuthorizeRequest } from '../partner';
import { startSandboxNetwork, type SandboxNetwork } from '../sandbox-network/server';
import { SIGNATURE_HEADER, verifySignature } from '../sandbox-common/signature';
import {
  startNotificationReceiver,
  submitPage,
  waitUntil,
  type NotificationReceiver,
} from '../sandbox-network/testing';
import { SandboxInstalmentsAdapter } from '.';

const SECRET = 'instalments-test-secret';
let network: SandboxNetwork;
let receiver: NotificationReceiver;
let lender: SandboxInstalmentsAdapter;

beforeAll(async () => {
  network = await startSandboxNetwork({
    // Long enough that the status read right after applying comes before the decision on a busy
    // machine (at 50 ms it sometimes did not); the tests wait for the notification anyway.
    instalmentDecisionMs: 500,
    notify: { secret: SECRET, retryDelayMs: 20, maxAttempts: 3 },
  });
  receiver = await startNotificationReceiver();
  lender = new SandboxInstalmentsAdapter({ baseUrl: network.url, notificationSecret: SECRET });
});
afterAll(async () => {
  await network.close();
  await receiver.close();
});

function request(method: '3x' | '4x', amount: number, email: string, notificationUrl = receiver.url): AuthorizeRequest {
  return {
    idempotency_key: `payment/${randomUUID()}/auth/1`,
    amount,
    currency: 'EUR',
    method,
    instrument: { type: 'instalments' },
    customer: { email, first_name: 'Grace' },
    return_url: 'http://127.0.0.1:9/back',
    notification_url: notificationUrl,
  };
}

/** Authorize, apply on the lender page, and return the decision the lender notifies. */
async function applyAndAwaitDecision(method: '3x' | '4x', amount: number, email: string) {
  const pending = await lender.authorize(request(method, amount, email));
  expect(pending).toMatchObject({ status: 'PENDING', partner_status: 'AWAITING_SHOPPER' });
  expect(pending.redirection?.href).toBe(`${network.url}/lender/${pending.partner_reference}`);

  const before = receiver.received.length;
  const submission = await submitPage(pending.redirection!.href, 'apply');
  // The shopper goes back at once; the decision is not made yet.
  expect(submission.status).toBe(303);
  expect(new URL(submission.location!).searchParams.get('status')).toBe('PENDING');
  expect(await lender.status({ partner_reference: pending.partner_reference })).toMatchObject({
    status: 'PENDING',
    partner_status: 'UNDER_REVIEW',
    redirection: null,
  });

  const [raw] = (await receiver.waitForDelivered(before + 1)).slice(-1);
  // The signature is an HMAC over timestamp and body with the shared secret.
  expect(verifySignature(SECRET, raw!.body, String(raw!.headers[SIGNATURE_HEADER]))).toEqual({ ok: true });
  expect(verifySignature('another-secret', raw!.body, String(raw!.headers[SIGNATURE_HEADER]))).toEqual({
    ok: false,
    reason: 'mismatch',
  });
  return { pending, submission, notification: authorizationNews(lender.parseNotification(raw!)) };
}

describe('sandbox-instalments', () => {
  it('shows the instalment plan on the lender page', async () => {
    const pending = await lender.authorize(request('4x', 10_001, 'grace@example.com'));
    const html = await (await fetch(pending.redirection!.href)).text();
    expect(html).toContain('Pay in 4 instalments');
    expect(html).toContain('€25.01'); // the remainder goes on the first instalment
    expect(html).toContain('€25.00');
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('accepts by notification', async () => {
    const { pending, notification } = await applyAndAwaitDecision('3x', 30_000, 'grace@example.com');
    expect(notification.result).toMatchObject({
      partner_reference: pending.partner_reference,
      status: 'AUTHORIZED',
      authorized_amount: 30_000,
      partner_status: 'ACCEPTED',
      partner_additional_data: { instalments: '3' },
    });
    expect(await lender.status({ partner_reference: pending.partner_reference })).toMatchObject({
      status: 'AUTHORIZED',
    });
  });

  it('refuses by notification when the customer email contains "refuse"', async () => {
    const { notification } = await applyAndAwaitDecision('4x', 30_000, 'refuse@example.com');
    expect(notification.result).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'REJECTED_BY_RISK_CHECKS',
      partner_status: 'DECLINED',
    });
  });

  it('refuses by notification outside the lender limits (50.00 to 3000.00)', async () => {
    const { notification } = await applyAndAwaitDecision('3x', 300_001, 'grace@example.com');
    expect(notification.result).toMatchObject({ status: 'REFUSED', refusal_reason: 'AMOUNT_EXCEEDED' });
  });

  it('a cancel on the lender page refuses at once', async () => {
    const pending = await lender.authorize(request('3x', 10_000, 'grace@example.com'));
    const before = receiver.received.length;
    const submission = await submitPage(pending.redirection!.href, 'cancel');
    expect(new URL(submission.location!).searchParams.get('status')).toBe('REFUSED');
    const [raw] = (await receiver.waitForDelivered(before + 1)).slice(-1);
    expect(authorizationNews(lender.parseNotification(raw!)).result).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'BLOCKED_BY_CUSTOMER',
    });
  });

  it('retries a notification the orchestrator did not accept, a bounded number of times', async () => {
    const flaky = await startNotificationReceiver({ failFirst: 2 });
    const down = await startNotificationReceiver({ failFirst: 100 });
    try {
      const ok = await lender.authorize(request('3x', 10_000, 'grace@example.com', flaky.url));
      const lost = await lender.authorize(request('3x', 10_000, 'grace@example.com', down.url));
      await submitPage(ok.redirection!.href, 'apply');
      await submitPage(lost.redirection!.href, 'apply');

      const delivered = await flaky.waitForDelivered(1);
      expect(flaky.received.map((r) => r.answered)).toEqual([500, 500, 204]);
      // Each attempt is signed afresh, and all carry the same notification.
      expect(new Set(flaky.received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
      expect(authorizationNews(lender.parseNotification(delivered[0]!)).result.status).toBe('AUTHORIZED');

      const deliveryOf = (ref: string) => network.notifications().find((d) => d.partner_reference === ref);
      await waitUntil(() => deliveryOf(lost.partner_reference)?.state === 'failed', {
        what: 'the delivery to give up',
      });
      expect(deliveryOf(lost.partner_reference)?.attempts).toHaveLength(3); // maxAttempts
      expect(down.received).toHaveLength(3);
      expect(deliveryOf(ok.partner_reference)).toMatchObject({ state: 'delivered' });
      // The outcome is still there for a status poll.
      expect(await lender.status({ partner_reference: lost.partner_reference })).toMatchObject({
        status: 'AUTHORIZED',
      });
    } finally {
      await flaky.close();
      await down.close();
    }
  });

  it('rejects a notification with a bad or missing signature', async () => {
    const { notification } = await applyAndAwaitDecision('3x', 10_000, 'grace@example.com');
    const body = JSON.stringify({ type: 'authorization.updated', authorization: { partner: 'sandbox-instalments' } });
    expect(() => lender.parseNotification({ body, headers: {} })).toThrow(/missing/);
    expect(() =>
      lender.parseNotification({
        body,
        headers: { [SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      }),
    ).toThrow(/mismatch/);
    expect(notification.idempotency_key).toMatch(/^payment\//);
  });
});
