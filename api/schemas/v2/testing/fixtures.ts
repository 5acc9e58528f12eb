/**
 * Realistic payloads, valid against the schemas and the domain rules. Tests of other parts
 * (routes, workflows, web) may start from these and change one field.
 */
import type { CreatePaymentRequest } from '../create-payment';
import type { Payment } from '../payment';
import type { ClientSession, ClientSessionApplication } from '../session';

export const ENTITY_ID = '3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03';
export const SESSION_ID = '9b0e7c52-1a2f-4d38-8e0f-5b6a7c8d9e01';

export function fullClientSessionApplication(): ClientSessionApplication {
  return {
    entity_id: ENTITY_ID,
    amount: 10998,
    currency: 'EUR',
    capture_mode: 'AUTOMATIC',
    integration_mode: 'HOSTED_PAGE',
    allow_future_usage: true,
    shopper_redirection_url: 'https://shop.example.com/checkout/return?cart=81723',
    customer: {
      reference: 'CUST-000417',
      email: 'camille.martin@example.com',
      type: 'PERSON',
      gender: 'FEMALE',
      first_name: 'Camille',
      middle_name: 'Anne',
      last_name: 'Martin',
      birth_date: '1990-04-21',
      ip_address: '203.0.113.42',
      locale: 'fr-FR',
      account: {
        creation_date_time: '2021-06-01T10:00:00Z',
        update_date_time: '2025-01-10T08:30:00+01:00',
        password_update_date_time: '2024-11-02T19:12:44Z',
        purchase_count_last_day: 0,
        purchase_count_last_six_months: 4,
        purchase_count_last_year: 9,
        different_card_count_last_day: 0,
        authentication_method: 'MERCHANT_CREDENTIALS',
        authentication_date_time: '2025-03-14T09:20:00Z',
        age_indicator: 'MORE_60_DAYS',
        change_indicator: 'LESS_30_DAYS',
        password_change_indicator: 'MORE_60_DAYS',
      },
    },
    order: {
      reference: 'ORD-2025-000123',
      additional_data: { channel: 'web', campaign: 'spring' },
      net_amount: 10998,
      tax_amount: 1833,
      billing_address: {
        gender: 'FEMALE',
        first_name: 'Camille',
        last_name: 'Martin',
        address_lines: ['12 rue de la Paix', 'Bâtiment B'],
        city: 'Paris',
        postal_code: '75002',
        country_code: 'FR',
        province_code: 'FR-75',
        phone_number: '+33140000000',
        mobile_phone_number: '+33612345678',
      },
      discounts: [{ net_amount: 500, tax_amount: 83, coupon_code: 'SPRING5' }],
      shipments: [
        {
          net_amount: 10498,
          delivery_type: 'USER_DELIVERY',
          delivery_quickness: 'REGULAR',
          delivery_method_reference: 'colissimo-home',
          estimated_delivery_date_time: '2025-03-18T12:00:00+01:00',
          shipping_address: {
            first_name: 'Camille',
            last_name: 'Martin',
            address_lines: ['12 rue de la Paix'],
            city: 'Paris',
            postal_code: '75002',
            country_code: 'FR',
            mobile_phone_number: '+33612345678',
          },
          item_lines: [
            {
              type: 'PHYSICAL',
              sku_reference: 'LMP-0042-BLU',
              name: 'Desk lamp, blue',
              brand: 'Lumière',
              unit_gross_price: 4999,
              net_amount: 9998,
              quantity: 2,
              tax_amount: 1666,
              tax_rate: 20,
              is_marketplace_seller: false,
            },
            {
              type: 'SHIPPING_FEES',
              name: 'Home delivery',
              unit_gross_price: 500,
              net_amount: 500,
              quantity: 1,
              tax_amount: 83,
              tax_rate: 20,
            },
          ],
        },
        {
          net_amount: 1000,
          delivery_type: 'DIGITAL_DELIVERY',
          delivery_quickness: 'IMMEDIATE',
          shipping_address: { delivery_point_name: 'Inbox', country_code: 'FR' },
          item_lines: [
            {
              type: 'DIGITAL',
              name: 'Extended warranty',
              unit_gross_price: 1000,
              net_amount: 1000,
              quantity: 1,
              tax_amount: 84,
              tax_rate: 20,
              seller_reference: 'SELLER-17',
              seller_name: 'CareCo',
              is_marketplace_seller: true,
            },
          ],
        },
      ],
    },
    three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
    webhook: {
      url: 'https://shop.example.com/hooks/tessera',
      event_types: ['PAYMENT', 'CAPTURE', 'PARTNER_TRANSACTION_AUTHORIZATION'],
      headers: [{ name: 'Authorization', values: ['Bearer 8f1c2e'] }],
    },
  };
}

