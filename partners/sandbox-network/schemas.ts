// The sandbox partner network's wire format, one definition per shape. What the server checks
// (request bodies, parameters, queries) is a TypeBox schema and its type is Static<> of it; what
// the server answers is a plain type built on the normalised types of partners/partner.ts (the
// server does not check its own answers, so a schema there would check nothing).
// Adapters import the types only (`import type`): the api and the worker never load this
// service's code.
// Kept close to the normalised types on purpose (it is our own sandbox), but it is a wire
// format: adapters translate it, so the orchestrator never depends on the sandbox's fields.
import { Type, type Static } from 'typebox';
import type { DisputeReason, DisputeStatus, SettlementLineType } from '../../domain/enums';
import type { OperationKind } from '../../domain/payment-ledger';
import {
  CARD_NETWORKS,
  CURRENCIES,
  SANDBOX_PARTNER_NAMES,
  type Currency,
  type SandboxPartnerName,
  type ReasonCode,
} from '../catalog';
import type {
  AuthenticationOutcome,
  AuthorizationAmounts,
  PartnerAuthorizationStatus,
  PartnerCardInfo,
  PartnerOperationStatus,
  Redirection,
} from '../partner';
import { FAULT_KINDS, FAULT_PHASES, MAX_LATENCY_MS } from './faults';

const Str = (maxLength: number) => Type.String({ maxLength });
// One of `values`: anyOf their literals, as always. Unsafe gives the union its static type, which
// TypeBox only infers from a tuple and these lists are arrays.
const Literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));
const Amount = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

// ---------------------------------------------------------------------------------------------
// Partner API: requests

export const WireCard = Type.Object({
  number: Str(32),
  expiry_month: Str(2),
  expiry_year: Str(4),
  cvv: Type.Optional(Str(4)),
  holder_name: Type.Optional(Str(128)),
  selected_network: Type.Optional(Literals(CARD_NETWORKS)),
});
export type WireCard = Static<typeof WireCard>;

export const WireAuthorizeBody = Type.Object({
  method: Str(32),
  amount: Amount,
  currency: Literals(CURRENCIES),
  card: Type.Optional(WireCard),
  /** Pay with a card saved by an earlier authorization (its token), instead of `card`. */
  card_token: Type.Optional(Str(64)),
  /** Keep the card for later payments: an approved authorization answers a reusable `token`. */
  save_card: Type.Optional(Type.Boolean()),
  giftcard: Type.Optional(Type.Object({ number: Str(32), pin: Type.Optional(Str(16)) })),
  wallet_token: Type.Optional(Str(64)),
  customer: Type.Optional(
    Type.Object({
      reference: Type.Optional(Str(256)),
      email: Type.Optional(Str(320)),
      first_name: Type.Optional(Str(256)),
      last_name: Type.Optional(Str(256)),
    }),
  ),
  order_reference: Type.Optional(Str(256)),
  return_url: Type.Optional(Str(2048)),
  notification_url: Type.Optional(Str(2048)),
  three_ds: Type.Optional(
    Type.Object({ challenge_indicator: Type.Optional(Str(64)), challenge_exemption: Type.Optional(Str(64)) }),
  ),
});
export type WireAuthorizeBody = Static<typeof WireAuthorizeBody>;

/** Capture, void and refund. */
export const WireOperationBody = Type.Object({ amount: Amount, currency: Literals(CURRENCIES) });
export type WireOperationBody = Static<typeof WireOperationBody>;

export const WireBalanceBody = Type.Object({ number: Str(32), pin: Type.Optional(Str(16)) });
export type WireBalanceBody = Static<typeof WireBalanceBody>;

export const PartnerParam = Type.Object({ partner: Literals(SANDBOX_PARTNER_NAMES) });
/** An authorization's or an operation's reference in a path. */
export const ReferenceParam = Type.Object({ reference: Str(64) });

// ---------------------------------------------------------------------------------------------
// Partner API: answers

export interface WireAuthorization {
  object: 'authorization';
  reference: string;
  partner: SandboxPartnerName;
  method: string;
  status: PartnerAuthorizationStatus;
  amount: number;
  authorized_amount: number;
  currency: Currency;
  partner_status: string;
  partner_status_description: string;
  reason: ReasonCode | null;
  token: string | null;
  card: PartnerCardInfo | null;
  authentication: AuthenticationOutcome | null;
  redirection: Redirection | null;
  additional_data: Record<string, string>;
  amounts: AuthorizationAmounts;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}

export interface WireOperation {
  object: OperationKind;
  reference: string;
  authorization_reference: string;
  partner: SandboxPartnerName;
  status: PartnerOperationStatus;
  amount: number;
  processed_amount: number;
  currency: Currency;
  partner_status: string;
  partner_status_description: string;
  reason: ReasonCode | null;
  authorization_amounts: AuthorizationAmounts;
  idempotency_key: string;
  created_at: string;
}

export interface WireBalance {
  object: 'giftcard_balance';
  last_four_digits: string;
  balance: number;
  held: number;
  active: boolean;
}

/** Evidence for a dispute: a statement and files the network fetches from their URLs. */
export const WireEvidenceBody = Type.Object({
  text: Type.Optional(Str(20_000)),
  files: Type.Optional(Type.Array(Type.Object({ name: Str(255), url: Str(2048) }), { maxItems: 20 })),
});
export type WireEvidenceBody = Static<typeof WireEvidenceBody>;

