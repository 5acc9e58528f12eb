import { Type, type Static } from 'typebox';
import {
  AUTHENTICATION_STATUSES,
  AUTHORIZATION_STATUSES,
  CAPTURE_MODES,
  CARD_NETWORKS,
  ECI_VALUES,
  OPERATION_PARTNER_TRANSACTION_STATUSES,
  OPERATION_STATUSES,
  OVERVIEW_TAGS,
  REDIRECTION_METHODS,
  THREE_DS_FLOWS,
  TRIGGER_ORIGINS,
} from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { Webhook } from './common';
import { Dispute } from './dispute';
import { Order, OperationOrder } from './order';
import {
  CountryCode,
  CurrencyCode,
  DateTime,
  EXPIRY_MONTH_PATTERN,
  EXPIRY_YEAR_PATTERN,
  Link,
  MethodName,
  MinorUnits,
  PartnerName,
  PositiveMinorUnits,
  Text,
  Uuid,
} from './primitives';

export const ExpiryMonth = (description = 'Expiry month, two digits.') =>
  Type.String({ pattern: EXPIRY_MONTH_PATTERN, description, examples: ['09'] });
export const ExpiryYear = (description = 'Expiry year, last two digits.') =>
  Type.String({ pattern: EXPIRY_YEAR_PATTERN, description, examples: ['28'] });

export const ThreeDsOutcome = Type.Object(
  {
    eci: Type.Optional(
      StringEnum(ECI_VALUES, {
        description: 'Electronic commerce indicator returned by the authentication.',
        examples: ['05'],
      }),
    ),
    version: Type.Optional(Type.String({ description: '3-D Secure protocol version.', examples: ['2.2.0'] })),
    flow: Type.Optional(StringEnum(THREE_DS_FLOWS, { examples: ['FRICTIONLESS'] })),
    ds_transaction_id: Type.Optional(
      Type.String({
        description: 'Directory server transaction id.',
        examples: ['f25084f0-5b16-4c0a-ae5d-b24808a95e4b'],
      }),
    ),
    acs_transaction_id: Type.Optional(
      Type.String({
        description: 'Issuer access control server transaction id.',
        examples: ['b3c5b1d6-8a3e-4b8f-9f0a-1c2d3e4f5a6b'],
      }),
    ),
  },
  { $id: 'ThreeDsOutcome', description: 'Result of the 3-D Secure authentication of a card.' },
);
export type ThreeDsOutcome = Static<typeof ThreeDsOutcome>;

export const Card = Type.Object(
  {
    bin: Type.Optional(
      Type.String({
        pattern: '^[0-9]{6,8}$',
        description: 'First six to eight digits of the card number.',
        examples: ['424242'],
      }),
    ),
    last_four_digits: Type.Optional(Type.String({ pattern: '^[0-9]{4}$', examples: ['4242'] })),
    holder_name: Type.Optional(Text({ examples: ['CAMILLE MARTIN'] })),
    expiry_month: Type.Optional(ExpiryMonth()),
    expiry_year: Type.Optional(ExpiryYear()),
    country_code: Type.Optional(CountryCode({ description: 'ISO 3166-1 alpha-2 code of the issuing country.' })),
    fingerprint: Type.Optional(
      Type.String({
        description: 'Stable identifier of the card number within the entity, to spot the same card again.',
        examples: ['c1f2a3b4d5e6'],
      }),
    ),
    selected_network: Type.Optional(
      StringEnum(CARD_NETWORKS, { description: 'Network the card was processed on.', examples: ['VISA'] }),
    ),
    three_ds: Type.Optional(Ref(ThreeDsOutcome)),
  },
  { $id: 'Card', description: 'The card of a card authorization. Never the full number.' },
);
export type Card = Static<typeof Card>;

const partnerTransactionProperties = {
  id: Uuid({ description: 'Tessera’s id of the partner transaction.' }),
  created_at: DateTime(),
  updated_at: DateTime(),
  amount: MinorUnits({ description: 'Amount of the transaction, in minor units.' }),
  partner: PartnerName(),
  method: MethodName(),
  partner_reference: Type.Optional(
    Type.String({ description: 'The partner’s id of the transaction.', examples: ['sbx_ch_9Jd82kq'] }),
  ),
  partner_status: Type.Optional(
    Type.String({ description: 'Status as the partner reported it.', examples: ['approved'] }),
  ),
  partner_status_description: Type.Optional(
    Type.String({ description: 'The partner’s explanation of its status.', examples: ['Approved'] }),
  ),
  partner_token: Type.Optional(
    Type.String({
      description: 'Reusable token the partner issued, when future usage was allowed.',
      examples: ['sbx_tok_41hd7'],
    }),
  ),
};

