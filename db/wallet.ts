// The wallet: partner tokens saved per merchant (entity) and customer (owner reference), and the
// short wallet sessions through which a shopper's browser manages them.
//
// - The token value, the PIN and the uniqueness token are AES-256-GCM encrypted, each bound to its
//   row (token id and entity): a ciphertext copied into another row, or another merchant's, does
//   not open. The uniqueness token is also kept as an HMAC under a key derived from the platform
//   key, so the unique index works without a payment-method fingerprint in clear.
// - Every statement is scoped by entity and owner: one merchant's rows are out of reach of another.
// - Changes to one owner's wallet (favorite, add, save) take a transaction-scoped advisory lock on
//   (entity, owner), so concurrent calls queue instead of tripping the unique indexes.
// - A token is expired once `expiration_date < now()`: never listed, favorited or updated, still
//   deletable.
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import type { Sql } from './connection';
import type { WalletTokenStatus } from '../domain/enums';
import { decrypt, encrypt } from '../platform/secrets';

type Transaction = postgres.TransactionSql;

/** Lock class of the per-owner advisory locks (db/migrate.ts uses a single-key lock of its own). */
const WALLET_OWNER_LOCK = 724006;

export interface WalletOwner {
  entityId: string;
  ownerReference: string;
}

export interface WalletSessionRecord {
  id: string;
  entity_id: string;
  owner_reference: string;
  created_at: Date;
  expires_at: Date;
}

export interface NewWalletToken {
  value: string;
  expirationDate: Date;
  brandName: string;
  displayToken: string;
  holderName?: string | undefined;
  partner: string;
  method: string;
  uniquenessToken?: string | undefined;
  pinCode?: string | undefined;
  reason?: string | undefined;
}

export interface WalletTokenRecord {
  id: string;
  entity_id: string;
  owner_reference: string;
  status: WalletTokenStatus;
  favorite: boolean;
  expiration_date: Date;
  brand_name: string;
  display_token: string;
  holder_name: string | null;
  partner: string;
  method: string;
  uniqueness_token: string | undefined;
  created_at: Date;
  updated_at: Date;
  /** Decrypted only when asked for (`reveal`); undefined otherwise. */
  value: string | undefined;
  pin_code: string | undefined;
}

interface WalletTokenRow extends Omit<WalletTokenRecord, 'value' | 'pin_code' | 'uniqueness_token'> {
  /** The customer's name, sealed; `holder_name` only on tokens saved before it was. */
  holder_name_encrypted: string | null;
  value_encrypted: string;
  pin_code_encrypted: string | null;
  uniqueness_token_encrypted: string | null;
}

// ---- secrets -----------------------------------------------------------------------------------

type SealedField = 'value' | 'pin_code' | 'uniqueness_token' | 'holder_name';

function seal(key: Buffer, field: SealedField, tokenId: string, entityId: string, clear: string): string {
  return encrypt(key, JSON.stringify({ f: field, t: tokenId, e: entityId, v: clear }));
}

function unseal(key: Buffer, field: SealedField, row: { id: string; entity_id: string }, sealed: string): string {
  const opened: unknown = JSON.parse(decrypt(key, sealed));
  if (typeof opened !== 'object' || opened === null) throw new Error(`wallet token ${row.id}: ${field} does not open`);
  const { f, t, e, v } = opened as Record<string, unknown>;
  if (f !== field || t !== row.id || e !== row.entity_id || typeof v !== 'string')
    throw new Error(`wallet token ${row.id}: ${field} belongs to another row`);
  return v;
}

const uniquenessKeys = new WeakMap<Buffer, Buffer>();

/** HMAC-SHA256 of the uniqueness token under a key of its own, derived from the platform key (HKDF). */
export function uniquenessHash(encryptionKey: Buffer, uniquenessToken: string): Buffer {
  let key = uniquenessKeys.get(encryptionKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'tessera/wallet/uniqueness_token', 32));
    uniquenessKeys.set(encryptionKey, key);
  }
  return createHmac('sha256', key).update(uniquenessToken, 'utf8').digest();
}

