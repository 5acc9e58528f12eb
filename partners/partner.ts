// The one interface every partner adapter implements, and the normalised answers the
// orchestrator works with. An adapter is one folder under partners/ (see README.md).
//
// THE RETRY CONTRACT (what makes Temporal activity retries safe)
// --------------------------------------------------------------
// 1. Every mutating call (authorize, capture, void, refund) carries an `idempotency_key` that the
//    orchestrator derives deterministically from the workflow (e.g. `payment/<id>/auth/<n>`,
//    `payment/<id>/capture/<operation id>/<partner transaction id>`). The adapter sends it to the
//    partner, which executes a key at most once and answers every repeat with the first answer.
//    An activity retry therefore re-sends the same key and can never charge twice.
// 2. A *definitive partner answer* is returned, never thrown: AUTHORIZED, REFUSED, PENDING, a
//    FAILURE of a capture, and also UNCERTAIN when the partner itself says the outcome is unknown
//    (its acquirer timed out internally). UNCERTAIN and PENDING settle later by a notification or
//    by polling `status()`; retrying the call would only replay the same answer.
// 3. When *we* did not get an answer - timeout, dropped connection, 5xx, 429, a body cut off
//    mid-way - nothing is known about the effect, so the adapter throws `PartnerUnavailableError`
//    (`retryable: true`). The activity lets Temporal retry it with the same key: if the partner
//    had processed the first attempt, the retry receives the recorded answer, otherwise it is
//    processed now. Either way exactly one effect.
// 4. A request the partner rejects as malformed (4xx other than 408/409-in-flight/429: validation,
//    unknown reference, same key reused with another body) throws `PartnerRequestError`
//    (`retryable: false`): retrying cannot help. Activities list its name in
//    `nonRetryableErrorTypes` (or rethrow it as a non-retryable ApplicationFailure).
// 5. `status()` is a read (HTTP GET): safe to repeat, so it takes no key; it follows rules 3-4.
//
// Card data: the vault detokenizes right before `authorize`; the PAN, expiry and CVV live only in
// the request object in memory. Adapters never log requests, never put request bodies in error
// messages, and partners answer with bin / last four digits only.

import type { DisputeReason, DisputeStatus } from '../domain/enums';
import type { OperationKind } from '../domain/payment-ledger';
import type { SettlementLine } from '../domain/settlement-matching';
import { PERMANENT_FAILURE, type CardNetwork, type Currency, type PartnerName, type ReasonCode } from './catalog';

// ---------------------------------------------------------------------------------------------
// Requests

export interface CardInstrument {
  type: 'card';
  /** Clear PAN, digits only (spaces tolerated). Never logged, never stored by partners. */
  number: string;
  /** Two digits, "01".."12". */
  expiry_month: string;
  /** Two or four digits. */
  expiry_year: string;
  cvv?: string;
  holder_name?: string;
  /** The network the shopper chose on a co-badged card (e.g. CARTE_BANCAIRE on a VISA). */
  selected_network?: CardNetwork;
}

export interface GiftCardInstrument {
  type: 'giftcard';
  number: string;
  pin?: string;
}

export interface WalletInstrument {
  type: 'wallet';
  /** A partner_token from an earlier approved wallet authorization: approves without redirect. */
  partner_token?: string;
}

export interface InstalmentsInstrument {
  type: 'instalments';
}

/** A reusable token the partner gave an earlier authorization made with future usage (a saved card, a wallet agreement). */
export interface PartnerTokenInstrument {
  type: 'partner_token';
  partner_token: string;
}

export type PaymentInstrument =
  CardInstrument | GiftCardInstrument | WalletInstrument | InstalmentsInstrument | PartnerTokenInstrument;

