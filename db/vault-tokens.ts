// What the card vault (./vault.ts) and the gift card vault (./gift-card-vault.ts) share: the life
// of a vault form token (its lifetime before a first use, how long it stays readable after one,
// its purge) and the check that ties a ciphertext to the row it was sealed for.
import type { Sql } from './connection';
import { decrypt } from '../platform/secrets';

/** A form token is meant for the payment the shopper is submitting now. */
export const VAULT_FORM_TOKEN_TTL_SECONDS = 3600;
/** How long a used token stays readable (authorization retries) before the purge deletes it. */
export const VAULT_USED_RETENTION_SECONDS = 24 * 3600;

export type VaultLookupFailure = { status: 'not_found' } | { status: 'expired' };
/** A token another authorization has used: it pays one authorization (migration 020). */
export type VaultTokenSpent = { status: 'spent' };

/** When a token created at `now` expires unless it is used first. */
export function tokenExpiry(now: Date, ttlSeconds: number = VAULT_FORM_TOKEN_TTL_SECONDS): Date {
  return new Date(now.getTime() + ttlSeconds * 1000);
}

/** A used token stays readable past `expires_at`: only one never used expires. */
export function isExpired(row: { used_at: Date | null; expires_at: Date }, now: Date): boolean {
  return row.used_at === null && row.expires_at.getTime() <= now.getTime();
}

/**
 * Opens a sealed value, which carries its row's token hash (hex) as `t`: a ciphertext moved to
 * another row does not open.
 */
export function openSealed<T extends { t: string }>(key: Buffer, sealed: string, tokenHash: Buffer, what: string): T {
  const value = JSON.parse(decrypt(key, sealed)) as T;
  if (value.t !== tokenHash.toString('hex')) throw new Error(`${what} does not belong to its row`);
  return value;
}

export interface VaultPurgeOptions {
  now?: Date;
  usedRetentionSeconds?: number;
}

/**
 * Deletes a vault's tokens never used before their expiry and its used ones past their retention;
 * returns how many. Meant for a periodic job (workflows/vault-purge.ts).
 */
export async function purgeExpiredTokens(
  sql: Sql,
  table: 'vaulted_cards' | 'vaulted_gift_cards',
  options: VaultPurgeOptions = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const usedBefore = new Date(now.getTime() - (options.usedRetentionSeconds ?? VAULT_USED_RETENTION_SECONDS) * 1000);
  const rows = await sql`
    delete from ${sql(table)}
    where (used_at is null and expires_at <= ${now}) or used_at <= ${usedBefore}
    returning 1`;
  return rows.length;
}
