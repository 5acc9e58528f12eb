import { describe, expect, it } from 'vitest';
import { authorizationFailed, automaticCapturePlan, compensationPlan, unwindPlan } from './payment-compensation';
import { auth, CARD, GIFTCARD, ledger, op, split, WALLET } from './payment-ledger.fixtures';
import { planOperation } from './payment-operations';

const alloc = (authorization_id: string, amount: number) => ({ authorization_id, amount });
const NOTHING = { voids: [], refunds: [], unsettled: [] };

describe('authorizationFailed', () => {
  it.each(['REFUSED', 'ERROR', 'ABORTED'] as const)('is true when a leg is %s', (status) => {
    expect(authorizationFailed(ledger([auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000, status)]))).toBe(true);
  });

  it('is false while every leg is authorized or not final yet', () => {
    expect(authorizationFailed(ledger([auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000, 'UNCERTAIN')]))).toBe(false);
    expect(authorizationFailed(ledger([]))).toBe(false);
  });
});

describe('automaticCapturePlan', () => {
  it('captures each leg’s whole remaining amount, in authorization order', () => {
    expect(automaticCapturePlan(split())).toEqual([alloc('gc', 4000), alloc('cc', 6000)]);
  });

  it('captures what a partial gift card holds', () => {
    const l = ledger([auth('gc', GIFTCARD, 4000, 'AUTHORIZED', 2500), auth('cc', CARD, 7500)]);
    expect(automaticCapturePlan(l)).toEqual([alloc('gc', 2500), alloc('cc', 7500)]);
  });

  it('waits while a leg is PENDING or UNCERTAIN', () => {
    expect(automaticCapturePlan(ledger([auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000, 'PENDING')]))).toEqual([]);
    expect(automaticCapturePlan(ledger([auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000, 'UNCERTAIN')]))).toEqual([]);
  });

  it('captures nothing when a leg failed: that is compensation’s case', () => {
    expect(automaticCapturePlan(ledger([auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000, 'REFUSED')]))).toEqual([]);
  });

  it('does not capture twice: captures done or in flight are left out', () => {
    const l = split([op('c1', 'capture', 'gc', 4000), op('c2', 'capture', 'cc', 6000, 'UNCERTAIN')]);
    expect(automaticCapturePlan(l)).toEqual([]);
    expect(
      automaticCapturePlan(split([op('c1', 'capture', 'gc', 4000), op('c2', 'capture', 'cc', 6000, 'FAILURE')])),
    ).toEqual([alloc('cc', 6000)]);
  });
});

describe('compensationPlan', () => {
  it('has nothing to do while no leg failed', () => {
    expect(compensationPlan(split([op('c', 'capture', 'gc', 4000)]))).toEqual(NOTHING);
  });

  it('voids the legs that authorized when a later leg is refused, last leg first', () => {
    const l = ledger([auth('gc', GIFTCARD, 4000), auth('wl', WALLET, 1000), auth('cc', CARD, 5000, 'REFUSED')]);
    expect(compensationPlan(l)).toEqual({ voids: [alloc('wl', 1000), alloc('gc', 4000)], refunds: [], unsettled: [] });
  });

  it('refunds what was captured and voids the rest', () => {
    const l = ledger(
      [auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000, 'ERROR')],
      [op('c', 'capture', 'gc', 3000), op('r', 'refund', 'gc', 500)],
    );
    expect(compensationPlan(l)).toEqual({ voids: [alloc('gc', 1000)], refunds: [alloc('gc', 2500)], unsettled: [] });
  });

  it('lists what must settle first, and leaves alone what is already being given back', () => {
    const l = ledger(
      [auth('gc', GIFTCARD, 4000), auth('wl', WALLET, 1000, 'UNCERTAIN'), auth('cc', CARD, 5000, 'REFUSED')],
      [op('v', 'void', 'gc', 4000, 'PENDING')],
    );
    expect(compensationPlan(l)).toEqual({ voids: [], refunds: [], unsettled: ['wl', 'v'] });
  });

  it('waits for a capture in flight: its outcome decides between refund and void', () => {
    const l = ledger(
      [auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000, 'REFUSED')],
      [op('c', 'capture', 'gc', 4000, 'UNCERTAIN')],
    );
    expect(compensationPlan(l)).toEqual({ voids: [], refunds: [], unsettled: ['c'] });
    const captured = { ...l, operations: [op('c', 'capture', 'gc', 4000, 'SUCCESS')] };
    expect(compensationPlan(captured)).toEqual({ voids: [], refunds: [alloc('gc', 4000)], unsettled: [] });
    const failed = { ...l, operations: [op('c', 'capture', 'gc', 4000, 'FAILURE')] };
    expect(compensationPlan(failed)).toEqual({ voids: [alloc('gc', 4000)], refunds: [], unsettled: [] });
  });

  it('is done once everything was given back', () => {
    const l = ledger(
      [auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000, 'REFUSED')],
      [op('c', 'capture', 'gc', 1000), op('r', 'refund', 'gc', 1000), op('v', 'void', 'gc', 3000)],
    );
    expect(compensationPlan(l)).toEqual(NOTHING);
  });

  it('gives allocations that planOperation accepts as partner_transaction_id requests', () => {
    const l = ledger(
      [auth('gc', GIFTCARD, 4000), auth('wl', WALLET, 1000), auth('cc', CARD, 5000, 'ABORTED')],
      [op('c', 'capture', 'gc', 1500)],
    );
    const plan = compensationPlan(l);
    for (const [kind, allocations] of [
      ['void', plan.voids],
      ['refund', plan.refunds],
    ] as const) {
      for (const a of allocations) {
        expect(planOperation(l, kind, { amount: a.amount, partner_transaction_id: a.authorization_id })).toEqual({
          ok: true,
          allocations: [a],
        });
      }
    }
  });
});

describe('unwindPlan', () => {
  it('gives back what every leg holds even though none failed (a payment short of its amount)', () => {
    const l = ledger([auth('gc', GIFTCARD, 4000, 'AUTHORIZED', 2500)], [op('c', 'capture', 'gc', 1000)]);
    expect(compensationPlan(l)).toEqual(NOTHING);
    expect(unwindPlan(l)).toEqual({ voids: [alloc('gc', 1500)], refunds: [alloc('gc', 1000)], unsettled: [] });
  });

  it('is compensationPlan when a leg failed', () => {
    const l = ledger(
      [auth('gc', GIFTCARD, 4000), auth('wl', WALLET, 1000, 'PENDING'), auth('cc', CARD, 5000, 'REFUSED')],
      [op('c', 'capture', 'gc', 1000, 'UNCERTAIN')],
    );
    expect(unwindPlan(l)).toEqual(compensationPlan(l));
    expect(unwindPlan(l)).toEqual({ voids: [alloc('gc', 3000)], refunds: [], unsettled: ['wl', 'c'] });
  });
});
