/**
 * The order of a v1 session, as e-commerce platforms send it (Address, Account,
 * AdditionalAttributes, Customer, TaxLine, ItemLine, Shipment, Adjustment, Order). Unknown fields
 * are accepted and ignored (see ../README.md): platforms send more than v1 ever documented.
 * Amounts are decimal major units, numbers or numeric strings (./primitives.ts).
 */
import { Type, type Static } from 'typebox';
import { Ref, StringEnum } from '../typebox';
import {
  V1_ADJUSTMENT_REASON_CODES,
  V1_AGE_INDICATORS,
  V1_AUTHENTICATION_METHODS,
  V1_CHALLENGE_INDICATORS,
  V1_CHANGE_INDICATORS,
  V1_CUSTOMER_TYPE_CODES,
  V1_DELIVERY_QUICKNESS_CODES,
  V1_DELIVERY_TYPE_CODES,
  V1_GENDER_CODES,
  V1_ITEM_TYPE_CODES,
  V1_PASSWORD_CHANGE_INDICATORS,
  V1_PRIOR_PAYMENT_AUTHENTICATIONS,
  V1_TAX_TYPE_CODES,
  V1_THREE_DS_EXEMPTIONS,
} from './enums';
import { V1CurrencyCode, V1DecimalInput, V1HttpUrl, V1Phone, V1Text } from './primitives';

const opt = Type.Optional;
/** Dates and times of the shopper's account are passed on to 3-D Secure as given; platforms format them variously. */
const LooseDateTime = (description: string) =>
  opt(Type.String({ maxLength: 64, description, examples: ['2024-11-02T10:15:00Z'] }));
const Count = (description: string) => opt(Type.Integer({ minimum: 0, description, examples: [1] }));

