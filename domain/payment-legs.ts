// The authorization legs of a new payment: each split entry of POST /v2/payments (or of a session's
// submission, or of a v1 validate) checked against the entity's contracts and against what the
// vaults, the wallet and the read model say of the means of payment it names, then turned into the
// leg the payment workflow will authorize. Pure: the gateway looks the facts up first
// (api/gateway/payment-legs.ts), so every rule here is tested without a database.
import type { CardNetwork } from '../partners/catalog';
import type { AuthorizationLegState, LegInstrument } from '../workflows/payment/types';
import { contractRefusal, type ContractTerms } from './eligibility';
import { isOneOf } from './enums';
import type { FieldError } from './validation/field-error';
import { splitEntryKind, type SplitEntryInput } from './validation/create-payment';
import { effectiveThreeDsOptions } from './validation/future-usage';

/** The prefix of gift card vault tokens (POST /v2/vault/gift-cards); cards are `vft_`. */
export const GIFT_CARD_TOKEN_PREFIX = 'vgt_';

/** A vault token as found: `spent` when another payment's authorization has used it (it pays one). */
type VaultLookup =
  | {
      status: 'found';
      /** The authorization the token was bound to by its first use (db/vault.ts), if it has been used. */
      used_by?: string;
    }
  | { status: 'expired' }
  | { status: 'not_found' }
  | { status: 'spent' };

function vaultTokenRefusal(status: 'expired' | 'not_found' | 'spent', what: 'card' | 'gift card'): string {
  if (status === 'expired') return `has expired: tokenize the ${what} again`;
  if (status === 'spent') return `was used by another payment: a token pays one payment, tokenize the ${what} again`;
  return 'is unknown';
}

/** What the gateway found about the means of payment one entry names; absent when it names none. */
export interface SplitEntryFacts {
  /** A duplicate's earlier authorization, or why it cannot be authorized again. */
  earlierAuthorization?: { partner: string; method: string; partner_token: string } | { error: string };
  /** A wallet_token entry's token. */
  walletToken?:
    | { status: 'usable'; token: { id: string; partner: string; method: string; owner_reference: string } }
    | { status: 'unknown' | 'inactive' | 'expired' };
  /** A vault_form_token entry's token, looked up in the vault its prefix names. */
  vault?: VaultLookup;
  /** A parent_partner_token entry's token: `another` when another entity's payment holds it. */
  partnerToken?: 'mine' | 'another' | 'unknown';
}

export interface LegsRequest {
  split: readonly (SplitEntryInput & { amount: number })[];
  /** One per split entry, in the same order. */
  facts: readonly SplitEntryFacts[];
  contracts: readonly ContractTerms[];
  currency: string;
  /** The payment's customer.reference: a saved token must be this customer's. */
  customerReference?: string;
  allowFutureUsage: boolean;
  /** From the partner catalog: partners whose means of payment is a gift card, networks cards may choose. */
  giftCardPartners: readonly string[];
  cardNetworks: readonly CardNetwork[];
  newId: () => string;
  now: string;
}