export interface PartnerCustomer {
  reference?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export interface ThreeDsOptions {
  challenge_indicator?: string;
  challenge_exemption?: string;
}

export interface AuthorizeRequest {
  idempotency_key: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  method: string;
  instrument: PaymentInstrument;
  customer?: PartnerCustomer;
  order_reference?: string;
  /** Where the partner sends the browser back (GET) after a challenge, approval or lender page. */
  return_url?: string;
  /** Where the partner POSTs signed notifications of asynchronous outcomes (see notifications.ts). */
  notification_url?: string;
  three_ds?: ThreeDsOptions;
  /** The shopper agreed to future usage: ask the partner for a reusable token (answered as partner_token). */
  save_for_future_usage?: boolean;
}

/** Capture, void or refund of (part of) an authorization, named by its partner_reference. */
export interface OperationRequest {
  idempotency_key: string;
  /** The authorization's partner_reference. Refunds act on what was captured on it. */
  partner_reference: string;
  /** Minor units, > 0. */
  amount: number;
  currency: Currency;
}

export interface StatusRequest {
  /** An authorization's or an operation's partner_reference. */
  partner_reference: string;
}

// ---------------------------------------------------------------------------------------------
// Answers

/** Spec authorization statuses a partner can give (ABORTED is decided by the orchestrator). */
export type PartnerAuthorizationStatus = 'AUTHORIZED' | 'PENDING' | 'UNCERTAIN' | 'REFUSED' | 'ERROR';
/** Spec operation partner-transaction statuses. */
export type PartnerOperationStatus = 'SUCCESS' | 'FAILURE' | 'PENDING' | 'UNCERTAIN';

/** Where the shopper must go next: a 3DS challenge, a wallet approval, a lender's page. */
export interface Redirection {
  href: string;
  method: 'GET' | 'POST';
  /** Content type of `body` for a POST; null for a GET. */
  media_type: string | null;
  body: string | null;
}

export interface PartnerCardInfo {
  bin: string;
  last_four_digits: string;
  network: CardNetwork | null;
  /** Two-digit strings, as the API's Card. */
  expiry_month: string;
  expiry_year: string;
  holder_name: string | null;
  /**
   * The same card number gives the same value at one entity (db/vault.ts cardFingerprint): set by
   * Tessera, not by partners, so a card saved twice is one wallet token whatever the partner.
   */
  fingerprint?: string;
}

export type AuthenticationStatus = 'PENDING' | 'SUCCESS' | 'FAILURE';

/** 3-D Secure outcome. */
export interface AuthenticationOutcome {
  status: AuthenticationStatus;
  flow: 'CHALLENGE' | 'FRICTIONLESS';
  /** "05", "02", ... null until authenticated. */
  eci: string | null;
  version: string;
  ds_transaction_id: string;
  acs_transaction_id: string;
  /** Base64 CReq for a pending challenge; null otherwise. */
  challenge_data: string | null;
}

/** Money on an authorization as the partner sees it (minor units). */
export interface AuthorizationAmounts {
  authorized: number;
  captured: number;
  voided: number;
  refunded: number;
  available_to_capture: number;
  available_to_void: number;
  available_to_refund: number;
}

/** An authorization that holds nothing (refused, or not authorized yet). */
export const NO_AMOUNTS: AuthorizationAmounts = {
  authorized: 0,
  captured: 0,
  voided: 0,
  refunded: 0,
  available_to_capture: 0,
  available_to_void: 0,
  available_to_refund: 0,
};

export interface AuthorizeResult {
  type: 'authorization';
  status: PartnerAuthorizationStatus;
  requested_amount: number;
  /** What the partner holds: 0 unless AUTHORIZED; below requested_amount on a partial (gift card). */
  authorized_amount: number;
  currency: Currency;
  partner_reference: string;
  partner_status: string;
  partner_status_description: string;
  partner_token: string | null;
  /** Set when REFUSED (or ERROR): a v1 status code. */
  refusal_reason: ReasonCode | null;
  card: PartnerCardInfo | null;
  authentication: AuthenticationOutcome | null;
  /** Present only while the authorization is not final and the shopper must act. */
  redirection: Redirection | null;
  partner_additional_data: Record<string, string>;
  amounts: AuthorizationAmounts;
}

export interface OperationResult {
  type: OperationKind;
  status: PartnerOperationStatus;
  /** The operation's own reference at the partner. */
  partner_reference: string;
  authorization_reference: string;
  requested_amount: number;
  /** What was actually captured / voided / refunded: 0 unless SUCCESS. */
  processed_amount: number;
  currency: Currency;
  partner_status: string;
  partner_status_description: string;
  refusal_reason: ReasonCode | null;
  /** The authorization's amounts after this operation. */
  authorization_amounts: AuthorizationAmounts;
}

export type StatusResult = AuthorizeResult | OperationResult;

/**
 * A dispute (chargeback) the shopper's bank opened on money captured on an authorization, as the
 * partner tells of it. Statuses are Tessera's (domain/enums DISPUTE_STATUSES); the partner's own
 * words are in partner_status.
 */
export interface PartnerDispute {
  /** The partner's id of the dispute. */
  reference: string;
  authorization_reference: string;
  status: DisputeStatus;
  reason: DisputeReason;
  /** Minor units. */
  amount: number;
  currency: Currency;
  /** Evidence must reach the partner before this instant (ISO 8601). */
  evidence_due_at: string;
  partner_status: string;
  partner_status_description: string;
  created_at: string;
  /** When the partner last changed it: orders its notifications. */
  updated_at: string;
}

/** Evidence for a dispute, sent to the partner: a text and references to files it fetches itself. */
export interface DisputeEvidenceRequest {
  idempotency_key: string;
  dispute_reference: string;
  text?: string;
  files: readonly { name: string; url: string }[];
}

/** An asynchronous outcome a partner pushed to the authorization's notification_url. */
export type PartnerNotification = AuthorizationNotification | DisputeNotification | SettlementNotification;

export interface AuthorizationNotification {
  partner: PartnerName;
  /** The authorize call's idempotency key, i.e. what the orchestrator derived: finds the payment. */
  idempotency_key: string;
  result: AuthorizeResult;
}

/** The notification's news of an authorization; throws when it brings other news (a dispute, a settlement). */
export function authorizationNews(notification: PartnerNotification | null): AuthorizationNotification {
  if (!notification || !('result' in notification)) throw new TypeError('not the news of an authorization');
  return notification;
}

/** A dispute opened or moved on an authorization (named by its authorize call's idempotency key). */
export interface DisputeNotification {
  partner: PartnerName;
  idempotency_key: string;
  dispute: PartnerDispute;
}

/**
 * A partner tells that a settlement file is ready (a batch it paid out): Tessera imports it
 * (workflows/settlement-import.ts) instead of waiting for its daily schedule.
 */
export interface SettlementNotification {
  partner: PartnerName;
  settlement_batch_id: string;
}

// ---------------------------------------------------------------------------------------------
// Settlements: what a partner paid out, once a day, less its fees

/** A batch a partner settled, as its list of batches shows it. */
export interface SettlementBatch {
  /** The partner's id of the batch. */
  batch_id: string;
  currency: Currency;
  /** The payout day, YYYY-MM-DD (UTC). */
  settled_on: string;
  /** What the partner moved from period_start to period_end (excluded) is in the batch. */
  period_start: string;
  period_end: string;
  line_count: number;
  created_at: string;
}

/** One line of a settlement file, as domain/settlement-matching.ts holds it against Tessera's records. */
export type SettlementFileLine = Omit<SettlementLine, 'currency'> & { currency: Currency };

/** A settlement file being read: its batch, then its lines as they arrive (a file may be large). */
export interface SettlementFile {
  batch: SettlementBatch;
  lines: AsyncIterable<SettlementFileLine>;
}

export interface RawNotification {
  /** The raw request body, exactly as received (signatures cover the bytes). */
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * An entity's own account at a partner that works per merchant (Stripe): the credentials the
 * entity configured (db/partner-accounts.ts, encrypted at rest), decrypted for one call only.
 * Sandbox partners need none: they are one network for every entity.
 */
export interface PartnerAccount {
  entity_id: string;
  credentials: Readonly<Record<string, string>>;
}

export interface BalanceRequest {
  number: string;
  pin?: string;
}

export interface BalanceResult {
  /** Spendable now, minor units. */
  balance: number;
  /** Held by authorizations not yet captured or voided. */
  held: number;
  active: boolean;
}

// ---------------------------------------------------------------------------------------------
// The interface

export interface PartnerAdapter {
  readonly name: PartnerName;
  readonly methods: readonly string[];
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  capture(request: OperationRequest): Promise<OperationResult>;
  void(request: OperationRequest): Promise<OperationResult>;
  refund(request: OperationRequest): Promise<OperationResult>;
  /** Current state of an authorization or operation: how PENDING and UNCERTAIN settle by polling. */
  status(request: StatusRequest): Promise<StatusResult>;
  /**
   * Verifies (signature, freshness) and decodes a notification the partner POSTed to a
   * notification_url. Pure: no I/O. Throws `PartnerNotificationError` when it cannot be trusted;
   * null for a trusted notification that concerns no authorization of Tessera's (a refund's event,
   * a payment made outside Tessera on the same account): acknowledge it, signal nothing.
   */
  parseNotification(notification: RawNotification): PartnerNotification | null;
  /** Stored-value partners (gift cards) only. */
  balance?(request: BalanceRequest): Promise<BalanceResult>;
  /** Partners that take evidence for disputes through their API: sends it, answers the dispute as it stands. */
  submitDisputeEvidence?(request: DisputeEvidenceRequest): Promise<PartnerDispute>;
  /** Partners that publish settlement files: the batches settled since `since` (ISO 8601), oldest first. */
  settlementBatches?(request: { since?: string }): Promise<SettlementBatch[]>;
  /** Reads one batch's file. */
  settlementFile?(batchId: string): Promise<SettlementFile>;
}

// ---------------------------------------------------------------------------------------------
// Errors (see the retry contract at the top)

export type PartnerCall =
  'authorize' | 'capture' | 'void' | 'refund' | 'status' | 'balance' | 'dispute-evidence' | 'settlements';

export abstract class PartnerError extends Error {
  abstract readonly retryable: boolean;
  constructor(
    message: string,
    readonly partner: string,
    readonly call: PartnerCall,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** No answer (timeout, connection dropped, 5xx, 429): the effect is unknown; retry with the same key. */
export class PartnerUnavailableError extends PartnerError {
  override readonly name = 'PartnerUnavailableError';
  readonly retryable = true;
  constructor(
    partner: string,
    call: PartnerCall,
    readonly failure: 'timeout' | 'network' | 'http',
    readonly httpStatus: number | null,
    options?: { cause?: unknown },
  ) {
    super(`${partner} ${call}: no answer (${failure}${httpStatus ? ` ${httpStatus}` : ''})`, partner, call, options);
  }
}

/** The partner rejected the request itself (4xx): retrying with the same input cannot help. */
export class PartnerRequestError extends PartnerError {
  override readonly name = PERMANENT_FAILURE.request;
  readonly retryable = false;
  constructor(
    partner: string,
    call: PartnerCall,
    /** Partner error code, e.g. `idempotency_key_reused`, `not_found`, `invalid_request`. */
    readonly code: string,
    readonly httpStatus: number | null,
    detail: string,
  ) {
    super(`${partner} ${call}: ${code}${detail ? `: ${detail}` : ''}`, partner, call);
  }
}

/** A notification that is unsigned, wrongly signed, stale, or not for this partner: answer 401/400. */
export class PartnerNotificationError extends Error {
  override readonly name = 'PartnerNotificationError';
  constructor(
    readonly partner: string,
    readonly reason: 'missing' | 'malformed' | 'mismatch' | 'stale' | 'invalid_body' | 'wrong_partner',
  ) {
    super(`${partner} notification rejected: ${reason}`);
  }
}

export function isRetryablePartnerError(error: unknown): boolean {
  return error instanceof PartnerError && error.retryable;
}
