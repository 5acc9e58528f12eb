/**
 * Closed value sets of the v2 API (its OpenAPI document lists each).
 *
 * They live here rather than in `api/schemas` so that workflows, activities and the
 * API schemas share one source of truth without workflows importing TypeBox.
 * Each tuple is `as const` so its element union is the TypeScript type.
 */

export const CAPTURE_MODES = ['MANUAL', 'AUTOMATIC'] as const;
export type CaptureMode = (typeof CAPTURE_MODES)[number];
export const DEFAULT_CAPTURE_MODE: CaptureMode = 'MANUAL';

export const INTEGRATION_MODES = ['EMBEDDED', 'HOSTED_PAGE'] as const;
export type IntegrationMode = (typeof INTEGRATION_MODES)[number];
export const DEFAULT_INTEGRATION_MODE: IntegrationMode = 'EMBEDDED';

export const DEFAULT_ALLOW_FUTURE_USAGE = false;

export const CLIENT_SESSION_STATUSES = [
  'CREATED',
  'CHOICE_IN_PROGRESS',
  'SUBMITTED',
  'EXPIRED',
  'ABORTED_BY_CUSTOMER',
  'ABORTED_BY_MERCHANT',
] as const;
export type ClientSessionStatus = (typeof CLIENT_SESSION_STATUSES)[number];

export const ABORT_STATUSES = ['ABORTED_BY_CUSTOMER', 'ABORTED_BY_MERCHANT'] as const;
export type AbortStatus = (typeof ABORT_STATUSES)[number];

export const AUTHORIZATION_STATUSES = ['AUTHORIZED', 'PENDING', 'UNCERTAIN', 'ERROR', 'ABORTED', 'REFUSED'] as const;
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number];

