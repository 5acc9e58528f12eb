// Samples of web/src/docs/content/integrate/getting-started.mdx
import { expect } from 'vitest';
import { UUID, payOnHostedPage, statusOf, type PagePlan } from '../../../support/docs-samples/harness';

export default {
  merchant: 'none',
  samples: {
    'create-merchant': {
      check: (r) => {
        const merchant = r.json();
        expect(Object.keys(merchant).sort()).toEqual([
          'api_key',
          'client_id',
          'client_secret',
          'entity_id',
          'merchant_id',
          'notification_public_key',
          'publishable_key',
          'webhook_secret',
        ]);
        expect(merchant.entity_id).toMatch(UUID);
      },
      answer: true,
    },
    'merchant-variables': {
      check: (r, state) => {
        const merchant = r.file('merchant.json');
        expect(r.env).toMatchObject({
          ENTITY_ID: merchant.entity_id,
          CLIENT_ID: merchant.client_id,
          CLIENT_SECRET: merchant.client_secret,
          API_KEY: merchant.api_key,
          WEBHOOK_SECRET: merchant.webhook_secret,
        });
        state.publishableKey = merchant.publishable_key;
      },
    },
    'get-token': { check: statusOf([200]), answer: { ignore: ['access_token'] } },
    'token-variable': { check: (r) => expect(r.env.TOKEN?.split('.')).toHaveLength(3) },
    'create-session': {
      check: (r) => {
        statusOf([201])(r);
        const session = r.json();
        expect(r.env.SESSION_ID).toBe(session.id);
        expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
      },
      answer: { ignore: ['expires_at'] },
      after: async (r) => {
        const submitted = await payOnHostedPage(r.env, '4242424242424242');
        expect(submitted.payment.authorization.status).toBe('AUTHORIZED');
      },
    },
    'read-session': {
      check: (r) => {
        statusOf([200])(r);
        expect(r.json()).toMatchObject({ status: 'SUBMITTED', payment_id: r.env.PAYMENT_ID });
        expect(r.env.PAYMENT_ID).toMatch(UUID);
      },
    },
    'read-payment': {
      check: (r) => {
        statusOf([200])(r);
        expect(r.json()).toMatchObject({ id: r.env.PAYMENT_ID, client_session_id: r.env.SESSION_ID });
      },
      answer: true,
    },
    capture: {
      check: (r, state) => {
        statusOf([201])(r);
        const [head, body] = r.stdout.split(/\r?\n\r?\n/, 2);
        expect(head).toMatch(/^HTTP\/1\.1 201/);
        const operationId = /^x-created-operation-id: (\S+)/im.exec(head ?? '')?.[1];
        expect(operationId).toMatch(UUID);
        const payment = JSON.parse(body ?? '');
        expect(payment.captures).toEqual([
          expect.objectContaining({ id: operationId, amount: 2500, status: 'SUCCESS' }),
        ]);
        expect(payment.amounts.total_captured).toBe(2500);
        expect(payment.overview.captured).toBe('TOTALLY');
        state.captureId = operationId;
      },
    },
    'capture-again': {
      check: (r, state) => {
        statusOf([409])(r);
        expect(r.json().resource_id).toBe(state.captureId);
      },
      answer: true,
    },
  },
} satisfies PagePlan;
