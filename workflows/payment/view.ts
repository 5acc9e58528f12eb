// The payment as the API shows it, derived from the workflow state by the domain's money rules.
import type { Payment } from '../../api/schemas/v2';
import { authorizationBalances, computeAmounts, overview } from '../../domain/payment-amounts';
import type { OperationKind, PaymentLedger } from '../../domain/payment-ledger';
import { authorizationStatus } from '../../domain/payment-status';
import type { AuthorizationLegState, DisputeState, PaymentState } from './types';

export function ledgerOf(state: PaymentState): PaymentLedger {
  return {
    ...(state.disputes
      ? {
          disputes: state.disputes.map((dispute) => ({
            id: dispute.id,
            authorization_id: dispute.authorization_id,
            amount: dispute.amount,
            status: dispute.status,
          })),
        }
      : {}),
    authorizations: state.legs.map((leg) => ({
      id: leg.id,
      partner: leg.partner,
      method: leg.method,
      requested_amount: leg.amount,
      authorized_amount: leg.status === 'AUTHORIZED' ? leg.authorized_amount : 0,
      // A leg not yet sent is as undecided as one the partner has not settled.
      status: leg.status === 'NEW' ? 'PENDING' : leg.status,
    })),
    operations: state.operations.flatMap((operation) =>
      operation.partner_transactions.map((tx) => ({
        id: tx.id,
        kind: operation.kind,
        authorization_id: tx.authorization_id,
        amount: tx.amount,
        status: tx.status,
      })),
    ),
  };
}

function partnerTransactionView(leg: AuthorizationLegState, remaining: number, reusable: boolean) {
  return {
    id: leg.id,
    created_at: leg.created_at,
    updated_at: leg.updated_at,
    amount: leg.amount,
    partner: leg.partner,
    method: leg.method,
    status: leg.status === 'NEW' ? ('PENDING' as const) : leg.status,
    remaining_amount: remaining,
    authorized_amount: leg.status === 'AUTHORIZED' ? leg.authorized_amount : 0,
    ...(leg.partner_reference ? { partner_reference: leg.partner_reference } : {}),
    ...(leg.partner_status ? { partner_status: leg.partner_status } : {}),
    ...(leg.partner_status_description ? { partner_status_description: leg.partner_status_description } : {}),
    // A reusable token is only handed out when the shopper agreed to future usage (or when the
    // merchant paid with that token already).
    ...(reusable && leg.partner_token ? { partner_token: leg.partner_token } : {}),
    ...(leg.card ? { card: leg.card } : {}),
    ...(leg.partner_additional_data ? { partner_additional_data: leg.partner_additional_data } : {}),
  };
}

function disputeView(dispute: DisputeState, currency: PaymentState['currency']) {
  const evidence = dispute.evidence;
  return {
    id: dispute.id,
    partner_transaction_id: dispute.authorization_id,
    partner: dispute.partner,
    method: dispute.method,
    partner_reference: dispute.partner_reference,
    reason: dispute.reason,
    amount: dispute.amount,
    currency,
    status: dispute.status,
    ...(dispute.partner_status ? { partner_status: dispute.partner_status } : {}),
    ...(dispute.partner_status_description ? { partner_status_description: dispute.partner_status_description } : {}),
    evidence_due_at: dispute.evidence_due_at,
    created_at: dispute.created_at,
    updated_at: dispute.updated_at,
    ...(dispute.closed_at ? { closed_at: dispute.closed_at } : {}),
    ...(evidence
      ? {
          evidence: {
            id: evidence.id,
            status: evidence.status,
            submitted_at: evidence.submitted_at,
            updated_at: evidence.updated_at,
            ...(evidence.text !== undefined ? { text: evidence.text } : {}),
            files: evidence.files.map((file) => ({ name: file.name, url: file.url })),
            ...(evidence.refusal_reason ? { refusal_reason: evidence.refusal_reason } : {}),
          },
        }
      : {}),
  };
}

