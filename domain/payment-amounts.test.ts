import { describe, expect, it } from 'vitest';
import type {
  PaymentAmounts as SchemaPaymentAmounts,
  PaymentOverview as SchemaPaymentOverview,
} from '../api/schemas/v2/payment';
import { authorizationBalances, availableOn, computeAmounts, overview, overviewTag } from './payment-amounts';
import { auth, CARD, GIFTCARD, ledger, op, split, WALLET } from './payment-ledger.fixtures';

const ZERO = {
  authorize_pending: 0,
  total_authorized: 0,
  total_voided: 0,
  available_to_void: 0,
  total_captured: 0,
  available_to_capture: 0,
  total_refunded: 0,
  available_to_refund: 0,
  total_disputed: 0,
  total_charged_back: 0,
};

describe('computeAmounts: authorizations', () => {
  it('is all zeros without authorizations', () => {
    expect(computeAmounts(ledger([]))).toEqual(ZERO);
  });

  it('makes an AUTHORIZED leg available to capture and to void', () => {
    expect(computeAmounts(split())).toEqual({
      ...ZERO,
      total_authorized: 10000,
      available_to_capture: 10000,
      available_to_void: 10000,
    });
  });

  it('counts what a gift card authorized, not what was requested', () => {
    const l = ledger([auth('gc', GIFTCARD, 4000, 'AUTHORIZED', 2500)]);
    expect(computeAmounts(l)).toMatchObject({ total_authorized: 2500, available_to_capture: 2500 });
    expect(authorizationBalances(l)[0]).toMatchObject({ authorized: 2500, remaining_amount: 2500 });
  });

  it('counts PENDING and UNCERTAIN legs as authorize_pending, by requested amount, and nothing else', () => {
    const l = ledger([
      auth('a', CARD, 3000, 'PENDING'),
      auth('b', WALLET, 2000, 'UNCERTAIN'),
      auth('c', GIFTCARD, 500),
    ]);
    expect(computeAmounts(l)).toEqual({
      ...ZERO,
      authorize_pending: 5000,
      total_authorized: 500,
      available_to_capture: 500,
      available_to_void: 500,
    });
  });

  it.each(['REFUSED', 'ERROR', 'ABORTED'] as const)('counts nothing for a %s leg', (status) => {
    expect(computeAmounts(ledger([auth('a', CARD, 3000, status)]))).toEqual(ZERO);
  });

  it('ignores authorized_amount unless AUTHORIZED', () => {
    expect(computeAmounts(ledger([auth('a', CARD, 3000, 'PENDING', 3000)]))).toEqual({
      ...ZERO,
      authorize_pending: 3000,
    });
  });
});

