// The sandbox partner network's wire format, one definition per shape. What the server checks
// (request bodies, parameters, queries) is a TypeBox schema and its type is Static<> of it; what
// the server answers is a plain type built on the normalised types of partners/partner.ts (the
// server does not check its own answers, so a schema there would check nothing).
// Adapters import the types only (`import type`): the api and the worker never load this
// service's code.
// Kept close to the normalised types on purpose (it is our own sandbox), but it is a wire
// format: adapters translate it, so the orchestrator never depends on the sandbox's fields.
import { Type, type Static } from 'typebox';
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

/** Body of a notification POSTed to an authorization's notification_url. */
export interface WireNotification {
  id: string;
  type: 'authorization.updated';
  created_at: string;
  authorization: WireAuthorization;
}

// ---------------------------------------------------------------------------------------------
// Shopper pages, test and operations endpoints

export const PageForm = Type.Object({ decision: Str(16) });

export const LEDGER_ENTRY_TYPES = ['AUTHORIZE', 'AUTHORIZATION_UPDATE', 'CAPTURE', 'VOID', 'REFUND'] as const;
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
  status: PartnerAuthorizationStatus | PartnerOperationStatus;
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
  partner_reference: string;
  status: PartnerAuthorizationStatus;
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