function recordOf(key: Buffer, row: WalletTokenRow, reveal: boolean): WalletTokenRecord {
  const { value_encrypted, pin_code_encrypted, uniqueness_token_encrypted, holder_name_encrypted, ...rest } = row;
  return {
    ...rest,
    holder_name: holder_name_encrypted ? unseal(key, 'holder_name', row, holder_name_encrypted) : row.holder_name,
    uniqueness_token: uniqueness_token_encrypted
      ? unseal(key, 'uniqueness_token', row, uniqueness_token_encrypted)
      : undefined,
    value: reveal ? unseal(key, 'value', row, value_encrypted) : undefined,
    pin_code: reveal && pin_code_encrypted ? unseal(key, 'pin_code', row, pin_code_encrypted) : undefined,
  };
}

const TOKEN_COLUMNS = [
  'id',
  'entity_id',
  'owner_reference',
  'status',
  'favorite',
  'expiration_date',
  'brand_name',
  'display_token',
  'holder_name',
  'holder_name_encrypted',
  'partner',
  'method',
  'created_at',
  'updated_at',
  'value_encrypted',
  'pin_code_encrypted',
  'uniqueness_token_encrypted',
];

async function lockOwner(tx: Transaction, owner: WalletOwner): Promise<void> {
  await tx`select pg_advisory_xact_lock(${WALLET_OWNER_LOCK}::int, hashtext(${owner.entityId}::text || '/' || ${owner.ownerReference}::text))`;
}

// ---- sessions ----------------------------------------------------------------------------------

export async function openWalletSession(
  sql: Sql,
  owner: WalletOwner,
  ttlSeconds: number,
): Promise<WalletSessionRecord> {
  const [row] = await sql<WalletSessionRecord[]>`
    insert into wallet_sessions (id, entity_id, owner_reference, expires_at)
    values (${randomUUID()}, ${owner.entityId}, ${owner.ownerReference}, now() + make_interval(secs => ${ttlSeconds}::double precision))
    returning id, entity_id, owner_reference, created_at, expires_at`;
  if (!row) throw new Error('wallet session insert returned nothing');
  return row;
}

/** The session, when it is the owner's at this merchant and not expired; undefined for anything else. */
export async function findLiveWalletSession(
  sql: Sql,
  owner: WalletOwner,
  sessionId: string,
): Promise<WalletSessionRecord | undefined> {
  const [row] = await sql<WalletSessionRecord[]>`
    select id, entity_id, owner_reference, created_at, expires_at from wallet_sessions
    where id = ${sessionId} and entity_id = ${owner.entityId} and owner_reference = ${owner.ownerReference} and expires_at > now()`;
  return row;
}

/**
 * Deletes wallet sessions that expired: a dead session opens nothing (findLiveWalletSession), so
 * keeping it would only let the table grow by one row per shopper visit. Run by the hourly purge.
 */
export async function purgeExpiredWalletSessions(sql: Sql): Promise<number> {
  const deleted = await sql`delete from wallet_sessions where expires_at <= now()`;
  return deleted.count;
}

// ---- tokens ------------------------------------------------------------------------------------

function tokenRowValues(key: Buffer, owner: WalletOwner, id: string, token: NewWalletToken) {
  return {
    id,
    entity_id: owner.entityId,
    owner_reference: owner.ownerReference,
    value_encrypted: seal(key, 'value', id, owner.entityId, token.value),
    pin_code_encrypted: token.pinCode === undefined ? null : seal(key, 'pin_code', id, owner.entityId, token.pinCode),
    uniqueness_hash: token.uniquenessToken === undefined ? null : uniquenessHash(key, token.uniquenessToken),
    uniqueness_token_encrypted:
      token.uniquenessToken === undefined
        ? null
        : seal(key, 'uniqueness_token', id, owner.entityId, token.uniquenessToken),
    expiration_date: token.expirationDate,
    status: 'ACTIVE',
    brand_name: token.brandName,
    display_token: token.displayToken,
    holder_name: null,
    holder_name_encrypted:
      token.holderName === undefined ? null : seal(key, 'holder_name', id, owner.entityId, token.holderName),
    partner: token.partner,
    method: token.method,
    reason: token.reason ?? null,
  };
}

export type AddWalletTokenResult = { status: 'created'; token: WalletTokenRecord } | { status: 'duplicate' };

/**
 * Adds an ACTIVE, non-favorite token. A uniqueness token the owner already holds at this merchant
 * is a duplicate, unless that token is expired: the expired one is then replaced (a renewed card).
 */