export function createdClientSession(): ClientSession {
  const application = fullClientSessionApplication();
  return {
    id: SESSION_ID,
    entity_id: ENTITY_ID,
    status: 'CREATED',
    amount: application.amount,
    currency: application.currency,
    capture_mode: 'AUTOMATIC',
    integration_mode: 'HOSTED_PAGE',
    allow_future_usage: true,
    ...(application.customer ? { customer: application.customer } : {}),
    order: application.order,
    created_at: '2025-03-14T09:26:53Z',
    expires_at: '2025-03-15T09:26:53Z',
    shopper_redirection_url: application.shopper_redirection_url,
    eligible_solutions: [
      { partner: 'sandbox-card', method: 'creditcard' },
      { partner: 'sandbox-instalments', method: '3x' },
    ],
    links: {
      self: `https://api.tessera.example/v2/client-sessions/${SESSION_ID}`,
      abort: `https://api.tessera.example/v2/client-sessions/${SESSION_ID}/abort`,
      hosted_page: `https://pay.tessera.example/entities/${ENTITY_ID}/sessions/${SESSION_ID}`,
    },
  };
}

export const PAYMENT_ID = '0c7d9a4e-8b1f-4e2a-9c3d-5e6f7a8b9c0d';
export const PARENT_PARTNER_TRANSACTION_ID = '5a1e0f3c-2b4d-4e6f-8a9b-0c1d2e3f4a5b';

export function splitCreatePaymentRequest(): CreatePaymentRequest {
  const { order, customer, webhook } = fullClientSessionApplication();
  return {
    amount: 10998,
    currency: 'EUR',
    entity_id: ENTITY_ID,
    order,
    capture_mode: 'MANUAL',
    allow_future_usage: true,
    ...(customer ? { customer } : {}),
    ...(webhook ? { webhook } : {}),
    shopper_redirection_url: 'https://shop.example.com/checkout/return',
    browser: {
      accept_header: 'text/html',
      user_agent: 'Mozilla/5.0',
      language: 'fr-FR',
      color_depth: 24,
      screen_height: 900,
      screen_width: 1440,
      time_zone_offset: -60,
      java_enabled: false,
      javascript_enabled: true,
    },
    split: [
      { amount: 3000, parent_partner_transaction_id: PARENT_PARTNER_TRANSACTION_ID },
      { amount: 2000, partner: 'sandbox-giftcard', method: 'giftcard', parent_partner_reference: 'gc_7731' },
      {
        amount: 5998,
        partner: 'sandbox-card',
        method: 'creditcard',
        vault_form_token: 'vft_5d0f3a9b7c',
        card: { holder_name: 'CAMILLE MARTIN', expiry_month: '09', expiry_year: '28', selected_network: 'VISA' },
        three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
      },
    ],
  };
}

