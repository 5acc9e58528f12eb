// Samples of web/src/docs/content/integrate/purse-reports/settlements-chargebacks.mdx
import { expect } from 'vitest';
import { verifyWebhook } from '../../../../../activities/webhooks/signature';
import { eventually } from '../../../../support/api-client';
import { statusOf, type PagePlan, type PageState } from '../../../../support/docs-samples/harness';
import { startWebhookReceiver } from '../../../../support/webhook-receiver';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
const receiverOf = (state: PageState) => state.receiver as Receiver;

export default {
  merchant: 'fresh',
  before: async (state) => {
    const receiver = await startWebhookReceiver(() => 204);
    state.receiver = receiver;
    state.env.WEBHOOK_URL = receiver.url;
    state.cleanups.push(() => receiver.close());
  },
  samples: {
    'reports-webhook': { check: statusOf([200]), answer: { ignore: ['url'] } },
    sell: { check: statusOf([201, 201, 201, 201]) },
    settle: { check: statusOf([201]), answer: true },
    'list-settlements': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.json().items).toHaveLength(1);
      },
      answer: true,
      after: async (r, state) => {
        // The finance system was told, with the settlement, signed, and with its own header.
        const told = await eventually(
          async () =>
            receiverOf(state).received.find((delivery) => delivery.json.event_type === 'SETTLEMENT_COMPLETED'),
          { what: 'SETTLEMENT_COMPLETED', timeoutMs: 30_000 },
        );
        expect(told.json.data).toMatchObject({ id: r.env.SETTLEMENT_ID, net_amount: 5869 });
        expect(told.headers['x-finance-key']).toBe('fk_7e21');
        const verified = verifyWebhook(
          state.env.WEBHOOK_SECRET!,
          told.body,
          String(told.headers['tessera-signature']),
          Math.floor(Date.now() / 1000),
        );
        expect(verified.valid).toBe(true);
      },
    },
    'settlement-lines': { check: statusOf([200]), answer: true },
    'disputed-payment': { check: statusOf([201, 201, 201]) },
    'read-dispute': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.env.DISPUTE_ID).toMatch(/^[0-9a-f-]{36}$/);
      },
      answer: true,
    },
    'submit-evidence': { check: statusOf([201]), answer: true },
    'dispute-outcome': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.stdout).toMatch(/^WON/);
      },
      answer: true,
      after: async (_r, state) => {
        const types = await eventually(
          async () => {
            const got = receiverOf(state)
              .received.filter((delivery) => delivery.json.resource.id === state.env.DISPUTED_PAYMENT)
              .map((delivery) => delivery.json.event_type);
            return got.includes('DISPUTE_CLOSED') ? got : undefined;
          },
          { what: 'DISPUTE_CLOSED', timeoutMs: 30_000 },
        );
        expect(types[0]).toBe('DISPUTE_OPENED');
        expect(types.at(-1)).toBe('DISPUTE_CLOSED');
      },
    },
  },
} satisfies PagePlan;
