// Samples of web/src/docs/content/integrate/wallet/errors.mdx
import { statusOf, withMerchantId, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  before: withMerchantId,
  samples: {
    'missing-merchant-id': { check: statusOf([400]), answer: true },
    'invalid-fields': { check: statusOf([400, 400]), answer: true },
    'session-not-found': { check: statusOf([404]), answer: true },
  },
} satisfies PagePlan;
