// Samples of web/src/docs/content/integrate/purse-api/best-practices.mdx
import { expect } from 'vitest';
import { UUID, statusOf, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'setup-payment': {
      check: (r) => {
        statusOf([201, 201])(r);
        expect(r.json()).toMatchObject({
          id: r.env.PAYMENT_ID,
          amount: 5000,
          authorization: { status: 'AUTHORIZED' },
        });
      },
    },
    'repeat-payment': {
      check: (r) => {
        statusOf([409])(r);
        expect(r.json().resource_id).toBe(r.env.PAYMENT_ID);
      },
      answer: true,
    },
    'capture-script': {},
    'run-capture-script': {
      check: (r) => {
        const lines = r.stdout.trim().split('\n');
        expect(lines).toHaveLength(2);
        const first = /^captured: operation (\S+)$/.exec(lines[0]!)?.[1];
        expect(first).toMatch(UUID);
        expect(lines[1]).toBe(`already captured: operation ${first}`);
      },
      answer: true,
    },
    'cached-read': {
      check: (r) => {
        statusOf([200])(r);
        expect(r.json()).toMatchObject({ id: r.env.PAYMENT_ID, authorization: { status: 'AUTHORIZED' } });
      },
    },
    'decimal-amount': { check: statusOf([400]), answer: true },
  },
} satisfies PagePlan;