export const AuthorizationPartnerTransaction = Type.Object(
  {
    ...partnerTransactionProperties,
    status: StringEnum(AUTHORIZATION_STATUSES, { examples: ['AUTHORIZED'] }),
    card: Type.Optional(Ref(Card)),
    remaining_amount: MinorUnits({
      description: 'Part of the authorized amount not yet captured or voided, in minor units.',
    }),
    // Optional: payments read from before the field existed do not carry it.
    authorized_amount: Type.Optional(
      MinorUnits({
        description:
          'What the partner authorized, in minor units: the amount when AUTHORIZED in full, less when it authorized only part (a gift card whose balance is short: the payment is then refused and the partial hold released), 0 otherwise.',
      }),
    ),
    partner_additional_data: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description: 'Extra data the partner returned, as text.',
        examples: [{ acquirer_response_code: '00' }],
      }),
    ),
  },
  {
    $id: 'AuthorizationPartnerTransaction',
    description: 'An authorization at one partner; a split payment has several.',
  },
);
export type AuthorizationPartnerTransaction = Static<typeof AuthorizationPartnerTransaction>;

export const OperationPartnerTransaction = Type.Object(
  {
    ...partnerTransactionProperties,
    status: StringEnum(OPERATION_PARTNER_TRANSACTION_STATUSES, { examples: ['SUCCESS'] }),
    remaining_amount: MinorUnits({
      description: 'Part of the operation amount this transaction could not process, in minor units.',
    }),
    authorization_partner_transaction_id: Type.Optional(
      Uuid({ description: 'The authorization partner transaction whose money this part captures, voids or refunds.' }),
    ),
  },
  { $id: 'OperationPartnerTransaction', description: 'The part of a capture, void or refund done at one partner.' },
);
export type OperationPartnerTransaction = Static<typeof OperationPartnerTransaction>;

export const Authorization = Type.Object(
  {
    status: StringEnum(AUTHORIZATION_STATUSES, {
      description: 'Overall status: AUTHORIZED once every partner transaction is; PENDING and UNCERTAIN are not final.',
      examples: ['AUTHORIZED'],
    }),
    partner_transactions: Type.Array(Ref(AuthorizationPartnerTransaction)),
  },
  { $id: 'Authorization', description: 'The authorization of a payment across its partner transactions.' },
);
export type Authorization = Static<typeof Authorization>;

export const Authentication = Type.Object(
  {
    status: StringEnum(AUTHENTICATION_STATUSES, { examples: ['SUCCESS'] }),
    flow: Type.Optional(StringEnum(THREE_DS_FLOWS, { examples: ['CHALLENGE'] })),
    eci: Type.Optional(StringEnum(ECI_VALUES, { examples: ['05'] })),
    challenge_data: Type.Optional(
      Type.String({
        description: 'Opaque data the browser passes to the issuer’s challenge page, when a challenge is under way.',
      }),
    ),
  },
  { $id: 'Authentication', description: '3-D Secure authentication of the payment’s card.' },
);
export type Authentication = Static<typeof Authentication>;

export const Redirection = Type.Object(
  {
    href: Type.String({
      format: 'uri',
      description: 'Where to send the shopper.',
      examples: ['https://acs.sandbox.example/challenge/7d1e'],
    }),
    method: StringEnum(REDIRECTION_METHODS, { examples: ['POST'] }),
    media_type: Type.Optional(
      Type.String({ description: 'Media type of body, for a POST.', examples: ['application/x-www-form-urlencoded'] }),
    ),
    body: Type.Optional(
      Type.String({
        description: 'Body to POST, encoded as media_type says.',
        examples: ['creq=eyJ0aHJlZURTU2VydmVyVHJhbnNJRCI6...'],
      }),
    ),
  },
  {
    $id: 'Redirection',
    description:
      'Where the shopper must go next while the authorization is PENDING or UNCERTAIN (a 3-D Secure challenge, a lender’s page).',
  },
);
export type Redirection = Static<typeof Redirection>;

const Tag = (description: string) => StringEnum(OVERVIEW_TAGS, { description, examples: ['NOT'] });

export const PaymentOverview = Type.Object(
  {
    consumed: Tag('How much of the authorized amount was captured or voided.'),
    captured: Tag('How much of the authorized amount was captured.'),
    voided: Tag('How much of the authorized amount was voided.'),
    refunded: Tag('How much of the captured amount was refunded.'),
  },
  {
    $id: 'PaymentOverview',
    description: 'At-a-glance state of the payment: NOT, PARTIALLY or TOTALLY for each aspect.',
  },
);
export type PaymentOverview = Static<typeof PaymentOverview>;

