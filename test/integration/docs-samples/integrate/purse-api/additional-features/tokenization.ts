// Samples of web/src/docs/content/integrate/purse-api/additional-features/tokenization.mdx
import { expect } from 'vitest';
import { statusOf, type PagePlan } from '../../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'publishable-key-elsewhere': { check: statusOf([401]), answer: true },
    'vault-card': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json().vault_form_token).toMatch(/^vft_[A-Za-z0-9_-]{43}$/);
      },
      answer: { ignore: ['vault_form_token'] },
    },
    'invalid-card': { check: statusOf([400]), answer: true },
    'vault-gift-card': {
      check: (r) => {
        statusOf([201, 200])(r);
        expect(r.env.GIFT_CARD_TOKEN).toMatch(/^vgt_/);
      },
      answer: true,
    },
  },
} satisfies PagePlan;
