// Samples of web/src/docs/content/integrate/api-v1/transaction-statuses.mdx
import { expect } from 'vitest';
import { decideAndReturn, statusOf, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    // The validate call writes its own status (-w), which the answer shows: 409, then 207.
    refused: { check: statusOf([201, 201]), answer: true },
    mixed: { check: statusOf([201, 201, 201]), answer: true },
    // The orchestrator's VOID is recorded right after the answer.
    'mixed-released': { check: statusOf([200]), answer: true, retry: true },
    challenge: {
      check: statusOf([201, 201, 200]),
      answer: true,
      after: async (r) => {
        // The shopper completes the challenge and comes back to the shop.
        const back = await decideAndReturn(r.json().redirection.href, 'complete');
        expect(back.origin + back.pathname).toBe('https://shop.example.com/back');
      },
    },
    'challenge-settled': { check: statusOf([200]), answer: true, retry: true },
    timeout: { check: statusOf([201, 201, 200]), answer: true },
    'timeout-settled': { check: statusOf([200]), answer: true, retry: true },
  },
} satisfies PagePlan;
