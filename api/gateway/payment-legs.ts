// Turns the split entries of POST /v2/payments into the payment workflow's authorization legs,
// checking each against the entity's contracts and the vaults (cards, gift cards) before anything starts.
import type { Sql } from '../../db/connection';
import type { PartnerContract } from '../../db/contracts';
import { GIFT_CARD_VAULT_TOKEN_PREFIX, findVaultedGiftCard } from '../../db/gift-card-vault';
import { findVaultedCard } from '../../db/vault';
import { findTransaction, readPaymentProjection } from '../../db/projections';
import { payingWalletToken } from '../../db/wallet';
import { effectiveThreeDsOptions } from '../../domain/validation/future-usage';
import { splitEntryKind } from '../../domain/validation/create-payment';
import { isOneOf } from '../../domain/enums';
import { CARD_NETWORKS, GIFT_CARD_PARTNERS } from '../../partners/catalog';
import type { FieldError } from '../errors/problem';
import type { PaymentSplitEntry } from '../schemas/v2';
import type { AuthorizationLegState, LegInstrument } from '../../workflows/payment/types';

export interface LegsInput {
  sql: Sql;
  encryptionKey: Buffer;
  /** The payment's customer.reference: a saved token must be this customer's. */
  customerReference?: string;
  entityId: string;
  currency: string;
  allowFutureUsage: boolean;
  contracts: readonly PartnerContract[];
  split: readonly PaymentSplitEntry[];
  newId: () => string;
  now: string;
}

