import { describe, expect, it } from 'vitest';
import { outcomeOf, returnUrlOf, screenOf } from './outcome';
import type { ClientSessionView, PaymentView } from './types';

const api = 'http://127.0.0.1:3000';
const payment = (overrides: Partial<PaymentView>): PaymentView => ({
  id: 'pay-1',
  amount: 2599,
  currency: 'EUR',
  ...overrides,
});

describe('outcomeOf', () => {
  it('sends an authorized payment through Tessera’s return route', () => {
    expect(outcomeOf(payment({ authorization: { status: 'AUTHORIZED' } }), api)).toEqual({
      kind: 'authorized',
      paymentId: 'pay-1',
      returnUrl: 'http://127.0.0.1:3000/v2/payments/pay-1/return',
    });
  });

  it('follows the partner’s redirection while the authorization waits for the shopper', () => {
    const redirection = { href: 'http://127.0.0.1:4010/acs/auth_1', method: 'GET' };
    expect(outcomeOf(payment({ authorization: { status: 'PENDING' }, redirection }), api)).toEqual({
      kind: 'redirect',
      paymentId: 'pay-1',
      redirection,
    });
    expect(outcomeOf(payment({ authorization: { status: 'UNCERTAIN' } }), api)).toEqual({
      kind: 'return',
      paymentId: 'pay-1',
      returnUrl: returnUrlOf(api, 'pay-1'),
    });
  });

  it('turns a refusal into a message and lets the shopper try again', () => {
    const refused = payment({
      authorization: {
        status: 'REFUSED',
        partner_transactions: [
          {
            partner: 'sandbox-card',
            method: 'creditcard',
            amount: 2599,
            status: 'REFUSED',
            partner_additional_data: { refusal_reason: 'REJECTED_BANK' },
          },
        ],
      },
    });
    expect(outcomeOf(refused, api)).toEqual({
      kind: 'failed',
      paymentId: 'pay-1',
      status: 'REFUSED',
      reason: 'REJECTED_BANK',
      message: 'Your bank declined the payment. Contact your bank or try another card.',
    });
  });
});

describe('screenOf', () => {
  const now = new Date('2026-05-15T12:00:00Z');
  const session = (overrides: Partial<ClientSessionView>): ClientSessionView => ({
    id: 's-1',
    entity_id: 'e-1',
    status: 'CHOICE_IN_PROGRESS',
    amount: 2599,
    currency: 'EUR',
    order: { reference: 'o-1' },
    expires_at: '2026-05-16T12:00:00Z',
    shopper_redirection_url: 'http://127.0.0.1/return',
    eligible_solutions: [],
    ...overrides,
  });

  it('shows a form only while the session can be paid', () => {
    expect(screenOf(session({ status: 'CREATED' }), api, now, 2)).toEqual({ kind: 'form' });
    expect(screenOf(session({}), api, now, 2)).toEqual({ kind: 'form' });
    expect(screenOf(session({}), api, now, 0)).toEqual({ kind: 'unavailable' });
  });

  it('explains expired, aborted and paid sessions instead of a form', () => {
    expect(screenOf(session({ status: 'EXPIRED' }), api, now, 2)).toEqual({ kind: 'expired' });
    expect(screenOf(session({ status: 'ABORTED_BY_MERCHANT' }), api, now, 2)).toEqual({
      kind: 'aborted',
      by: 'merchant',
    });
    expect(screenOf(session({ status: 'ABORTED_BY_CUSTOMER' }), api, now, 2)).toEqual({
      kind: 'aborted',
      by: 'customer',
    });
    expect(
      screenOf(
        session({ status: 'SUBMITTED', payment_id: 'pay-1', authorization: { status: 'AUTHORIZED' } }),
        api,
        now,
        2,
      ),
    ).toEqual({ kind: 'paid', returnUrl: returnUrlOf(api, 'pay-1') });
    expect(
      screenOf(
        session({ status: 'SUBMITTED', payment_id: 'pay-1', authorization: { status: 'PENDING' } }),
        api,
        now,
        2,
      ),
    ).toEqual({ kind: 'processing', returnUrl: returnUrlOf(api, 'pay-1') });
  });

  it('offers the form again after a refusal, with the reason, until the session expires', () => {
    const refused = session({
      status: 'SUBMITTED',
      payment_id: 'pay-1',
      authorization: {
        status: 'REFUSED',
        partner_transactions: [
          {
            partner: 'sandbox-card',
            method: 'creditcard',
            amount: 2599,
            status: 'REFUSED',
            partner_additional_data: { refusal_reason: 'INSUFFICIENT_FUNDS' },
          },
        ],
      },
    });
    expect(screenOf(refused, api, now, 2)).toMatchObject({
      kind: 'form',
      lastFailure: { reason: 'INSUFFICIENT_FUNDS' },
    });
    expect(screenOf({ ...refused, expires_at: '2026-05-15T11:59:59Z' }, api, now, 2)).toEqual({ kind: 'expired' });
  });
});
