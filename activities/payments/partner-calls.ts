// Activities that talk to partners. Each call carries an idempotency key derived by the workflow,
// so a retried activity never moves money twice (see the retry contract in partners/partner.ts).
import { ApplicationFailure } from '@temporalio/activity';
import type { Sql } from '../../db/connection';
import { findPartnerAccount } from '../../db/partner-accounts';
import { partnerTokenOwnership } from '../../db/partner-token-owners';
import {
  claimPartnerReference,
  findPartnerReferenceClaim,
  isTesseraAuthorization,
} from '../../db/partner-reference-claims';
import { payingWalletToken } from '../../db/wallet';
import { detokenizeGiftCard } from '../../db/gift-card-vault';
import { cardFingerprint, cvvAnswerFor, detokenize, recordCvvAnswer, type DetokenizedCard } from '../../db/vault';
import type { Currency } from '../../domain/currency';
import type { OperationKind } from '../../domain/payment-ledger';
import type {
  AuthorizeResult,
  OperationResult,
  PartnerAdapter,
  PartnerDispute,
  PartnerCustomer,
  PaymentInstrument,
  PartnerRegistry,
  ThreeDsOptions,
} from '../../partners';
import { needsAccount, PartnerRequestError, PartnerUnavailableError, PERMANENT_FAILURE } from '../../partners';
import type { LegInstrument } from '../../workflows/payment/types';
import { adoptionOf, polledAdoptionOf } from './foreign-authorization';

export interface AuthorizeLegInput {
  entity_id: string;
  idempotency_key: string;
  partner: string;
  method: string;
  amount: number;
  currency: Currency;
  instrument: LegInstrument;
  order_reference: string;
  customer?: PartnerCustomer;
  three_ds?: ThreeDsOptions;
  return_url: string;
  notification_url: string;
  /** The payment allows future usage: the partner is asked for a reusable token. */
  save_for_future_usage?: boolean;
}

export interface OperateLegInput {
  kind: OperationKind;
  /** Finds the entity's own account at a partner that needs one; absent from calls scheduled before there were such partners. */
  entity_id?: string;
  partner: string;
  idempotency_key: string;
  authorization_reference: string;
  amount: number;
  currency: Currency;
}

/** The retry contract (partners/partner.ts) in Temporal's terms: a refusal is final, no answer is retried. */
export function rethrowForTemporal(error: unknown): never {
  if (error instanceof PartnerRequestError) {
    throw ApplicationFailure.nonRetryable(error.message, PERMANENT_FAILURE.request);
  }
  if (error instanceof PartnerUnavailableError) {
    // Retryable: Temporal calls again with the same idempotency key.
    throw ApplicationFailure.retryable(error.message, 'PartnerUnavailable');
  }
  throw error;
}

export interface DisputeEvidenceInput {
  entity_id: string;
  partner: string;
  dispute_reference: string;
  idempotency_key: string;
  text?: string;
  files: { name: string; url: string }[];
}

export interface AuthorizationStatusInput {
  /** As in OperateLegInput. */
  entity_id?: string;
  partner: string;
  partner_reference: string;
}

/** Why a vault token cannot pay this authorization: a permanent failure, which no retry cures. */
function vaultTokenUnavailable(status: 'expired' | 'not_found' | 'spent'): ApplicationFailure {
  const why = {
    expired: 'the vault_form_token is expired',
    not_found: 'the vault_form_token is unknown',
    spent: 'the vault_form_token was used by another payment: tokenize the card again',
  }[status];
  return ApplicationFailure.nonRetryable(why, PERMANENT_FAILURE.instrumentUnavailable);
}

