// Samples of web/src/docs/content/integrate/purse-api/tutorials/payment-operations.mdx
import { expect } from 'vitest';
import { UUID, statusOf, type PagePlan } from '../../../../../support/docs-samples/harness';

export default {
  merchant: 'fresh',
  samples: {
    'create-payment': {
      check: (r) => {
        statusOf([201, 201, 201])(r);
        const payment = r.json();
        expect(payment.authorization.status).toBe('AUTHORIZED');
        expect(
          payment.authorization.partner_transactions.map((tx: any) => [tx.partner, tx.amount, tx.remaining_amount]),
        ).toEqual([
          ['sandbox-giftcard', 5000, 5000],
          ['sandbox-card', 3000, 3000],
        ]);
        expect(r.env.GIFT_CARD_TX).toBe(payment.authorization.partner_transactions[0].id);
      },
      answer: { path: 'amounts' },
    },
    'capture-amount': {
      check: (r) => {
        statusOf([201])(r);
        expect(r.env.CAPTURE_ID).toMatch(UUID);
        expect(r.json().id).toBe(r.env.CAPTURE_ID);
      },
      answer: true,
    },
    'capture-priority': {
      check: (r) => {
        statusOf([201])(r);
        const payment = r.json();
        expect(payment.captures[1].partner_transactions).toEqual([
          expect.objectContaining({ partner: 'sandbox-card', amount: 2000, status: 'SUCCESS' }),
        ]);
        expect(payment.amounts).toMatchObject({ total_captured: 6000, available_to_capture: 2000 });
        expect(payment.overview.captured).toBe('PARTIALLY');
        expect(payment.authorization.partner_transactions.map((tx: any) => tx.remaining_amount)).toEqual([1000, 1000]);
      },
    },
    'over-capture': { check: statusOf([400]), answer: true },
    'void-gift-card': {
      check: (r) => {
        statusOf([201])(r);
        const payment = r.json();
        expect(payment.voids[0].partner_transactions).toEqual([
          expect.objectContaining({ partner: 'sandbox-giftcard', amount: 1000, status: 'SUCCESS' }),
        ]);
        expect(payment.amounts).toMatchObject({
          total_voided: 1000,
          available_to_capture: 1000,
          available_to_void: 1000,
        });
      },
    },
    'void-rest': {
      check: (r) => {
        statusOf([201])(r);
        const payment = r.json();
        expect(payment.voids[1].partner_transactions).toEqual([
          expect.objectContaining({ partner: 'sandbox-card', amount: 1000 }),
        ]);
        expect(payment.overview.consumed).toBe('TOTALLY');
        expect(payment.links.capture).toBeUndefined();
        expect(payment.links.void).toBeUndefined();
        expect(payment.links.refund).toBeDefined();
      },
    },
    refund: {
      check: (r) => {
        statusOf([201])(r);
        const payment = r.json();
        expect(payment.refunds[0].partner_transactions.map((tx: any) => [tx.partner, tx.amount, tx.status])).toEqual([
          ['sandbox-card', 2000, 'SUCCESS'],
          ['sandbox-giftcard', 500, 'SUCCESS'],
        ]);
        expect(payment.amounts).toMatchObject({ total_refunded: 2500, available_to_refund: 3500 });
        expect(payment.overview.refunded).toBe('PARTIALLY');
        expect(payment.refunds[0]).toMatchObject({ merchant_reference: 'RETURN-4001-1', triggered_by: 'MERCHANT' });
      },
    },
    compensation: {
      check: (r) => {
        statusOf([201, 201, 201])(r);
        const payment = r.json();
        expect(payment.authorization.status).toBe('REFUSED');
        expect(payment.authorization.partner_transactions.map((tx: any) => tx.status)).toEqual([
          'AUTHORIZED',
          'REFUSED',
        ]);
      },
    },
    'read-compensation': {
      retry: true,
      check: (r) => {
        statusOf([200])(r);
        expect(r.json()).toHaveLength(1);
        expect(r.json()[0].status).toBe('SUCCESS');
      },
      answer: true,
    },
  },
} satisfies PagePlan;
