// The sandbox's test data: which card number, gift card or customer produces which outcome.
// partners/README.md documents the same tables for merchants; keep them in step.
import { isCardNumber, isExpired, isLuhnValid, primaryNetwork } from '../../domain/card.js';
import type { DisputeReason, SettlementLineType } from '../../domain/enums';
import type { CardNetwork, ReasonCode, SandboxPartnerName } from '../catalog';

// ---------------------------------------------------------------------------------------------
// Cards

/**
 * A card whose shopper disputes the payment once it is captured: the network opens a dispute for
 * what was captured and not refunded, which is WON when the merchant's evidence arrives before the
 * deadline (`won-with-evidence`) or LOST whatever the evidence (`lost`); without evidence by the
 * deadline, every dispute is LOST.
 */
export interface DisputeScenario {
  reason: DisputeReason;
  outcome: 'won-with-evidence' | 'lost';
}

export type CardScenario =
  | { kind: 'approve'; dispute?: DisputeScenario }
  | { kind: 'refuse'; reason: ReasonCode; partnerStatus: string; description: string }
  | { kind: 'challenge' }
  | { kind: 'frictionless' }
  | { kind: 'timeout' };

const refuse = (reason: ReasonCode, partnerStatus: string, description: string): CardScenario => ({
  kind: 'refuse',
  reason,
  partnerStatus,
  description,
});

/** Numbers with a fixed behaviour; any other Luhn-valid number approves. */
export const TEST_CARDS: Readonly<Record<string, { scenario: CardScenario; label: string }>> = {
  '4242424242424242': { scenario: { kind: 'approve' }, label: 'VISA, approved' },
  '5555555555554444': { scenario: { kind: 'approve' }, label: 'MASTERCARD, approved' },
  '378282246310005': { scenario: { kind: 'approve' }, label: 'AMERICAN_EXPRESS, approved' },
  '4000000000000002': {
    scenario: refuse('REJECTED_BANK', 'DO_NOT_HONOR', 'The issuer declined the authorization.'),
    label: 'refused by the issuer',
  },
  '4000000000009995': {
    scenario: refuse('INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS', 'Insufficient funds on the card account.'),
    label: 'insufficient funds',
  },
  '4000000000000069': {
    scenario: refuse('CARD_EXPIRED', 'EXPIRED_CARD', 'The card has expired.'),
    label: 'expired card (whatever the expiry date sent)',
  },
  '4000002760003184': { scenario: { kind: 'challenge' }, label: '3-D Secure challenge' },
  '4000000000003220': { scenario: { kind: 'frictionless' }, label: '3-D Secure frictionless, approved' },
  '4000000000000119': { scenario: { kind: 'timeout' }, label: 'acquirer timeout: UNCERTAIN until a status poll' },
  '4000000000000259': {
    scenario: { kind: 'approve', dispute: { reason: 'FRAUDULENT', outcome: 'won-with-evidence' } },
    label: 'approved; disputed as FRAUDULENT once captured, WON with evidence before the deadline',
  },
  '4000000000002685': {
    scenario: { kind: 'approve', dispute: { reason: 'PRODUCT_NOT_RECEIVED', outcome: 'lost' } },
    label: 'approved; disputed as PRODUCT_NOT_RECEIVED once captured, LOST whatever the evidence',
  },
};

/** CARTE_BANCAIRE is co-badged on VISA and MASTERCARD cards; the shopper may select it. */
export function resolveNetwork(digits: string, selected: CardNetwork | undefined): CardNetwork | null {
  const detected = primaryNetwork(digits) ?? null;
  if (selected === 'CARTE_BANCAIRE' && (detected === 'VISA' || detected === 'MASTERCARD')) return 'CARTE_BANCAIRE';
  return detected;
}

/** Normalises an expiry to two-digit strings, or null when it is not a date. */
export function normaliseExpiry(month: string, year: string): { month: string; year: string } | null {
  if (!/^\d{1,2}$/.test(month) || !/^(\d{2}|\d{4})$/.test(year)) return null;
  const m = Number(month);
  if (m < 1 || m > 12) return null;
  return { month: String(m).padStart(2, '0'), year: year.slice(-2) };
}

