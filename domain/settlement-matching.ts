// How a partner's settlement file is held against Tessera's own transactions, line by line: what a
// partner should pay out (or take back) for a transaction, whether a line says so, and how a
// difference is told to a finance team. Pure: the settlement import (activities/settlements) looks
// the transactions up and records what these rules decide.
//
// Signs: what the partner pays the merchant is positive (a capture), what it takes back negative
// (a refund, a lost dispute); fees are positive and always deducted: net = gross - fee.
import type { ReportTransactionType, SettlementLineMatch, SettlementLineType } from './enums';

export interface SettlementLine {
  line_number: number;
  type: SettlementLineType;
  /** The partner's reference of the capture, refund or dispute. */
  partner_reference: string;
  /** The authorization it belongs to, at the partner. */
  authorization_reference: string | null;
  /** The reference the merchant's side gave the partner (Tessera's idempotency key), when any. */
  merchant_reference: string | null;
  gross_amount: number;
  fee_amount: number;
  net_amount: number;
  currency: string;
  /** When the partner made the transaction. */
  transaction_date: string;
}

/** One of Tessera's transactions (a row of the transactions report), as far as matching needs it. */
export interface KnownTransaction {
  transaction_id: string;
  payment_id: string;
  entity_id: string;
  order_reference: string;
  type: ReportTransactionType;
  status: string;
  amount: number;
  /** What moved: the amount of a SUCCESS operation, 0 otherwise. */
  processed_amount: number;
  currency: string;
  partner_reference: string | null;
}

/** What the partner should settle for a transaction: nothing but captured, refunded and charged back money. */
export function expectedSettlement(
  tx: Pick<KnownTransaction, 'type' | 'status' | 'amount' | 'processed_amount'>,
): { type: SettlementLineType; gross_amount: number } | undefined {
  if (tx.type === 'CAPTURE' && tx.status === 'SUCCESS') return { type: 'CAPTURE', gross_amount: tx.processed_amount };
  if (tx.type === 'REFUND' && tx.status === 'SUCCESS') return { type: 'REFUND', gross_amount: -tx.processed_amount };
  if (tx.type === 'DISPUTE' && tx.status === 'LOST') return { type: 'CHARGEBACK', gross_amount: -tx.amount };
  return undefined;
}

export interface LineComparison {
  match: SettlementLineMatch;
  /** What Tessera expected the line to say (gross, signed), when it knows the transaction. */
  expected_amount: number | null;
  /** For a finance team: what differs. Null when the line matches. */
  description: string | null;
}

const money = (amount: number, currency: string) => `${amount} ${currency}`;

/**
 * One line against the transaction it names. `settledBefore` is the batch that already settled
 * that transaction, if any: a second payout of the same money is a difference too.
 */
export function compareLine(
  line: SettlementLine,
  tx: KnownTransaction | undefined,
  settledBefore?: string,
): LineComparison {
  if (!tx) {
    return {
      match: 'UNKNOWN_TRANSACTION',
      expected_amount: null,
      description: `the partner settled ${line.type} ${line.partner_reference} (${money(line.gross_amount, line.currency)}), which Tessera has no record of`,
    };
  }
  if (settledBefore) {
    return {
      match: 'AMOUNT_DIFFERENCE',
      expected_amount: 0,
      description: `${line.partner_reference} was already settled in ${settledBefore}: settled again for ${money(line.gross_amount, line.currency)}`,
    };
  }
  const expected = expectedSettlement(tx);
  if (!expected) {
    return {
      match: 'AMOUNT_DIFFERENCE',
      expected_amount: 0,
      description: `Tessera has this ${tx.type.toLowerCase()} as ${tx.status}, so nothing to settle; the partner settled ${money(line.gross_amount, line.currency)}`,
    };
  }
  if (expected.type !== line.type) {
    return {
      match: 'AMOUNT_DIFFERENCE',
      expected_amount: expected.gross_amount,
      description: `Tessera has a ${expected.type}, the partner settled a ${line.type}`,
    };
  }
  if (line.currency !== tx.currency || line.gross_amount !== expected.gross_amount) {
    return {
      match: 'AMOUNT_DIFFERENCE',
      expected_amount: expected.gross_amount,
      description: `expected ${money(expected.gross_amount, tx.currency)}, the partner settled ${money(line.gross_amount, line.currency)}`,
    };
  }
  return { match: 'MATCHED', expected_amount: expected.gross_amount, description: null };
}

/** A transaction the partner should have settled in a batch's period and did not. */
export function missingLineDescription(
  tx: Pick<KnownTransaction, 'type' | 'status' | 'amount' | 'processed_amount' | 'currency' | 'partner_reference'>,
): string {
  const expected = expectedSettlement(tx);
  return `the partner did not settle ${expected?.type ?? tx.type} ${tx.partner_reference ?? '(no partner reference)'} (${money(expected?.gross_amount ?? 0, tx.currency)})`;
}

/**
 * Partners and Tessera stamp a transaction with their own clocks: Tessera records a capture once
 * the partner answered, and a partner's clock may be a little apart from Tessera's. A transaction
 * belongs to the batch whose period, moved earlier by a margin, holds Tessera's time for it; so a
 * capture the partner made just before a cut-off is not counted missing from the batch before it
 * when Tessera's clock runs late. Consecutive periods stay consecutive: every time belongs to one.
 */
export const DEFAULT_SETTLEMENT_CLOCK_MARGIN_MS = 5 * 60 * 1000;

/** Where Tessera looks for transactions a batch should hold: its period, moved by the clock margin. */
export function missingLineWindow(
  period: { start: string; end: string },
  marginMs = DEFAULT_SETTLEMENT_CLOCK_MARGIN_MS,
): { from: Date; to: Date } {
  return {
    from: new Date(Date.parse(period.start) - marginMs),
    to: new Date(Date.parse(period.end) - marginMs),
  };
}
