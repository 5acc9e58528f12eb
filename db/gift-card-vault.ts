// The gift card vault: gift cards entered by shoppers, stored encrypted, referred to by a vault
// form token `vgt_…` (cards have `vft_…`, see ./vault.ts). Only the token's SHA-256 is stored;
// the token leaves once, in the answer to the browser.
//
// Life of a token, the same as a card's:
// - `vaultGiftCard` stores number and PIN; the token must be used (first detokenization for an
//   authorization) before `expires_at` (VAULT_FORM_TOKEN_TTL_SECONDS after creation).
// - `detokenizeGiftCard(..., { stampUse: true })` gives the payment activity the clear gift card
//   and stamps `used_at`; from then on the token stays readable despite `expires_at`, so activity
//   retries keep working, until `purgeGiftCardVault` removes it VAULT_USED_RETENTION_SECONDS later.
// - A balance check reads the gift card with `stampUse: false`: it is not a use, the token keeps
//   its lifetime.
// - Another entity's token, an unknown token and a malformed one are all `not_found`.
import type { Sql } from './connection';
import {
  isExpired,
  openSealed,
  purgeExpiredTokens,
  tokenExpiry,
  type VaultLookupFailure,
  type VaultPurgeOptions,
  type VaultTokenSpent,
} from './vault-tokens';
import { encrypt, randomCredential, sha256 } from '../platform/secrets';
import { GIFT_CARD_TOKEN_PREFIX } from '../domain/payment-legs';

const TOKEN = /^vgt_[A-Za-z0-9_-]{43}$/;

/** `vgt_` then 32 random bytes in base64url (43 characters). */
export function isGiftCardVaultToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

export interface GiftCardToVault {
  number: string;
  pin?: string | undefined;
}

export interface GiftCardSummary {
  last_four_digits: string;
}

export interface VaultedGiftCard {
  vault_form_token: string;
  gift_card: GiftCardSummary;
  expires_at: Date;
}

export interface VaultedGiftCardInfo extends GiftCardSummary {
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** The idempotency key of the authorization that used the token (migration 020), if one has. */
  used_by: string | null;
}

export interface DetokenizedGiftCard extends VaultedGiftCardInfo {
  number: string;
  pin?: string;
}

export type DetokenizeGiftCardResult =
  { status: 'found'; gift_card: DetokenizedGiftCard } | VaultLookupFailure | VaultTokenSpent;
export type FindVaultedGiftCardResult = { status: 'found'; gift_card: VaultedGiftCardInfo } | VaultLookupFailure;

interface SealedGiftCard {
  /** The row's token hash (hex): a ciphertext moved to another row does not open. */
  t: string;
  number: string;
  pin?: string;
}

interface Row {
  gift_card_encrypted: string;
  last_four_digits: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  used_by: string | null;
}

const open = (key: Buffer, sealed: string, tokenHash: Buffer): SealedGiftCard =>
  openSealed<SealedGiftCard>(key, sealed, tokenHash, 'vaulted gift card data');

/** Stores a gift card (number of digits, optional PIN of digits) and returns its new token, which is not kept. */
export async function vaultGiftCard(
  sql: Sql,
  key: Buffer,
  entityId: string,
  giftCard: GiftCardToVault,
  options: { now?: Date; ttlSeconds?: number } = {},
): Promise<VaultedGiftCard> {
  if (!/^[0-9]{8,19}$/.test(giftCard.number)) throw new Error('vaultGiftCard needs a validated gift card number');
  if (giftCard.pin !== undefined && !/^[0-9]{4,8}$/.test(giftCard.pin))
    throw new Error('vaultGiftCard needs a validated PIN');
  const now = options.now ?? new Date();
  const expiresAt = tokenExpiry(now, options.ttlSeconds);
  const token = randomCredential(GIFT_CARD_TOKEN_PREFIX, 32);
  const tokenHash = sha256(token);
  const sealed: SealedGiftCard = {
    t: tokenHash.toString('hex'),
    number: giftCard.number,
    ...(giftCard.pin !== undefined ? { pin: giftCard.pin } : {}),
  };
  const summary: GiftCardSummary = { last_four_digits: giftCard.number.slice(-4) };
  await sql`
    insert into vaulted_gift_cards (token_hash, entity_id, gift_card_encrypted, last_four_digits, created_at, expires_at)
    values (${tokenHash}, ${entityId}, ${encrypt(key, JSON.stringify(sealed))}, ${summary.last_four_digits}, ${now}, ${expiresAt})`;
  return { vault_form_token: token, gift_card: summary, expires_at: expiresAt };
}

