// A merchant chooses its webhook's url, so a production worker delivers to public addresses only
// (platform/outbound-addresses.ts): here a receiver on loopback, where a production build's worker
// would otherwise POST into its own network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { deliveryAttemptsOf } from '../../db/webhook-delivery-attempts';
import { eventually } from '../support/api-client';
import { cardPayment, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

let stack: Stack;
let merchant: CreatedMerchant;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  stack = await startStack({ webhookPrivateAddresses: 'refuse' });
  merchant = await stack.createMerchant('Loopback receiver');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

describe('webhook addresses', () => {
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
