// A foreign authorization (a split entry's parent_partner_reference) taken over by a payment leg:
// the partner's answer, judged against the entry and scoped to it. Pure: the activity reads the
// partner and the claims (partner-calls.ts), this says what the leg may hold.
//
// The leg holds the entry's amount and nothing more. When the partner's authorization holds more,
// the rest stays the merchant's at the partner: Tessera never captures or voids beyond the entry,
// because every operation it sends is planned against what the leg holds.
import { NO_AMOUNTS, type AuthorizeResult } from '../../partners';

export interface AdoptingEntry {
  /** The split entry's amount, in minor units. */
  amount: number;
  /** The payment's currency. */
  currency: string;
}

export type Adoption = { adopted: AuthorizeResult } | { refusal: string };

/**
 * What the partner's authorization can give the entry: what is still uncaptured and not voided on
 * it (never more than it authorized); for one not final yet, what it was asked for.
 */
function coverOf(found: AuthorizeResult): number {
  return found.status === 'AUTHORIZED'
    ? Math.min(found.authorized_amount, found.amounts.available_to_capture)
    : found.requested_amount;
}

/**
 * The leg's answer for a foreign authorization the partner answered `found` about: refused when it
 * is in another currency or cannot cover the entry, else the partner's answer with the entry's
 * amounts only. A refused or failed authorization is the leg's answer as it is (it holds nothing);
 * one not final yet (PENDING, UNCERTAIN) must have been asked for at least the entry's amount.
 */
export function adoptionOf(found: AuthorizeResult, entry: AdoptingEntry): Adoption {
  if (found.currency !== entry.currency)
    return {
      refusal: `parent_partner_reference is an authorization in ${found.currency}, not in the payment's ${entry.currency}`,
    };
  const scoped = { ...found, requested_amount: entry.amount };
  if (found.status === 'REFUSED' || found.status === 'ERROR')
    return { adopted: { ...scoped, authorized_amount: 0, amounts: NO_AMOUNTS } };
  const cover = coverOf(found);
  if (cover < entry.amount)
    return {
      refusal:
        found.status === 'AUTHORIZED'
          ? `parent_partner_reference has ${cover} left to capture, less than the entry's ${entry.amount}`
          : `parent_partner_reference was asked for ${cover}, less than the entry's ${entry.amount}`,
    };
  if (found.status !== 'AUTHORIZED') return { adopted: { ...scoped, authorized_amount: 0, amounts: NO_AMOUNTS } };
  return {
    adopted: {
      ...scoped,
      authorized_amount: entry.amount,
      amounts: {
        authorized: entry.amount,
        captured: 0,
        voided: 0,
        refunded: 0,
        available_to_capture: entry.amount,
        available_to_void: entry.amount,
        available_to_refund: 0,
      },
    },
  };
}

/**
 * A status poll's answer for a leg that adopted the reference while it was not final: scoped like
 * the first answer; an authorization that turned out unable to cover the entry is an ERROR of the
 * leg, which then holds nothing (nothing of it is Tessera's to give back).
 */
export function polledAdoptionOf(found: AuthorizeResult, entry: AdoptingEntry): AuthorizeResult {
  const adoption = adoptionOf(found, entry);
  if ('adopted' in adoption) return adoption.adopted;
  return {
    ...found,
    status: 'ERROR',
    requested_amount: entry.amount,
    authorized_amount: 0,
    amounts: NO_AMOUNTS,
    partner_status_description: adoption.refusal,
    redirection: null,
  };
}