export function authorizationLegs(request: LegsRequest): { legs: AuthorizationLegState[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const legs: AuthorizationLegState[] = [];
  for (const [index, entry] of request.split.entries()) {
    const planned = legOf(entry, request.facts[index] ?? {}, `/split/${index}`, request);
    if ('error' in planned) errors.push(planned.error);
    else legs.push(planned.leg);
  }
  return { legs, errors };
}

function legOf(
  entry: SplitEntryInput & { amount: number },
  facts: SplitEntryFacts,
  at: string,
  request: LegsRequest,
): { leg: AuthorizationLegState } | { error: FieldError } {
  const refuse = (field: string, detail: string) => ({ error: { pointer: `${at}/${field}`, detail } });
  const kind = splitEntryKind(entry);

  let duplicated: { partner: string; method: string; partner_token: string } | undefined;
  if (kind === 'DUPLICATE') {
    const found = facts.earlierAuthorization ?? { error: 'is not a payment of this entity' };
    if ('error' in found)
      return refuse(
        entry.parent_partner_transaction_id ? 'parent_partner_transaction_id' : 'parent_payment_id',
        found.error,
      );
    duplicated = found;
  }

  let saved: { partner: string; method: string; id: string } | undefined;
  if (kind === 'WALLET_TOKEN') {
    const found = facts.walletToken ?? { status: 'unknown' };
    if (found.status !== 'usable')
      return refuse(
        'wallet_token',
        found.status === 'unknown'
          ? 'is not a wallet token of this merchant'
          : `is ${found.status === 'inactive' ? 'INACTIVE' : 'expired'}`,
      );
    // A saved token pays for its own customer only, so the payment must say who that is: a guest
    // checkout (no customer.reference) holding some customer's token id would otherwise pay with it.
    if (request.customerReference === undefined)
      return refuse(
        'wallet_token',
        'needs the customer.reference of its owner: a saved token pays for its own customer only',
      );
    if (found.token.owner_reference !== request.customerReference)
      return refuse('wallet_token', 'belongs to another customer than customer.reference');
    if (
      (entry.partner !== undefined && entry.partner !== found.token.partner) ||
      (entry.method !== undefined && entry.method !== found.token.method)
    )
      return refuse('method', `the wallet token pays with ${found.token.partner} ${found.token.method}`);
    saved = { partner: found.token.partner, method: found.token.method, id: found.token.id };
  }

  const partner = duplicated?.partner ?? saved?.partner ?? entry.partner ?? '';
  const method = duplicated?.method ?? saved?.method ?? entry.method ?? '';
  const contract = request.contracts.find((candidate) => candidate.partner === partner && candidate.method === method);
  if (!contract) return refuse('method', `the entity has no contract for ${partner} ${method}`);
  const refusal = contractRefusal(contract, entry.amount, request.currency);
  if (refusal === 'currency') return refuse('partner', `${partner} ${method} does not accept ${request.currency}`);
  if (refusal === 'amount')
    return refuse(
      'amount',
      `${partner} ${method} accepts amounts from ${contract.min_amount} to ${contract.max_amount}`,
    );

  let instrument: LegInstrument;
  const token = entry.vault_form_token ?? '';
  const isGiftCardPartner = request.giftCardPartners.includes(partner);
  if (kind === 'NEW_AUTHORIZATION' && (isGiftCardPartner || token.startsWith(GIFT_CARD_TOKEN_PREFIX))) {
    if (!isGiftCardPartner)
      return refuse(
        'vault_form_token',
        `is a gift card token (vgt_): ${partner} does not take gift cards (${request.giftCardPartners.join(', ')} does)`,
      );
    if (!token.startsWith(GIFT_CARD_TOKEN_PREFIX))
      return refuse(
        'vault_form_token',
        `${partner} takes gift cards: use the token (vgt_) of POST /v2/vault/gift-cards`,
      );
    if (entry.card !== undefined) return refuse('card', 'must not be given with a gift card');
    const found = facts.vault ?? { status: 'not_found' };
    if (found.status !== 'found') return refuse('vault_form_token', vaultTokenRefusal(found.status, 'gift card'));
    instrument = { kind: 'vaulted-gift-card', vault_form_token: token };
  } else if (kind === 'NEW_AUTHORIZATION') {
    const found = facts.vault ?? { status: 'not_found' };
    if (found.status !== 'found') return refuse('vault_form_token', vaultTokenRefusal(found.status, 'card'));
    const network = entry.card?.selected_network;
    if (network !== undefined && !isOneOf(request.cardNetworks, network))
      return refuse('card/selected_network', `${partner} does not process ${network} cards`);
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
    // Another entity's customer's token (db/partner-token-owners.ts): the partner is not asked.
    if (facts.partnerToken === 'another') return refuse('parent_partner_token', 'is not a token of this entity');
    instrument = { kind: 'partner-token', partner_token: entry.parent_partner_token };
  } else if (entry.parent_partner_reference) {
    instrument = { kind: 'partner-reference', partner_reference: entry.parent_partner_reference };
  } else {
    // Nothing to authorize with. The v2 body validation refuses this earlier; the checkout and
    // API v1 come here without it, and a card entry that lost its token is the likely mistake.
    return refuse(
      'vault_form_token',
      `is required: ${partner} ${method} pays with the token of POST /v2/vault/${isGiftCardPartner ? 'gift-cards' : 'cards'}`,
    );
  }

  const options =
    method === 'creditcard'
      ? effectiveThreeDsOptions(request.allowFutureUsage, entry.three_ds_authentication_options)
      : undefined;
  const threeDs = {
    ...(options?.challenge_indicator !== undefined ? { challenge_indicator: options.challenge_indicator } : {}),
    ...(options?.challenge_exemption !== undefined ? { challenge_exemption: options.challenge_exemption } : {}),
  };
  return {
    leg: {
      id: request.newId(),
      created_at: request.now,
      updated_at: request.now,
      partner,
      method,
      amount: entry.amount,
      authorized_amount: 0,
      status: 'NEW',
      instrument,
      ...(duplicated
        ? {
            parent: {
              ...(entry.parent_payment_id ? { payment_id: entry.parent_payment_id } : {}),
              ...(entry.parent_partner_transaction_id
                ? { partner_transaction_id: entry.parent_partner_transaction_id }
                : {}),
            },
          }
        : {}),
      ...(Object.keys(threeDs).length > 0 ? { three_ds: threeDs } : {}),
    },
  };
}
