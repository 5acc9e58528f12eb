// A merchant chooses its webhook's url, so production delivers to public addresses only. The api
// refuses a url whose host is itself a private address when it is given (api/webhook-url-addresses.ts);
// the worker checks the address each delivery connects to, which covers a name that resolves to a
// private one (platform/outbound-addresses.ts). Receivers here listen on loopback, where a
// production build would otherwise POST into its own network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { deliveryAttemptsOf } from '../../db/webhook-delivery-attempts';
import { call, eventually, sessionApplication } from '../support/api-client';
import { cardPayment, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

const SECRET_PATH = '/hooks/t0ken-in-the-path?key=k3y';
const privateUrls = [
  `http://127.0.0.1:9${SECRET_PATH}`,
  `http://2130706433${SECRET_PATH}`,
  `http://169.254.169.254${SECRET_PATH}`,
  `http://[::1]${SECRET_PATH}`,
  `http://localhost${SECRET_PATH}`,
];

describe('webhook urls given to the api, where private addresses are refused', () => {
  let stack: Stack;
  let merchant: CreatedMerchant;
  let token: string;
  beforeAll(async () => {
    stack = await startStack({ webhookPrivateAddresses: 'refuse' });
    merchant = await stack.createMerchant('Private url shop');
    token = await stack.accessToken(merchant);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const expectRefused = (answer: { status: number; body: any }, pointer: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('is not a public address');
    expect(JSON.stringify(answer.body)).not.toMatch(/t0ken|k3y/);
    if (answer.body.errors) expect(answer.body.errors).toEqual([expect.objectContaining({ pointer })]);
  };

  it('refuses a client session, a payment, the reports webhook and a v1 session whose url is a private host', async () => {
    for (const url of privateUrls) {
      const session = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
        token,
        body: sessionApplication(merchant.entity_id, { webhook: { url } }),
      });
      expectRefused(session, '/webhook/url');
    }
    const payment = await call(stack.baseUrl, 'POST', '/v2/payments', {
      token,
      body: cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'), {
        webhook: { url: privateUrls[0]! },
      }),
    });
    expectRefused(payment, '/webhook/url');
    const reports = await call(stack.baseUrl, 'PUT', '/v2/reports/webhook', { token, body: { url: privateUrls[2] } });
    expectRefused(reports, '/url');
    const v1 = await call(stack.baseUrl, 'POST', `/payment/v1/${merchant.entity_id}/sessions/create`, {
      token,
      body: {
        amount: '25.99',
        hook: privateUrls[3],
        order: { reference: 'v1-private-hook', redirection: 'https://shop.example/back', currency_code: 'EUR' },
      },
    });
    expect(v1.status, JSON.stringify(v1.body)).toBe(400);
    expect(v1.body).toMatchObject({ error_code: 'BAD_REQUEST', message: expect.stringContaining('/hook') });
    expect(JSON.stringify(v1.body)).not.toMatch(/t0ken|k3y/);
  });

  it('takes a name, which only a delivery resolves, and a public address', async () => {
    for (const url of ['https://hooks.shop.example/tessera', 'https://93.184.216.34/tessera']) {
      const session = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
        token,
        body: sessionApplication(merchant.entity_id, { webhook: { url } }),
      });
      expect(session.status, JSON.stringify(session.body)).toBe(201);
    }
  });
});

describe('webhook deliveries, where private addresses are refused', () => {
  let stack: Stack;
  let merchant: CreatedMerchant;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    // The api lets the loopback url through as it does a name that resolves to loopback.
    stack = await startStack({ webhookPrivateAddresses: 'allow', deliveryPrivateAddresses: 'refuse' });
    merchant = await stack.createMerchant('Loopback receiver');
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  it('refuses a receiver that is not at a public address once, records why, and goes on with the next event', async () => {
    const tessera = stack.client({ accessToken: await stack.accessToken(merchant) });
    const created = await tessera.v2.POST('/v2/payments', {
      body: cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'), {
        webhook: { url: receiver.url, event_types: ['PAYMENT'] },
      }),
    });
    expect(created.response.status).toBe(201);
    const paymentId = created.data!.id;
    // Another event behind the first: it is attempted too rather than waiting 3 days behind it.
    const captured = await tessera.v2.POST('/v2/payments/{id}/captures', {
      params: { path: { id: paymentId } },
      body: { amount: created.data!.amount },
    });
    expect(captured.response.status).toBe(201);
    const attempts = await eventually(
      async () => {
        const recorded = await deliveryAttemptsOf(stack.sql, stack.config.encryptionKey, paymentId);
        return new Set(recorded.map((attempt) => attempt.eventId)).size >= 2 ? recorded : undefined;
      },
      { what: 'both events attempted', timeoutMs: 20_000 },
    );
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ attempt: 1, succeeded: false, statusCode: null });
      expect(attempt.error).toContain('PrivateAddressError');
      expect(attempt.error).toContain('not a public address');
    }
    expect(receiver.received).toHaveLength(0);
  });
});
