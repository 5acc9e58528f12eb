// The card vault: cards entered by shoppers, stored encrypted, referred to by a vault form token.
// Only the token's SHA-256 is stored; the token leaves once, in the answer to the browser.
//
// Life of a token:
// - `vaultCard` stores the card; the token must be used (first `detokenize`) before `expires_at`
//   (VAULT_FORM_TOKEN_TTL_SECONDS after creation) or it is expired.
// - `detokenize` gives the payment activity the clear card. The first call stamps `used_at`; from
//   then on the token stays readable despite `expires_at`, so activity retries of an authorization
//   keep working, until `purgeVault` removes it VAULT_USED_RETENTION_SECONDS after that first use.
// - The CVV may be read until it is erased: by `detokenize(..., { consumeCvv: true })` (read and
//   erase in one statement), by `eraseCvv`, or by `recordCvvAnswer` right after the partner
//   answered the authorization that used it, which keeps that answer for a replay of the call
//   (`cvvAnswerFor`): the way when the partner call may be retried.
// - Another entity's token, an unknown token and a malformed one are all `not_found`.
import type { Sql } from './connection';
import { cardSummary, normalizeHolderName, type CardSummary, type DetectedBrand } from '../domain/card';
import { createHmac, hkdfSync } from 'node:crypto';
import { decrypt, encrypt, randomCredential, sha256 } from '../platform/secrets';
import {
  isExpired,
  openSealed,
  purgeExpiredTokens,
  tokenExpiry,
  type VaultLookupFailure,
  type VaultPurgeOptions,
  type VaultTokenSpent,
} from './vault-tokens';

export const VAULT_FORM_TOKEN_PREFIX = 'vft_';

const TOKEN = /^vft_[A-Za-z0-9_-]{43}$/;

/** `vft_` then 32 random bytes in base64url (43 characters). */
export function isVaultFormToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

export interface CardToVault {
  number: string;
  expiry_month: string;
  expiry_year: string;
  cvv: string;
  holder_name?: string | undefined;
}

export interface VaultedCard {
  vault_form_token: string;
  card: CardSummary;
  expires_at: Date;
}

export interface DetokenizedCard extends CardSummary {
  number: string;
  expiry_month: string;
  expiry_year: string;
  holder_name?: string;
  /** Absent once erased. */
  cvv?: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date;
}

export type DetokenizeResult = { status: 'found'; card: DetokenizedCard } | VaultLookupFailure | VaultTokenSpent;

export interface VaultedCardInfo extends CardSummary {
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** The idempotency key of the authorization that used the token (migration 020), if one has. */
  used_by: string | null;
  has_cvv: boolean;
}
export type FindVaultedCardResult = { status: 'found'; card: VaultedCardInfo } | VaultLookupFailure;

interface SealedCard {
  /** The row's token hash (hex): a ciphertext moved to another row does not open. */
  t: string;
  number: string;
  expiry_month: string;
  expiry_year: string;
  holder_name?: string;
}

interface SealedCvv {
  t: string;
  cvv: string;
}

interface Row {
  card_encrypted: string;
  cvv_encrypted: string | null;
  bin: string;
  last_four_digits: string;
  brands: DetectedBrand[];
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  used_by: string | null;
}

const open = <T extends { t: string }>(key: Buffer, sealed: string, tokenHash: Buffer): T =>
  openSealed<T>(key, sealed, tokenHash, 'vaulted card data');

/**
 * Stores a card already validated by `validateCard` (domain/card.ts) and returns its new token,
 * which is not kept: only its hash is.
 */
export async function vaultCard(
  sql: Sql,
  key: Buffer,
  entityId: string,
  card: CardToVault,
  options: { now?: Date; ttlSeconds?: number } = {},
): Promise<VaultedCard> {
  if (!/^[0-9]{12,19}$/.test(card.number)) throw new Error('vaultCard needs a validated card number');
  const now = options.now ?? new Date();
  const expiresAt = tokenExpiry(now, options.ttlSeconds);
  const token = randomCredential(VAULT_FORM_TOKEN_PREFIX, 32);
  const tokenHash = sha256(token);
  const t = tokenHash.toString('hex');
  const holderName = normalizeHolderName(card.holder_name);
  const sealedCard: SealedCard = {
    t,
    number: card.number,
    expiry_month: card.expiry_month,
    expiry_year: card.expiry_year,
    ...(holderName ? { holder_name: holderName } : {}),
  };
  const sealedCvv: SealedCvv = { t, cvv: card.cvv };
  const summary = cardSummary(card.number);
  await sql`
    insert into vaulted_cards (token_hash, entity_id, card_encrypted, cvv_encrypted, bin, last_four_digits, brands, created_at, expires_at)
    values (${tokenHash}, ${entityId}, ${encrypt(key, JSON.stringify(sealedCard))}, ${encrypt(key, JSON.stringify(sealedCvv))},
            ${summary.bin}, ${summary.last_four_digits}, ${summary.detected_brands}, ${now}, ${expiresAt})`;
  return { vault_form_token: token, card: summary, expires_at: expiresAt };
}

