// What every wallet route shares: legacy ApiError answers, the x-merchant-id header, path ids,
// CORS for the calls the browser makes, and the token projection.
import { vaultCorsHeaders, withVaultCors } from '../v2/vault';
import { Type } from 'typebox';
import type { WalletTokenRecord } from '../../../db/wallet';
import { errorResponses } from '../../errors/documented-errors';
import { Text, Uuid } from '../../schemas/v2/primitives';
import type { WalletToken } from '../../schemas/wallet';
import type { WalletCaller } from './callers';

export const walletRouteConfig = { errorShape: 'api-error' as const };

/** The documented error answers of a wallet route. */
export const ApiErrors = (...statuses: number[]) => errorResponses('wallet-api-error', ...statuses);

export const WalletHeaders = Type.Object({
  'x-merchant-id': Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description:
      'The merchant id (`merchant_id` printed by `merchant:create`); it must be the merchant of the credential.',
    examples: ['mer_0c4f2a9e81d3b7a65f10'],
  }),
});

export const walletSecurity: Array<Record<string, string[]>> = [{ oauth2: ['payment-api'] }, { apiKey: [] }];

const customerId = () =>
  Text({
    minLength: 1,
    description: 'The owner_reference of the customer whose wallet this is.',
    examples: ['CUST-000417'],
  });
const walletSessionId = () =>
  Uuid({ description: 'A live wallet session of this customer (POST /wallet/v2/session).' });
const tokenId = () => Uuid({ description: 'The token id.' });

export const OwnerParams = Type.Object({ customer_id: customerId() });
export const SessionParams = Type.Object({ customer_id: customerId(), wallet_session_id: walletSessionId() });
export const TokenParams = Type.Object({ customer_id: customerId(), token_id: tokenId() });
export const SessionTokenParams = Type.Object({
  customer_id: customerId(),
  wallet_session_id: walletSessionId(),
  token_id: tokenId(),
});

/** The browser calls these from the merchant's page (another origin), without cookies. */
export const walletPreflightHeaders = {
  ...vaultCorsHeaders,
  'access-control-allow-methods': 'GET, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key, x-merchant-id, authorization, x-request-id',
  'access-control-max-age': '7200',
} as const;

/** CORS headers on every answer, errors included, as the vault routes give them. */
export const withWalletCors = withVaultCors;

/**
 * A token as the API shows it. `value` and `pin_code` only when revealed (vault=true, server
 * credential); the uniqueness token, a payment-method fingerprint, to server credentials only.
 */
export function tokenProjection(token: WalletTokenRecord, caller: WalletCaller): WalletToken {
  const server = caller.via !== 'publishable-key';
  return {
    id: token.id,
    ...(server && token.uniqueness_token !== undefined ? { uniqueness_token: token.uniqueness_token } : {}),
    ...(server && token.pin_code !== undefined ? { pin_code: token.pin_code } : {}),
    expiration_date: token.expiration_date.toISOString(),
    owner_reference: token.owner_reference,
    merchant: caller.merchantId,
    status: token.status,
    description: {
      brand_name: token.brand_name,
      display_token: token.display_token,
      ...(token.holder_name !== null ? { holder_name: token.holder_name } : {}),
    },
    payment_id: { partner: token.partner, method: token.method },
    created_at: token.created_at.toISOString(),
    updated_at: token.updated_at.toISOString(),
    ...(server && token.value !== undefined ? { value: token.value } : {}),
    favorite: token.favorite,
  };
}
