/**
 * Wallet API schemas (the docs' wallet pages: web/src/docs/content/integrate/wallet/). Component names carry the
 * `Wallet` prefix: they share Fastify's schema store with the v2 ones. Errors use
 * `ApiError` from ../v2/errors.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { WALLET_TOKEN_STATUSES } from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { DateTime, MethodName, PartnerName, Text, Uuid } from '../v2/primitives';

const OwnerReference = () =>
  Text({
    minLength: 1,
    description: 'The merchant’s identifier of the customer owning the tokens.',
    examples: ['CUST-000417'],
  });
const Reason = () =>
  Type.Optional(
    Text({
      description: 'Why, for the audit trail (kept with the token, never shown back).',
      examples: ['customer request'],
    }),
  );
const MerchantId = () =>
  Type.String({
    description: 'The merchant id (`merchant_id` printed by `merchant:create`).',
    examples: ['mer_0c4f2a9e81d3b7a65f10'],
  });

export const WalletSessionRequest = Type.Object(
  { owner_reference: OwnerReference() },
  {
    $id: 'WalletSessionRequest',
    description: 'Body of POST /wallet/v2/session; the merchant is given by the x-merchant-id header.',
  },
);
export type WalletSessionRequest = Static<typeof WalletSessionRequest>;

/** What the e-commerce plugin of the original platform sends to POST /wallet/session: its numeric customer id as a JSON integer. */
export const WalletLegacySessionRequest = Type.Object(
  {
    owner_reference: Type.Union(
      [
        OwnerReference(),
        Type.Integer({ description: 'A numeric customer id, read as its decimal string (42 → "42").' }),
      ],
      {
        description: 'The customer owning the tokens: a string, or an integer read as its decimal string.',
        examples: [42, 'CUST-000417'],
      },
    ),
  },
  { $id: 'WalletLegacySessionRequest', description: 'Body of the legacy POST /wallet/session.' },
);
export type WalletLegacySessionRequest = Static<typeof WalletLegacySessionRequest>;

export const WalletSession = Type.Object(
  {
    session_id: Uuid({ description: 'Wallet session id, used in the token paths.' }),
    owner_reference: OwnerReference(),
    merchant: MerchantId(),
    expiration_date: DateTime({
      description: 'When the wallet session stops being accepted (30 minutes after creation by default).',
    }),
  },
  { $id: 'WalletSession', description: 'A short-lived session giving access to one customer’s tokens.' },
);
export type WalletSession = Static<typeof WalletSession>;

export const WalletTokenDescription = Type.Object(
  {
    brand_name: Text({ minLength: 1, description: 'Brand shown to the shopper.', examples: ['VISA'] }),
    display_token: Text({ minLength: 1, description: 'Masked value shown to the shopper.', examples: ['•••• 4242'] }),
    holder_name: Type.Optional(Text({ examples: ['CAMILLE MARTIN'] })),
  },
  { $id: 'WalletTokenDescription', description: 'How a saved token is shown to the shopper.' },
);
export type WalletTokenDescription = Static<typeof WalletTokenDescription>;

export const WalletTokenPaymentId = Type.Object(
  { partner: PartnerName(), method: MethodName() },
  {
    $id: 'WalletTokenPaymentId',
    description:
      'The partner and method the token pays with: a pair Tessera routes to (sandbox-card creditcard, for instance); another answers 400 when the token is added.',
  },
);
export type WalletTokenPaymentId = Static<typeof WalletTokenPaymentId>;

const TokenStatus = () => StringEnum(WALLET_TOKEN_STATUSES, { examples: ['ACTIVE'] });

export const WalletToken = Type.Object(
  {
    id: Uuid(),
    uniqueness_token: Type.Optional(
      Type.String({
        description:
          'Identifies the underlying means of payment, to avoid saving it twice. Shown to server credentials only.',
      }),
    ),
    pin_code: Type.Optional(
      Type.String({ description: 'PIN of a gift card token. Shown only with `vault=true` and a server credential.' }),
    ),
    expiration_date: DateTime({
      description: 'After this instant the token is expired: no longer listed, still deletable.',
    }),
    owner_reference: OwnerReference(),
    merchant: MerchantId(),
    status: TokenStatus(),
    description: Ref(WalletTokenDescription),
    payment_id: Ref(WalletTokenPaymentId),
    created_at: DateTime(),
    updated_at: DateTime(),
    value: Type.Optional(
      Type.String({
        description: 'The partner token itself. Shown only with `vault=true` and a server credential.',
        examples: ['sbx_tok_41hd7'],
      }),
    ),
    favorite: Type.Boolean({ description: 'Whether this is the customer’s favorite token; at most one is.' }),
  },
  { $id: 'WalletToken', description: 'A saved payment token. Expired tokens are not listed.' },
);
export type WalletToken = Static<typeof WalletToken>;

export const WalletTokenAddRequest = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'The partner token to save (stored encrypted).',
      examples: ['sbx_tok_41hd7'],
    }),
    expiration_date: Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'ISO 8601 date (the token is valid through the end of that day, UTC) or date-time with an offset. A date already past is accepted (wallet imports): the token is then never listed.',
      examples: ['2028-09-30', '2028-09-30T23:59:59Z'],
    }),
    description: Ref(WalletTokenDescription),
    payment_id: Ref(WalletTokenPaymentId),
    uniqueness_token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description:
          'Fingerprint of the means of payment: a second token with the same one for this customer answers 409.',
      }),
    ),
    pin_code: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'PIN of a gift card (stored encrypted).' }),
    ),
    reason: Reason(),
  },
  { $id: 'WalletTokenAddRequest', description: 'Body adding a token to a customer’s wallet.' },
);
export type WalletTokenAddRequest = Static<typeof WalletTokenAddRequest>;

export const WalletTokenStatusUpdateRequest = Type.Object(
  { status: TokenStatus(), reason: Reason() },
  { $id: 'WalletTokenStatusUpdateRequest', description: 'Body changing the status of a token.' },
);
export type WalletTokenStatusUpdateRequest = Static<typeof WalletTokenStatusUpdateRequest>;

/** Every named wallet schema, to register with `fastify.addSchema()` (after or with `v2Schemas`). */
export const walletSchemas: readonly TSchema[] = [
  WalletSessionRequest,
  WalletLegacySessionRequest,
  WalletSession,
  WalletTokenDescription,
  WalletTokenPaymentId,
  WalletToken,
  WalletTokenAddRequest,
  WalletTokenStatusUpdateRequest,
];