/**
 * The clear card behind a token of this entity, for the payment activity that sends it to the
 * partner; never for an HTTP answer or a log. Stamps `used_at` on first use, and binds the token to
 * the authorization `usedBy` names (its idempotency key): another authorization finds it spent. With
 * `consumeCvv`, the CVV is returned and erased in the same transaction.
 */
export async function detokenize(
  sql: Sql,
  key: Buffer,
  entityId: string,
  token: string,
  options: { consumeCvv: boolean; usedBy: string; now?: Date },
): Promise<DetokenizeResult> {
  if (!isVaultFormToken(token)) return { status: 'not_found' };
  const { usedBy } = options;
  const now = options.now ?? new Date();
  const tokenHash = sha256(token);
  // One statement (it sits on the authorization's critical path): the row locked by the inner
  // select is read, stamped used and, when asked, stripped of its CVV, all at once.
  const [row] = await sql<(Row & { used_now: Date })[]>`
    update vaulted_cards v set
      used_at = coalesce(v.used_at, ${now}),
      used_by = coalesce(v.used_by, ${usedBy}),
      cvv_encrypted = case when ${options.consumeCvv} then null else v.cvv_encrypted end,
      cvv_erased_at = case when ${options.consumeCvv} and v.cvv_encrypted is not null then ${now}::timestamptz else v.cvv_erased_at end
    from (select token_hash, cvv_encrypted, used_at, used_by from vaulted_cards where token_hash = ${tokenHash} and entity_id = ${entityId} for update) old
    where v.token_hash = old.token_hash and (old.used_at is not null or v.expires_at > ${now})
      and (old.used_by is null or old.used_by = ${usedBy})
    returning v.card_encrypted, old.cvv_encrypted, v.bin, v.last_four_digits, v.brands, v.created_at, v.expires_at, v.used_at as used_now, old.used_at`;
  if (!row) {
    const [exists] = await sql<{ used_by: string | null }[]>`
      select used_by from vaulted_cards where token_hash = ${tokenHash} and entity_id = ${entityId}`;
    if (!exists) return { status: 'not_found' };
    return exists.used_by !== null && exists.used_by !== usedBy ? { status: 'spent' } : { status: 'expired' };
  }
  const sealed = open<SealedCard>(key, row.card_encrypted, tokenHash);
  const cvv = row.cvv_encrypted === null ? undefined : open<SealedCvv>(key, row.cvv_encrypted, tokenHash).cvv;
  return {
    status: 'found',
    card: {
      number: sealed.number,
      expiry_month: sealed.expiry_month,
      expiry_year: sealed.expiry_year,
      ...(sealed.holder_name ? { holder_name: sealed.holder_name } : {}),
      ...(cvv !== undefined ? { cvv } : {}),
      detected_brands: row.brands,
      bin: row.bin,
      last_four_digits: row.last_four_digits,
      created_at: row.created_at,
      expires_at: row.expires_at,
      used_at: row.used_now,
    },
  };
}

interface SealedAnswer<T> {
  /** The idempotency key's hash (hex): an answer moved to another key does not open. */
  t: string;
  answer: T;
}

/**
 * Erases the CVV of a token of this entity and keeps the partner's answer to the call that used
 * it, under that call's idempotency key, in one statement: there is no moment when the CVV is gone
 * and the answer not kept.
 */
