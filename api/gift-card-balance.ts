// What a vaulted gift card can pay now, asked of its partner: the v2 balance route, v1's session
// init and the point of sale all ask it this way.
//
// The one call to a partner made by the api rather than by an activity (ARCHITECTURE.md: a route never
// calls a partner): a balance check is a read that moves no money, needs no idempotency key nor
// retry durability, and the shopper (or cashier) is waiting for it. Going through Temporal would
// add a workflow or an activity round trip for nothing to make durable. The clear number lives
// only in this request's memory: neither Temporal nor a log sees it.
import type { MerchantReads } from '../db/cache/merchant-cache';
import type { Sql } from '../db/connection';
import { detokenizeGiftCard } from '../db/gift-card-vault';
import { GIFT_CARD_PARTNERS, PartnerRequestError, PartnerUnavailableError, type PartnerRegistry } from '../partners';
import { badRequest, HttpProblem } from './errors/problem';

/**
 * The partner answered about the card itself: it knows no such card, or the PIN is wrong. A 400
 * where a shopper types the card (v2's balance, v1's session init); the till reports it as the
 * outcome its capture would give (reason).
 */
export class GiftCardRefused extends HttpProblem {
  constructor(
    readonly reason: 'UNKNOWN_CARD' | 'WRONG_CARD_DATA',
    detail: string,
  ) {
    super(400, 'invalid_request', 'the gift card cannot be used', [{ pointer: '/vault_form_token', detail }]);
  }
}

export interface GiftCardBalance {
  balance: { active: boolean; balance: number };
  partner: string;
  lastFourDigits: string;
}

/** Field errors point at `/vault_form_token` and `/currency`, the fields of the v2 balance request. */
export async function giftCardBalance(
  deps: { sql: Sql; merchants: MerchantReads; encryptionKey: Buffer; partners: PartnerRegistry },
  entityId: string,
  vaultFormToken: string,
  currency: string,
  /** The partner asked for, when the caller names one (the till); else the entity's gift card contract for the currency. */
  partner?: string,
): Promise<GiftCardBalance> {
  const found = await detokenizeGiftCard(deps.sql, deps.encryptionKey, entityId, vaultFormToken, { stampUse: false });
  if (found.status !== 'found') {
    throw badRequest('the gift card cannot be read', [
      {
        pointer: '/vault_form_token',
        detail: found.status === 'expired' ? 'has expired: tokenize the gift card again' : 'is unknown',
      },
    ]);
  }
  const contract = (await deps.merchants.contractsOf(entityId)).find(
    (candidate) =>
      GIFT_CARD_PARTNERS.includes(candidate.partner) &&
      (partner === undefined || candidate.partner === partner) &&
      candidate.currencies.includes(currency),
  );
  if (!contract)
    throw badRequest('the gift card cannot be used', [
      { pointer: '/currency', detail: `the entity has no gift card contract for ${currency}` },
    ]);
  const adapter = deps.partners.partnerFor(contract.partner);
  if (!adapter.balance) throw new Error(`${contract.partner} has no balance call`);
  try {
    const balance = await adapter.balance({
      number: found.gift_card.number,
      ...(found.gift_card.pin !== undefined ? { pin: found.gift_card.pin } : {}),
    });
    return { balance, partner: contract.partner, lastFourDigits: found.gift_card.last_four_digits };
  } catch (error) {
    if (error instanceof PartnerRequestError && (error.code === 'unknown_card' || error.code === 'not_found')) {
      throw new GiftCardRefused('UNKNOWN_CARD', `${contract.partner} knows no gift card with this number`);
    }
    if (error instanceof PartnerRequestError && error.code === 'wrong_pin') {
      throw new GiftCardRefused('WRONG_CARD_DATA', 'the PIN is wrong: tokenize the gift card again with the right PIN');
    }
    if (error instanceof PartnerUnavailableError) {
      throw new HttpProblem(503, 'partner_unavailable', `${contract.partner} did not answer; try again`, undefined, {
        headers: { 'retry-after': '1' },
      });
    }
    throw error;
  }
}
