// How a payment is split between what the shopper entered: a gift card first, a card for the rest.
import type { SplitEntry } from './types';

export type GiftCardPlan =
  | { kind: 'covers-all'; giftCard: number; rest: 0 }
  | { kind: 'partial'; giftCard: number; rest: number }
  | { kind: 'empty' };

/** What the gift card pays (never more than its balance nor the total) and what is left. */
export function planGiftCard(total: number, balance: number): GiftCardPlan {
  if (!Number.isSafeInteger(total) || total <= 0)
    throw new RangeError(`total must be a positive integer, got ${total}`);
  const usable = Number.isSafeInteger(balance) && balance > 0 ? Math.min(balance, total) : 0;
  if (usable === 0) return { kind: 'empty' };
  if (usable === total) return { kind: 'covers-all', giftCard: total, rest: 0 };
  return { kind: 'partial', giftCard: usable, rest: total - usable };
}

/**
 * The `split` of a submission, in order, without zero parts; throws when the parts do not add up
 * to the session amount (the API would refuse it anyway, this catches a bug before a request).
 */
export function buildSplit(total: number, parts: readonly SplitEntry[]): SplitEntry[] {
  const split = parts.filter((part) => part.amount > 0);
  const sum = split.reduce((acc, part) => acc + part.amount, 0);
  if (sum !== total) throw new Error(`the split adds up to ${sum}, the session amount is ${total}`);
  return split;
}

/** Instalments as the sandbox lender computes them: equal parts, the remainder on the first. */
export function instalmentPlan(total: number, count: number): number[] {
  if (!Number.isSafeInteger(total) || total <= 0 || !Number.isInteger(count) || count < 1) return [];
  const part = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) => (index === 0 ? total - part * (count - 1) : part));
}
