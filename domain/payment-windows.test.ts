import { describe, expect, it } from 'vitest';
import {
  firstPollDelayMs,
  nextPollDelayMs,
  refundWindowLeftMs,
  REFUND_WINDOW_MS,
  settlementDeadlineMs,
  SHOPPER_WINDOW_MS,
  UNCERTAIN_SETTLEMENT_WINDOW_MS,
} from './payment-windows';

describe('payment windows', () => {
  it('gives a shopper half an hour and a silent partner a week', () => {
    expect(settlementDeadlineMs('PENDING', 1_000)).toBe(1_000 + 30 * 60 * 1000);
    expect(settlementDeadlineMs('UNCERTAIN', 1_000)).toBe(1_000 + 7 * 24 * 3600 * 1000);
    expect(SHOPPER_WINDOW_MS).toBeLessThan(UNCERTAIN_SETTLEMENT_WINDOW_MS);
  });

  it('polls a lost answer soon and a shopper patiently, doubling up to an hour', () => {
    expect(firstPollDelayMs('UNCERTAIN')).toBe(1_000);
    expect(firstPollDelayMs('PENDING')).toBe(60_000);
    expect(nextPollDelayMs(1_000)).toBe(2_000);
    expect(nextPollDelayMs(3_000_000)).toBe(3_600_000);
    expect(nextPollDelayMs(3_600_000)).toBe(3_600_000);
  });

  it('counts the refund window from creation and never below zero', () => {
    const created = '2026-01-01T00:00:00.000Z';
    const createdMs = Date.parse(created);
    expect(refundWindowLeftMs(created, createdMs)).toBe(REFUND_WINDOW_MS);
    expect(refundWindowLeftMs(created, createdMs + 1_000)).toBe(REFUND_WINDOW_MS - 1_000);
    expect(refundWindowLeftMs(created, createdMs + REFUND_WINDOW_MS + 5)).toBe(0);
  });
});