export async function addWalletToken(
  sql: Sql,
  encryptionKey: Buffer,
  owner: WalletOwner,
  token: NewWalletToken,
): Promise<AddWalletTokenResult> {
  return sql.begin(async (tx) => {
    await lockOwner(tx, owner);
    if (token.uniquenessToken !== undefined) {
      await tx`
        delete from wallet_tokens
        where entity_id = ${owner.entityId} and owner_reference = ${owner.ownerReference}
          and uniqueness_hash = ${uniquenessHash(encryptionKey, token.uniquenessToken)} and expiration_date < now()`;
    }
    const [row] = await tx<WalletTokenRow[]>`
      insert into wallet_tokens ${tx(tokenRowValues(encryptionKey, owner, randomUUID(), token))}
      on conflict (entity_id, owner_reference, uniqueness_hash) where uniqueness_hash is not null do nothing
      returning ${tx(TOKEN_COLUMNS)}`;
    return row
      ? { status: 'created' as const, token: recordOf(encryptionKey, row, false) }
      : { status: 'duplicate' as const };
  });
}

/**
 * Saves a token keyed on its uniqueness token, idempotently: the token the owner already holds for
 * that means of payment at this merchant is refreshed (value, expiry, description, partner; favorite
 * kept), otherwise one is added. For tokens a payment yields, where a repeat (an activity retried,
 * the same card paying again) must not make a second token. A live token keeps its status and
 * reason: INACTIVE is the merchant's decision (a card reported lost), which a payment with that same
 * card must not undo; an expired one comes back ACTIVE, as a renewed card.
 */
export async function saveWalletToken(
  sql: Sql,
  encryptionKey: Buffer,
  owner: WalletOwner,
  token: NewWalletToken & { uniquenessToken: string },
): Promise<WalletTokenRecord> {
  return sql.begin(async (tx) => {
    await lockOwner(tx, owner);
    const [existing] = await tx<{ id: string; status: WalletTokenStatus; reason: string | null; live: boolean }[]>`
      select id, status, reason, expiration_date >= now() as live from wallet_tokens
      where entity_id = ${owner.entityId} and owner_reference = ${owner.ownerReference}
        and uniqueness_hash = ${uniquenessHash(encryptionKey, token.uniquenessToken)}`;
    if (!existing) {
      const [inserted] = await tx<WalletTokenRow[]>`
        insert into wallet_tokens ${tx(tokenRowValues(encryptionKey, owner, randomUUID(), token))} returning ${tx(TOKEN_COLUMNS)}`;
      if (!inserted) throw new Error('wallet token insert returned nothing');
      return recordOf(encryptionKey, inserted, false);
    }
    const {
      id: _id,
      entity_id: _entity,
      owner_reference: _owner,
      ...refreshed
    } = tokenRowValues(encryptionKey, owner, existing.id, token);
    const decided = existing.live ? { status: existing.status, reason: existing.reason } : {};
    const [updated] = await tx<WalletTokenRow[]>`
      update wallet_tokens set ${tx({ ...refreshed, ...decided, updated_at: new Date() })}
      where id = ${existing.id} returning ${tx(TOKEN_COLUMNS)}`;
    if (!updated) throw new Error('wallet token update returned nothing');
    return recordOf(encryptionKey, updated, false);
  });
}

export interface ListWalletTokensOptions {
  status?: WalletTokenStatus | undefined;
  /** Decrypt `value` and `pin_code` (vault=true with a server credential). */
  reveal: boolean;
}

/** The owner's tokens that have not expired: the favorite first, then the newest. */
export async function listWalletTokens(
  sql: Sql,
  encryptionKey: Buffer,
  owner: WalletOwner,
  options: ListWalletTokensOptions,
): Promise<WalletTokenRecord[]> {
  const rows = await sql<WalletTokenRow[]>`
    select ${sql(TOKEN_COLUMNS)} from wallet_tokens
    where entity_id = ${owner.entityId} and owner_reference = ${owner.ownerReference} and expiration_date >= now()
      ${options.status ? sql`and status = ${options.status}` : sql``}
    order by favorite desc, created_at desc, id`;
  return rows.map((row) => recordOf(encryptionKey, row, options.reveal));
}

export type SetFavoriteResult =
  | { status: 'updated'; token: WalletTokenRecord }
  | { status: 'not_found' }
  | { status: 'already_favorite' }
  | { status: 'inactive' };