describe('computeAmounts: operations and the reservation policy', () => {
  it('counts a successful capture and leaves the rest to capture or void', () => {
    const l = split([op('c', 'capture', 'gc', 3000)]);
    expect(computeAmounts(l)).toEqual({
      ...ZERO,
      total_authorized: 10000,
      total_captured: 3000,
      available_to_capture: 7000,
      available_to_void: 7000,
      available_to_refund: 3000,
    });
    expect(authorizationBalances(l).map((b) => [b.id, b.remaining_amount, b.refundable_amount])).toEqual([
      ['gc', 1000, 3000],
      ['cc', 6000, 0],
    ]);
  });

  it.each(['PENDING', 'UNCERTAIN'] as const)(
    'reserves a %s capture: not captured yet, but no longer available to capture or void',
    (status) => {
      const l = split([op('c', 'capture', 'cc', 6000, status)]);
      expect(computeAmounts(l)).toEqual({
        ...ZERO,
        total_authorized: 10000,
        available_to_capture: 4000,
        available_to_void: 4000,
      });
      expect(authorizationBalances(l)[1]).toMatchObject({
        captured: 0,
        capturing: 6000,
        remaining_amount: 0,
        refundable_amount: 0,
      });
    },
  );

  it('releases a failed capture', () => {
    expect(computeAmounts(split([op('c', 'capture', 'cc', 6000, 'FAILURE')]))).toEqual(computeAmounts(split()));
  });

  it('counts a successful void and reserves one in flight', () => {
    const l = split([
      op('v1', 'void', 'cc', 1000),
      op('v2', 'void', 'cc', 2000, 'UNCERTAIN'),
      op('v3', 'void', 'cc', 3000, 'FAILURE'),
    ]);
    expect(computeAmounts(l)).toEqual({
      ...ZERO,
      total_authorized: 10000,
      total_voided: 1000,
      available_to_capture: 7000,
      available_to_void: 7000,
    });
    expect(authorizationBalances(l)[1]).toMatchObject({ voided: 1000, voiding: 2000, remaining_amount: 3000 });
  });

  it('counts a successful refund and reserves one in flight', () => {
    const l = split([
      op('c', 'capture', 'cc', 5000),
      op('r1', 'refund', 'cc', 1000),
      op('r2', 'refund', 'cc', 1500, 'PENDING'),
      op('r3', 'refund', 'cc', 2500, 'FAILURE'),
    ]);
    expect(computeAmounts(l)).toMatchObject({ total_captured: 5000, total_refunded: 1000, available_to_refund: 2500 });
    expect(authorizationBalances(l)[1]).toMatchObject({ refunded: 1000, refunding: 1500, refundable_amount: 2500 });
  });

  it('does not let a capture in flight be refunded', () => {
    const l = split([op('c', 'capture', 'cc', 5000, 'PENDING')]);
    expect(computeAmounts(l).available_to_refund).toBe(0);
  });

  it('keeps refunds out of the capture and void pool', () => {
    const l = split([op('c', 'capture', 'gc', 4000), op('r', 'refund', 'gc', 4000)]);
    expect(computeAmounts(l)).toMatchObject({
      total_captured: 4000,
      total_refunded: 4000,
      available_to_capture: 6000,
      available_to_refund: 0,
    });
  });

  it('balances every leg exactly', () => {
    const l = split([
      op('c1', 'capture', 'gc', 1000),
      op('c2', 'capture', 'gc', 500, 'PENDING'),
      op('v1', 'void', 'gc', 700),
      op('v2', 'void', 'gc', 300, 'UNCERTAIN'),
      op('r1', 'refund', 'gc', 200),
      op('r2', 'refund', 'gc', 100, 'PENDING'),
    ]);
    const [gc] = authorizationBalances(l);
    expect(gc).toEqual({
      id: 'gc',
      ...GIFTCARD,
      status: 'AUTHORIZED',
      authorized: 4000,
      captured: 1000,
      voided: 700,
      refunded: 200,
      capturing: 500,
      voiding: 300,
      refunding: 100,
      disputed: 0,
      charged_back: 0,
      remaining_amount: 1500,
      refundable_amount: 700,
    });
    expect(gc && availableOn(gc, 'capture')).toBe(1500);
    expect(gc && availableOn(gc, 'void')).toBe(1500);
    expect(gc && availableOn(gc, 'refund')).toBe(700);
  });
});

describe('computeAmounts on a ledger ledgerProblems rejects', () => {
  it('ignores operations on unknown legs and never answers a negative amount', () => {
    const l = split([op('x', 'capture', 'nope', 999), op('c', 'capture', 'gc', 5000), op('r', 'refund', 'cc', 10)]);
    const amounts = computeAmounts(l);
    expect(Object.values(amounts).every((n) => n >= 0)).toBe(true);
    expect(authorizationBalances(l).map((b) => [b.remaining_amount, b.refundable_amount])).toEqual([
      [0, 5000],
      [6000, 0],
    ]);
  });

  it('counts a repeated authorization id once', () => {
    const l = ledger([auth('a', CARD, 100), auth('a', CARD, 100)], [op('c', 'capture', 'a', 40)]);
    expect(computeAmounts(l)).toMatchObject({ total_authorized: 100, total_captured: 40, available_to_capture: 60 });
  });
});

describe('overviewTag', () => {
  it.each([
    [0, 0, 'NOT'],
    [0, 100, 'NOT'],
    [1, 100, 'PARTIALLY'],
    [99, 100, 'PARTIALLY'],
    [100, 100, 'TOTALLY'],
  ] as const)('%i of %i is %s', (part, whole, tag) => {
    expect(overviewTag(part, whole)).toBe(tag);
  });
});