/**
 * The clear gift card behind a token of this entity, for the partner call (authorization or
 * balance); never for an HTTP answer, a log or workflow history. With `stampUse` (an
 * authorization), the first call stamps `used_at` and binds the token to the authorization
 * `usedBy` names (its idempotency key): another authorization finds it spent.
 */
export async function detokenizeGiftCard(
  sql: Sql,
  key: Buffer,
  entityId: string,
  token: string,
  options: ({ stampUse: true; usedBy: string } | { stampUse: false }) & { now?: Date },
): Promise<DetokenizeGiftCardResult> {
  if (!isGiftCardVaultToken(token)) return { status: 'not_found' };
  const now = options.now ?? new Date();
  const tokenHash = sha256(token);
  const [row] = options.stampUse
    ? await sql<Row[]>`
        update vaulted_gift_cards set used_at = coalesce(used_at, ${now}), used_by = coalesce(used_by, ${options.usedBy})
        where token_hash = ${tokenHash} and entity_id = ${entityId} and (used_at is not null or expires_at > ${now})
          and (used_by is null or used_by = ${options.usedBy})
        returning gift_card_encrypted, last_four_digits, created_at, expires_at, used_at, used_by`
    : await sql<Row[]>`
        select gift_card_encrypted, last_four_digits, created_at, expires_at, used_at, used_by
        from vaulted_gift_cards where token_hash = ${tokenHash} and entity_id = ${entityId}`;
  if (!row) {
    // Nothing updated: unknown, expired or another authorization's (tell them apart for the caller's message).
    if (!options.stampUse) return { status: 'not_found' };
    const found = await findVaultedGiftCard(sql, entityId, token, now);
    if (found.status === 'found' && found.gift_card.used_by !== null) return { status: 'spent' };
    return found.status === 'expired' ? { status: 'expired' } : { status: 'not_found' };
  }
  if (isExpired(row, now)) return { status: 'expired' };
  const sealed = open(key, row.gift_card_encrypted, tokenHash);
  return {
    status: 'found',
    gift_card: {
      number: sealed.number,
      ...(sealed.pin !== undefined ? { pin: sealed.pin } : {}),
      last_four_digits: row.last_four_digits,
      created_at: row.created_at,
      expires_at: row.expires_at,
      used_at: row.used_at,
      used_by: row.used_by,
    },
  };
}

/** What may be shown of a token's gift card, without decrypting anything nor marking it used. */
export async function findVaultedGiftCard(
  sql: Sql,
  entityId: string,
  token: string,
  now: Date = new Date(),
): Promise<FindVaultedGiftCardResult> {
  if (!isGiftCardVaultToken(token)) return { status: 'not_found' };
  const [row] = await sql<Omit<Row, 'gift_card_encrypted'>[]>`
    select last_four_digits, created_at, expires_at, used_at, used_by
    from vaulted_gift_cards where token_hash = ${sha256(token)} and entity_id = ${entityId}`;
  if (!row) return { status: 'not_found' };
  if (isExpired(row, now)) return { status: 'expired' };
  return {
    status: 'found',
    gift_card: {
      last_four_digits: row.last_four_digits,
      created_at: row.created_at,
      expires_at: row.expires_at,
      used_at: row.used_at,
      used_by: row.used_by,
    },
  };
}

/** The gift card vault's purge (./vault-tokens.ts). */
export function purgeGiftCardVault(sql: Sql, options: VaultPurgeOptions = {}): Promise<number> {
  return purgeExpiredTokens(sql, 'vaulted_gift_cards', options);
}
