// The states a phase test starts a payment run from: legs as the API builds them (NEW, nothing
// sent yet) or as an earlier phase left them (AUTHORIZED at the scripted partner), and the input a
// payment workflow gets.
import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/enums';
import type { OperationKind } from '../../../domain/payment-ledger';
import type { WebhookSubscription } from '../../../activities/webhook-types';
import { newPaymentState } from '../../../workflows/payment/new-payment';
import type { AuthorizationLegState, OperationState, PaymentState } from '../../../workflows/payment/types';
import type { PhaseInput } from './workflows/phases';
import { partnerReferenceOf } from './scripted-partner';

const now = () => new Date().toISOString();

export function cardLeg(amount: number): AuthorizationLegState {
  return {
    id: randomUUID(),
    created_at: now(),
    updated_at: now(),
    partner: 'sandbox-card',
    method: 'creditcard',
    amount,
    authorized_amount: 0,
    status: 'NEW',
    instrument: { kind: 'vaulted-card', vault_form_token: `vft_${randomUUID()}` },
  };
}

export function giftCardLeg(amount: number): AuthorizationLegState {
  return {
    ...cardLeg(amount),
    partner: 'sandbox-giftcard',
    method: 'giftcard',
    instrument: { kind: 'vaulted-gift-card', vault_form_token: `vgt_${randomUUID()}` },
  };
}

/** A wallet: the shopper approves on the wallet's page. */
export function walletLeg(amount: number): AuthorizationLegState {
  return { ...cardLeg(amount), partner: 'sandbox-wallet', method: 'wallet', instrument: { kind: 'redirect' } };
}

/** The leg as the scripted partner left it after approving `amount` (all of it by default). */
export function authorized(leg: AuthorizationLegState, amount = leg.amount): AuthorizationLegState {
  return { ...leg, status: 'AUTHORIZED', authorized_amount: amount, partner_reference: partnerReferenceOf(leg.id) };
}

export function refusedLeg(leg: AuthorizationLegState): AuthorizationLegState {
  return { ...leg, status: 'REFUSED', partner_reference: partnerReferenceOf(leg.id), refusal_reason: 'REJECTED_BANK' };
}

/** An operation the merchant (or the orchestrator) already did on one leg, in the partner's `status`. */
export function operationOn(
  leg: AuthorizationLegState,
  kind: OperationKind,
  amount: number,
  status: 'SUCCESS' | 'UNCERTAIN' = 'SUCCESS',
): OperationState {
  return {
    id: randomUUID(),
    kind,
    amount,
    created_at: now(),
    updated_at: now(),
    triggered_by: 'MERCHANT',
    status,
    partner_transactions: [
      {
        id: randomUUID(),
        created_at: now(),
        updated_at: now(),
        authorization_id: leg.id,
        partner: leg.partner,
        method: leg.method,
        amount,
        status,
      },
    ],
  };
}

export function paymentState(
  legs: AuthorizationLegState[],
  options: {
    capture_mode?: PaymentState['capture_mode'];
    operations?: OperationState[];
    /** Every leg answered for good: the state an authorization phase leaves. */
    settled?: boolean;
    allow_future_usage?: boolean;
    customer?: PaymentState['customer'];
  } = {},
): PaymentState {
  const amount = legs.reduce((sum, leg) => sum + leg.amount, 0);
  const state = newPaymentState({
    id: randomUUID(),
    entity_id: randomUUID(),
    created_at: now(),
    order: { reference: `order-${randomUUID().slice(0, 8)}` },
    amount,
    currency: 'EUR',
    capture_mode: options.capture_mode ?? 'MANUAL',
    allow_future_usage: options.allow_future_usage ?? false,
    ...(options.customer ? { customer: options.customer } : {}),
    shopper_redirection_url: 'https://shop.example/return',
    legs,
  });
  return {
    ...state,
    operations: options.operations ?? [],
    authorization_settled: options.settled ?? false,
  };
}

/** Every event type: the merchant hears of every change. */
export const everyEvent: WebhookSubscription = {
  url: 'http://127.0.0.1:1/webhooks',
  event_types: [...WEBHOOK_EVENT_TYPES],
};

export function phaseInput(payment: PaymentState, extras: Partial<PhaseInput> = {}): PhaseInput {
  return {
    payment,
    publicUrl: 'http://127.0.0.1:1',
    // Failed deliveries are retried within a tenth of a second, not ten seconds.
    webhookRetry: { initialIntervalMs: 100 },
    ...extras,
  };
}