export const V1Address = Type.Object(
  {
    first_name: opt(V1Text({ examples: ['Camille'] })),
    middle_name: opt(V1Text()),
    last_name: opt(V1Text({ examples: ['Martin'] })),
    gender_code: opt(StringEnum(V1_GENDER_CODES, { examples: ['female'] })),
    delivery_point_name: opt(V1Text({ description: 'Name of a pickup point or locker.' })),
    company: opt(V1Text()),
    address_lines: opt(Type.Array(V1Text(), { maxItems: 10, examples: [['12 rue de la Paix', 'Bâtiment B']] })),
    city: opt(V1Text({ examples: ['Paris'] })),
    postal_code: opt(Type.String({ maxLength: 32, examples: ['75002'] })),
    country_code: opt(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2.', examples: ['FR'] })),
    province_code: opt(
      Type.String({ pattern: '^[A-Z]{2}-[A-Z0-9]{1,3}$', description: 'ISO 3166-2.', examples: ['FR-75'] }),
    ),
    email: opt(Type.String({ maxLength: 254, examples: ['camille.martin@example.com'] })),
    phone: opt(V1Phone()),
    mobile_phone: opt(V1Phone()),
    work_phone: opt(V1Phone()),
  },
  { $id: 'V1Address', description: 'A billing or shipping address. Phones are E.164.' },
);
export type V1Address = Static<typeof V1Address>;

export const V1Account = Type.Object(
  {
    creation_date_time: LooseDateTime('When the shopper’s account was created.'),
    update_date_time: LooseDateTime('Last change of the account.'),
    password_update_date_time: LooseDateTime('Last password change.'),
    purchase_count_last_day: Count('Purchases in the last 24 hours.'),
    purchase_count_last_six_months: Count('Purchases in the last six months.'),
    purchase_count_last_year: Count('Purchases in the last year.'),
    different_card_count_last_day: Count('Distinct cards added in the last 24 hours.'),
    authentication_method: opt(StringEnum(V1_AUTHENTICATION_METHODS, { examples: ['MERCHANT_CREDENTIALS'] })),
    authentication_date_time: LooseDateTime('When the shopper logged in.'),
    prior_payment_authentication: opt(StringEnum(V1_PRIOR_PAYMENT_AUTHENTICATIONS, { examples: ['ACS_CHALLENGE'] })),
    prior_payment_authentication_date_time: LooseDateTime('When the prior payment was authenticated.'),
    prior_payment_authentication_preference: opt(
      Type.String({ deprecated: true, description: 'Deprecated; ignored.' }),
    ),
    prior_payment_authentication_reference: opt(V1Text()),
    age_indicator: opt(StringEnum(V1_AGE_INDICATORS, { examples: ['MORE_60_DAYS'] })),
    change_indicator: opt(StringEnum(V1_CHANGE_INDICATORS, { examples: ['LESS_30_DAYS'] })),
    password_change_indicator: opt(StringEnum(V1_PASSWORD_CHANGE_INDICATORS, { examples: ['MORE_60_DAYS'] })),
    challenge_indicator: opt(
      StringEnum(V1_CHALLENGE_INDICATORS, {
        description: '3-D Secure challenge indicator, 01 to 09.',
        examples: ['01'],
      }),
    ),
    three_ds_exemption: opt(StringEnum(V1_THREE_DS_EXEMPTIONS, { examples: ['Low value exemption'] })),
  },
  { $id: 'V1Account', description: 'The shopper’s account on the merchant site, for 3-D Secure risk analysis.' },
);
export type V1Account = Static<typeof V1Account>;

export const V1AdditionalAttributes = Type.Object(
  { national_identifier: opt(V1Text({ description: 'National identity number, where a partner requires it.' })) },
  { $id: 'V1AdditionalAttributes' },
);
export type V1AdditionalAttributes = Static<typeof V1AdditionalAttributes>;

export const V1Customer = Type.Object(
  {
    reference: opt(V1Text({ examples: ['CUST-000417'] })),
    type_code: opt(StringEnum(V1_CUSTOMER_TYPE_CODES, { examples: ['customer'] })),
    company_name: opt(V1Text()),
    gender_code: opt(StringEnum(V1_GENDER_CODES, { examples: ['female'] })),
    first_name: opt(V1Text({ examples: ['Camille'] })),
    middle_name: opt(V1Text()),
    last_name: opt(V1Text({ examples: ['Martin'] })),
    birthdate: opt(Type.String({ maxLength: 32, description: 'Date of birth, YYYY-MM-DD.', examples: ['1990-04-21'] })),
    ip: opt(Type.String({ maxLength: 45, examples: ['203.0.113.42'] })),
    locale_code: opt(
      Type.String({
        pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$',
        description: 'BCP 47 language tag; the underscore form platforms send (fr_FR) is accepted and read as fr-FR.',
        examples: ['fr-FR'],
      }),
    ),
    billing_address: opt(Ref(V1Address)),
    account: opt(Ref(V1Account)),
    additional_attributes: opt(Ref(V1AdditionalAttributes)),
  },
  { $id: 'V1Customer' },
);
export type V1Customer = Static<typeof V1Customer>;

export const V1TaxLine = Type.Object(
  {
    type_code: opt(StringEnum(V1_TAX_TYPE_CODES, { examples: ['vat'] })),
    subtype_code: opt(V1Text()),
    rate: opt(V1DecimalInput({ description: 'Rate in percent (20 means 20 %).', examples: [20, '20.0000'] })),
    amount: opt(V1DecimalInput({ description: 'Tax amount in major units.' })),
  },
  { $id: 'V1TaxLine' },
);
export type V1TaxLine = Static<typeof V1TaxLine>;

export const V1ItemLine = Type.Object(
  {
    type_code: opt(StringEnum(V1_ITEM_TYPE_CODES, { examples: ['product'] })),
    sku_reference: opt(V1Text()),
    product_URI: opt(Type.String({ maxLength: 2048 })),
    image_URI: opt(Type.String({ maxLength: 2048 })),
    name: opt(V1Text({ examples: ['Desk lamp, blue'] })),
    brand: opt(V1Text()),
    price: opt(V1DecimalInput({ description: 'Unit price in major units.' })),
    quantity: opt(
      V1DecimalInput({
        description: 'Number of units: a whole number, possibly written "1.0000".',
        examples: [1, '1.0000'],
      }),
    ),
    amount: opt(V1DecimalInput({ description: 'Amount of the line in major units.' })),
    seller_reference: opt(V1Text()),
    seller_name: opt(V1Text()),
    is_marketplace_seller: opt(Type.Boolean()),
    taxonomy: opt(Type.String({ maxLength: 1024 })),
    categories: opt(Type.Array(V1Text(), { maxItems: 50 })),
    tax_lines: opt(Type.Array(Ref(V1TaxLine), { maxItems: 50 })),
  },
  { $id: 'V1ItemLine' },
);
export type V1ItemLine = Static<typeof V1ItemLine>;

export const V1Shipment = Type.Object(
  {
    amount: opt(V1DecimalInput({ description: 'Amount of the shipment in major units.' })),
    net_amount: opt(V1DecimalInput()),
    tax_amount: opt(V1DecimalInput()),
    delivery_type_code: opt(StringEnum(V1_DELIVERY_TYPE_CODES, { examples: ['user_delivery'] })),
    delivery_quickness_code: opt(StringEnum(V1_DELIVERY_QUICKNESS_CODES, { examples: ['regular'] })),
    delivery_method_reference: opt(V1Text()),
    estimated_delivery_date_time: LooseDateTime('Expected delivery.'),
    shipping_address: opt(Ref(V1Address)),
    item_lines: opt(Type.Array(Ref(V1ItemLine), { maxItems: 500 })),
    tax_lines: opt(Type.Array(Ref(V1TaxLine), { maxItems: 50 })),
  },
  { $id: 'V1Shipment' },
);
export type V1Shipment = Static<typeof V1Shipment>;

export const V1Adjustment = Type.Object(
  {
    amount: opt(V1DecimalInput()),
    net_amount: opt(V1DecimalInput()),
    tax_amount: opt(V1DecimalInput()),
    seller_reference: opt(V1Text()),
    reason_code: opt(StringEnum(V1_ADJUSTMENT_REASON_CODES, { examples: ['DISCOUNT_COUPON'] })),
  },
  { $id: 'V1Adjustment' },
);
export type V1Adjustment = Static<typeof V1Adjustment>;

export const V1Order = Type.Object(
  {
    reference: Type.Union([V1Text({ minLength: 1 }), Type.Integer()], {
      description: 'The merchant’s order reference; platforms send a string or an integer. Uniqueness is not checked.',
      examples: ['ORD-2025-000123', 100042],
    }),
    redirection: V1HttpUrl({ description: 'Where the shopper returns after the payment, success or failure.' }),
    amount: opt(V1DecimalInput({ description: 'Total of the order in major units; the session amount when absent.' })),
    net_amount: opt(V1DecimalInput()),
    tax_amount: opt(V1DecimalInput()),
    currency_code: V1CurrencyCode(),
    tax_lines: opt(Type.Array(Ref(V1TaxLine), { maxItems: 50 })),
    customer: opt(Ref(V1Customer)),
    shipments: opt(Type.Array(Ref(V1Shipment), { maxItems: 50 })),
    adjustments: opt(Type.Array(Ref(V1Adjustment), { maxItems: 50 })),
  },
  { $id: 'V1Order' },
);
export type V1Order = Static<typeof V1Order>;

/** The order of a transaction operation (capture, refund …): the amounts after the change. */
export const V1OperationOrder = Type.Object(
  {
    amount: opt(V1DecimalInput({ description: 'New total of the order in major units.' })),
    currency_code: opt(V1CurrencyCode()),
  },
  { $id: 'V1OperationOrder' },
);
export type V1OperationOrder = Static<typeof V1OperationOrder>;
