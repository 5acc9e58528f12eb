// Samples of web/src/docs/content/partners/sandbox-instalments/3x.mdx
import { expect } from 'vitest';
import { decideAndReturn, statusOf, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'instalment-payment': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.stdout.trim()).toBe('PENDING');
      },
      after: async (r) => {
        const payment = r.file('payment.json');
        expect(payment.redirection.href).toContain('/lender/');
        const page = await (await fetch(payment.redirection.href)).text();
        expect(page.match(/100\.00/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
        await decideAndReturn(payment.redirection.href, 'apply');
      },
    },
    'read-instalment-payment': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.stdout.trim()).toBe('AUTHORIZED');
      },
      answer: true,
    },
  },
} satisfies PagePlan;
