import { Type, type Static } from 'typebox';
import {
  AGE_INDICATORS,
  AUTHENTICATION_METHODS,
  CHANGE_INDICATORS,
  CUSTOMER_TYPES,
  GENDERS,
} from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { DateTime, Text } from './primitives';

const Count = (description: string) => Type.Optional(Type.Integer({ minimum: 0, description, examples: [1] }));

export const Account = Type.Object(
  {
    creation_date_time: Type.Optional(
      DateTime({ description: 'When the shopper’s account was created on the merchant site.' }),
    ),
    update_date_time: Type.Optional(DateTime({ description: 'Last change of the account details.' })),
    password_update_date_time: Type.Optional(DateTime({ description: 'Last password change or reset.' })),
    purchase_count_last_day: Count('Purchases on this account in the last 24 hours.'),
    purchase_count_last_six_months: Count('Purchases on this account in the last six months.'),
    purchase_count_last_year: Count('Purchases on this account in the last year.'),
    different_card_count_last_day: Count('Distinct cards added to this account in the last 24 hours.'),
    authentication_method: Type.Optional(
      StringEnum(AUTHENTICATION_METHODS, {
        description: 'How the shopper logged in for this purchase.',
        examples: ['MERCHANT_CREDENTIALS'],
      }),
    ),
    authentication_date_time: Type.Optional(DateTime({ description: 'When the shopper logged in.' })),
    age_indicator: Type.Optional(
      StringEnum(AGE_INDICATORS, { description: 'How long the account has existed.', examples: ['MORE_60_DAYS'] }),
    ),
    change_indicator: Type.Optional(
      StringEnum(CHANGE_INDICATORS, {
        description: 'How long ago the account details last changed.',
        examples: ['LESS_30_DAYS'],
      }),
    ),
    password_change_indicator: Type.Optional(
      StringEnum(CHANGE_INDICATORS, {
        description: 'How long ago the password last changed.',
        examples: ['MORE_60_DAYS'],
      }),
    ),
  },
  {
    $id: 'Account',
    description: 'The shopper’s account on the merchant site. Issuers use it for 3-D Secure risk analysis.',
  },
);
export type Account = Static<typeof Account>;

export const Customer = Type.Object(
  {
    reference: Type.Optional(
      Text({ description: 'The merchant’s identifier of the customer.', examples: ['CUST-000417'] }),
    ),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254, examples: ['camille.martin@example.com'] })),
    type: Type.Optional(StringEnum(CUSTOMER_TYPES, { description: 'A person or a company.', examples: ['PERSON'] })),
    company_identifier: Type.Optional(
      Text({ description: 'Registration number of the company (e.g. SIRET).', examples: ['73282932000074'] }),
    ),
    company_name: Type.Optional(Text({ examples: ['Atelier Lumière SARL'] })),
    gender: Type.Optional(StringEnum(GENDERS, { examples: ['FEMALE'] })),
    first_name: Type.Optional(Text({ examples: ['Camille'] })),
    middle_name: Type.Optional(Text({ examples: ['Anne'] })),
    last_name: Type.Optional(Text({ examples: ['Martin'] })),
    national_identifier: Type.Optional(Text({ description: 'National identity number, where a partner requires it.' })),
    birth_date: Type.Optional(
      Type.String({ format: 'date', description: 'Date of birth (YYYY-MM-DD).', examples: ['1990-04-21'] }),
    ),
    ip_address: Type.Optional(
      Type.String({
        maxLength: 45,
        description: 'IPv4 or IPv6 address of the shopper’s device.',
        examples: ['203.0.113.42'],
      }),
    ),
    locale: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 35,
        description: 'Preferred language as a BCP 47 tag.',
        examples: ['fr-FR'],
      }),
    ),
    account: Type.Optional(Ref(Account)),
  },
  { $id: 'Customer', description: 'The shopper, or the company buying.' },
);
export type Customer = Static<typeof Customer>;
