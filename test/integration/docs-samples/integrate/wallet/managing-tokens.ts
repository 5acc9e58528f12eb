// Samples of web/src/docs/content/integrate/wallet/managing-tokens.mdx
import { expect } from 'vitest';
import { UUID, statusOf, withMerchantId, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  before: withMerchantId,
  samples: {
    'open-session': {
      check: (r) => {
        statusOf([201])(r);
        const session = r.json();
        expect(session).toMatchObject({ owner_reference: 'CUST-000417', merchant: r.env.MERCHANT_ID });
        expect(r.env.WALLET_SESSION_ID).toBe(session.session_id);
        expect(Date.parse(session.expiration_date) - Date.now()).toBeGreaterThan(29 * 60 * 1000);
      },
      answer: true,
    },
    'add-token': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json()).toMatchObject({
          id: r.env.WALLET_TOKEN_ID,
          status: 'ACTIVE',
          favorite: false,
          merchant: r.env.MERCHANT_ID,
        });
        expect(r.json().value).toBeUndefined();
      },
      answer: true,
    },
    'add-second-token': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.env.SECOND_TOKEN_ID).toMatch(UUID);
      },
    },
    'add-duplicate': { check: statusOf([409]), answer: true },
    'list-tokens': {
      check: (r) => {
        statusOf([200])(r);
        expect(r.json().map((token: any) => token.id)).toEqual([r.env.SECOND_TOKEN_ID, r.env.WALLET_TOKEN_ID]);
      },
      answer: true,
    },
    'list-vault': { check: statusOf([200]), answer: true },
    'set-favorite': { check: statusOf([200]), answer: true },
    'favorite-again': { check: statusOf([400]), answer: true },
    deactivate: { check: statusOf([200, 200]), answer: true },
    'browser-list': { check: statusOf([200]), answer: true },
    'browser-delete': { answer: true },
    'delete-token': { answer: true },
    'legacy-session': { check: statusOf([201]), answer: true },
  },
} satisfies PagePlan;
