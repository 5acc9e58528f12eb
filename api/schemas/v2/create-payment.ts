import { Type, type Static } from 'typebox';
import { CAPTURE_MODES, CARD_NETWORKS, DEFAULT_ALLOW_FUTURE_USAGE, DEFAULT_CAPTURE_MODE } from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { ThreeDsAuthenticationOptions, Webhook } from './common';
import { Customer } from './customer';
import { Order } from './order';
import { ExpiryMonth, ExpiryYear } from './payment';
import { CurrencyCode, HttpUrl, MethodName, PartnerName, PositiveMinorUnits, Text, Uuid } from './primitives';

export const CardEntry = Type.Object(
  {
    holder_name: Type.Optional(Text({ examples: ['CAMILLE MARTIN'] })),
    expiry_month: Type.Optional(ExpiryMonth()),
    expiry_year: Type.Optional(ExpiryYear()),
    selected_network: Type.Optional(
      StringEnum(CARD_NETWORKS, {
        description: 'Network the shopper chose for a co-badged card.',
        examples: ['CARTE_BANCAIRE'],
      }),
    ),
  },
  { $id: 'CardEntry', description: 'Card details entered with the card number that vault_form_token stands for.' },
);
export type CardEntry = Static<typeof CardEntry>;

export const BrowserInfo = Type.Object(
  {
    accept_header: Type.Optional(Type.String({ maxLength: 2048, examples: ['text/html,application/xhtml+xml'] })),
    user_agent: Type.Optional(
      Type.String({ maxLength: 2048, examples: ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15'] }),
    ),
    language: Type.Optional(
      Type.String({ maxLength: 35, description: 'navigator.language, a BCP 47 tag.', examples: ['fr-FR'] }),
    ),
    color_depth: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 48, description: 'screen.colorDepth in bits.', examples: [24] }),
    ),
    screen_height: Type.Optional(Type.Integer({ minimum: 0, examples: [900] })),
    screen_width: Type.Optional(Type.Integer({ minimum: 0, examples: [1440] })),
    time_zone_offset: Type.Optional(
      Type.Integer({
        minimum: -840,
        maximum: 840,
        description: 'new Date().getTimezoneOffset(): minutes from local time to UTC.',
        examples: [-60],
      }),
    ),
    java_enabled: Type.Optional(Type.Boolean({ examples: [false] })),
    javascript_enabled: Type.Optional(Type.Boolean({ examples: [true] })),
  },
  { $id: 'BrowserInfo', description: 'The shopper’s browser, for 3-D Secure 2 device data.' },
);
export type BrowserInfo = Static<typeof BrowserInfo>;

export const PaymentSplitEntry = Type.Object(
  {
    amount: PositiveMinorUnits({
      description: 'Part of the payment amount this entry covers, in minor units.',
      examples: [3000],
    }),
    partner: Type.Optional(
      PartnerName({ description: 'Partner of a foreign or new authorization. Not for a duplicate.' }),
    ),
    method: Type.Optional(
      MethodName({ description: 'Method of a foreign or new authorization. Not for a duplicate.' }),
    ),
    parent_payment_id: Type.Optional(
      Uuid({ description: 'Duplicate: the earlier Tessera payment whose authorization is reused.' }),
    ),
    parent_partner_transaction_id: Type.Optional(
      Uuid({ description: 'Duplicate: the earlier Tessera partner transaction whose authorization is reused.' }),
    ),
    parent_partner_token: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Foreign: the partner’s token of an authorization made outside Tessera.',
        examples: ['sbx_tok_41hd7'],
      }),
    ),
    parent_partner_reference: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'Foreign: the partner’s reference of an authorization made outside Tessera, taken over for this entry’s ' +
          'amount only. Refused (the payment’s authorization status ERROR) when the authorization is in another ' +
          'currency than the payment, has less than the entry’s amount left to capture, was already taken over by ' +
          'a payment (of any entity), or is an authorization Tessera made for a payment. What it holds beyond the ' +
          'entry stays yours at the partner: Tessera never captures or voids it.',
        examples: ['sbx_ch_9Jd82kq'],
      }),
    ),
    vault_form_token: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'New authorization: the token POST /v2/vault/cards returned for the card entered.',
        examples: ['vft_5d0f3a9b7c'],
      }),
    ),
    wallet_token: Type.Optional(
      Uuid({
        description:
          'New authorization with a token saved in the customer’s wallet (wallet API): the id of that token; partner and method are the token’s.',
      }),
    ),
    card: Type.Optional(Ref(CardEntry)),
    three_ds_authentication_options: Type.Optional(Ref(ThreeDsAuthenticationOptions)),
  },
  {
    $id: 'PaymentSplitEntry',
    description:
      'One part of a payment, of one of three kinds, told apart by their fields:\n' +
      '- duplicate of an earlier authorization: amount and parent_payment_id or parent_partner_transaction_id, no partner;\n' +
      '- foreign authorization: amount, partner, method and parent_partner_token or parent_partner_reference;\n' +
      '- new authorization: amount, partner, method, vault_form_token, optionally card and three_ds_authentication_options;\n' +
      '- saved token: amount and wallet_token (the id of a wallet token), partner and method optional.',
  },
);
export type PaymentSplitEntry = Static<typeof PaymentSplitEntry>;

