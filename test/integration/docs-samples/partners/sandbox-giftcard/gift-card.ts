// Samples of web/src/docs/content/partners/sandbox-giftcard/gift-card.mdx
import { expect } from 'vitest';
import { call, eventually } from '../../../../support/api-client';
import { statusOf, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    balance: { check: statusOf([201, 200]), answer: true },
    'more-than-balance': {
      check: statusOf([201]),
      answer: true,
      after: async (r, state) => {
        const payments = await state.stack.sql<
          { id: string }[]
        >`select id from payment_projections where entity_id = ${r.env.ENTITY_ID!}`;
        expect(payments).toHaveLength(1);
        await eventually(
          async () => {
            const read = await call(r.env.TESSERA_URL!, 'GET', `/v2/payments/${payments[0]!.id}`, {
              token: r.env.TOKEN!,
            });
            const [voided] = read.body.voids;
            return voided?.status === 'SUCCESS' && voided.triggered_by === 'ORCHESTRATOR' && voided.amount === 1000
              ? true
              : undefined;
          },
          { what: 'the partial hold voided', timeoutMs: 20_000 },
        );
      },
    },
  },
} satisfies PagePlan;
