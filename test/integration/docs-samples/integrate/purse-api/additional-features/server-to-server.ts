// Samples of web/src/docs/content/integrate/purse-api/additional-features/server-to-server.mdx
import { expect } from 'vitest';
import { call, eventually } from '../../../../../support/api-client';
import { statusOf, type PagePlan } from '../../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'vault-card': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.env.CARD_TOKEN).toMatch(/^vft_/);
      },
    },
    'create-payment': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json()).toMatchObject({
          capture_mode: 'AUTOMATIC',
          authorization: { status: 'AUTHORIZED' },
          authentication: { status: 'SUCCESS', flow: 'FRICTIONLESS', eci: '05' },
        });
      },
      after: async (r) => {
        await eventually(
          async () => {
            const read = await call(r.env.TESSERA_URL!, 'GET', `/v2/payments/${r.env.PAYMENT_ID}`, {
              token: r.env.TOKEN!,
            });
            const capture = read.body.captures[0];
            return capture?.status === 'SUCCESS' && capture.triggered_by === 'AUTHORIZATION' && capture.amount === 6500
              ? true
              : undefined;
          },
          { what: 'the automatic capture', timeoutMs: 20_000 },
        );
      },
    },
    'foreign-authorization': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json()).toMatchObject({ object: 'authorization', status: 'AUTHORIZED', amount: 4000 });
        expect(r.env.PARTNER_REFERENCE).toMatch(/^auth_/);
      },
    },
    'adopt-foreign-authorization': {
      check: (r) => {
        statusOf([201])(r);
        const payment = r.json();
        expect(payment.authorization.status).toBe('AUTHORIZED');
        expect(payment.authorization.partner_transactions[0]).toMatchObject({
          partner_reference: r.env.PARTNER_REFERENCE,
          card: { last_four_digits: '4242' },
        });
        expect(payment.split).toEqual([
          {
            partner: 'sandbox-card',
            method: 'creditcard',
            amount: 4000,
            parent_partner_reference: r.env.PARTNER_REFERENCE,
          },
        ]);
      },
    },
    'capture-foreign': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json().amounts.total_captured).toBe(4000);
      },
    },
  },
} satisfies PagePlan;
