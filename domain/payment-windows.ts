// How long a payment waits for others, in one place: the shopper on a partner's page, a partner
// whose answer was lost, and the merchant's refunds. Durations in milliseconds, so that workflow
// timers and the docs read the same numbers.

/** A shopper has this long to finish a 3DS challenge, a wallet approval or a lender's page. */
export const SHOPPER_WINDOW_MS = 30 * 60 * 1000;

/** A partner whose answer was lost (UNCERTAIN) is asked again for this long before the leg is given up. */
export const UNCERTAIN_SETTLEMENT_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** Refunds stay possible this long after the payment was created (about 13 months, like card schemes). */
export const REFUND_WINDOW_MS = 400 * 24 * 3600 * 1000;

/** First and longest pause between two status polls of an unsettled authorization leg. */
export const SETTLEMENT_POLL_MS = { uncertainFirst: 1_000, pendingFirst: 60_000, longest: 3_600_000 } as const;

/** When an authorization leg waiting since `sinceMs` is given up: PENDING waits for the shopper, UNCERTAIN for the partner. */
export function settlementDeadlineMs(status: 'PENDING' | 'UNCERTAIN', sinceMs: number): number {
  return sinceMs + (status === 'PENDING' ? SHOPPER_WINDOW_MS : UNCERTAIN_SETTLEMENT_WINDOW_MS);
}

/** The pause before the first poll of a leg in this status; later pauses double up to the longest. */
export function firstPollDelayMs(status: 'PENDING' | 'UNCERTAIN'): number {
  return status === 'UNCERTAIN' ? SETTLEMENT_POLL_MS.uncertainFirst : SETTLEMENT_POLL_MS.pendingFirst;
}

export function nextPollDelayMs(previousMs: number): number {
  return Math.min(previousMs * 2, SETTLEMENT_POLL_MS.longest);
}

/** What is left of the refund window of a payment created at `createdAt`, never negative. */
export function refundWindowLeftMs(createdAt: string, nowMs: number): number {
  return Math.max(0, Date.parse(createdAt) + REFUND_WINDOW_MS - nowMs);
}
