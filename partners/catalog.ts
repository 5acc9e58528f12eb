// Pure data about the partners Tessera knows: names, methods, and the vocabulary their answers
// are normalised to. No I/O here, so workflows (deterministic code) and the api may import it.

/**
 * The partners Tessera can route to and the payment methods each offers (stable names: README.md's
 * contracts). The sandbox partners are one network for every entity; a partner with `account: true`
 * works on each entity's own account at the partner, configured with its credentials
 * (db/partner-accounts.ts). `capturesOnce`: the partner's first capture of an authorization, even a
 * partial one, releases the rest (the payment workflow then records that rest as voided).
 * `settlementFiles`: the partner publishes daily settlement files, which Tessera imports on a
 * schedule of its own (temporal/schedules.ts). What else each partner can do is declared in its
 * folder's profile.ts.
 */
export const PARTNER_CATALOG = [
  {
    name: 'sandbox-card',
    methods: ['creditcard'],
    instrument: 'card',
    account: false,
    capturesOnce: false,
    settlementFiles: true,
  },
  {
    name: 'sandbox-giftcard',
    methods: ['giftcard'],
    instrument: 'giftcard',
    account: false,
    capturesOnce: false,
    settlementFiles: true,
  },
  {
    name: 'sandbox-wallet',
    methods: ['wallet'],
    instrument: 'wallet',
    account: false,
    capturesOnce: false,
    settlementFiles: true,
  },
  {
    name: 'sandbox-instalments',
    methods: ['3x', '4x'],
    instrument: 'instalments',
    account: false,
    capturesOnce: false,
    settlementFiles: true,
  },
  {
    name: 'stripe',
    methods: ['creditcard'],
    instrument: 'card',
    account: true,
    capturesOnce: true,
    settlementFiles: false,
  },
] as const;

/** The partners whose settlement files Tessera imports. */
export const SETTLING_PARTNERS: readonly PartnerName[] = PARTNER_CATALOG.flatMap((p) =>
  p.settlementFiles ? [p.name] : [],
);

export type PartnerName = (typeof PARTNER_CATALOG)[number]['name'];
export type PaymentMethod = (typeof PARTNER_CATALOG)[number]['methods'][number];
export type InstrumentKind = (typeof PARTNER_CATALOG)[number]['instrument'];

export const PARTNER_NAMES: readonly PartnerName[] = PARTNER_CATALOG.map((p) => p.name);

/** The partners of the sandbox partner network (partners/sandbox-network), which serves no other. */
export type SandboxPartnerName = Extract<(typeof PARTNER_CATALOG)[number], { account: false }>['name'];
export const SANDBOX_PARTNER_NAMES: readonly SandboxPartnerName[] = PARTNER_CATALOG.flatMap((p) =>
  p.account ? [] : [p.name],
);

/** Partners whose means of payment is a gift card (its number and PIN, tokenized as `vgt_`). */
export const GIFT_CARD_PARTNERS: readonly string[] = PARTNER_CATALOG.filter(
  (partner) => partner.instrument === 'giftcard',
).map((partner) => partner.name);

export function isPartnerName(name: string): name is PartnerName {
  return (PARTNER_NAMES as readonly string[]).includes(name);
}

/** The methods a partner offers; empty for an unknown partner. */
export function methodsOf(partner: string): readonly string[] {
  return PARTNER_CATALOG.find((p) => p.name === partner)?.methods ?? [];
}

/** Whether the partner's first capture of an authorization releases what it leaves. */
export function capturesOnce(partner: string): boolean {
  return PARTNER_CATALOG.find((p) => p.name === partner)?.capturesOnce ?? false;
}

/** Whether the partner works on each entity's own account (credentials per entity) rather than one network. */
export function needsAccount(partner: string): boolean {
  return PARTNER_CATALOG.find((p) => p.name === partner)?.account ?? false;
}

export function offersMethod(partner: string, method: string): boolean {
  return methodsOf(partner).includes(method);
}

// Tessera's currencies, defined once in the domain.
export { CURRENCIES, isCurrency, type Currency } from '../domain/currency';

// The networks the sandbox acquirer processes: a subset of domain/enums' CARD_NETWORKS (no ONEY).
export const CARD_NETWORKS = ['VISA', 'MASTERCARD', 'CARTE_BANCAIRE', 'AMERICAN_EXPRESS'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

/**
 * Why a partner refused an authorization or an operation. Every value is a v1 "Status code"
 * (web/src/docs/content/integrate/api-v1/transaction-statuses.mdx), so the v1 API can expose it as is; partners only
 * ever produce this subset.
 */
export const REASON_CODES = [
  'REJECTED_BANK',
  'INSUFFICIENT_FUNDS',
  'CARD_EXPIRED',
  'WRONG_CARD_DATA',
  'UNKNOWN_CARD',
  'CARD_IS_NOT_ACTIVE',
  'BLOCKED_BY_CUSTOMER',
  'REJECTED_BY_RISK_CHECKS',
  'AMOUNT_EXCEEDED',
  'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
  'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
  'BAD_REQUEST',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/**
 * The retry contract of partner-call activities: failure types that no retry can cure (a malformed
 * request, an unknown partner, a token the vault no longer holds). Activities throw them as
 * non-retryable; workflows list them so a regular activity does not retry them either.
 */
export const PERMANENT_FAILURE = {
  request: 'PartnerRequestError',
  unknownPartner: 'UnknownPartnerError',
  instrumentUnavailable: 'InstrumentUnavailable',
} as const;
export const PERMANENT_FAILURE_TYPES: readonly string[] = Object.values(PERMANENT_FAILURE);
