// Samples of web/src/docs/content/integrate/api-v1/index.mdx
import { expect } from 'vitest';
import { call } from '../../../../support/api-client';
import { UUID, statusOf, type PagePlan } from '../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    token: {
      check: (r) => {
        statusOf([200])(r);
        expect(r.env.TOKEN).toBe(r.json().access_token);
      },
      answer: true,
    },
    'create-session': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.env.SESSION_ID).toMatch(UUID);
        // Every solution the fresh merchant's contracts allow for 25.99 EUR, and nothing else.
        expect(Object.keys(r.json().protocols).sort()).toEqual(['sandbox-card', 'sandbox-giftcard', 'sandbox-wallet']);
      },
      answer: true,
    },
    'vault-card': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.env.CARD_TOKEN).toMatch(/^vft_/);
      },
      answer: true,
    },
    init: { check: statusOf([200]), answer: true },
    validate: {
      check: (r) => {
        statusOf([200])(r);
        expect(r.env.AUTHORIZATION_ID).toBe(r.json().results[0].id);
      },
      answer: true,
    },
    'session-transactions': { check: statusOf([200]), answer: true },
    capture: {
      check: (r) => {
        statusOf([200])(r);
        expect(r.env.CAPTURE_ID).toMatch(UUID);
      },
      answer: true,
    },
    'capture-again': { check: statusOf([200]), answer: true },
    refund: { check: statusOf([200]), answer: true },
    'refund-too-much': { check: statusOf([409]), answer: true },
    void: {
      check: statusOf([200, 200]),
      answer: true,
      after: async (r) => {
        // What the page says of the authorization once voided: nothing remains to capture.
        const more = await call(
          r.env.TESSERA_URL!,
          'POST',
          `/payment/v1/${r.env.ENTITY_ID}/transactions/${r.env.AUTHORIZATION_ID}/capture`,
          {
            token: r.env.TOKEN!,
            body: { amount: '0.01' },
          },
        );
        expect(more.status).toBe(409);
        expect(more.body.error_code).toBe('ALREADY_EXISTS');
      },
    },
    'authorize-without-session': { check: statusOf([201, 200]), answer: true },
    'pos-check': { check: statusOf([200]), answer: true },
    'pos-capture': { check: statusOf([200]), answer: true },
    'amount-refused': { check: statusOf([400]), answer: true },
    'read-through-v2': { check: statusOf([200]), answer: true },
  },
} satisfies PagePlan;
