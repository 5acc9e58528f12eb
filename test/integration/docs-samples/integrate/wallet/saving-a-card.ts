// Samples of web/src/docs/content/integrate/wallet/saving-a-card.mdx
import { expect } from 'vitest';
import { payOnHostedPage, statusOf, withMerchantId, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  before: withMerchantId,
  samples: {
    'create-session': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json()).toMatchObject({
          allow_future_usage: true,
          customer: { reference: 'CUST-000417' },
          links: { hosted_page: expect.any(String) },
        });
      },
      after: async (r) => {
        // The shopper pays on the hosted page, typing 4242 4242 4242 4242, 12/30, Camille Martin.
        const submitted = await payOnHostedPage(r.env, '4242424242424242');
        expect(submitted.payment.authorization.status).toBe('AUTHORIZED');
      },
    },
    'wallet-session': { check: statusOf([201]) },
    'list-saved': {
      // The payment saves the card right after the authorization, while the shopper is sent back.
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.json()).toHaveLength(1);
        expect(r.json()[0].value).toBeUndefined();
      },
      answer: true,
    },
    'payment-saves': { check: statusOf([201, 201]), answer: true },
    'list-two': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.stdout.trim().split('\n')).toHaveLength(2);
      },
      answer: true,
    },
  },
} satisfies PagePlan;