export function createPartnerCallActivities(deps: { sql: Sql; encryptionKey: Buffer; partners: PartnerRegistry }) {
  /**
   * The adapter for one call. A partner on the entity's own account (Stripe) gets the entity's
   * credentials, decrypted for this call only; an entity that never configured it cannot succeed by
   * retrying, so that is a permanent failure.
   */
  async function adapterFor(partner: string, entityId: string | undefined): Promise<PartnerAdapter> {
    if (!needsAccount(partner)) return deps.partners.partnerFor(partner);
    const account = entityId ? await findPartnerAccount(deps.sql, deps.encryptionKey, entityId, partner) : undefined;
    if (!account) {
      throw ApplicationFailure.nonRetryable(`${partner} is not configured for this entity`, PERMANENT_FAILURE.request);
    }
    return deps.partners.partnerFor(partner, account);
  }

  function cardInstrument(
    card: DetokenizedCard,
    instrument: Extract<LegInstrument, { kind: 'vaulted-card' }>,
  ): PaymentInstrument {
    return {
      type: 'card',
      number: card.number,
      expiry_month: card.expiry_month,
      expiry_year: card.expiry_year,
      ...(card.cvv ? { cvv: card.cvv } : {}),
      ...((instrument.holder_name ?? card.holder_name)
        ? { holder_name: instrument.holder_name ?? card.holder_name }
        : {}),
      ...(instrument.selected_network ? { selected_network: instrument.selected_network } : {}),
    };
  }

  /**
   * The api refused another entity's token before the payment started; this is the check that
   * holds for every path (a wallet token, a payment started before the token was recorded).
   */
  async function refuseAnotherEntitysToken(input: AuthorizeLegInput, token: string): Promise<void> {
    if (
      (await partnerTokenOwnership(deps.sql, deps.encryptionKey, input.entity_id, input.partner, token)) !== 'another'
    )
      return;
    throw ApplicationFailure.nonRetryable(
      'the partner token is not one of this entity',
      PERMANENT_FAILURE.instrumentUnavailable,
    );
  }

  async function instrumentFor(
    input: AuthorizeLegInput,
    instrument: Exclude<LegInstrument, { kind: 'vaulted-card' }>,
  ): Promise<PaymentInstrument> {
    switch (instrument.kind) {
      case 'vaulted-gift-card': {
        // Number and PIN leave the vault here, for this one partner call: a retry reads them again.
        const found = await detokenizeGiftCard(
          deps.sql,
          deps.encryptionKey,
          input.entity_id,
          instrument.vault_form_token,
          { stampUse: true, usedBy: input.idempotency_key },
        );
        if (found.status !== 'found') throw vaultTokenUnavailable(found.status);
        return {
          type: 'giftcard',
          number: found.gift_card.number,
          ...(found.gift_card.pin !== undefined ? { pin: found.gift_card.pin } : {}),
        };
      }
      case 'partner-token':
        await refuseAnotherEntitysToken(input, instrument.partner_token);
        return { type: 'partner_token', partner_token: instrument.partner_token };
      case 'wallet-token': {
        // Read at each call: a token deactivated or deleted since the payment started is not used.
        const found = await payingWalletToken(
          deps.sql,
          deps.encryptionKey,
          input.entity_id,
          instrument.wallet_token_id,
          true,
        );
        if (found.status !== 'usable' || found.token.value === undefined) {
          throw ApplicationFailure.nonRetryable(
            `the wallet token is ${found.status === 'usable' ? 'unreadable' : found.status}`,
            PERMANENT_FAILURE.instrumentUnavailable,
          );
        }
        // A wallet holds any token its merchant added: one of another entity's is refused here.
        await refuseAnotherEntitysToken(input, found.token.value);
        return { type: 'partner_token', partner_token: found.token.value };
      }
      case 'redirect':
      case 'partner-reference':
        return input.method === 'wallet' ? { type: 'wallet' } : { type: 'instalments' };
    }
  }

  function partnerRequest(input: AuthorizeLegInput, instrument: PaymentInstrument) {
    return {
      idempotency_key: input.idempotency_key,
      amount: input.amount,
      currency: input.currency,
      method: input.method,
      instrument,
      order_reference: input.order_reference,
      ...(input.customer ? { customer: input.customer } : {}),
      ...(input.three_ds ? { three_ds: input.three_ds } : {}),
      ...(input.save_for_future_usage ? { save_for_future_usage: true } : {}),
      return_url: input.return_url,
      notification_url: input.notification_url,
    };
  }

  /**
   * The CVV leaves the vault for this one call and is erased as soon as the partner answered, in
   * the statement that keeps the answer. A repeat of the call (its result lost with a crashed
   * worker) finds no CVV and gets the kept answer: it never sends the partner another body under
   * the same idempotency key.
   */
  async function authorizeVaultedCard(
    adapter: PartnerAdapter,
    input: AuthorizeLegInput,
    instrument: Extract<LegInstrument, { kind: 'vaulted-card' }>,
  ): Promise<AuthorizeResult> {
    const found = await detokenize(deps.sql, deps.encryptionKey, input.entity_id, instrument.vault_form_token, {
      consumeCvv: false,
      usedBy: input.idempotency_key,
    });
    if (found.status !== 'found') throw vaultTokenUnavailable(found.status);
    if (found.card.cvv === undefined) {
      const kept = await cvvAnswerFor<AuthorizeResult>(
        deps.sql,
        deps.encryptionKey,
        input.entity_id,
        instrument.vault_form_token,
        input.idempotency_key,
      );
      if (kept) return withFingerprint(kept, input.entity_id, found.card.number);
    }
    const result = await adapter.authorize(partnerRequest(input, cardInstrument(found.card, instrument)));
    if (found.card.cvv !== undefined) {
      await recordCvvAnswer(
        deps.sql,
        deps.encryptionKey,
        input.entity_id,
        instrument.vault_form_token,
        input.idempotency_key,
        result,
      );
    }
    return withFingerprint(result, input.entity_id, found.card.number);
  }

  /** Tessera's own fingerprint of the card on the answer's card (partners give none, or their own). */
  function withFingerprint(result: AuthorizeResult, entityId: string, cardNumber: string): AuthorizeResult {
    if (!result.card) return result;
    return {
      ...result,
      card: { ...result.card, fingerprint: cardFingerprint(deps.encryptionKey, entityId, cardNumber) },
    };
  }

  /**
   * A foreign authorization made outside Tessera, taken over by this leg for the entry's amount
   * (foreign-authorization.ts). A reference is adopted once: another payment's claim, of any
   * entity, or an authorization Tessera made for a payment refuses it, and so do another currency
   * and too little left to capture. The claim is this leg's idempotency key, so a retry of this
   * activity (its answer lost) finds its own claim and answers again.
   */
  async function adoptForeignAuthorization(
    adapter: PartnerAdapter,
    input: AuthorizeLegInput,
    reference: string,
  ): Promise<AuthorizeResult> {
    const refuse = (message: string) =>
      ApplicationFailure.nonRetryable(message, PERMANENT_FAILURE.instrumentUnavailable);
    const claim = {
      partner: input.partner,
      partner_reference: reference,
      entity_id: input.entity_id,
      idempotency_key: input.idempotency_key,
      amount: input.amount,
      currency: input.currency,
    };
    const alreadyAdopted = 'parent_partner_reference is already an authorization of another Tessera payment';
    const earlier = await findPartnerReferenceClaim(deps.sql, claim.partner, reference);
    if (earlier && earlier.idempotency_key !== claim.idempotency_key) throw refuse(alreadyAdopted);
    if (!earlier && (await isTesseraAuthorization(deps.sql, claim.partner, reference))) throw refuse(alreadyAdopted);
    const found = await adapter.status({ partner_reference: reference });
    if (found.type !== 'authorization') throw refuse('parent_partner_reference is not an authorization');
    const adoption = adoptionOf(found, claim);
    if ('refusal' in adoption) throw refuse(adoption.refusal);
    // Refused or failed at the partner: nothing to take over, nothing to claim.
    if (found.status === 'REFUSED' || found.status === 'ERROR') return adoption.adopted;
    const holder = await claimPartnerReference(deps.sql, claim);
    if (holder.idempotency_key !== claim.idempotency_key) throw refuse(alreadyAdopted);
    return adoption.adopted;
  }

  return {
    async authorizeLeg(input: AuthorizeLegInput): Promise<AuthorizeResult> {
      const adapter = await adapterFor(input.partner, input.entity_id);
      try {
        const instrument = input.instrument;
        if (instrument.kind === 'vaulted-card') return await authorizeVaultedCard(adapter, input, instrument);
        if (instrument.kind === 'partner-reference')
          return await adoptForeignAuthorization(adapter, input, instrument.partner_reference);
        return await adapter.authorize(partnerRequest(input, await instrumentFor(input, instrument)));
      } catch (error) {
        rethrowForTemporal(error);
      }
    },

    async operateLeg(input: OperateLegInput): Promise<OperationResult> {
      const adapter = await adapterFor(input.partner, input.entity_id);
      const request = {
        idempotency_key: input.idempotency_key,
        partner_reference: input.authorization_reference,
        amount: input.amount,
        currency: input.currency,
      };
      try {
        if (input.kind === 'capture') return await adapter.capture(request);
        if (input.kind === 'void') return await adapter.void(request);
        return await adapter.refund(request);
      } catch (error) {
        rethrowForTemporal(error);
      }
    },

    /** The merchant's evidence for a dispute, forwarded with its key: a retry cannot send it twice. */
    async submitDisputeEvidence(input: DisputeEvidenceInput): Promise<PartnerDispute> {
      const adapter = await adapterFor(input.partner, input.entity_id);
      if (!adapter.submitDisputeEvidence) {
        throw ApplicationFailure.nonRetryable(
          `${input.partner} takes no evidence through its API: send it from its back office`,
          PERMANENT_FAILURE.request,
        );
      }
      try {
        return await adapter.submitDisputeEvidence({
          idempotency_key: input.idempotency_key,
          dispute_reference: input.dispute_reference,
          ...(input.text !== undefined ? { text: input.text } : {}),
          files: input.files,
        });
      } catch (error) {
        rethrowForTemporal(error);
      }
    },

    async authorizationStatus(input: AuthorizationStatusInput): Promise<AuthorizeResult> {
      const adapter = await adapterFor(input.partner, input.entity_id);
      try {
        const result = await adapter.status({ partner_reference: input.partner_reference });
        if (result.type !== 'authorization')
          throw ApplicationFailure.nonRetryable('not an authorization reference', PERMANENT_FAILURE.request);
        if (result.status !== 'AUTHORIZED') return result;
        // A leg that adopted a foreign authorization still PENDING holds the entry's amount only.
        const claim = await findPartnerReferenceClaim(deps.sql, input.partner, input.partner_reference);
        return claim ? polledAdoptionOf(result, claim) : result;
      } catch (error) {
        rethrowForTemporal(error);
      }
    },
  };
}
