import { describe, expect, it } from 'vitest';
import { NO_AMOUNTS, type AuthorizeResult } from '../../partners';
import { adoptionOf, polledAdoptionOf } from './foreign-authorization';

function partnerAnswer(overrides: Partial<AuthorizeResult> = {}): AuthorizeResult {
  return {
    type: 'authorization',
    status: 'AUTHORIZED',
    requested_amount: 1000,
    authorized_amount: 1000,
    currency: 'EUR',
    partner_reference: 'auth_foreign',
    partner_status: 'AUTHORIZED',
    partner_status_description: 'Approved.',
    partner_token: null,
    refusal_reason: null,
    card: null,
    authentication: null,
    redirection: null,
    partner_additional_data: {},
    amounts: {
      authorized: 1000,
      captured: 0,
      voided: 0,
      refunded: 0,
      available_to_capture: 1000,
      available_to_void: 1000,
      available_to_refund: 0,
    },
    ...overrides,
  };
}

const entry = { amount: 300, currency: 'EUR' };

describe('adoptionOf', () => {
  it('takes over the entry’s amount of a bigger authorization, nothing of the rest', () => {
    expect(adoptionOf(partnerAnswer(), entry)).toEqual({
      adopted: partnerAnswer({
        requested_amount: 300,
        authorized_amount: 300,
        amounts: {
          authorized: 300,
          captured: 0,
          voided: 0,
          refunded: 0,
          available_to_capture: 300,
          available_to_void: 300,
          available_to_refund: 0,
        },
      }),
    });
  });

  it('takes over an authorization that holds exactly the entry', () => {
    const adoption = adoptionOf(partnerAnswer(), { amount: 1000, currency: 'EUR' });
    expect(adoption).toMatchObject({ adopted: { authorized_amount: 1000, amounts: { available_to_capture: 1000 } } });
  });

  it('refuses an authorization in another currency than the payment’s', () => {
    expect(adoptionOf(partnerAnswer({ currency: 'JPY' }), entry)).toEqual({
      refusal: "parent_partner_reference is an authorization in JPY, not in the payment's EUR",
    });
  });

  it('refuses an authorization whose uncaptured rest cannot cover the entry', () => {
    expect(adoptionOf(partnerAnswer({ authorized_amount: 200, requested_amount: 200 }), entry)).toHaveProperty(
      'refusal',
    );
    const mostlyCaptured = partnerAnswer({
      amounts: { ...partnerAnswer().amounts, captured: 800, available_to_capture: 200, available_to_void: 200 },
    });
    expect(adoptionOf(mostlyCaptured, entry)).toEqual({
      refusal: "parent_partner_reference has 200 left to capture, less than the entry's 300",
    });
  });

  it('answers a refused authorization as it is, holding nothing', () => {
    const refused = partnerAnswer({ status: 'REFUSED', authorized_amount: 0, amounts: NO_AMOUNTS });
    expect(adoptionOf(refused, entry)).toEqual({ adopted: { ...refused, requested_amount: 300 } });
  });

  it('adopts a pending authorization asked for at least the entry, holding nothing yet', () => {
    const pending = partnerAnswer({ status: 'PENDING', authorized_amount: 0, amounts: NO_AMOUNTS });
    expect(adoptionOf(pending, entry)).toEqual({ adopted: { ...pending, requested_amount: 300 } });
    expect(adoptionOf({ ...pending, requested_amount: 100 }, entry)).toHaveProperty('refusal');
  });
});

describe('polledAdoptionOf', () => {
  it('scopes the authorization a poll finds to the entry', () => {
    expect(polledAdoptionOf(partnerAnswer(), entry)).toMatchObject({
      status: 'AUTHORIZED',
      authorized_amount: 300,
      amounts: { available_to_capture: 300 },
    });
  });

  it('turns an authorization that cannot cover the entry into an ERROR holding nothing', () => {
    expect(polledAdoptionOf(partnerAnswer({ currency: 'GBP' }), entry)).toMatchObject({
      status: 'ERROR',
      authorized_amount: 0,
      amounts: NO_AMOUNTS,
      partner_status_description: expect.stringContaining('GBP'),
    });
  });
});
