// The payment workflow's state: the money record the domain rules read (authorization legs and
// operation legs) plus what the API shows about each partner transaction.
import type {
  AuthorizationStatus,
  DisputeReason,
  DisputeStatus,
  EvidenceStatus,
  OperationPartnerTransactionStatus,
  OperationStatus,
} from '../../domain/enums';
import type { OperationKind } from '../../domain/payment-ledger';
import type { OperationRequestInput } from '../../domain/validation/operation';
import type { Currency } from '../../domain/currency';
import type { CardNetwork } from '../../partners/catalog';
import type { PartnerDispute, ThreeDsOptions } from '../../partners/partner';
import type { Authentication, Card, Customer, Order, Redirection, Webhook } from '../../api/schemas/v2';
import type { WebhookSubscription } from '../../activities/webhook-types';
import type { WebhookEvent } from '../../activities/webhook-types';
import type { WebhookRetrySettings } from '../webhook-outbox';

/**
 * How the activity obtains the means of payment. Card and gift card numbers never enter workflow
 * history: only vault form tokens do (`vft_` cards, `vgt_` gift cards), detokenized by the activity.
 */
export type LegInstrument =
  | { kind: 'vaulted-card'; vault_form_token: string; holder_name?: string; selected_network?: CardNetwork }
  | { kind: 'vaulted-gift-card'; vault_form_token: string }
  | { kind: 'redirect' }
  | { kind: 'partner-token'; partner_token: string }
  /** A token of the wallet API: its value is read by the activity, so it stays out of history. */
  | { kind: 'wallet-token'; wallet_token_id: string }
  | { kind: 'partner-reference'; partner_reference: string };

export interface AuthorizationLegState {
  id: string;
  created_at: string;
  updated_at: string;
  partner: string;
  method: string;
  /** What Tessera asks the partner to hold. */
  amount: number;
  authorized_amount: number;
  /** NEW until the first attempt: the leg exists but nothing was sent to the partner yet. */
  status: AuthorizationStatus | 'NEW';
  instrument: LegInstrument;
  /** What a duplicate entry named: the earlier payment or partner transaction it authorizes again. */
  parent?: { payment_id?: string; partner_transaction_id?: string };
  three_ds?: ThreeDsOptions;
  partner_reference?: string;
  partner_status?: string;
  partner_status_description?: string;
  partner_token?: string;
  refusal_reason?: string;
  card?: Card;
  authentication?: Authentication;
  redirection?: Redirection;
  partner_additional_data?: Record<string, string>;
}

export interface OperationLegState {
  id: string;
  created_at: string;
  updated_at: string;
  authorization_id: string;
  partner: string;
  method: string;
  amount: number;
  status: OperationPartnerTransactionStatus;
  partner_reference?: string;
  partner_status?: string;
  partner_status_description?: string;
}

export interface OperationState {
  id: string;
  kind: OperationKind;
  amount: number;
  created_at: string;
  updated_at: string;
  triggered_by: 'MERCHANT' | 'AUTHORIZATION' | 'ORCHESTRATOR';
  merchant_reference?: string;
  order?: OperationRequestInput['order'];
  status: OperationStatus;
  partner_transactions: OperationLegState[];
}

/** What the merchant submitted for a dispute, on its way to the partner or there. */
export interface EvidenceState {
  id: string;
  status: EvidenceStatus;
  submitted_at: string;
  updated_at: string;
  text?: string;
  files: { name: string; url: string }[];
  refusal_reason?: string;
}

/** A dispute (chargeback) on money captured on one authorization leg (workflows/payment/disputes.ts). */
export interface DisputeState {
  id: string;
  authorization_id: string;
  partner: string;
  method: string;
  partner_reference: string;
  reason: DisputeReason;
  amount: number;
  status: DisputeStatus;
  partner_status: string;
  partner_status_description: string;
  evidence_due_at: string;
  /** The partner's own time of its last change: orders its notifications (domain/disputes.ts). */
  partner_updated_at: string;
  created_at: string;
  updated_at: string;
  closed_at?: string;
  evidence?: EvidenceState;
}

export interface PaymentState {
  id: string;
  entity_id: string;
  created_at: string;
  version: number;
  client_session_id?: string;
  order: Order;
  amount: number;
  currency: Currency;
  capture_mode: 'MANUAL' | 'AUTOMATIC';
  allow_future_usage: boolean;
  customer?: Customer;
  shopper_redirection_url?: string;
  webhook?: Webhook;
  legs: AuthorizationLegState[];
  operations: OperationState[];
  /** Set once every leg answered for good (or the first one failed). */
  authorization_settled: boolean;
  /** Why the payment as a whole was refused although each leg answered (e.g. a partial gift card). */
  refusal?: string;
  /** Absent from payments started before disputes were recorded, until their first one. */
  disputes?: DisputeState[];
}

export interface PaymentLinksBase {
  /** Public origin of the api, for links and the partners' return and notification URLs. */
  publicUrl: string;
}

export interface PaymentWorkflowInput extends PaymentLinksBase {
  payment: PaymentState;
  webhookSubscription?: WebhookSubscription;
  webhookRetry: WebhookRetrySettings;
  /** The client session to tell about the authorization's outcome, when submitted from one. */
  parentSessionWorkflowId?: string;
  /**
   * The API that starts the payment tells that session of the first outcome itself: it holds it as
   * the answer of its Update-with-Start. The payment tells only the changes after it, and all of it
   * again when the session asks (parent-session.ts). Absent in payments started before.
   */
  apiTellsSessionOfFirstOutcome?: boolean;
  /** Carried across continue-as-new: events not yet delivered. */
  pendingEvents?: WebhookEvent[];
  /**
   * Carried across continue-as-new: partners' news of disputes that a run started before disputes
   * were recorded received; the run it continues as records them (workflows/payment/disputes.ts).
   */
  disputeNotifications?: DisputeNotification[];
}

/** A partner's news of a dispute on one authorization leg, as its notification brought it. */
export interface DisputeNotification {
  leg_id: string;
  dispute: PartnerDispute;
}

export interface OperationUpdateInput {
  entity_id: string;
  operation_id: string;
  /**
   * The ids the request's idempotency key gives the other two kinds of operation: one key names
   * one operation of the payment, so a refund with a capture's key is refused with the capture.
   * Absent without a key, and in requests older than the field.
   */
  same_key_operation_ids?: string[];
  amount: number;
  priority?: { partner: string; method: string }[];
  partner_transaction_id?: string;
  merchant_reference?: string;
  order?: OperationRequestInput['order'];
}