export interface WireDispute {
  object: 'dispute';
  reference: string;
  authorization_reference: string;
  partner: SandboxPartnerName;
  status: DisputeStatus;
  reason: DisputeReason;
  amount: number;
  currency: Currency;
  evidence_due_at: string;
  partner_status: string;
  partner_status_description: string;
  created_at: string;
  updated_at: string;
}

/** A batch as the list of settlements shows it (GET /v1/{partner}/settlements). */
export interface WireSettlementBatch {
  object: 'settlement';
  batch_id: string;
  partner: SandboxPartnerName;
  currency: Currency;
  settled_on: string;
  period_start: string;
  period_end: string;
  line_count: number;
  gross_amount: number;
  fee_amount: number;
  net_amount: number;
  created_at: string;
}

/** One line of a settlement file (GET /v1/settlements/{batch_id}/file, as CSV). */
export interface WireSettlementLine {
  line_number: number;
  type: SettlementLineType;
  partner_reference: string;
  authorization_reference: string;
  /** The Idempotency-Key of the call that made the transaction (a dispute: its authorization's). */
  merchant_reference: string;
  gross_amount: number;
  fee_amount: number;
  net_amount: number;
  currency: Currency;
  transaction_date: string;
}

/**
 * The columns of a settlement file, in order: each line repeats its batch's columns, so that any
 * line read alone says where it belongs. Documented in partners/README.md.
 */
export const SETTLEMENT_FILE_COLUMNS = [
  'batch_id',
  'partner',
  'currency',
  'settled_on',
  'period_start',
  'period_end',
  'line_number',
  'type',
  'partner_reference',
  'authorization_reference',
  'merchant_reference',
  'gross_amount',
  'fee_amount',
  'net_amount',
  'transaction_date',
] as const;

/** What a notification is about, before the notifier gives it an id and a time. */
export type NotificationNews =
  | { type: 'authorization.updated'; authorization: WireAuthorization }
  | { type: 'dispute.updated'; dispute: WireDispute; authorization: WireAuthorization }
  | { type: 'settlement.available'; settlement: WireSettlementBatch };

/** Body of a notification POSTed to an authorization's notification_url. */
export type WireNotification = NotificationNews & { id: string; created_at: string };

// ---------------------------------------------------------------------------------------------
// Shopper pages, test and operations endpoints

export const PageForm = Type.Object({ decision: Str(16) });

export const LEDGER_ENTRY_TYPES = [
  'AUTHORIZE',
  'AUTHORIZATION_UPDATE',
  'CAPTURE',
  'VOID',
  'REFUND',
  'DISPUTE',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

export const LedgerQuery = Type.Object({
  type: Type.Optional(Literals(LEDGER_ENTRY_TYPES)),
  partner: Type.Optional(Literals(SANDBOX_PARTNER_NAMES)),
  partner_reference: Type.Optional(Str(64)),
  authorization_reference: Type.Optional(Str(64)),
  idempotency_key: Type.Optional(Str(255)),
  status: Type.Optional(Str(16)),
});

/** One line of the sandbox ledger: every effect, with its key. Never a PAN (bin/last4 only). */
export interface LedgerEntry {
  seq: number;
  at: string;
  type: LedgerEntryType;
  partner: SandboxPartnerName;
  method: string;
  /** The entry's own reference: the authorization's for AUTHORIZE*, the operation's otherwise. */
  partner_reference: string;
  authorization_reference: string;
  /** Null for updates that no request caused (3DS completed, lender decision, settled timeout). */
  idempotency_key: string | null;
  status: PartnerAuthorizationStatus | PartnerOperationStatus | DisputeStatus;
  /** Requested amount (minor units). */
  amount: number;
  /** Amount that moved: authorized / captured / voided / refunded. */
  processed_amount: number;
  currency: Currency;
  reason: ReasonCode | null;
  card: { bin: string; last_four_digits: string } | null;
}

export interface NotificationDelivery {
  id: string;
  url: string;
  /** The authorization's, the dispute's, or the settlement batch's. */
  partner_reference: string;
  /** The authorization's or the dispute's status; AVAILABLE for a settlement file. */
  status: PartnerAuthorizationStatus | DisputeStatus | 'AVAILABLE';
  state: 'pending' | 'delivered' | 'failed';
  attempts: { at: string; http_status: number | null; error: string | null }[];
}

export const FaultBody = Type.Object({
  fault: Literals(FAULT_KINDS),
  phase: Type.Optional(Literals(FAULT_PHASES)),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  path_prefix: Type.Optional(Str(256)),
});

export const ConfigBody = Type.Object({ latency_ms: Type.Integer({ minimum: 0, maximum: MAX_LATENCY_MS }) });

export const DisputeParam = Type.Object({ reference: Str(64) });
export const BatchParam = Type.Object({ batch_id: Str(64) });
export const SettlementListQuery = Type.Object({ since: Type.Optional(Type.String({ format: 'date-time' })) });

/**
 * Settles now (the daily run does the same at its hour). For tests, a settlement can be made to
 * differ from the books: `omit` leaves transactions out (settled by a later batch), `adjust` settles
 * others for another gross amount.
 */
export const SettleBody = Type.Object({
  partner: Type.Optional(Literals(SANDBOX_PARTNER_NAMES)),
  cutoff: Type.Optional(Type.String({ format: 'date-time' })),
  omit: Type.Optional(Type.Array(Str(64), { maxItems: 1000 })),
  adjust: Type.Optional(
    Type.Array(
      Type.Object({
        reference: Str(64),
        gross_amount: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
      }),
      { maxItems: 1000 },
    ),
  ),
});
export type SettleBody = Static<typeof SettleBody>;