export const NewAuthorizationCandidate = Type.Object(
  {
    amount: PositiveMinorUnits({
      description: 'Part of the payment amount to authorize with this means of payment, in minor units.',
      examples: [3000],
    }),
    partner: Type.Optional(PartnerName({ description: 'Required, except with wallet_token (the token’s partner).' })),
    method: Type.Optional(MethodName({ description: 'Required, except with wallet_token (the token’s method).' })),
    vault_form_token: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'The token POST /v2/vault/cards (or /v2/vault/gift-cards) returned; none for a redirect method (wallet, instalments).',
        examples: ['vft_5d0f3a9b7c'],
      }),
    ),
    wallet_token: Type.Optional(
      Uuid({ description: 'The id of a token of the customer’s wallet to pay with, instead of vault_form_token.' }),
    ),
    card: Type.Optional(Ref(CardEntry)),
    three_ds_authentication_options: Type.Optional(Ref(ThreeDsAuthenticationOptions)),
  },
  {
    $id: 'NewAuthorizationCandidate',
    description: 'A means of payment to authorize anew: a tokenized card or gift card, or a redirect method.',
  },
);
export type NewAuthorizationCandidate = Static<typeof NewAuthorizationCandidate>;

export const CreatePaymentRequest = Type.Object(
  {
    amount: PositiveMinorUnits({ description: 'Amount to pay, in minor units of currency.' }),
    currency: CurrencyCode(),
    entity_id: Uuid({ description: 'The merchant entity the payment is for.' }),
    order: Ref(Order),
    capture_mode: Type.Optional(
      StringEnum(CAPTURE_MODES, {
        default: DEFAULT_CAPTURE_MODE,
        description: 'MANUAL: capture later through the API. AUTOMATIC: Tessera captures right after authorization.',
        examples: ['MANUAL'],
      }),
    ),
    allow_future_usage: Type.Optional(
      Type.Boolean({
        default: DEFAULT_ALLOW_FUTURE_USAGE,
        description:
          'Whether the payment method may be saved for later payments. When true, every card entry must carry ' +
          'three_ds_authentication_options.challenge_indicator CHALLENGE_REQUESTED_BY_MERCHANT.',
        examples: [false],
      }),
    ),
    customer: Type.Optional(Ref(Customer)),
    webhook: Type.Optional(Ref(Webhook)),
    split: Type.Optional(
      Type.Array(Ref(PaymentSplitEntry), {
        minItems: 1,
        description:
          'The parts the payment is made of (earlier, foreign or new authorizations); with the candidates, their amounts add up to at most the payment amount.',
      }),
    ),
    new_authorization_candidates: Type.Optional(
      Type.Array(Ref(NewAuthorizationCandidate), {
        minItems: 1,
        description:
          'Means of payment to authorize anew, after the split entries. A payment needs split entries, candidates, or both.',
      }),
    ),
    shopper_redirection_url: Type.Optional(
      HttpUrl({
        description: 'Where the shopper returns after a redirection (3-D Secure challenge, lender page).',
        examples: ['https://shop.example.com/checkout/return'],
      }),
    ),
    browser: Type.Optional(Ref(BrowserInfo)),
  },
  {
    $id: 'CreatePaymentRequest',
    description: 'Body of POST /v2/payments: a payment created directly, possibly split.',
  },
);
export type CreatePaymentRequest = Static<typeof CreatePaymentRequest>;
