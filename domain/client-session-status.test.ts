import { describe, expect, it } from 'vitest';
import { CLIENT_SESSION_STATUSES as clientSessionStatuses } from './enums';
import { isOpen, mayBePaid, refuseTransition } from './client-session-status';

describe('client session transitions', () => {
  it('lets an open session be opened, submitted, expired or aborted', () => {
    for (const from of ['CREATED', 'CHOICE_IN_PROGRESS'] as const) {
      for (const to of ['SUBMITTED', 'EXPIRED', 'ABORTED_BY_CUSTOMER', 'ABORTED_BY_MERCHANT'] as const) {
        expect(refuseTransition(from, to)).toBeUndefined();
      }
      expect(refuseTransition(from, 'CHOICE_IN_PROGRESS')).toBeUndefined();
    }
  });

  it('refuses every change of a final session', () => {
    for (const from of ['SUBMITTED', 'EXPIRED', 'ABORTED_BY_CUSTOMER', 'ABORTED_BY_MERCHANT'] as const) {
      expect(isOpen(from)).toBe(false);
      for (const to of clientSessionStatuses) expect(refuseTransition(from, to)).toMatch(new RegExp(from));
    }
  });

  it('lets a submitted session be aborted while it may be paid again, and only then', () => {
    for (const failed of ['REFUSED', 'ERROR', 'ABORTED']) {
      expect(refuseTransition('SUBMITTED', 'ABORTED_BY_MERCHANT', failed)).toBeUndefined();
      expect(refuseTransition('SUBMITTED', 'ABORTED_BY_CUSTOMER', failed)).toBeUndefined();
      // It has had its chance to expire: a failed payment does not reopen it.
      expect(refuseTransition('SUBMITTED', 'EXPIRED', failed)).toMatch(/SUBMITTED/);
      expect(refuseTransition('SUBMITTED', 'CHOICE_IN_PROGRESS', failed)).toMatch(/SUBMITTED/);
    }
    for (const held of ['AUTHORIZED', 'PENDING', 'UNCERTAIN'])
      expect(refuseTransition('SUBMITTED', 'ABORTED_BY_MERCHANT', held)).toBe(
        `the client session is SUBMITTED and its payment is ${held}; it cannot become ABORTED_BY_MERCHANT`,
      );
    expect(refuseTransition('SUBMITTED', 'ABORTED_BY_CUSTOMER', undefined)).toBe(
      'the client session is SUBMITTED and its payment is being authorized; it cannot become ABORTED_BY_CUSTOMER',
    );
    for (const ended of ['EXPIRED', 'ABORTED_BY_CUSTOMER', 'ABORTED_BY_MERCHANT'] as const)
      expect(refuseTransition(ended, 'ABORTED_BY_MERCHANT', 'REFUSED')).toMatch(new RegExp(ended));
  });

  it('never goes back to CREATED', () => {
    expect(refuseTransition('CHOICE_IN_PROGRESS', 'CREATED')).toBeDefined();
  });

  it('may be paid while open, or again once its payment’s authorization failed', () => {
    expect(mayBePaid('CREATED', undefined)).toBe(true);
    expect(mayBePaid('CHOICE_IN_PROGRESS', undefined)).toBe(true);
    for (const failed of ['REFUSED', 'ERROR', 'ABORTED']) expect(mayBePaid('SUBMITTED', failed)).toBe(true);
    for (const held of ['AUTHORIZED', 'PENDING', 'UNCERTAIN', undefined])
      expect(mayBePaid('SUBMITTED', held)).toBe(false);
    for (const ended of ['EXPIRED', 'ABORTED_BY_CUSTOMER', 'ABORTED_BY_MERCHANT'] as const)
      expect(mayBePaid(ended, 'REFUSED')).toBe(false);
  });
});