export async function recordCvvAnswer<T>(
  sql: Sql,
  key: Buffer,
  entityId: string,
  token: string,
  idempotencyKey: string,
  answer: T,
  now: Date = new Date(),
): Promise<void> {
  if (!isVaultFormToken(token)) return;
  const tokenHash = sha256(token);
  const keyHash = sha256(idempotencyKey);
  const sealed: SealedAnswer<T> = { t: keyHash.toString('hex'), answer };
  await sql`
    with card as (
      update vaulted_cards set cvv_encrypted = null, cvv_erased_at = coalesce(cvv_erased_at, ${now})
      where token_hash = ${tokenHash} and entity_id = ${entityId}
      returning token_hash
    )
    insert into vaulted_card_answers (idempotency_key_hash, token_hash, answer_encrypted, created_at)
    select ${keyHash}, token_hash, ${encrypt(key, JSON.stringify(sealed))}, ${now} from card
    on conflict (idempotency_key_hash) do nothing`;
}

/** The answer kept by `recordCvvAnswer` for this idempotency key, if any. */
export async function cvvAnswerFor<T>(
  sql: Sql,
  key: Buffer,
  entityId: string,
  token: string,
  idempotencyKey: string,
): Promise<T | undefined> {
  if (!isVaultFormToken(token)) return undefined;
  const keyHash = sha256(idempotencyKey);
  const [row] = await sql<{ answer_encrypted: string }[]>`
    select a.answer_encrypted from vaulted_card_answers a join vaulted_cards c using (token_hash)
    where a.idempotency_key_hash = ${keyHash} and a.token_hash = ${sha256(token)} and c.entity_id = ${entityId}`;
  if (!row) return undefined;
  const sealed = JSON.parse(decrypt(key, row.answer_encrypted)) as SealedAnswer<T>;
  if (sealed.t !== keyHash.toString('hex'))
    throw new Error('a kept partner answer does not belong to its idempotency key');
  return sealed.answer;
}

/**
 * What may be shown of a token's card, without decrypting anything nor marking it used: for an API
 * that checks a token before starting a payment, and for the card shown in payment answers.
 */
export async function findVaultedCard(
  sql: Sql,
  entityId: string,
  token: string,
  now: Date = new Date(),
): Promise<FindVaultedCardResult> {
  if (!isVaultFormToken(token)) return { status: 'not_found' };
  const [row] = await sql<(Omit<Row, 'card_encrypted' | 'cvv_encrypted'> & { has_cvv: boolean })[]>`
    select bin, last_four_digits, brands, created_at, expires_at, used_at, used_by, cvv_encrypted is not null as has_cvv
    from vaulted_cards where token_hash = ${sha256(token)} and entity_id = ${entityId}`;
  if (!row) return { status: 'not_found' };
  if (isExpired(row, now)) return { status: 'expired' };
  return {
    status: 'found',
    card: {
      detected_brands: row.brands,
      bin: row.bin,
      last_four_digits: row.last_four_digits,
      created_at: row.created_at,
      expires_at: row.expires_at,
      used_at: row.used_at,
      used_by: row.used_by,
      has_cvv: row.has_cvv,
    },
  };
}

/** Erases the CVV of a token of this entity; true when there was one to erase. */
export async function eraseCvv(sql: Sql, entityId: string, token: string, now: Date = new Date()): Promise<boolean> {
  if (!isVaultFormToken(token)) return false;
  const rows = await sql`
    update vaulted_cards set cvv_encrypted = null, cvv_erased_at = ${now}
    where token_hash = ${sha256(token)} and entity_id = ${entityId} and cvv_encrypted is not null
    returning 1`;
  return rows.length > 0;
}

/** The card vault's purge (./vault-tokens.ts). */
export function purgeVault(sql: Sql, options: VaultPurgeOptions = {}): Promise<number> {
  return purgeExpiredTokens(sql, 'vaulted_cards', options);
}

const fingerprintKeys = new WeakMap<Buffer, Buffer>();

/**
 * A card number's fingerprint at one entity: the same number gives the same value there, and
 * nothing else can be learnt from it (HMAC-SHA256 under a key of its own, derived from the platform
 * key). Shown on payments' cards (Card.fingerprint) and used as the wallet's uniqueness token, so the
 * same card saved by two payments is one saved card.
 */
export function cardFingerprint(encryptionKey: Buffer, entityId: string, cardNumber: string): string {
  let key = fingerprintKeys.get(encryptionKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'tessera/vault/card_fingerprint', 32));
    fingerprintKeys.set(encryptionKey, key);
  }
  const digest = createHmac('sha256', key).update(`${entityId}:${cardNumber}`, 'utf8').digest();
  return `cfp_${digest.subarray(0, 16).toString('base64url')}`;
}
