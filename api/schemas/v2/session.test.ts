import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { validateClientSessionApplication } from '../../../domain/validation/client-session';
import { schemaContext, schemaErrors } from '../check';
import { v2Schemas } from '.';
import { AbortClientSessionRequest, ClientSession, ClientSessionApplication } from './session';
import { createdClientSession, fullClientSessionApplication } from './testing/fixtures';
import { edit, editAll, REMOVE } from './testing/json-edit';

const valid = fullClientSessionApplication();

const pointersOf = (value: unknown) => schemaErrors(ClientSessionApplication, value).map((e) => e.pointer);

describe('ClientSessionApplication: a realistic application', () => {
  it('passes the schema (compiled) and the domain rules', () => {
    const application = fullClientSessionApplication();
    const compiled = Compile(schemaContext(v2Schemas), ClientSessionApplication);
    expect(compiled.Errors(application)).toEqual([]);
    expect(compiled.Check(application)).toBe(true);
    expect(validateClientSessionApplication(application)).toEqual([]);
  });

  it('passes with only the required fields', () => {
    const minimal = {
      entity_id: '3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03',
      amount: 1,
      currency: 'JPY',
      order: { reference: 'A' },
      shopper_redirection_url: 'http://localhost:3000/return',
    };
    expect(schemaErrors(ClientSessionApplication, minimal)).toEqual([]);
  });

  it('ignores unknown fields (forward compatibility)', () => {
    expect(
      pointersOf(
        editAll(valid, [
          ['/future_field', { x: 1 }],
          ['/order/unknown', true],
        ]),
      ),
    ).toEqual([]);
  });

  it('is caught by the domain rules when only they can see the problem', () => {
    const application = fullClientSessionApplication();
    application.order.tax_amount = 1800;
    application.customer = { ...application.customer, locale: 'fr_FR' };
    expect(schemaErrors(ClientSessionApplication, application)).toEqual([]);
    expect(validateClientSessionApplication(application).map((e) => e.pointer)).toEqual([
      '/order/tax_amount',
      '/customer/locale',
    ]);
  });
});

describe('ClientSessionApplication: the schema catches bad payloads at the right path', () => {
  it.each<[string, string, unknown, string]>([
    ['missing entity_id', '/entity_id', REMOVE, '/entity_id'],
    ['entity_id not a uuid', '/entity_id', 'merchant-42', '/entity_id'],
    ['urn-prefixed uuid', '/entity_id', 'urn:uuid:3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03', '/entity_id'],
    ['missing amount', '/amount', REMOVE, '/amount'],
    ['zero amount', '/amount', 0, '/amount'],
    ['decimal amount', '/amount', 109.98, '/amount'],
    ['amount as string', '/amount', '10998', '/amount'],
    ['missing currency', '/currency', REMOVE, '/currency'],
    ['unknown currency', '/currency', 'SEK', '/currency'],
    ['lower-case currency', '/currency', 'eur', '/currency'],
    ['missing order', '/order', REMOVE, '/order'],
    ['order without reference', '/order/reference', REMOVE, '/order/reference'],
    ['empty order reference', '/order/reference', '', '/order/reference'],
    ['order net_amount 0', '/order/net_amount', 0, '/order/net_amount'],
    ['negative order tax', '/order/tax_amount', -1, '/order/tax_amount'],
    ['missing shopper_redirection_url', '/shopper_redirection_url', REMOVE, '/shopper_redirection_url'],
    ['javascript: redirection url', '/shopper_redirection_url', 'javascript:alert(1)', '/shopper_redirection_url'],
    ['relative redirection url', '/shopper_redirection_url', '/checkout/return', '/shopper_redirection_url'],
    ['unknown capture_mode', '/capture_mode', 'LATER', '/capture_mode'],
    ['unknown integration_mode', '/integration_mode', 'IFRAME', '/integration_mode'],
    ['allow_future_usage as string', '/allow_future_usage', 'yes', '/allow_future_usage'],
    [
      'six address lines',
      '/order/billing_address/address_lines',
      ['1', '2', '3', '4', '5', '6'],
      '/order/billing_address/address_lines',
    ],
    ['formatted phone', '/order/billing_address/phone_number', '01 40 00 00 00', '/order/billing_address/phone_number'],
    [
      'lower-case country',
      '/order/shipments/0/shipping_address/country_code',
      'fr',
      '/order/shipments/0/shipping_address/country_code',
    ],
    ['malformed province', '/order/billing_address/province_code', 'Paris', '/order/billing_address/province_code'],
    [
      'item line tax as decimal',
      '/order/shipments/1/item_lines/0/tax_amount',
      83.5,
      '/order/shipments/1/item_lines/0/tax_amount',
    ],
    ['item line quantity 0', '/order/shipments/0/item_lines/1/quantity', 0, '/order/shipments/0/item_lines/1/quantity'],
    ['unknown item type', '/order/shipments/0/item_lines/0/type', 'SERVICE', '/order/shipments/0/item_lines/0/type'],
    ['unknown delivery type', '/order/shipments/0/delivery_type', 'DRONE', '/order/shipments/0/delivery_type'],
    [
      'bad delivery date',
      '/order/shipments/0/estimated_delivery_date_time',
      '2025-03-18',
      '/order/shipments/0/estimated_delivery_date_time',
    ],
    ['additional_data not text', '/order/additional_data', { count: 3 }, '/order/additional_data/count'],
    ['bad email', '/customer/email', 'camille@', '/customer/email'],
    ['bad birth date', '/customer/birth_date', '1990-02-30', '/customer/birth_date'],
    ['unknown customer type', '/customer/type', 'ROBOT', '/customer/type'],
    [
      'negative purchase count',
      '/customer/account/purchase_count_last_year',
      -1,
      '/customer/account/purchase_count_last_year',
    ],
    ['GUEST as change indicator', '/customer/account/change_indicator', 'GUEST', '/customer/account/change_indicator'],
    [
      'unknown challenge indicator',
      '/three_ds_authentication_options/challenge_indicator',
      'PLEASE',
      '/three_ds_authentication_options/challenge_indicator',
    ],
    ['webhook without url', '/webhook/url', REMOVE, '/webhook/url'],
    ['webhook ftp url', '/webhook/url', 'ftp://shop.example.com/hooks', '/webhook/url'],
    ['unknown webhook event', '/webhook/event_types', ['PAYMENT', 'REFUSAL'], '/webhook/event_types/1'],
    ['duplicate webhook events', '/webhook/event_types', ['PAYMENT', 'PAYMENT'], '/webhook/event_types'],
    ['empty webhook events', '/webhook/event_types', [], '/webhook/event_types'],
    ['webhook header without values', '/webhook/headers/0/values', [], '/webhook/headers/0/values'],
    ['webhook header without name', '/webhook/headers/0/name', REMOVE, '/webhook/headers/0/name'],
    ['webhook header name with space', '/webhook/headers/0/name', 'X Api Key', '/webhook/headers/0/name'],
  ])('%s: %s → error at %s', (_, at, value, path) => {
    expect(pointersOf(edit(valid, at, value))).toContain(path);
  });

  it('points only at the offending fields', () => {
    const pointers = pointersOf(
      editAll(valid, [
        ['/currency', 'SEK'],
        ['/order/shipments/0/item_lines/1/quantity', 0],
      ]),
    );
    expect(new Set(pointers)).toEqual(new Set(['/currency', '/order/shipments/0/item_lines/1/quantity']));
  });
});

