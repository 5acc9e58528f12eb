import { describe, expect, it } from 'vitest';
import { partnerStatusOf, refusalReasonOf } from './decline-reasons';
import { amountsOf, authorizeResultOf, declineResultOf, refundResultOf } from './mapping';
import type { StripeCharge, StripePaymentIntent, StripeRefund } from './wire';

function intent(overrides: Partial<StripePaymentIntent> = {}): StripePaymentIntent {
  return {
    object: 'payment_intent',
    id: 'pi_1',
    amount: 10_000,
    amount_capturable: 0,
    amount_received: 0,
    currency: 'eur',
    status: 'requires_payment_method',
    metadata: { tessera_card_bin: '424242' },
    ...overrides,
  };
}

function charge(overrides: Partial<StripeCharge> = {}): StripeCharge {
  return {
    object: 'charge',
    id: 'ch_1',
    amount: 10_000,
    amount_captured: 0,
    amount_refunded: 0,
    captured: false,
    status: 'succeeded',
    payment_method_details: {
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2031, network: 'visa', three_d_secure: null },
    },
    ...overrides,
  };
}

describe('a PaymentIntent as an authorization', () => {
  it.each([
    ['requires_capture', 'AUTHORIZED'],
    ['succeeded', 'AUTHORIZED'],
    ['requires_action', 'PENDING'],
    ['processing', 'PENDING'],
    ['requires_payment_method', 'REFUSED'],
    ['canceled', 'REFUSED'],
    ['requires_confirmation', 'ERROR'],
  ] as const)('%s is %s', (status, expected) => {
    expect(authorizeResultOf(intent({ status, amount_capturable: 10_000 }), 'EUR').status).toBe(expected);
  });

  it('authorized: the amount held, the card with the BIN Tessera sent (Stripe never answers it), the token only when saved', () => {
    const held = intent({
      status: 'requires_capture',
      amount_capturable: 10_000,
      latest_charge: charge(),
      payment_method: 'pm_9',
    });
    expect(authorizeResultOf(held, 'EUR')).toMatchObject({
      authorized_amount: 10_000,
      partner_status: 'requires_capture',
      partner_token: null,
      card: { bin: '424242', last_four_digits: '4242', network: 'VISA', expiry_month: '03', expiry_year: '31' },
      partner_additional_data: { stripe_payment_intent: 'pi_1', stripe_charge: 'ch_1' },
    });
    expect(authorizeResultOf({ ...held, setup_future_usage: 'off_session' }, 'EUR').partner_token).toBe('pm_9');
    expect(authorizeResultOf({ ...held, metadata: {} }, 'EUR').card).toBeNull();
  });

  it('Carte Bancaire is the network a co-badged card was processed on', () => {
    const cb = charge({
      payment_method_details: {
        card: { brand: 'visa', network: 'cartes_bancaires', last4: '1001', exp_month: 1, exp_year: 2030 },
      },
    });
    expect(authorizeResultOf(intent({ status: 'requires_capture', latest_charge: cb }), 'EUR').card?.network).toBe(
      'CARTE_BANCAIRE',
    );
  });

  it('waiting for 3-D Secure: the redirect_to_url is the redirection, the authentication pending', () => {
    const waiting = intent({
      status: 'requires_action',
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: { url: 'https://hooks.stripe.com/3d/x', return_url: null },
      },
    });
    expect(authorizeResultOf(waiting, 'EUR')).toMatchObject({
      status: 'PENDING',
      redirection: { href: 'https://hooks.stripe.com/3d/x', method: 'GET', media_type: null, body: null },
      authentication: { status: 'PENDING', flow: 'CHALLENGE' },
    });
  });

  it("reads the charge's 3-D Secure outcome", () => {
    const secured = (result: string, flow: 'challenge' | 'frictionless' | null) =>
      authorizeResultOf(
        intent({
          status: 'requires_capture',
          latest_charge: charge({
            payment_method_details: {
              card: {
                brand: 'visa',
                last4: '3184',
                exp_month: 1,
                exp_year: 2030,
                three_d_secure: {
                  result,
                  authentication_flow: flow,
                  electronic_commerce_indicator: '05',
                  version: '2.2.0',
                  transaction_id: 'ds-1',
                },
              },
            },
          }),
        }),
        'EUR',
      ).authentication;
    expect(secured('authenticated', 'challenge')).toMatchObject({
      status: 'SUCCESS',
      flow: 'CHALLENGE',
      eci: '05',
      version: '2.2.0',
      ds_transaction_id: 'ds-1',
    });
    expect(secured('attempt_acknowledged', 'frictionless')).toMatchObject({ status: 'SUCCESS', flow: 'FRICTIONLESS' });
    expect(secured('exempted', null)).toBeNull();
    expect(secured('failed', 'challenge')).toMatchObject({ status: 'FAILURE' });
  });

  it('a failed authentication is refused with its reason and a failed authentication', () => {
    const failed = intent({
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'failed',
      },
    });
    expect(authorizeResultOf(failed, 'EUR')).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
      partner_status: 'payment_intent_authentication_failure',
      authentication: { status: 'FAILURE' },
    });
  });

  it('a cancelled PaymentIntent is refused: by the shopper, or as fraud', () => {
    expect(authorizeResultOf(intent({ status: 'canceled', cancellation_reason: 'abandoned' }), 'EUR')).toMatchObject({
      refusal_reason: 'BLOCKED_BY_CUSTOMER',
      partner_status: 'canceled:abandoned',
    });
    expect(
      authorizeResultOf(intent({ status: 'canceled', cancellation_reason: 'fraudulent' }), 'EUR').refusal_reason,
    ).toBe('REJECTED_BY_RISK_CHECKS');
  });
});