/** Makes the token the owner's favorite at this merchant, clearing the one before. */
export async function setFavoriteWalletToken(
  sql: Sql,
  encryptionKey: Buffer,
  owner: WalletOwner,
  tokenId: string,
): Promise<SetFavoriteResult> {
  return sql.begin(async (tx): Promise<SetFavoriteResult> => {
    await lockOwner(tx, owner);
    const [current] = await tx<{ favorite: boolean; status: WalletTokenStatus }[]>`
      select favorite, status from wallet_tokens
      where id = ${tokenId} and entity_id = ${owner.entityId} and owner_reference = ${owner.ownerReference} and expiration_date >= now()`;
    if (!current) return { status: 'not_found' };
    if (current.favorite) return { status: 'already_favorite' };
    // The favorite is what a checkout offers first: a token that cannot pay is never it.
    if (current.status === 'INACTIVE') return { status: 'inactive' };
    // Two statements: the unique index on favorites is checked row by row, so clearing and setting
    // in one statement could see two favorites at once.
    await tx`
      update wallet_tokens set favorite = false, updated_at = now()
      where entity_id = ${owner.entityId} and owner_reference = ${owner.ownerReference} and favorite`;
    const [row] = await tx<WalletTokenRow[]>`
      update wallet_tokens set favorite = true, updated_at = now() where id = ${tokenId} returning ${tx(TOKEN_COLUMNS)}`;
    if (!row) throw new Error('favorite token vanished under the owner lock');
    return { status: 'updated', token: recordOf(encryptionKey, row, false) };
  });
}

/** The token with its new status; undefined when the owner has no such token, or it expired. */
export async function updateWalletTokenStatus(
  sql: Sql,
  encryptionKey: Buffer,
  owner: WalletOwner,
  tokenId: string,
  change: { status: WalletTokenStatus; reason?: string | undefined },
): Promise<WalletTokenRecord | undefined> {
  const [row] = await sql<WalletTokenRow[]>`
    update wallet_tokens set status = ${change.status}, reason = coalesce(${change.reason ?? null}::text, reason), updated_at = now()
    where id = ${tokenId} and entity_id = ${owner.entityId} and owner_reference = ${owner.ownerReference} and expiration_date >= now()
    returning ${sql(TOKEN_COLUMNS)}`;
  return row ? recordOf(encryptionKey, row, false) : undefined;
}

/**
 * Deletes the owner's token, expired or not; false when there is none. Under the owner's lock, so
 * that a favorite being set on the same token sees it either whole or gone.
 */
export async function deleteWalletToken(sql: Sql, owner: WalletOwner, tokenId: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    await lockOwner(tx, owner);
    const deleted = await tx`
      delete from wallet_tokens where id = ${tokenId} and entity_id = ${owner.entityId} and owner_reference = ${owner.ownerReference}`;
    return deleted.count > 0;
  });
}

/** The entity a wallet merchant id (`x-merchant-id`, `merchant_id` of merchant:create) names. */
export async function entityOfMerchantId(sql: Sql, merchantId: string): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`select id from entities where merchant_id = ${merchantId}`;
  return row?.id;
}

export type PayingWalletToken =
  { status: 'usable'; token: WalletTokenRecord } | { status: 'unknown' | 'inactive' | 'expired' };

/**
 * A token a payment of the entity wants to pay with: it must be the entity's own, ACTIVE and not
 * expired. `reveal` opens its value, for the partner call only (activities/payments/partner-calls.ts);
 * the API checks without it, so the value never enters a workflow's history.
 */
export async function payingWalletToken(
  sql: Sql,
  encryptionKey: Buffer,
  entityId: string,
  tokenId: string,
  reveal: boolean,
): Promise<PayingWalletToken> {
  const [row] = await sql<
    WalletTokenRow[]
  >`select ${sql(TOKEN_COLUMNS)} from wallet_tokens where id = ${tokenId} and entity_id = ${entityId}`;
  if (!row) return { status: 'unknown' };
  if (row.status !== 'ACTIVE') return { status: 'inactive' };
  if (row.expiration_date.getTime() <= Date.now()) return { status: 'expired' };
  return { status: 'usable', token: recordOf(encryptionKey, row, reveal) };
}