export function pendingPayment(): Payment {
  const { order } = fullClientSessionApplication();
  const self = `https://api.tessera.example/v2/payments/${PAYMENT_ID}`;
  return {
    id: PAYMENT_ID,
    created_at: '2025-03-14T09:30:00Z',
    overview: { consumed: 'NOT', captured: 'NOT', voided: 'NOT', refunded: 'NOT' },
    client_session_id: SESSION_ID,
    entity_id: ENTITY_ID,
    version: 2,
    order_reference: order.reference,
    order,
    amount: 10998,
    currency: 'EUR',
    capture_mode: 'MANUAL',
    allow_future_usage: false,
    captures: [],
    voids: [],
    refunds: [],
    authorization: {
      status: 'PENDING',
      partner_transactions: [
        {
          id: PARENT_PARTNER_TRANSACTION_ID,
          created_at: '2025-03-14T09:30:00Z',
          updated_at: '2025-03-14T09:30:01Z',
          amount: 10998,
          partner: 'sandbox-card',
          method: 'creditcard',
          partner_reference: 'sbx_ch_9Jd82kq',
          partner_status: 'challenge_required',
          status: 'PENDING',
          remaining_amount: 10998,
          card: {
            bin: '400000',
            last_four_digits: '3184',
            expiry_month: '09',
            expiry_year: '28',
            country_code: 'FR',
            fingerprint: 'c1f2a3b4d5e6',
            selected_network: 'VISA',
            three_ds: { version: '2.2.0', flow: 'CHALLENGE' },
          },
          partner_additional_data: { acquirer_response_code: '' },
        },
      ],
    },
    authentication: { status: 'PENDING', flow: 'CHALLENGE', challenge_data: 'eyJjcmVxIjoi' },
    amounts: {
      authorize_pending: 10998,
      total_authorized: 0,
      total_voided: 0,
      available_to_void: 0,
      total_captured: 0,
      available_to_capture: 0,
      total_refunded: 0,
      available_to_refund: 0,
    },
    links: { self },
    redirection: {
      href: 'https://acs.sandbox.example/challenge/7d1e',
      method: 'POST',
      media_type: 'application/x-www-form-urlencoded',
      body: 'creq=eyJ0aHJlZURTU2VydmVyVHJhbnNJRCI6',
    },
  };
}

export function capturedPayment(): Payment {
  const payment = pendingPayment();
  const { redirection: _redirection, authentication: _authentication, ...rest } = payment;
  const partnerTransaction = payment.authorization?.partner_transactions[0];
  if (partnerTransaction === undefined) throw new Error('fixture has a partner transaction');
  return {
    ...rest,
    version: 4,
    overview: { consumed: 'PARTIALLY', captured: 'PARTIALLY', voided: 'NOT', refunded: 'NOT' },
    authorization: {
      status: 'AUTHORIZED',
      partner_transactions: [{ ...partnerTransaction, status: 'AUTHORIZED', remaining_amount: 5998 }],
    },
    captures: [
      {
        id: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
        amount: 5000,
        created_at: '2025-03-14T10:00:00Z',
        updated_at: '2025-03-14T10:00:01Z',
        triggered_by: 'MERCHANT',
        merchant_reference: 'CAP-1',
        status: 'SUCCESS',
        partner_transactions: [
          {
            id: '8f9a0b1c-2d3e-4f4a-8b5c-6d7e8f9a0b1c',
            created_at: '2025-03-14T10:00:00Z',
            updated_at: '2025-03-14T10:00:01Z',
            amount: 5000,
            partner: 'sandbox-card',
            method: 'creditcard',
            status: 'SUCCESS',
            remaining_amount: 0,
          },
        ],
      },
    ],
    amounts: {
      authorize_pending: 0,
      total_authorized: 10998,
      total_voided: 0,
      available_to_void: 5998,
      total_captured: 5000,
      available_to_capture: 5998,
      total_refunded: 0,
      available_to_refund: 5000,
    },
    links: {
      self: rest.links.self,
      capture: `${rest.links.self}/captures`,
      void: `${rest.links.self}/voids`,
      refund: `${rest.links.self}/refunds`,
    },
    split: [
      {
        partner: 'sandbox-card',
        method: 'creditcard',
        amount: 10998,
        parent_partner_transaction_id: PARENT_PARTNER_TRANSACTION_ID,
      },
    ],
  };
}
