import { Type, type Static } from 'typebox';
import {
  ABORT_STATUSES,
  CAPTURE_MODES,
  CLIENT_SESSION_STATUSES,
  DEFAULT_ALLOW_FUTURE_USAGE,
  DEFAULT_CAPTURE_MODE,
  DEFAULT_INTEGRATION_MODE,
  INTEGRATION_MODES,
} from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { PaymentSolution, ThreeDsAuthenticationOptions, Webhook } from './common';
import { Customer } from './customer';
import { Order } from './order';
import { Authorization } from './payment';
import { CurrencyCode, DateTime, HttpUrl, Link, PositiveMinorUnits, Uuid } from './primitives';

const captureModeDescription =
  'MANUAL: the merchant captures later with POST /v2/payments/{id}/captures. AUTOMATIC: Tessera captures right after authorization.';
const integrationModeDescription =
  'EMBEDDED: the merchant page loads the payment widget (see widget). HOSTED_PAGE: the shopper is sent to links.hosted_page.';
const allowFutureUsageDescription =
  'Whether the payment method may be saved for later payments. When true, card authorizations are sent with the ' +
  '3-D Secure challenge indicator CHALLENGE_REQUESTED_BY_MERCHANT.';

export const ClientSessionApplication = Type.Object(
  {
    entity_id: Uuid({ description: 'The merchant entity the payment is for.' }),
    amount: PositiveMinorUnits({ description: 'Amount to pay, in minor units of currency.' }),
    currency: CurrencyCode(),
    order: Ref(Order),
    shopper_redirection_url: HttpUrl({
      description:
        'Where the shopper returns (GET) after paying or giving up, with a purse-redirection-data query parameter ' +
        'holding a JWS signed with a key of GET /v2/signing-jwks.',
      examples: ['https://shop.example.com/checkout/return'],
    }),
    capture_mode: Type.Optional(
      StringEnum(CAPTURE_MODES, {
        default: DEFAULT_CAPTURE_MODE,
        description: captureModeDescription,
        examples: ['MANUAL'],
      }),
    ),
    integration_mode: Type.Optional(
      StringEnum(INTEGRATION_MODES, {
        default: DEFAULT_INTEGRATION_MODE,
        description: integrationModeDescription,
        examples: ['EMBEDDED'],
      }),
    ),
    allow_future_usage: Type.Optional(
      Type.Boolean({
        default: DEFAULT_ALLOW_FUTURE_USAGE,
        description: allowFutureUsageDescription,
        examples: [false],
      }),
    ),
    customer: Type.Optional(Ref(Customer)),
    three_ds_authentication_options: Type.Optional(Ref(ThreeDsAuthenticationOptions)),
    webhook: Type.Optional(Ref(Webhook)),
  },
  {
    $id: 'ClientSessionApplication',
    description: 'Body of POST /v2/client-sessions: what the shopper is about to pay for.',
  },
);
export type ClientSessionApplication = Static<typeof ClientSessionApplication>;

export const ClientSessionWidget = Type.Object(
  {
    data: Type.String({
      description:
        'Base64-encoded JSON the widget script needs: entity id, publishable key, environment, session. ' +
        'Pass it to the widget as is.',
      examples: ['eyJlbnRpdHlfaWQiOiIzZjJiOGMxZS02YTBk...'],
    }),
    js_url: HttpUrl({
      description: 'Address of the widget script.',
      examples: ['https://pay.tessera.example/widget/v2/widget.js'],
    }),
  },
  { $id: 'ClientSessionWidget', description: 'What an EMBEDDED integration needs to show the payment widget.' },
);
export type ClientSessionWidget = Static<typeof ClientSessionWidget>;

export const ClientSessionLinks = Type.Object(
  {
    self: Link({ examples: ['https://api.tessera.example/v2/client-sessions/9b0e7c52-1a2f-4d38-8e0f-5b6a7c8d9e01'] }),
    abort: Link({ description: 'POST an AbortClientSessionRequest here to abort the session.' }),
    payment: Type.Optional(Link({ description: 'The payment, once the session is SUBMITTED.' })),
    hosted_page: Type.Optional(
      Link({
        description: 'Hosted payment page to send the shopper to, in HOSTED_PAGE integration mode.',
        examples: [
          'https://pay.tessera.example/entities/3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03/sessions/9b0e7c52-1a2f-4d38-8e0f-5b6a7c8d9e01',
        ],
      }),
    ),
  },
  { $id: 'ClientSessionLinks' },
);
export type ClientSessionLinks = Static<typeof ClientSessionLinks>;

export const ClientSession = Type.Object(
  {
    id: Uuid({ examples: ['9b0e7c52-1a2f-4d38-8e0f-5b6a7c8d9e01'] }),
    entity_id: Uuid(),
    status: StringEnum(CLIENT_SESSION_STATUSES, {
      description:
        'CREATED, then CHOICE_IN_PROGRESS once the shopper opened the widget or page, then SUBMITTED when a payment exists. ' +
        'EXPIRED at expires_at; ABORTED_BY_CUSTOMER or ABORTED_BY_MERCHANT after an abort.',
      examples: ['CREATED'],
    }),
    amount: PositiveMinorUnits(),
    currency: CurrencyCode(),
    capture_mode: StringEnum(CAPTURE_MODES, { description: captureModeDescription, examples: ['MANUAL'] }),
    integration_mode: StringEnum(INTEGRATION_MODES, {
      description: integrationModeDescription,
      examples: ['EMBEDDED'],
    }),
    allow_future_usage: Type.Boolean({ description: allowFutureUsageDescription }),
    customer: Type.Optional(Ref(Customer)),
    order: Ref(Order),
    created_at: DateTime({ description: 'When the session was created.' }),
    expires_at: DateTime({ description: 'When the session expires if not submitted.' }),
    shopper_redirection_url: HttpUrl({ examples: ['https://shop.example.com/checkout/return'] }),
    widget: Type.Optional(Ref(ClientSessionWidget)),
    payment_id: Type.Optional(
      Uuid({
        description:
          'The last payment submitted on the session: present once it is SUBMITTED, also after an abort that followed a failed payment.',
      }),
    ),
    eligible_solutions: Type.Array(Ref(PaymentSolution), {
      description: 'Partner and method pairs the shopper may choose from for this amount and currency.',
    }),
    authorization: Type.Optional(Ref(Authorization)),
    links: Ref(ClientSessionLinks),
  },
  { $id: 'ClientSession', description: 'A checkout in progress for one order.' },
);
export type ClientSession = Static<typeof ClientSession>;

export const AbortClientSessionRequest = Type.Object(
  {
    status: StringEnum(ABORT_STATUSES, {
      description: 'Who gives up: the shopper (ABORTED_BY_CUSTOMER) or the merchant (ABORTED_BY_MERCHANT).',
      examples: ['ABORTED_BY_MERCHANT'],
    }),
  },
  { $id: 'AbortClientSessionRequest', description: 'Body of POST /v2/client-sessions/{id}/abort.' },
);
export type AbortClientSessionRequest = Static<typeof AbortClientSessionRequest>;
