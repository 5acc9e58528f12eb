import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationNews, type AuthorizeRequest } from '../partner';
import { startSandboxNetwork, type SandboxNetwork } from '../sandbox-network/server';
import { startNotificationReceiver, submitPage, type NotificationReceiver } from '../sandbox-network/testing';
import { SandboxWalletAdapter } from '.';

let network: SandboxNetwork;
let receiver: NotificationReceiver;
let wallet: SandboxWalletAdapter;

beforeAll(async () => {
  network = await startSandboxNetwork({ notify: { retryDelayMs: 20 } });
  receiver = await startNotificationReceiver();
  wallet = new SandboxWalletAdapter({ baseUrl: network.url });
});
afterAll(async () => {
  await network.close();
  await receiver.close();
});

function request(partner_token?: string): AuthorizeRequest {
  return {
    idempotency_key: `payment/${randomUUID()}/auth/1`,
    amount: 1_999,
    currency: 'GBP',
    method: 'wallet',
    instrument: { type: 'wallet', ...(partner_token !== undefined ? { partner_token } : {}) },
    return_url: 'http://127.0.0.1:9/back',
    notification_url: receiver.url,
  };
}

describe('sandbox-wallet', () => {
  it('asks the shopper to approve on the wallet page, then notifies AUTHORIZED with a token', async () => {
    const pending = await wallet.authorize(request());
    expect(pending).toMatchObject({
      status: 'PENDING',
      partner_status: 'AWAITING_APPROVAL',
      authorized_amount: 0,
      partner_token: null,
    });
    expect(pending.redirection).toEqual({
      href: `${network.url}/wallet/${pending.partner_reference}`,
      method: 'GET',
      media_type: null,
      body: null,
    });

    const before = receiver.received.length;
    const submission = await submitPage(pending.redirection!.href, 'approve');
    expect(submission.html).toContain('£19.99');
    expect(submission.status).toBe(303);
    expect(submission.location).toBe(
      `http://127.0.0.1:9/back?partner_reference=${pending.partner_reference}&status=AUTHORIZED`,
    );

    const [notification] = (await receiver.waitForDelivered(before + 1)).slice(-1);
    const { result } = authorizationNews(wallet.parseNotification(notification!));
    expect(result).toMatchObject({ status: 'AUTHORIZED', authorized_amount: 1_999, redirection: null });
    expect(result.partner_token).toMatch(/^wtok_/);

    // The token approves later payments without a redirection.
    expect(await wallet.authorize(request(result.partner_token!))).toMatchObject({
      status: 'AUTHORIZED',
      redirection: null,
      partner_token: result.partner_token,
    });
  });

  it('a decline refuses the authorization', async () => {
    const pending = await wallet.authorize(request());
    const before = receiver.received.length;
    const submission = await submitPage(pending.redirection!.href, 'decline');
    expect(new URL(submission.location!).searchParams.get('status')).toBe('REFUSED');
    const [notification] = (await receiver.waitForDelivered(before + 1)).slice(-1);
    expect(authorizationNews(wallet.parseNotification(notification!)).result).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'BLOCKED_BY_CUSTOMER',
    });
    expect(await wallet.status({ partner_reference: pending.partner_reference })).toMatchObject({ status: 'REFUSED' });
  });

  it('refuses an unknown token', async () => {
    expect(await wallet.authorize(request('wtok_nope'))).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'UNKNOWN_CARD',
    });
  });

  it('a notification for another partner is rejected', async () => {
    const pending = await wallet.authorize(request());
    const before = receiver.received.length;
    await submitPage(pending.redirection!.href, 'approve');
    const [notification] = (await receiver.waitForDelivered(before + 1)).slice(-1);
    const { SandboxCardAdapter } = await import('../sandbox-card');
    expect(() => new SandboxCardAdapter({ baseUrl: network.url }).parseNotification(notification!)).toThrow(
      /wrong_partner/,
    );
  });
});
