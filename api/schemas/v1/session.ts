/**
 * Session creation (POST /payment/v1/{entity}/sessions/create and its host-root alias) and its
 * answer, SessionProtocols: the session with the solutions the shopper may pay with.
 */
import { Type, type Static } from 'typebox';
import { Ref, StringEnum } from '../typebox';
import { V1_PAYMENT_TIMES, V1_REFUND_BACKUPS, V1_REFUND_TYPES } from './enums';
import { V1Order } from './order';
import { V1CurrencyCode, V1DateTime, V1DecimalInput, V1DecimalOutput, V1HttpUrl, V1Uuid } from './primitives';

export const V1CreateSessionApplication = Type.Object(
  {
    hook: Type.Optional(
      V1HttpUrl({
        description:
          'Where Tessera POSTs each transaction result (an ActionResult, signed in the X-Signature header). Without it no notification is sent.',
        examples: ['https://shop.example/module/tessera/hook'],
      }),
    ),
    amount: V1DecimalInput({ description: 'Amount to pay now, in major units (a number or a numeric string).' }),
    order: Ref(V1Order),
  },
  {
    $id: 'V1CreateSessionApplication',
    description:
      'Body creating a v1 payment session (CreateSessionApplication). Unknown fields are accepted and ignored.',
  },
);
export type V1CreateSessionApplication = Static<typeof V1CreateSessionApplication>;

export const V1Settings = Type.Object(
  {
    save_token: Type.Boolean({ description: 'Whether the shopper may save the means of payment.' }),
    pay_token: Type.Boolean({ description: 'Whether a saved token may pay.' }),
    refund_priority: Type.Integer({
      description: 'Order in which split parts are refunded, lower first.',
      examples: [1],
    }),
    payment_min_amount: V1DecimalOutput({
      description: 'Smallest amount the contract accepts, in major units.',
      examples: [1],
    }),
    payment_max_amount: V1DecimalOutput({
      description: 'Largest amount the contract accepts, in major units.',
      examples: [10000],
    }),
    pay_mix: Type.Boolean({
      description: 'Whether this solution can pay part of the amount, another solution the rest (gift cards).',
    }),
    pay_express: Type.Boolean(),
    direct_debit: Type.Boolean(),
    payment_time: StringEnum(V1_PAYMENT_TIMES, { examples: ['ON_ORDER'] }),
    refund_type: StringEnum(V1_REFUND_TYPES, { examples: ['AUTO'] }),
    refund_backup: Type.Optional(StringEnum(V1_REFUND_BACKUPS, { examples: ['MANUAL'] })),
    merchant_specifics: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Free settings of the merchant’s contract.' }),
    ),
  },
  { $id: 'V1Settings', description: 'How a solution may be used, from the entity’s partner contract.' },
);
export type V1Settings = Static<typeof V1Settings>;

export const V1Protocol = Type.Object(
  {
    configurations: Type.Object(
      {
        labels: Type.Array(Type.String(), {
          minItems: 3,
          maxItems: 3,
          description: '[partner, method, "primary" | "secondary"]: the first eligible solution is primary.',
          examples: [['sandbox-card', 'creditcard', 'primary']],
        }),
      },
      { description: 'Front configuration of the solution (Front config); only labels are given.' },
    ),
    position: Type.Integer({
      minimum: 1,
      description: 'Display order, 1 first, following the contracts’ priorities.',
      examples: [1],
    }),
    settings: Ref(V1Settings),
  },
  { $id: 'V1Protocol', description: 'One solution (partner and method) the shopper may pay with.' },
);
export type V1Protocol = Static<typeof V1Protocol>;

export const V1Protocols = Type.Record(Type.String(), Type.Record(Type.String(), Ref(V1Protocol)), {
  $id: 'V1Protocols',
  description: 'protocols[partner][method]: the eligible solutions for the session’s amount and currency.',
});
export type V1Protocols = Static<typeof V1Protocols>;

export const V1SessionRedirection = Type.Object(
  {
    success_url: V1HttpUrl({ description: 'Where the shopper goes after a successful payment.' }),
    failure_url: V1HttpUrl({ description: 'Where the shopper goes after a failed or abandoned payment.' }),
  },
  {
    $id: 'V1SessionRedirection',
    description: 'The return URLs. v1 bodies give one, order.redirection, which is then both (v1 requires the two).',
  },
);
export type V1SessionRedirection = Static<typeof V1SessionRedirection>;

export const V1SessionProtocols = Type.Object(
  {
    id: V1Uuid({ description: 'The session id, used in the init, validate and status paths.' }),
    amount: V1DecimalOutput({ description: 'Amount to pay, in major units.' }),
    currency_code: V1CurrencyCode(),
    expiration_date: V1DateTime({ description: 'When the session expires.' }),
    redirection: Ref(V1SessionRedirection),
    protocols: Ref(V1Protocols),
  },
  {
    $id: 'V1SessionProtocols',
    description:
      'Answer 201 to session creation (with a Location header); 204 without a body when no solution is eligible.',
  },
);
export type V1SessionProtocols = Static<typeof V1SessionProtocols>;
