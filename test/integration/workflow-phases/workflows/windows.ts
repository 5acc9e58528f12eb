// The payment windows (domain/payment-windows.ts) as a phase test sets them. The phase tests'
// bundle (../phase-bundle.ts) puts this module in the place of domain/payment-windows for every
// workflow it holds, so that half an hour for a shopper can be two seconds; a test workflow sets
// them from its input before its phase runs, and a workflow that sets none gets the domain's. The
// SDK gives each workflow execution its own module state, so one test's windows never leak into
// another's.
import * as domain from '../../../../domain/payment-windows';

export * from '../../../../domain/payment-windows';

export interface PaymentWindows {
  shopperWindowMs: number;
  uncertainSettlementWindowMs: number;
  refundWindowMs: number;
  poll: { uncertainFirst: number; pendingFirst: number; longest: number };
}

let windows: PaymentWindows = {
  shopperWindowMs: domain.SHOPPER_WINDOW_MS,
  uncertainSettlementWindowMs: domain.UNCERTAIN_SETTLEMENT_WINDOW_MS,
  refundWindowMs: domain.REFUND_WINDOW_MS,
  poll: { ...domain.SETTLEMENT_POLL_MS },
};

export function useWindows(chosen: Partial<PaymentWindows>): void {
  windows = { ...windows, ...chosen, poll: { ...windows.poll, ...chosen.poll } };
}

// The domain's rules, over the windows above.

export function settlementDeadlineMs(status: 'PENDING' | 'UNCERTAIN', sinceMs: number): number {
  return sinceMs + (status === 'PENDING' ? windows.shopperWindowMs : windows.uncertainSettlementWindowMs);
}

export function firstPollDelayMs(status: 'PENDING' | 'UNCERTAIN'): number {
  return status === 'UNCERTAIN' ? windows.poll.uncertainFirst : windows.poll.pendingFirst;
}

export function nextPollDelayMs(previousMs: number): number {
  return Math.min(previousMs * 2, windows.poll.longest);
}

export function refundWindowLeftMs(createdAt: string, nowMs: number): number {
  return Math.max(0, Date.parse(createdAt) + windows.refundWindowMs - nowMs);
}
