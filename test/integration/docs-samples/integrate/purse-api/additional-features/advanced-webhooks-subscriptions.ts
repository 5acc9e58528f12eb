// Samples of web/src/docs/content/integrate/purse-api/additional-features/advanced-webhooks-subscriptions.mdx
import { expect } from 'vitest';
import { eventually } from '../../../../../support/api-client';
import { readPaymentProjection } from '../../../../../../db/projections';
import { startWebhookReceiver } from '../../../../../support/webhook-receiver';
import { statusOf, type PagePlan } from '../../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  before: async (state) => {
    const receiver = await startWebhookReceiver();
    state.cleanups.push(() => receiver.close());
    state.hooks = receiver;
    state.env.WEBHOOK_URL = receiver.url;
  },
  samples: {
    'payment-with-headers': {
      check: (r) => {
        statusOf([201, 201])(r);
        expect(r.json().url).toBe(r.env.WEBHOOK_URL);
        expect(r.file('payment.json').authorization.status).toBe('AUTHORIZED');
      },
      answer: { ignore: ['url'] },
    },
    capture: {
      check: (r) => expect(r.stdout.trim()).toBe('201'),
      after: async (r, state) => {
        const { received } = state.hooks as Awaited<ReturnType<typeof startWebhookReceiver>>;
        await eventually(async () => (received.length >= 3 ? true : undefined), {
          what: 'three deliveries',
          timeoutMs: 20_000,
        });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(received.map((delivery) => delivery.json.event_type).sort()).toEqual([
          'CAPTURE',
          'CAPTURE',
          'PARTNER_TRANSACTION_CAPTURE',
        ]);
        for (const delivery of received) {
          expect(delivery.headers.authorization).toBe('Bearer rk_live_7f3a9c');
          expect(delivery.headers['x-shop-id']).toBe('shop-42');
          expect(delivery.json.resource.id).toBe(r.env.PAYMENT_ID);
        }
        const stored = JSON.stringify(
          await readPaymentProjection(state.stack.sql, state.stack.config.encryptionKey, r.env.PAYMENT_ID!),
        );
        expect(stored).toContain('[redacted]');
        expect(stored).not.toContain('rk_live_7f3a9c');
      },
    },
  },
} satisfies PagePlan;
