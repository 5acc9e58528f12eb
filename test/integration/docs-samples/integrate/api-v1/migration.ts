// Samples of web/src/docs/content/integrate/api-v1/migration.mdx
import { expect } from 'vitest';
import { UUID, statusOf, type PagePlan } from '../../../../support/docs-samples/harness';
import { v1NotificationPublicKey } from '../../../../../db/notification-key';

export default {
  merchant: 'none',
  samples: {
    'create-merchant': { answer: true },
    'merchant-variables': {
      check: async (r, state) => {
        const merchant = r.file('merchant.json');
        expect(r.env).toMatchObject({
          ENTITY_ID: merchant.entity_id,
          CLIENT_ID: merchant.client_id,
          CLIENT_SECRET: merchant.client_secret,
          API_KEY: merchant.api_key,
          PUBLISHABLE_KEY: merchant.publishable_key,
        });
        // The key the page tells the merchant to paste is the one that signs notifications.
        expect(merchant.notification_public_key).toBe(
          await v1NotificationPublicKey(state.stack.sql, state.stack.config.encryptionKey),
        );
      },
      answer: true,
    },
    'plugin-check': {
      check: (r) => {
        statusOf([200, 201])(r);
        expect(r.env.SESSION_ID).toMatch(UUID);
      },
      answer: true,
    },
    'pay-through-v1': {
      check: (r) => {
        statusOf([201, 200, 200])(r);
        expect(r.env.AUTHORIZATION_ID).toMatch(UUID);
        expect(r.env.CAPTURE_ID).toMatch(UUID);
      },
    },
    'read-v2-payment': {
      check: (r) => {
        statusOf([200, 200])(r);
        const payment = r.json();
        expect(payment.authorization.partner_transactions[0].id).toBe(r.env.AUTHORIZATION_ID);
        expect(payment.captures[0].partner_transactions[0].id).toBe(r.env.CAPTURE_ID);
      },
      answer: true,
    },
    'refund-through-v2': { check: statusOf([201, 200]), answer: true, retry: true },
  },
} satisfies PagePlan;
