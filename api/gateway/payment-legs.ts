// Looks up what each split entry of a new payment names (an earlier authorization, a wallet token,
// a vaulted card or gift card), so that domain/payment-legs.ts can turn the entries into the payment
// workflow's authorization legs. Read-only look-ups, all at once.
import type { Sql } from '../../db/connection';
import type { PartnerContract } from '../../db/contracts';
import { findVaultedGiftCard } from '../../db/gift-card-vault';
import { findVaultedCard } from '../../db/vault';
import { partnerTokenOwnership } from '../../db/partner-token-owners';
import { findTransaction, readPaymentProjection } from '../../db/projections';
import { payingWalletToken } from '../../db/wallet';
import { authorizationLegs, GIFT_CARD_TOKEN_PREFIX, type SplitEntryFacts } from '../../domain/payment-legs';
import { splitEntryKind } from '../../domain/validation/create-payment';
import { CARD_NETWORKS, GIFT_CARD_PARTNERS } from '../../partners/catalog';
import type { FieldError } from '../errors/problem';
import type { PaymentSplitEntry } from '../schemas/v2';
import { parseAuthorizationIdempotencyKey } from '../../workflows/payment/ids';
import type { AuthorizationLegState } from '../../workflows/payment/types';

/** Where the split's entries are looked up: independent of the payment's terms. */
export interface SplitLookup {
  sql: Sql;
  encryptionKey: Buffer;
  entityId: string;
}

export interface LegsInput extends SplitLookup {
  /** The payment's customer.reference: a saved token must be this customer's. */
  customerReference?: string;
  currency: string;
  allowFutureUsage: boolean;
  contracts: readonly PartnerContract[];
  split: readonly PaymentSplitEntry[];
  /** What lookUpSplit found for these entries, when the caller looked them up beside its own reads. */
  facts?: readonly SplitEntryFacts[];
  /** The payment the legs are for: a vault token another payment has used is spent. */
  paymentId: string;
  /**
   * A client session's submission leaves a spent token to the vault, which fails the leg without
   * reaching the partner: the session's workflow judges first whether it may be paid, so that a
   * shopper's submission repeated after a lost answer is told the session is paid (not that its
   * token is spent by the very payment that paid it).
   */
  spentTokensLeftToTheVault?: boolean;
  newId: () => string;
  now: string;
}

export async function legsFromSplit(
  input: LegsInput,
): Promise<{ legs: AuthorizationLegState[]; errors: FieldError[] }> {
  const found = input.facts ?? (await lookUpSplit(input, input.split));
  const facts = found.map((entry) =>
    !input.spentTokensLeftToTheVault && entry.vault && usedByAnotherPayment(entry.vault, input.paymentId)
      ? { vault: { status: 'spent' as const } }
      : entry,
  );
  return authorizationLegs({
    split: input.split,
    facts,
    contracts: input.contracts,
    currency: input.currency,
    ...(input.customerReference !== undefined ? { customerReference: input.customerReference } : {}),
    allowFutureUsage: input.allowFutureUsage,
    giftCardPartners: GIFT_CARD_PARTNERS,
    cardNetworks: CARD_NETWORKS,
    newId: input.newId,
    now: input.now,
  });
}

/**
 * Whether the authorization a vault token was bound to (db/vault.ts detokenize: its idempotency
 * key) is another payment's. The payment's own (a request repeated with its idempotency key names
 * the same payment) may read it again.
 */
function usedByAnotherPayment(vault: NonNullable<SplitEntryFacts['vault']>, paymentId: string): boolean {
  if (vault.status !== 'found' || vault.used_by === undefined) return false;
  return parseAuthorizationIdempotencyKey(vault.used_by)?.paymentId !== paymentId;
}

/** What each entry names, one look-up per entry, all at once, in the entries' order. */
export function lookUpSplit(lookup: SplitLookup, split: readonly PaymentSplitEntry[]): Promise<SplitEntryFacts[]> {
  return Promise.all(split.map((entry) => factsOf(lookup, entry)));
}

async function factsOf(input: SplitLookup, entry: PaymentSplitEntry): Promise<SplitEntryFacts> {
  switch (splitEntryKind(entry)) {
    case 'DUPLICATE':
      return {
        earlierAuthorization: await earlierAuthorization(input.sql, input.encryptionKey, input.entityId, entry),
      };
    case 'WALLET_TOKEN': {
      const found = await payingWalletToken(
        input.sql,
        input.encryptionKey,
        input.entityId,
        entry.wallet_token ?? '',
        false,
      );
      return { walletToken: found.status === 'usable' ? { status: 'usable', token: found.token } : found };
    }
    case 'NEW_AUTHORIZATION': {
      const token = entry.vault_form_token ?? '';
      const found = token.startsWith(GIFT_CARD_TOKEN_PREFIX)
        ? await findVaultedGiftCard(input.sql, input.entityId, token)
        : await findVaultedCard(input.sql, input.entityId, token);
      if (found.status !== 'found') return { vault: { status: found.status } };
      const usedBy = 'card' in found ? found.card.used_by : found.gift_card.used_by;
      return { vault: { status: 'found', ...(usedBy !== null ? { used_by: usedBy } : {}) } };
    }
    default:
      return entry.parent_partner_token && entry.partner
        ? {
            partnerToken: await partnerTokenOwnership(
              input.sql,
              input.encryptionKey,
              input.entityId,
              entry.partner,
              entry.parent_partner_token,
            ),
          }
        : {};
  }
}

/**
 * The authorization a duplicate entry names (an amount plus parent_payment_id or
 * parent_partner_transaction_id, no partner): the entity's own, authorized, with the reusable
 * partner token its partner gave because it was made with allow_future_usage. The new
 * authorization is made with that token, at the same partner and method.
 */
async function earlierAuthorization(
  sql: Sql,
  key: Buffer,
  entityId: string,
  entry: PaymentSplitEntry,
): Promise<{ partner: string; method: string; partner_token: string } | { error: string }> {
  let paymentId = entry.parent_payment_id;
  const transactionId = entry.parent_partner_transaction_id;
  if (transactionId) {
    const transaction = await findTransaction(sql, entityId, transactionId);
    if (!transaction || transaction.kind !== 'authorization')
      return { error: 'is not an authorization partner transaction of this entity' };
    paymentId = transaction.paymentId;
  }
  const stored = paymentId ? await readPaymentProjection(sql, key, paymentId) : undefined;
  if (!stored || stored.payment.entity_id !== entityId) return { error: 'is not a payment of this entity' };
  const legs = stored.payment.authorization?.partner_transactions ?? [];
  const leg = transactionId
    ? legs.find((candidate) => candidate.id === transactionId)
    : (legs.find((candidate) => candidate.status === 'AUTHORIZED' && candidate.partner_token) ?? legs[0]);
  if (!leg || leg.status !== 'AUTHORIZED') return { error: 'names an authorization that is not AUTHORIZED' };
  if (!leg.partner_token)
    return {
      error:
        'names an authorization made without allow_future_usage: its partner gave no reusable token to authorize again with',
    };
  return { partner: leg.partner, method: leg.method, partner_token: leg.partner_token };
}
