// Samples of web/src/docs/content/partners/index.mdx
import { expect } from 'vitest';
import { statusOf, type PagePlan } from '../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'queue-faults': { check: statusOf([201]) },
    'payment-despite-faults': {
      check: (r) => {
        statusOf([201, 201])(r);
        expect(r.json().authorization.status).toBe('AUTHORIZED');
      },
      after: async (_result, state) => {
        const left = await (await fetch(`${state.stack.sandbox.url}/admin/faults`)).json();
        expect(JSON.stringify(left)).not.toContain('sandbox-card/authorizations');
      },
    },
    ledger: {
      check: (r) => {
        statusOf([200])(r);
        expect(r.json().count).toBe(1);
      },
      answer: { ignore: ['seq'] },
    },
  },
} satisfies PagePlan;
