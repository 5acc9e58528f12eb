// Samples of web/src/docs/content/integrate/purse-api/tutorials/simple-payment.mdx
import { expect } from 'vitest';
import { decideAndReturn, payOnHostedPage, statusOf, type PagePlan } from '../../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'create-session': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json()).toMatchObject({
          status: 'CREATED',
          integration_mode: 'HOSTED_PAGE',
          capture_mode: 'MANUAL',
        });
        expect(r.json().eligible_solutions).toEqual([
          { partner: 'sandbox-card', method: 'creditcard' },
          { partner: 'sandbox-giftcard', method: 'giftcard' },
          { partner: 'sandbox-wallet', method: 'wallet' },
          { partner: 'sandbox-instalments', method: '3x' },
          { partner: 'sandbox-instalments', method: '4x' },
        ]);
      },
      after: async (r, state) => {
        // The shopper pays with the 3-D Secure challenge card, completes the challenge and comes back.
        const submitted = await payOnHostedPage(r.env, '4000002760003184');
        expect(submitted.payment.authorization.status).toBe('PENDING');
        const back = await decideAndReturn(submitted.payment.redirection.href, 'complete');
        expect(`${back.origin}${back.pathname}`).toBe('https://shop.example.com/checkout/return');
        expect(back.searchParams.get('order')).toBe('ORDER-2001');
        state.env.REDIRECTION_DATA = back.searchParams.get('purse-redirection-data')!;
      },
    },
    'verify-return-script': {},
    'verify-return': {
      check: (r) => {
        expect(r.json()).toMatchObject({
          entity_id: r.env.ENTITY_ID,
          client_session_id: r.env.SESSION_ID,
          authorization_status: 'AUTHORIZED',
          client_session_status: 'SUBMITTED',
        });
      },
      answer: { ignore: ['iat', 'exp'] },
    },
    'read-session': {
      check: (r) => {
        statusOf([200])(r);
        expect(r.json()).toMatchObject({ status: 'SUBMITTED', payment_id: r.env.PAYMENT_ID });
      },
    },
    'read-payment': {
      check: (r) => {
        statusOf([200])(r);
        expect(r.json()).toMatchObject({
          authorization: { status: 'AUTHORIZED' },
          authentication: { status: 'SUCCESS', flow: 'CHALLENGE' },
          amounts: { available_to_capture: 7490 },
        });
      },
    },
    capture: {
      check: (r) => {
        statusOf([201])(r);
        expect(r.json().captures).toEqual([
          expect.objectContaining({
            status: 'SUCCESS',
            triggered_by: 'MERCHANT',
            merchant_reference: 'SHIPMENT-2001-1',
            amount: 7490,
          }),
        ]);
      },
    },
    'abort-submitted': { check: statusOf([400]), answer: true },
  },
} satisfies PagePlan;
