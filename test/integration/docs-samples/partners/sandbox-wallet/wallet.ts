// Samples of web/src/docs/content/partners/sandbox-wallet/wallet.mdx
import { expect } from 'vitest';
import { decideAndReturn, statusOf, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'wallet-payment': {
      check: statusOf([201]),
      answer: true,
      after: async (r) => {
        const payment = r.file('payment.json');
        expect(payment.authorization.status).toBe('PENDING');
        await decideAndReturn(payment.redirection.href, 'approve');
      },
    },
    'read-wallet-payment': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.stdout).toMatch(/^AUTHORIZED wtok_/);
      },
      answer: true,
    },
  },
} satisfies PagePlan;