describe('overview', () => {
  it('is NOT everywhere before anything happened, and when nothing was authorized', () => {
    const none = { consumed: 'NOT', captured: 'NOT', voided: 'NOT', refunded: 'NOT' };
    expect(overview(split())).toEqual(none);
    expect(overview(ledger([auth('a', CARD, 100, 'REFUSED')]))).toEqual(none);
    expect(overview(ledger([]))).toEqual(none);
  });

  it('measures captured and voided against the authorized amount', () => {
    expect(overview(split([op('c', 'capture', 'gc', 4000)]))).toEqual({
      consumed: 'PARTIALLY',
      captured: 'PARTIALLY',
      voided: 'NOT',
      refunded: 'NOT',
    });
    expect(overview(split([op('c', 'capture', 'gc', 4000), op('c2', 'capture', 'cc', 6000)]))).toMatchObject({
      consumed: 'TOTALLY',
      captured: 'TOTALLY',
    });
    expect(overview(split([op('v', 'void', 'cc', 6000), op('v2', 'void', 'gc', 4000)]))).toEqual({
      consumed: 'TOTALLY',
      captured: 'NOT',
      voided: 'TOTALLY',
      refunded: 'NOT',
    });
  });

  it('is consumed TOTALLY when captures and voids together use up the authorization', () => {
    expect(overview(split([op('c', 'capture', 'gc', 4000), op('v', 'void', 'cc', 6000)]))).toEqual({
      consumed: 'TOTALLY',
      captured: 'PARTIALLY',
      voided: 'PARTIALLY',
      refunded: 'NOT',
    });
  });

  it('measures refunded against the captured amount', () => {
    expect(overview(split([op('c', 'capture', 'gc', 4000), op('r', 'refund', 'gc', 1000)])).refunded).toBe('PARTIALLY');
    expect(overview(split([op('c', 'capture', 'gc', 4000), op('r', 'refund', 'gc', 4000)])).refunded).toBe('TOTALLY');
  });

  it('shows only settled operations', () => {
    expect(
      overview(split([op('c', 'capture', 'gc', 4000, 'PENDING'), op('v', 'void', 'cc', 6000, 'UNCERTAIN')])),
    ).toEqual({
      consumed: 'NOT',
      captured: 'NOT',
      voided: 'NOT',
      refunded: 'NOT',
    });
  });

  it('measures against what a partial gift card authorized', () => {
    const l = ledger([auth('gc', GIFTCARD, 4000, 'AUTHORIZED', 2500)], [op('c', 'capture', 'gc', 2500)]);
    expect(overview(l).captured).toBe('TOTALLY');
  });
});

describe('shapes', () => {
  it('fit the API schemas’ PaymentAmounts and PaymentOverview', () => {
    // Compile-time check: the domain's structural types are assignable to the schema types.
    const amounts: SchemaPaymentAmounts = computeAmounts(split());
    const tags: SchemaPaymentOverview = overview(split());
    expect(Object.keys(amounts).sort()).toEqual(Object.keys(ZERO).sort());
    expect(Object.keys(tags).sort()).toEqual(['captured', 'consumed', 'refunded', 'voided']);
  });
});

describe('disputes', () => {
  const disputed = (status: 'NEEDS_RESPONSE' | 'UNDER_REVIEW' | 'WON' | 'LOST', amount = 3000) => ({
    ...split([op('c', 'capture', 'cc', 6000), op('r', 'refund', 'cc', 1000)]),
    disputes: [{ id: 'd', authorization_id: 'cc', amount, status }],
  });

  it('holds an open dispute back from what can be refunded, without counting it as charged back', () => {
    for (const status of ['NEEDS_RESPONSE', 'UNDER_REVIEW'] as const) {
      expect(computeAmounts(disputed(status))).toMatchObject({
        total_captured: 6000,
        total_refunded: 1000,
        available_to_refund: 2000,
        total_disputed: 3000,
        total_charged_back: 0,
      });
    }
  });

  it('takes a lost dispute out for good, as charged back', () => {
    expect(computeAmounts(disputed('LOST'))).toMatchObject({
      available_to_refund: 2000,
      total_disputed: 0,
      total_charged_back: 3000,
    });
    expect(authorizationBalances(disputed('LOST'))[1]).toMatchObject({ charged_back: 3000, refundable_amount: 2000 });
  });

  it('gives back what a won dispute held', () => {
    expect(computeAmounts(disputed('WON'))).toMatchObject({
      available_to_refund: 5000,
      total_disputed: 0,
      total_charged_back: 0,
    });
  });

  it('never makes the refundable amount negative', () => {
    expect(computeAmounts(disputed('LOST', 9000)).available_to_refund).toBe(0);
  });

  it('leaves what can be captured or voided alone', () => {
    const before = computeAmounts(split([op('c', 'capture', 'cc', 4000)]));
    const after = computeAmounts({
      ...split([op('c', 'capture', 'cc', 4000)]),
      disputes: [{ id: 'd', authorization_id: 'cc', amount: 4000, status: 'LOST' }],
    });
    expect(after.available_to_capture).toBe(before.available_to_capture);
    expect(after.available_to_void).toBe(before.available_to_void);
  });
});