/** The outcome of a card authorization, decided by the card's data alone. */
export function cardScenario(
  card: { digits: string; expiry: { month: string; year: string } | null; cvv?: string },
  now: Date,
): CardScenario {
  const wrongData = refuse('WRONG_CARD_DATA', 'INVALID_CARD_DATA', 'The card number, expiry or CVV is invalid.');
  // The acquirer takes 12 to 19 digits with a valid check digit, whatever the network.
  if (!isCardNumber(card.digits) || !isLuhnValid(card.digits) || card.expiry === null) return wrongData;
  if (card.cvv !== undefined && !/^\d{3,4}$/.test(card.cvv)) return wrongData;
  const fixed = TEST_CARDS[card.digits]?.scenario;
  if (fixed?.kind === 'refuse') return fixed;
  if (isExpired(card.expiry.month, card.expiry.year, now))
    return refuse('CARD_EXPIRED', 'EXPIRED_CARD', 'The card has expired.');
  return fixed ?? { kind: 'approve' };
}

// ---------------------------------------------------------------------------------------------
// Gift cards (balances in minor units of whatever currency the payment uses)

export const GIFT_CARD_PIN = '1234';

export const TEST_GIFT_CARDS: Readonly<Record<string, { balance: number; active: boolean; label: string }>> = {
  '6036280000000001': { balance: 5_000, active: true, label: '50.00' },
  '6036280000000002': { balance: 0, active: true, label: '0.00: refused, insufficient funds' },
  '6036280000000003': { balance: 100_000_000, active: true, label: '1,000,000.00' },
  '6036280000000004': { balance: 1_000, active: true, label: '10.00' },
  '6036280000000005': { balance: 10_000, active: false, label: '100.00 but not activated: refused' },
};

// ---------------------------------------------------------------------------------------------
// Instalments (3x, 4x): the lender decides after the shopper applies on its page

export const INSTALMENT_LIMITS = { min: 5_000, max: 300_000 } as const;

export function lenderDecision(
  amount: number,
  email: string | undefined,
): { accept: true } | { accept: false; reason: ReasonCode; description: string } {
  if (email && /refuse/i.test(email.split('@')[0] ?? '')) {
    return { accept: false, reason: 'REJECTED_BY_RISK_CHECKS', description: 'The lender declined the application.' };
  }
  if (amount < INSTALMENT_LIMITS.min || amount > INSTALMENT_LIMITS.max) {
    return { accept: false, reason: 'AMOUNT_EXCEEDED', description: "The amount is outside the lender's limits." };
  }
  return { accept: true };
}

/** The instalment schedule shown on the lender page: equal parts, the remainder on the first. */
export function instalmentPlan(amount: number, count: number): number[] {
  const part = Math.floor(amount / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? amount - part * (count - 1) : part));
}

// ---------------------------------------------------------------------------------------------
// Settlement fees: what each partner keeps on a settlement line, in the line's minor units

export interface FeeRule {
  /** Minor units per line. */
  fixed: number;
  /** Hundredths of a percent of the line's amount (120 = 1.20 %), rounded half up. */
  basisPoints: number;
}

export const SETTLEMENT_FEES: Readonly<Record<SandboxPartnerName, Readonly<Record<SettlementLineType, FeeRule>>>> = {
  'sandbox-card': {
    CAPTURE: { fixed: 25, basisPoints: 120 },
    REFUND: { fixed: 10, basisPoints: 0 },
    CHARGEBACK: { fixed: 1500, basisPoints: 0 },
  },
  'sandbox-giftcard': {
    CAPTURE: { fixed: 10, basisPoints: 0 },
    REFUND: { fixed: 0, basisPoints: 0 },
    CHARGEBACK: { fixed: 0, basisPoints: 0 },
  },
  'sandbox-wallet': {
    CAPTURE: { fixed: 35, basisPoints: 190 },
    REFUND: { fixed: 10, basisPoints: 0 },
    CHARGEBACK: { fixed: 1500, basisPoints: 0 },
  },
  'sandbox-instalments': {
    CAPTURE: { fixed: 0, basisPoints: 290 },
    REFUND: { fixed: 0, basisPoints: 0 },
    CHARGEBACK: { fixed: 0, basisPoints: 0 },
  },
};

/** The fee a partner keeps on a line of `grossAmount` (signed): never negative, integer minor units. */
export function settlementFee(partner: SandboxPartnerName, type: SettlementLineType, grossAmount: number): number {
  const rule = SETTLEMENT_FEES[partner][type];
  return rule.fixed + Math.floor((Math.abs(grossAmount) * rule.basisPoints + 5_000) / 10_000);
}