describe('ClientSession response and abort request', () => {
  it('accepts a created session and a submitted one with its payment', () => {
    const session = createdClientSession();
    expect(schemaErrors(ClientSession, session)).toEqual([]);
    const submitted = {
      ...session,
      status: 'SUBMITTED',
      payment_id: '0c7d9a4e-8b1f-4e2a-9c3d-5e6f7a8b9c0d',
      authorization: {
        status: 'AUTHORIZED',
        partner_transactions: [
          {
            id: 'a1b2c3d4-e5f6-4a1b-8c2d-3e4f5a6b7c8d',
            created_at: '2025-03-14T09:30:00Z',
            updated_at: '2025-03-14T09:30:02Z',
            amount: 10998,
            partner: 'sandbox-card',
            method: 'creditcard',
            status: 'AUTHORIZED',
            remaining_amount: 10998,
            card: {
              bin: '424242',
              last_four_digits: '4242',
              expiry_month: '09',
              expiry_year: '28',
              selected_network: 'VISA',
            },
          },
        ],
      },
      links: {
        ...session.links,
        payment: 'https://api.tessera.example/v2/payments/0c7d9a4e-8b1f-4e2a-9c3d-5e6f7a8b9c0d',
      },
    };
    expect(schemaErrors(ClientSession, submitted)).toEqual([]);
  });

  it('requires the fields every session has', () => {
    const { links: _links, eligible_solutions: _solutions, ...partial } = createdClientSession();
    expect(schemaErrors(ClientSession, partial).map((e) => e.pointer)).toEqual(
      expect.arrayContaining(['/links', '/eligible_solutions']),
    );
  });

  it.each(['ABORTED_BY_CUSTOMER', 'ABORTED_BY_MERCHANT'])('accepts abort status %s', (status) => {
    expect(schemaErrors(AbortClientSessionRequest, { status })).toEqual([]);
  });

  it.each<[unknown]>([[{}], [{ status: 'EXPIRED' }], [{ status: 'aborted_by_customer' }], [{ status: null }]])(
    'refuses abort body %j',
    (body) => {
      expect(schemaErrors(AbortClientSessionRequest, body).map((e) => e.pointer)).toContain('/status');
    },
  );
});
