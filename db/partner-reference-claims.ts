// Claims of foreign authorizations (migration 019): the partner reference a payment leg adopted
// (a split entry's parent_partner_reference), held by that leg alone, whatever the entity.
import type { Sql } from './connection';

export interface PartnerReferenceClaim {
  partner: string;
  partner_reference: string;
  entity_id: string;
  /** The adopting leg's authorization idempotency key: the same leg's retry finds its own claim. */
  idempotency_key: string;
  /** What the leg took over, in minor units: the rest of the partner's authorization is not Tessera's. */
  amount: number;
  currency: string;
}

export async function findPartnerReferenceClaim(
  sql: Sql,
  partner: string,
  partnerReference: string,
): Promise<PartnerReferenceClaim | undefined> {
  const [row] = await sql<PartnerReferenceClaim[]>`
    select partner, partner_reference, entity_id, idempotency_key, amount, currency
    from partner_reference_claims
    where partner = ${partner} and partner_reference = ${partnerReference}`;
  return row;
}

/**
 * Claims the reference for this leg; answers who holds it: this claim, or the one that was there
 * first (another leg's, or this leg's own from an earlier attempt of the same activity).
 */
export async function claimPartnerReference(sql: Sql, claim: PartnerReferenceClaim): Promise<PartnerReferenceClaim> {
  const [inserted] = await sql<PartnerReferenceClaim[]>`
    insert into partner_reference_claims (partner, partner_reference, entity_id, idempotency_key, amount, currency)
    values (${claim.partner}, ${claim.partner_reference}, ${claim.entity_id}, ${claim.idempotency_key},
            ${claim.amount}, ${claim.currency})
    on conflict (partner, partner_reference) do nothing
    returning partner, partner_reference, entity_id, idempotency_key, amount, currency`;
  if (inserted) return inserted;
  const holder = await findPartnerReferenceClaim(sql, claim.partner, claim.partner_reference);
  // A claim is never deleted: the conflicting row is there to be read.
  if (!holder) throw new Error(`the claim of ${claim.partner} ${claim.partner_reference} vanished`);
  return holder;
}

/**
 * Whether the reference is an authorization of a Tessera payment, of any entity, as the read model
 * knows it (payment_transactions, index payment_transactions_partner_reference).
 */
export async function isTesseraAuthorization(sql: Sql, partner: string, partnerReference: string): Promise<boolean> {
  const rows = await sql`
    select 1 from payment_transactions
    where partner = ${partner} and partner_reference = ${partnerReference} and kind = 'authorization'
    limit 1`;
  return rows.length > 0;
}
