// Samples of web/src/docs/content/integrate/purse-api/additional-features/cit-mit.mdx
import { expect } from 'vitest';
import { call, eventually } from '../../../../../support/api-client';
import { decideAndReturn, statusOf, type PagePlan } from '../../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'missing-indicator': { check: statusOf([201, 400]), answer: true },
    'card-first-payment': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json()).toMatchObject({ allow_future_usage: true, authorization: { status: 'AUTHORIZED' } });
        // The page says the sandbox card partner issues a reusable token under allow_future_usage.
        expect(r.json().authorization.partner_transactions[0].partner_token).toMatch(/^ctok_/);
      },
    },
    'wallet-first-payment': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json()).toMatchObject({
          allow_future_usage: true,
          authorization: { status: 'PENDING' },
          redirection: { method: 'GET' },
        });
      },
      after: async (r) => {
        await decideAndReturn(r.json().redirection.href, 'approve');
      },
    },
    'read-partner-token': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.json().status).toBe('AUTHORIZED');
        expect(r.env.PARTNER_TOKEN).toMatch(/^wtok_/);
      },
      answer: true,
    },
    'merchant-initiated': {
      check: (r) => {
        statusOf([201])(r);
        const payment = r.json();
        expect(payment.authorization.status).toBe('AUTHORIZED');
        expect(payment.redirection).toBeUndefined();
        expect(payment.authorization.partner_transactions[0]).toMatchObject({
          partner_token: r.env.PARTNER_TOKEN,
          partner_status_description: 'Approved with a saved wallet agreement.',
        });
      },
      after: async (r) => {
        const id = r.json().id;
        await eventually(
          async () => {
            const read = await call(r.env.TESSERA_URL!, 'GET', `/v2/payments/${id}`, { token: r.env.TOKEN! });
            return read.body.captures[0]?.status === 'SUCCESS' ? true : undefined;
          },
          { what: 'the automatic capture', timeoutMs: 20_000 },
        );
      },
    },
  },
} satisfies PagePlan;
