/**
 * Wallet API schemas (spec section 3, "Wallet entities"). Component names carry the
 * `Wallet` prefix: they share Fastify's schema store with the v2 ones. Errors use
 * `ApiError` from ../v2/errors.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { WALLET_TOKEN_STATUSES } from '../../../domain/enums';
import { Ref, StringEnum } from '../typebox';
import { DateTime, MethodName, PartnerName, Text } from '../v2/primitives';

const OwnerReference = () =>
  Text({ minLength: 1, description: 'The merchant’s identifier of the customer owning the tokens.', examples: ['CUST-000417'] });
const Reason = () => Type.Optional(Text({ description: 'Why, for the audit trail.', examples: ['customer request'] }));

export const WalletSessionRequest = Type.Object(
  { owner_reference: OwnerReference() },
  { $id: 'WalletSessionRequest', description: 'Body of POST /wallet/v2/session; the merchant is given by the x-merchant-id header.' },
);
export type WalletSessionRequest = Static<typeof WalletSessionRequest>;

export const WalletSession = Type.Object(
  {
    session_id: Type.String({ description: 'Wallet session id, used in the token paths.', examples: ['ws_4b7e1f0c9a'] }),
    owner_reference: OwnerReference(),
    merchant: Type.String({ description: 'The merchant id.', examples: ['m_1842'] }),
    expiration_date: DateTime({ description: 'When the wallet session stops being accepted.' }),
  },
  { $id: 'WalletSession', description: 'A short-lived session giving access to one customer’s tokens.' },
);
export type WalletSession = Static<typeof WalletSession>;

export const WalletTokenDescription = Type.Object(
  {
    brand_name: Text({ description: 'Brand shown to the shopper.', examples: ['VISA'] }),
    display_token: Text({ description: 'Masked value shown to the shopper.', examples: ['•••• 4242'] }),
    holder_name: Type.Optional(Text({ examples: ['CAMILLE MARTIN'] })),
  },
  { $id: 'WalletTokenDescription', description: 'How a saved token is shown to the shopper.' },
);
export type WalletTokenDescription = Static<typeof WalletTokenDescription>;

export const WalletTokenPaymentId = Type.Object(
  { partner: PartnerName(), method: MethodName() },
  { $id: 'WalletTokenPaymentId', description: 'The partner and method the token pays with.' },
);
export type WalletTokenPaymentId = Static<typeof WalletTokenPaymentId>;

const TokenStatus = () => StringEnum(WALLET_TOKEN_STATUSES, { examples: ['ACTIVE'] });

export const WalletToken = Type.Object(
  {
    id: Type.String({ examples: ['tok_8d2c1e'] }),
    uniqueness_token: Type.Optional(Type.String({ description: 'Identifies the underlying means of payment, to avoid saving it twice.' })),
    pin_code: Type.Optional(Type.String({ description: 'PIN of a gift card token.' })),
    expiration_date: DateTime(),
    owner_reference: OwnerReference(),
    merchant: Type.String({ examples: ['m_1842'] }),
    status: TokenStatus(),
    description: Ref(WalletTokenDescription),
    payment_id: Ref(WalletTokenPaymentId),
    created_at: DateTime(),
    updated_at: DateTime(),
    value: Type.String({ description: 'The partner token itself.', examples: ['sbx_tok_41hd7'] }),
    favorite: Type.Boolean({ description: 'Whether this is the customer’s favorite token; at most one is.' }),
  },
  { $id: 'WalletToken', description: 'A saved payment token. Expired tokens are not listed.' },
);
export type WalletToken = Static<typeof WalletToken>;

export const WalletTokenAddRequest = Type.Object(
  {
    token: Type.String({ minLength: 1, description: 'The partner token to save.', examples: ['sbx_tok_41hd7'] }),
    expiration_date: DateTime(),
    description: Ref(WalletTokenDescription),
    payment_id: Ref(WalletTokenPaymentId),
    uniqueness_token: Type.Optional(Type.String()),
    pin_code: Type.Optional(Type.String()),
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
  WalletSession,
  WalletTokenDescription,
  WalletTokenPaymentId,
  WalletToken,
  WalletTokenAddRequest,
  WalletTokenStatusUpdateRequest,
];