export const OPERATION_STATUSES = ['SUCCESS', 'FAILURE', 'PENDING', 'CONFLICT', 'UNCERTAIN'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const OPERATION_PARTNER_TRANSACTION_STATUSES = ['SUCCESS', 'FAILURE', 'PENDING', 'UNCERTAIN'] as const;
export type OperationPartnerTransactionStatus = (typeof OPERATION_PARTNER_TRANSACTION_STATUSES)[number];

/**
 * The spec names authentication {status, flow, eci, challenge_data} without listing the
 * statuses. Tessera reuses the partner-transaction outcome vocabulary so that a client
 * handles one set of words.
 */
export const AUTHENTICATION_STATUSES = ['SUCCESS', 'FAILURE', 'PENDING', 'UNCERTAIN'] as const;
export type AuthenticationStatus = (typeof AUTHENTICATION_STATUSES)[number];

export const OVERVIEW_TAGS = ['NOT', 'PARTIALLY', 'TOTALLY'] as const;
export type OverviewTag = (typeof OVERVIEW_TAGS)[number];

export const TRIGGER_ORIGINS = ['MERCHANT', 'AUTHORIZATION', 'ORCHESTRATOR'] as const;
export type TriggerOrigin = (typeof TRIGGER_ORIGINS)[number];

export const ITEM_TYPES = ['PHYSICAL', 'DIGITAL', 'SHIPPING_FEES'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const DELIVERY_TYPES = [
  'USER_DELIVERY',
  'STORE_PICKUP',
  'EXTERNAL_PICKUP',
  'SHELF_PICKUP',
  'DIGITAL_DELIVERY',
] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const DELIVERY_QUICKNESSES = ['IMMEDIATE', 'EXPRESS', 'SAME_DAY', 'REGULAR'] as const;
export type DeliveryQuickness = (typeof DELIVERY_QUICKNESSES)[number];

export const GENDERS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;
export type Gender = (typeof GENDERS)[number];

export const CUSTOMER_TYPES = ['PERSON', 'COMPANY'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const AUTHENTICATION_METHODS = [
  'GUEST',
  'MERCHANT_CREDENTIALS',
  'IDENTITY_FEDERATION_CREDENTIALS',
  'ISSUER_CREDENTIALS',
  'THIRD_PARTY_CREDENTIALS',
  'FIDO_CREDENTIALS',
] as const;
export type AuthenticationMethod = (typeof AUTHENTICATION_METHODS)[number];

export const AGE_INDICATORS = ['GUEST', 'NEW', 'LESS_30_DAYS', 'BETWEEN_30_60_DAYS', 'MORE_60_DAYS'] as const;
export type AgeIndicator = (typeof AGE_INDICATORS)[number];

export const CHANGE_INDICATORS = ['NEW', 'LESS_30_DAYS', 'BETWEEN_30_60_DAYS', 'MORE_60_DAYS'] as const;
export type ChangeIndicator = (typeof CHANGE_INDICATORS)[number];

export const CHALLENGE_INDICATORS = [
  'NO_PREFERENCE',
  'NO_CHALLENGE_REQUESTED',
  'CHALLENGE_REQUESTED_BY_MERCHANT',
  'CHALLENGE_REQUESTED_BY_MANDATE',
  'NO_CHALLENGE_REQUESTED_RISK_ANALYSIS_ALREADY_PERFORMED',
  'NO_CHALLENGE_REQUESTED_DATA_SHARE_ONLY',
  'NO_CHALLENGE_REQUESTED_STRONG_AUTHENTICATION_ALREADY_PERFORMED',
  'NO_CHALLENGE_REQUESTED_BY_TRUST_LIST',
  'CHALLENGE_REQUESTED_BY_TRUST_LIST',
] as const;
export type ChallengeIndicator = (typeof CHALLENGE_INDICATORS)[number];

/** The only indicator allowed when a card is saved for future use (docs: additional-features/cit-mit). */
export const FUTURE_USAGE_CHALLENGE_INDICATOR: ChallengeIndicator = 'CHALLENGE_REQUESTED_BY_MERCHANT';

export const CHALLENGE_EXEMPTIONS = [
  'TRANSACTION_RISK_ANALYSIS',
  'TRUSTED_BENEFICIARY',
  'LOW_VALUE',
  'SECURE_CORPORATE',
] as const;
export type ChallengeExemption = (typeof CHALLENGE_EXEMPTIONS)[number];

export const THREE_DS_FLOWS = ['CHALLENGE', 'FRICTIONLESS'] as const;
export type ThreeDsFlow = (typeof THREE_DS_FLOWS)[number];

export const ECI_VALUES = ['00', '01', '02', '05', '06', '07'] as const;
export type Eci = (typeof ECI_VALUES)[number];

export const CARD_NETWORKS = ['VISA', 'MASTERCARD', 'CARTE_BANCAIRE', 'AMERICAN_EXPRESS', 'ONEY'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

export const CARD_TYPES = [
  'VISA_DEBIT',
  'VISA_CREDIT',
  'VISA_ELECTRON',
  'MASTERCARD_DEBIT',
  'MASTERCARD_CREDIT',
  'MAESTRO',
  'AMERICAN_EXPRESS',
  'CARTE_BANCAIRE',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const TAX_TYPES = ['vat', 'gst'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

export const ADJUSTMENT_REASONS = [
  'SALES',
  'BUNDLE',
  'CLEARANCE',
  'END_OF_LINE',
  'FULFILLER_REQUESTED_REFUND',
  'DISCOUNT',
  'DISCOUNT_COUPON',
  'PROMOTION',
  'SET',
  'UNKNOWN',
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/**
 * The spec counts 11 event types (PAYMENT plus authorization, authentication, capture,
 * refund and void, each at operation level and at partner-transaction level) but does not
 * show their names. These are Tessera's names: the operation-level event carries the bare
 * word, the partner-transaction-level one the `PARTNER_TRANSACTION_` prefix. Disputes add three
 * more, named the same way: opened, updated (evidence sent, under review), closed (won or lost).
 * A payment's or session's `webhook` subscribes to any of these.
 */
export const WEBHOOK_EVENT_TYPES = [
  'PAYMENT',
  'AUTHORIZATION',
  'AUTHENTICATION',
  'CAPTURE',
  'REFUND',
  'VOID',
  'PARTNER_TRANSACTION_AUTHORIZATION',
  'PARTNER_TRANSACTION_AUTHENTICATION',
  'PARTNER_TRANSACTION_CAPTURE',
  'PARTNER_TRANSACTION_REFUND',
  'PARTNER_TRANSACTION_VOID',
  'DISPUTE_OPENED',
  'DISPUTE_UPDATED',
  'DISPUTE_CLOSED',
] as const;
export type PaymentWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const DEFAULT_WEBHOOK_EVENT_TYPES: readonly PaymentWebhookEventType[] = ['PAYMENT'];

/** Events about no single payment, sent to the entity's reports webhook (PUT /v2/reports/webhook). */
export const REPORT_WEBHOOK_EVENT_TYPES = ['SETTLEMENT_COMPLETED'] as const;
export type ReportWebhookEventType = (typeof REPORT_WEBHOOK_EVENT_TYPES)[number];

/** Every event type a webhook envelope may carry. */
export const ALL_WEBHOOK_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...REPORT_WEBHOOK_EVENT_TYPES] as const;
export type WebhookEventType = (typeof ALL_WEBHOOK_EVENT_TYPES)[number];

/**
 * A dispute (chargeback) as Tessera follows it: NEEDS_RESPONSE while the partner waits for the
 * merchant's evidence, UNDER_REVIEW once it was sent, then WON (the money stays with the merchant)
 * or LOST (the shopper's bank took it back). Partners' own words stay in partner_status.
 */
export const DISPUTE_STATUSES = ['NEEDS_RESPONSE', 'UNDER_REVIEW', 'WON', 'LOST'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Why the shopper's bank disputes a payment, in the card schemes' families of reason codes. */
export const DISPUTE_REASONS = [
  'FRAUDULENT',
  'PRODUCT_NOT_RECEIVED',
  'PRODUCT_UNACCEPTABLE',
  'DUPLICATE',
  'CREDIT_NOT_PROCESSED',
  'SUBSCRIPTION_CANCELED',
  'GENERAL',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** Evidence on its way to the partner (SENDING, re-sent while the partner does not answer), SENT, or REFUSED by it. */
export const EVIDENCE_STATUSES = ['SENDING', 'SENT', 'REFUSED'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/** What a row of the transactions report is: a partner transaction of a payment, or a dispute on one. */
export const REPORT_TRANSACTION_TYPES = ['AUTHORIZATION', 'CAPTURE', 'VOID', 'REFUND', 'DISPUTE'] as const;
export type ReportTransactionType = (typeof REPORT_TRANSACTION_TYPES)[number];

/** What a settlement line moves: money captured (+), refunded (-), taken back by a lost dispute (-). */
export const SETTLEMENT_LINE_TYPES = ['CAPTURE', 'REFUND', 'CHARGEBACK'] as const;
export type SettlementLineType = (typeof SETTLEMENT_LINE_TYPES)[number];

/**
 * How a settlement line compares with Tessera's records: MATCHED, or one of the mismatches a
 * finance team looks into (domain/settlement-matching.ts).
 */
export const SETTLEMENT_MISMATCH_KINDS = ['UNKNOWN_TRANSACTION', 'AMOUNT_DIFFERENCE', 'MISSING_LINE'] as const;
export type SettlementMismatchKind = (typeof SETTLEMENT_MISMATCH_KINDS)[number];
export const SETTLEMENT_LINE_MATCHES = ['MATCHED', 'UNKNOWN_TRANSACTION', 'AMOUNT_DIFFERENCE'] as const;
export type SettlementLineMatch = (typeof SETTLEMENT_LINE_MATCHES)[number];

export const REDIRECTION_METHODS = ['GET', 'POST'] as const;
export type RedirectionMethod = (typeof REDIRECTION_METHODS)[number];

export const WALLET_TOKEN_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type WalletTokenStatus = (typeof WALLET_TOKEN_STATUSES)[number];

/** Narrowing membership test for any of the tuples above. */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && values.includes(value);
}