describe('declines', () => {
  it.each([
    [{ code: 'card_declined', decline_code: 'insufficient_funds' }, 'INSUFFICIENT_FUNDS', 'insufficient_funds'],
    [{ code: 'card_declined', decline_code: 'card_velocity_exceeded' }, 'AMOUNT_EXCEEDED', 'card_velocity_exceeded'],
    [{ code: 'expired_card' }, 'CARD_EXPIRED', 'expired_card'],
    [{ code: 'incorrect_cvc' }, 'WRONG_CARD_DATA', 'incorrect_cvc'],
    [{ code: 'incorrect_number' }, 'WRONG_CARD_DATA', 'incorrect_number'],
    [{ code: 'card_declined', decline_code: 'fraudulent' }, 'REJECTED_BY_RISK_CHECKS', 'fraudulent'],
    [
      { code: 'card_declined', decline_code: 'currency_not_supported' },
      'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
      'currency_not_supported',
    ],
    [{ code: 'card_declined', decline_code: 'do_not_honor' }, 'REJECTED_BANK', 'do_not_honor'],
    [{ code: 'card_declined', decline_code: 'something_new' }, 'REJECTED_BANK', 'something_new'],
    [{ code: 'card_declined' }, 'REJECTED_BANK', 'card_declined'],
  ] as const)('%o is %s (partner status %s)', (error, reason, status) => {
    expect(refusalReasonOf(error)).toBe(reason);
    expect(partnerStatusOf(error)).toBe(status);
  });

  it('a decline with its PaymentIntent names it; one before any has no reference', () => {
    const error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'No funds.',
    };
    expect(declineResultOf({ ...error, payment_intent: intent() }, { amount: 10_000, currency: 'EUR' })).toMatchObject({
      status: 'REFUSED',
      partner_reference: 'pi_1',
      refusal_reason: 'INSUFFICIENT_FUNDS',
      partner_status_description: 'No funds.',
    });
    expect(
      declineResultOf({ type: 'card_error', code: 'incorrect_number' }, { amount: 10_000, currency: 'EUR' }),
    ).toMatchObject({
      status: 'REFUSED',
      partner_reference: '',
      refusal_reason: 'WRONG_CARD_DATA',
      requested_amount: 10_000,
    });
  });
});

describe('money on a PaymentIntent', () => {
  it('held, then captured in part (the rest released), then refunded in part', () => {
    expect(
      amountsOf(intent({ status: 'requires_capture', amount_capturable: 10_000, latest_charge: charge() })),
    ).toEqual({
      authorized: 10_000,
      captured: 0,
      voided: 0,
      refunded: 0,
      available_to_capture: 10_000,
      available_to_void: 10_000,
      available_to_refund: 0,
    });
    expect(
      amountsOf(
        intent({
          status: 'succeeded',
          amount_received: 6_000,
          latest_charge: charge({ amount_captured: 6_000, amount_refunded: 2_500 }),
        }),
      ),
    ).toEqual({
      authorized: 10_000,
      captured: 6_000,
      voided: 4_000,
      refunded: 2_500,
      available_to_capture: 0,
      available_to_void: 0,
      available_to_refund: 3_500,
    });
  });

  it('cancelled after an authorization: all voided; never authorized: nothing at all', () => {
    expect(amountsOf(intent({ status: 'canceled', latest_charge: charge() }))).toMatchObject({
      authorized: 10_000,
      voided: 10_000,
    });
    expect(amountsOf(intent({ status: 'canceled' }))).toMatchObject({ authorized: 0, voided: 0 });
  });

  it('a refund pending at Stripe is accepted; a failed one is a FAILURE', () => {
    const refund = (status: string): StripeRefund => ({
      object: 'refund',
      id: 're_1',
      amount: 700,
      currency: 'eur',
      status,
      payment_intent: 'pi_1',
    });
    expect(refundResultOf(refund('pending'), 'pi_1', 'EUR')).toMatchObject({
      status: 'SUCCESS',
      processed_amount: 700,
      partner_status: 'pending',
    });
    expect(refundResultOf(refund('failed'), 'pi_1', 'EUR')).toMatchObject({
      status: 'FAILURE',
      processed_amount: 0,
      refusal_reason: 'BAD_REQUEST',
    });
  });
});