export const PaymentAmounts = Type.Object(
  {
    authorize_pending: MinorUnits({ description: 'Amount of authorizations not yet final.' }),
    total_authorized: MinorUnits(),
    total_voided: MinorUnits(),
    available_to_void: MinorUnits({ description: 'Authorized and neither captured nor voided.' }),
    total_captured: MinorUnits(),
    available_to_capture: MinorUnits({ description: 'Authorized and neither captured nor voided.' }),
    total_refunded: MinorUnits(),
    available_to_refund: MinorUnits({
      description: 'Captured and neither refunded nor being refunded, disputed nor charged back.',
    }),
    // Optional: payments read from before disputes existed do not carry them.
    total_disputed: Type.Optional(
      MinorUnits({ description: 'Under disputes not decided yet: held back from what can be refunded.' }),
    ),
    total_charged_back: Type.Optional(
      MinorUnits({ description: 'Taken back by disputes the merchant lost (chargebacks).' }),
    ),
  },
  { $id: 'PaymentAmounts', description: 'Running totals of the payment, in minor units.' },
);
export type PaymentAmounts = Static<typeof PaymentAmounts>;

export const PaymentOperation = Type.Object(
  {
    id: Uuid({ description: 'Id of the operation; also returned in the x-created-operation-id header.' }),
    amount: PositiveMinorUnits(),
    created_at: DateTime(),
    updated_at: DateTime(),
    triggered_by: StringEnum(TRIGGER_ORIGINS, {
      description:
        'MERCHANT: requested through the API; AUTHORIZATION: capture of an AUTOMATIC capture_mode payment; ' +
        'ORCHESTRATOR: compensating void or refund after a partial failure.',
      examples: ['MERCHANT'],
    }),
    merchant_reference: Type.Optional(Text({ examples: ['CAP-2025-000123-1'] })),
    status: StringEnum(OPERATION_STATUSES, { examples: ['SUCCESS'] }),
    partner_transactions: Type.Array(Ref(OperationPartnerTransaction)),
    order: Type.Optional(Ref(OperationOrder)),
  },
  { $id: 'PaymentOperation', description: 'A capture, void or refund.' },
);
export type PaymentOperation = Static<typeof PaymentOperation>;

export const SplitElement = Type.Object(
  {
    partner: PartnerName(),
    method: MethodName(),
    amount: PositiveMinorUnits(),
    parent_partner_transaction_id: Type.Optional(
      Uuid({ description: 'Earlier partner transaction this part duplicates.' }),
    ),
    parent_payment_id: Type.Optional(Uuid({ description: 'Earlier payment this part duplicates.' })),
    parent_partner_token: Type.Optional(Type.String({ description: 'Partner token of a foreign authorization.' })),
    parent_partner_reference: Type.Optional(
      Type.String({ description: 'Partner reference of a foreign authorization.' }),
    ),
  },
  { $id: 'SplitElement', description: 'One part of a split payment, as recorded.' },
);
export type SplitElement = Static<typeof SplitElement>;

export const PaymentLinks = Type.Object(
  {
    self: Link(),
    capture: Type.Optional(
      Link({ description: 'POST here to capture; present while something is available to capture.' }),
    ),
    refund: Type.Optional(
      Link({ description: 'POST here to refund; present while something is available to refund.' }),
    ),
    void: Type.Optional(Link({ description: 'POST here to void; present while something is available to void.' })),
  },
  { $id: 'PaymentLinks' },
);
export type PaymentLinks = Static<typeof PaymentLinks>;

export const Payment = Type.Object(
  {
    id: Uuid(),
    created_at: DateTime(),
    overview: Ref(PaymentOverview),
    client_session_id: Type.Optional(
      Uuid({ description: 'The client session this payment was submitted from, if any.' }),
    ),
    entity_id: Uuid(),
    version: Type.Integer({ minimum: 0, description: 'Increases with every change of the payment.', examples: [3] }),
    order_reference: Text({ examples: ['ORD-2025-000123'] }),
    order: Ref(Order),
    amount: PositiveMinorUnits(),
    currency: CurrencyCode(),
    capture_mode: StringEnum(CAPTURE_MODES, { examples: ['MANUAL'] }),
    allow_future_usage: Type.Boolean(),
    captures: Type.Array(Ref(PaymentOperation)),
    voids: Type.Array(Ref(PaymentOperation)),
    refunds: Type.Array(Ref(PaymentOperation)),
    authorization: Type.Optional(Ref(Authorization)),
    authentication: Type.Optional(Ref(Authentication)),
    amounts: Ref(PaymentAmounts),
    links: Ref(PaymentLinks),
    split: Type.Optional(Type.Array(Ref(SplitElement))),
    webhook: Type.Optional(Ref(Webhook)),
    redirection: Type.Optional(Ref(Redirection)),
    // Optional: payments read from before disputes existed do not carry the list.
    disputes: Type.Optional(
      Type.Array(Ref(Dispute), {
        description: 'Disputes (chargebacks) opened on the payment, oldest first.',
      }),
    ),
  },
  { $id: 'Payment', description: 'A payment: its authorization and the captures, voids and refunds done on it.' },
);
export type Payment = Static<typeof Payment>;
