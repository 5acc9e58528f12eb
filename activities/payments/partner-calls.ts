// Activities that talk to partners. Each call carries an idempotency key derived by the workflow,
// so a retried activity never moves money twice (see the retry contract in partners/partner.ts).
import { ApplicationFailure } from '@temporalio/activity';
import type { Sql } from '../../db/connection';
import { detokenizeGiftCard } from '../../db/gift-card-vault';
import { detokenize, eraseCvv } from '../../db/vault';
import type { Currency } from '../../domain/currency';
import type { AuthorizeResult, OperationResult, PaymentInstrument, PartnerRegistry } from '../../partners';
import { PartnerRequestError, PartnerUnavailableError } from '../../partners';
import type { LegInstrument } from '../../workflows/payment/types';

export interface AuthorizeLegInput {
  entity_id: string;
  idempotency_key: string;
  partner: string;
  method: string;
  amount: number;
  currency: Currency;
  instrument: LegInstrument;
  order_reference: string;
  customer?: { reference?: string; email?: string; first_name?: string; last_name?: string };
  three_ds?: { challenge_indicator?: string; challenge_exemption?: string };
  return_url: string;
  notification_url: string;
}

export interface OperateLegInput {
  kind: 'capture' | 'void' | 'refund';
  partner: string;
  idempotency_key: string;
  authorization_reference: string;
  amount: number;
  currency: Currency;
}

/** Non-retryable failure types the workflow's retry policies list. */
export const permanentFailureTypes = ['PartnerRequestError', 'UnknownPartnerError', 'InstrumentUnavailable'];

function rethrowForTemporal(error: unknown): never {
  if (error instanceof PartnerRequestError) {
    throw ApplicationFailure.nonRetryable(error.message, 'PartnerRequestError');
  }
  if (error instanceof PartnerUnavailableError) {
    // Retryable: Temporal calls again with the same idempotency key.
    throw ApplicationFailure.retryable(error.message, 'PartnerUnavailable');
  }
  throw error;
}

export function createPartnerCallActivities(deps: { sql: Sql; encryptionKey: Buffer; partners: PartnerRegistry }) {
  async function instrumentFor(input: AuthorizeLegInput): Promise<PaymentInstrument> {
    const instrument = input.instrument;
    switch (instrument.kind) {
      case 'vaulted-card': {
        // The CVV stays in the vault until the partner has answered: a retry must send the very
        // same request, or the partner would see the idempotency key reused with another body.
        const found = await detokenize(deps.sql, deps.encryptionKey, input.entity_id, instrument.vault_form_token, { consumeCvv: false });
        if (found.status !== 'found') {
          throw ApplicationFailure.nonRetryable(`the vault_form_token is ${found.status === 'expired' ? 'expired' : 'unknown'}`, 'InstrumentUnavailable');
        }
        const card = found.card;
        return {
          type: 'card',
          number: card.number,
          expiry_month: card.expiry_month,
          expiry_year: card.expiry_year,
          ...(card.cvv ? { cvv: card.cvv } : {}),
          ...(instrument.holder_name ?? card.holder_name ? { holder_name: instrument.holder_name ?? card.holder_name } : {}),
          ...(instrument.selected_network ? { selected_network: instrument.selected_network } : {}),
        };
      }
      case 'vaulted-gift-card': {
        // Number and PIN leave the vault here, for this one partner call: a retry reads them again.
        const found = await detokenizeGiftCard(deps.sql, deps.encryptionKey, input.entity_id, instrument.vault_form_token, { stampUse: true });
        if (found.status !== 'found') {
          throw ApplicationFailure.nonRetryable(`the vault_form_token is ${found.status === 'expired' ? 'expired' : 'unknown'}`, 'InstrumentUnavailable');
        }
        return { type: 'giftcard', number: found.gift_card.number, ...(found.gift_card.pin !== undefined ? { pin: found.gift_card.pin } : {}) };
      }
      case 'partner-token':
        return { type: 'wallet', partner_token: instrument.partner_token };
      case 'redirect':
      case 'partner-reference':
        return input.method === 'wallet' ? { type: 'wallet' } : { type: 'instalments' };
    }
  }

  return {
    async authorizeLeg(input: AuthorizeLegInput): Promise<AuthorizeResult> {
      const adapter = deps.partners.partnerFor(input.partner);
      try {
        if (input.instrument.kind === 'partner-reference') {
          // A foreign authorization made outside Tessera: adopt what the partner holds.
          const found = await adapter.status({ partner_reference: input.instrument.partner_reference });
          if (found.type !== 'authorization') throw ApplicationFailure.nonRetryable('parent_partner_reference is not an authorization', 'InstrumentUnavailable');
          return found;
        }
        const result = await adapter.authorize({
          idempotency_key: input.idempotency_key,
          amount: input.amount,
          currency: input.currency,
          method: input.method,
          instrument: await instrumentFor(input),
          order_reference: input.order_reference,
          ...(input.customer ? { customer: input.customer } : {}),
          ...(input.three_ds ? { three_ds: input.three_ds } : {}),
          return_url: input.return_url,
          notification_url: input.notification_url,
        });
        // The CVV is not erased here but by eraseCardCvv, once the workflow has recorded this answer:
        // erased here, a retry of this activity (its completion lost with a crashed worker) would
        // send the partner another body under the same idempotency key, refused as key reuse.
        return result;
      } catch (error) {
        rethrowForTemporal(error);
      }
    },

    /** After the partner answered an authorization and the workflow recorded it: no retry needs the CVV any more. */
    async eraseCardCvv(input: { entity_id: string; vault_form_token: string }): Promise<void> {
      await eraseCvv(deps.sql, input.entity_id, input.vault_form_token);
    },

    async operateLeg(input: OperateLegInput): Promise<OperationResult> {
      const adapter = deps.partners.partnerFor(input.partner);
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

    async authorizationStatus(input: { partner: string; partner_reference: string }): Promise<AuthorizeResult> {
      try {
        const result = await deps.partners.partnerFor(input.partner).status({ partner_reference: input.partner_reference });
        if (result.type !== 'authorization') throw ApplicationFailure.nonRetryable('not an authorization reference', 'PartnerRequestError');
        return result;
      } catch (error) {
        rethrowForTemporal(error);
      }
    },
  };
}
