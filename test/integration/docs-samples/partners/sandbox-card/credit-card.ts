// Samples of web/src/docs/content/partners/sandbox-card/credit-card.mdx
import { expect } from 'vitest';
import { statusOf, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'refused-card': { check: statusOf([201, 201]), answer: true },
    'uncertain-card': {
      check: (r) => {
        statusOf([201, 201])(r);
        expect(r.stdout.trim()).toBe('UNCERTAIN');
      },
    },
    'settle-uncertain': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.stdout.trim()).toBe('AUTHORIZED');
      },
    },
  },
} satisfies PagePlan;
