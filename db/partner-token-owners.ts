// Which entity a partner's reusable token belongs to (migration 021).
import type { Sql } from './connection';
import { keyedHash } from '../platform/secrets';
import type { Payment } from '../api/schemas/v2';

const PURPOSE = 'partner-token-owner';

export function partnerTokenHash(key: Buffer, partner: string, token: string): Buffer {
  return keyedHash(key, PURPOSE, `${partner}\0${token}`);
}

/** The tokens a payment shows, as rows of the table: written with its read model. */
export function tokenOwnerRows(
  key: Buffer,
  payment: Payment,
): { partner: string; token_hash: string; entity_id: string }[] {
  const rows = new Map<string, { partner: string; token_hash: string; entity_id: string }>();
  for (const transaction of payment.authorization?.partner_transactions ?? []) {
    if (!transaction.partner_token) continue;
    const hash = partnerTokenHash(key, transaction.partner, transaction.partner_token).toString('hex');
    rows.set(`${transaction.partner}/${hash}`, {
      partner: transaction.partner,
      token_hash: hash,
      entity_id: payment.entity_id,
    });
  }
  return [...rows.values()];
}

/**
 * Whether the token is another entity's: `mine` for this entity's, `unknown` for one never seen
 * (the merchant's own from the partner, or one issued before migration 021).
 */
export async function partnerTokenOwnership(
  sql: Sql,
  key: Buffer,
  entityId: string,
  partner: string,
  token: string,
): Promise<'mine' | 'another' | 'unknown'> {
  const [row] = await sql<{ entity_id: string }[]>`
    select entity_id from partner_token_owners
    where partner = ${partner} and token_hash = ${partnerTokenHash(key, partner, token)}`;
  if (!row) return 'unknown';
  return row.entity_id === entityId ? 'mine' : 'another';
}
