// Samples of web/src/docs/content/integrate/wallet/one-click-payment.mdx
import { expect } from 'vitest';
import {
  UUID,
  payWithSavedCardOnHostedPage,
  statusOf,
  withMerchantId,
  type PagePlan,
} from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  before: withMerchantId,
  samples: {
    'save-card': { check: statusOf([201, 201]), answer: true },
    'list-tokens': {
      // The payment saves the card right after its authorization.
      retry: true,
      check: (r) => {
        statusOf([201, 200])(r);
        expect(r.env.WALLET_TOKEN_ID).toMatch(UUID);
      },
      answer: true,
    },
    'pay-with-token': {
      check: (r) => {
        statusOf([201])(r);
        // The partner's token stays in the wallet: the payment does not show it.
        expect(r.json().partner_transactions[0].partner_token).toBeUndefined();
      },
      answer: true,
    },
    'pay-other-customer': { check: statusOf([400]), answer: true },
    'checkout-session': {
      check: statusOf([201]),
      after: async (r) => {
        // The shopper pays on the hosted page with the saved card it offers.
        const submitted = await payWithSavedCardOnHostedPage(r.env);
        expect(submitted.payment.authorization).toMatchObject({
          status: 'AUTHORIZED',
          partner_transactions: [{ card: { last_four_digits: '4242' } }],
        });
        expect(submitted.payment.redirection).toBeUndefined();
      },
    },
    'read-session': { check: statusOf([200]), answer: true },
  },
} satisfies PagePlan;