export function paymentView(state: PaymentState, publicUrl: string): Payment {
  const ledger = ledgerOf(state);
  const amounts = computeAmounts(ledger);
  const balances = new Map(authorizationBalances(ledger).map((balance) => [balance.id, balance]));
  const status = authorizationStatus(state);
  const self = `${publicUrl}/v2/payments/${state.id}`;
  const waiting = state.legs.find((leg) => (leg.status === 'PENDING' || leg.status === 'UNCERTAIN') && leg.redirection);
  const authenticated = [...state.legs].reverse().find((leg) => leg.authentication);
  const operationsOf = (kind: OperationKind) =>
    state.operations
      .filter((operation) => operation.kind === kind)
      .map((operation) => ({
        id: operation.id,
        amount: operation.amount,
        created_at: operation.created_at,
        updated_at: operation.updated_at,
        triggered_by: operation.triggered_by,
        status: operation.status,
        ...(operation.merchant_reference ? { merchant_reference: operation.merchant_reference } : {}),
        partner_transactions: operation.partner_transactions.map((tx) => ({
          id: tx.id,
          created_at: tx.created_at,
          updated_at: tx.updated_at,
          amount: tx.amount,
          partner: tx.partner,
          method: tx.method,
          status: tx.status,
          // The part of this leg the partner did not process.
          remaining_amount: tx.status === 'SUCCESS' ? 0 : tx.amount,
          authorization_partner_transaction_id: tx.authorization_id,
          ...(tx.partner_reference ? { partner_reference: tx.partner_reference } : {}),
          ...(tx.partner_status ? { partner_status: tx.partner_status } : {}),
          ...(tx.partner_status_description ? { partner_status_description: tx.partner_status_description } : {}),
        })),
      }));

  return {
    id: state.id,
    created_at: state.created_at,
    overview: overview(ledger),
    ...(state.client_session_id ? { client_session_id: state.client_session_id } : {}),
    entity_id: state.entity_id,
    version: state.version,
    order_reference: state.order.reference,
    order: state.order,
    amount: state.amount,
    currency: state.currency,
    capture_mode: state.capture_mode,
    allow_future_usage: state.allow_future_usage,
    captures: operationsOf('capture'),
    voids: operationsOf('void'),
    refunds: operationsOf('refund'),
    authorization: {
      status,
      partner_transactions: state.legs.map((leg) =>
        partnerTransactionView(
          leg,
          balances.get(leg.id)?.remaining_amount ?? 0,
          state.allow_future_usage || leg.instrument.kind === 'partner-token',
        ),
      ),
    },
    ...(authenticated?.authentication ? { authentication: authenticated.authentication } : {}),
    amounts,
    links: {
      self,
      ...(amounts.available_to_capture > 0 ? { capture: `${self}/captures` } : {}),
      ...(amounts.available_to_void > 0 ? { void: `${self}/voids` } : {}),
      ...(amounts.available_to_refund > 0 ? { refund: `${self}/refunds` } : {}),
    },
    split: state.legs.map((leg) => ({
      partner: leg.partner,
      method: leg.method,
      amount: leg.amount,
      ...(leg.parent?.partner_transaction_id
        ? { parent_partner_transaction_id: leg.parent.partner_transaction_id }
        : {}),
      ...(leg.parent?.payment_id ? { parent_payment_id: leg.parent.payment_id } : {}),
      ...(leg.instrument.kind === 'partner-token' ? { parent_partner_token: leg.instrument.partner_token } : {}),
      ...(leg.instrument.kind === 'partner-reference'
        ? { parent_partner_reference: leg.instrument.partner_reference }
        : {}),
    })),
    ...(state.webhook ? { webhook: state.webhook } : {}),
    disputes: (state.disputes ?? []).map((dispute) => disputeView(dispute, state.currency)),
    // Only a non-final authorization tells the shopper where to go next.
    ...((status === 'PENDING' || status === 'UNCERTAIN') && waiting?.redirection
      ? { redirection: waiting.redirection }
      : {}),
  };
}