export async function legsFromSplit(
  input: LegsInput,
): Promise<{ legs: AuthorizationLegState[]; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const legs: AuthorizationLegState[] = [];
  for (const [index, entry] of input.split.entries()) {
    const at = `/split/${index}`;
    const kind = splitEntryKind(entry);
    let duplicated: { partner: string; method: string; partner_token: string } | undefined;
    if (kind === 'DUPLICATE') {
      const found = await earlierAuthorization(input.sql, input.entityId, entry);
      if ('error' in found) {
        errors.push({
          pointer: `${at}/${entry.parent_partner_transaction_id ? 'parent_partner_transaction_id' : 'parent_payment_id'}`,
          detail: found.error,
        });
        continue;
      }
      duplicated = found;
    }
    let saved: { partner: string; method: string; id: string } | undefined;
    if (kind === 'WALLET_TOKEN') {
      const found = await payingWalletToken(
        input.sql,
        input.encryptionKey,
        input.entityId,
        entry.wallet_token ?? '',
        false,
      );
      if (found.status !== 'usable') {
        errors.push({
          pointer: `${at}/wallet_token`,
          detail:
            found.status === 'unknown'
              ? 'is not a wallet token of this merchant'
              : `is ${found.status === 'inactive' ? 'INACTIVE' : 'expired'}`,
        });
        continue;
      }
      if (input.customerReference !== undefined && found.token.owner_reference !== input.customerReference) {
        errors.push({ pointer: `${at}/wallet_token`, detail: 'belongs to another customer than customer.reference' });
        continue;
      }
      if (
        (entry.partner !== undefined && entry.partner !== found.token.partner) ||
        (entry.method !== undefined && entry.method !== found.token.method)
      ) {
        errors.push({
          pointer: `${at}/method`,
          detail: `the wallet token pays with ${found.token.partner} ${found.token.method}`,
        });
        continue;
      }
      saved = { partner: found.token.partner, method: found.token.method, id: found.token.id };
    }
    const partner = duplicated?.partner ?? saved?.partner ?? entry.partner ?? '';
    const method = duplicated?.method ?? saved?.method ?? entry.method ?? '';
    const contract = input.contracts.find((candidate) => candidate.partner === partner && candidate.method === method);
    if (!contract) {
      errors.push({ pointer: `${at}/method`, detail: `the entity has no contract for ${partner} ${method}` });
      continue;
    }
    if (!contract.currencies.includes(input.currency)) {
      errors.push({ pointer: `${at}/partner`, detail: `${partner} ${method} does not accept ${input.currency}` });
      continue;
    }
    if (entry.amount < contract.min_amount || entry.amount > contract.max_amount) {
      errors.push({
        pointer: `${at}/amount`,
        detail: `${partner} ${method} accepts amounts from ${contract.min_amount} to ${contract.max_amount}`,
      });
      continue;
    }

    let instrument: LegInstrument;
    if (
      kind === 'NEW_AUTHORIZATION' &&
      (GIFT_CARD_PARTNERS.includes(partner) || entry.vault_form_token?.startsWith(GIFT_CARD_VAULT_TOKEN_PREFIX))
    ) {
      // A gift card: a `vgt_` token of POST /v2/vault/gift-cards, on a gift card partner only.
      const token = entry.vault_form_token ?? '';
      if (!GIFT_CARD_PARTNERS.includes(partner)) {
        errors.push({
          pointer: `${at}/vault_form_token`,
          detail: `is a gift card token (vgt_): ${partner} does not take gift cards (${GIFT_CARD_PARTNERS.join(', ')} does)`,
        });
        continue;
      }
      if (!token.startsWith(GIFT_CARD_VAULT_TOKEN_PREFIX)) {
        errors.push({
          pointer: `${at}/vault_form_token`,
          detail: `${partner} takes gift cards: use the token (vgt_) of POST /v2/vault/gift-cards`,
        });
        continue;
      }
      if (entry.card !== undefined) {
        errors.push({ pointer: `${at}/card`, detail: 'must not be given with a gift card' });
        continue;
      }
      const found = await findVaultedGiftCard(input.sql, input.entityId, token);
      if (found.status !== 'found') {
        errors.push({
          pointer: `${at}/vault_form_token`,
          detail: found.status === 'expired' ? 'has expired: tokenize the gift card again' : 'is unknown',
        });
        continue;
      }
      instrument = { kind: 'vaulted-gift-card', vault_form_token: token };
    } else if (kind === 'NEW_AUTHORIZATION') {
      const token = entry.vault_form_token ?? '';
      const found = await findVaultedCard(input.sql, input.entityId, token);
      if (found.status !== 'found') {
        errors.push({
          pointer: `${at}/vault_form_token`,
          detail: found.status === 'expired' ? 'has expired: tokenize the card again' : 'is unknown',
        });
        continue;
      }
      const network = entry.card?.selected_network;
      if (network !== undefined && !isOneOf(CARD_NETWORKS, network)) {
        errors.push({ pointer: `${at}/card/selected_network`, detail: `${partner} does not process ${network} cards` });
        continue;
      }
      instrument = {
        kind: 'vaulted-card',
        vault_form_token: token,
        ...(entry.card?.holder_name ? { holder_name: entry.card.holder_name } : {}),
        ...(network ? { selected_network: network } : {}),
      };
    } else if (duplicated) {
      instrument = { kind: 'partner-token', partner_token: duplicated.partner_token };
    } else if (saved) {
      instrument = { kind: 'wallet-token', wallet_token_id: saved.id };
    } else if (kind === 'REDIRECT_AUTHORIZATION') {
      instrument = { kind: 'redirect' };
    } else if (entry.parent_partner_token) {
      instrument = { kind: 'partner-token', partner_token: entry.parent_partner_token };
    } else {
      instrument = { kind: 'partner-reference', partner_reference: entry.parent_partner_reference ?? '' };
    }

    const threeDs =
      method === 'creditcard'
        ? effectiveThreeDsOptions(input.allowFutureUsage, entry.three_ds_authentication_options)
        : undefined;
    legs.push({
      id: input.newId(),
      created_at: input.now,
      updated_at: input.now,
      partner,
      method,
      amount: entry.amount,
      authorized_amount: 0,
      status: 'NEW',
      instrument,
      ...(threeDs && Object.keys(threeDs).length > 0 ? { three_ds: threeDs } : {}),
    });
  }
  return { legs, errors };
}

/**
 * The authorization a duplicate entry names (spec: amount plus parent_payment_id or
 * parent_partner_transaction_id, no partner): the entity's own, authorized, with the reusable
 * partner token its partner gave because it was made with allow_future_usage. The new
 * authorization is made with that token, at the same partner and method.
 */
async function earlierAuthorization(
  sql: Sql,
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
  const stored = paymentId ? await readPaymentProjection(sql, paymentId) : undefined;
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
