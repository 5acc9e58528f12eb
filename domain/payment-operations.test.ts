import { describe, expect, it } from 'vitest';
import { authorizationBalances, computeAmounts } from './payment-amounts';
import { auth, CARD, GIFTCARD, ledger, op, split, WALLET } from './payment-ledger.fixtures';
import { beyondAvailableDetail, drawingOrder, planOperation, readBeyondAvailableDetail } from './payment-operations';

const ok = (...allocations: [string, number][]) => ({
  ok: true,
  allocations: allocations.map(([authorization_id, amount]) => ({ authorization_id, amount })),
});
const refused = (...errors: [string, string][]) => ({
  ok: false,
  errors: errors.map(([pointer, detail]) => ({ pointer, detail })),
});

/** Gift card 40.00, card 60.00 and wallet 20.00, authorized in that order. */
const three = (operations = [op('x', 'capture', 'cc', 1, 'FAILURE')]) =>
  ledger([auth('gc', GIFTCARD, 4000), auth('cc', CARD, 6000), auth('wl', WALLET, 2000)], operations);

describe('drawingOrder', () => {
  it('captures in authorization order and unwinds voids and refunds in reverse, AUTHORIZED legs only', () => {
    const l = ledger([
      auth('gc', GIFTCARD, 4000),
      auth('no', CARD, 1, 'REFUSED'),
      auth('cc', CARD, 6000),
      auth('p', WALLET, 5, 'PENDING'),
    ]);
    const ids = (kind: 'capture' | 'void' | 'refund') => drawingOrder(authorizationBalances(l), kind).map((b) => b.id);
    expect(ids('capture')).toEqual(['gc', 'cc']);
    expect(ids('void')).toEqual(['cc', 'gc']);
    expect(ids('refund')).toEqual(['cc', 'gc']);
  });
});

describe('planOperation: amount only', () => {
  it('captures the gift card first, then the card', () => {
    expect(planOperation(split(), 'capture', { amount: 3000 })).toEqual(ok(['gc', 3000]));
    expect(planOperation(split(), 'capture', { amount: 5000 })).toEqual(ok(['gc', 4000], ['cc', 1000]));
    expect(planOperation(split(), 'capture', { amount: 10000 })).toEqual(ok(['gc', 4000], ['cc', 6000]));
  });

  it('voids the card first, then the gift card', () => {
    expect(planOperation(split(), 'void', { amount: 7000 })).toEqual(ok(['cc', 6000], ['gc', 1000]));
  });

  it('refunds the card first, then the gift card, from what was captured', () => {
    const l = split([op('c1', 'capture', 'gc', 4000), op('c2', 'capture', 'cc', 2000)]);
    expect(planOperation(l, 'refund', { amount: 1500 })).toEqual(ok(['cc', 1500]));
    expect(planOperation(l, 'refund', { amount: 5000 })).toEqual(ok(['cc', 2000], ['gc', 3000]));
  });

  it('skips exhausted legs and those taken by operations in flight', () => {
    const l = split([op('c1', 'capture', 'gc', 4000, 'PENDING'), op('v1', 'void', 'cc', 1000, 'UNCERTAIN')]);
    expect(planOperation(l, 'capture', { amount: 5000 })).toEqual(ok(['cc', 5000]));
    expect(planOperation(l, 'void', { amount: 5001 })).toEqual(
      refused(['/amount', 'must not exceed 5000, the amount available to void']),
    );
  });

  it('draws on what a failed operation released', () => {
    const l = split([op('c1', 'capture', 'gc', 4000, 'FAILURE')]);
    expect(planOperation(l, 'capture', { amount: 4000 })).toEqual(ok(['gc', 4000]));
  });

  it('never draws on legs that are not AUTHORIZED', () => {
    const l = ledger([auth('p', CARD, 5000, 'PENDING'), auth('r', GIFTCARD, 5000, 'REFUSED'), auth('ok', WALLET, 100)]);
    expect(planOperation(l, 'capture', { amount: 100 })).toEqual(ok(['ok', 100]));
    expect(planOperation(l, 'capture', { amount: 101 })).toEqual(
      refused(['/amount', 'must not exceed 100, the amount available to capture']),
    );
  });

  it('refuses more than available, stating the available amount', () => {
    expect(planOperation(split(), 'capture', { amount: 10001 })).toEqual(
      refused(['/amount', 'must not exceed 10000, the amount available to capture']),
    );
    expect(planOperation(split([op('c', 'capture', 'cc', 6000)]), 'void', { amount: 4001 })).toEqual(
      refused(['/amount', 'must not exceed 4000, the amount available to void']),
    );
    expect(
      planOperation(split([op('c', 'capture', 'cc', 600), op('r', 'refund', 'cc', 100)]), 'refund', { amount: 501 }),
    ).toEqual(refused(['/amount', 'must not exceed 500, the amount available to refund']));
  });

  it('refuses a refund before anything was captured', () => {
    expect(planOperation(split(), 'refund', { amount: 1 })).toEqual(
      refused(['/amount', 'must not exceed 0, the amount available to refund']),
    );
  });

  it('refuses a second refund of money a refund in flight may already have returned', () => {
    const l = split([op('c', 'capture', 'cc', 6000), op('r', 'refund', 'cc', 6000, 'UNCERTAIN')]);
    expect(planOperation(l, 'refund', { amount: 1 })).toMatchObject({ ok: false });
  });

  it('refuses a void of money a capture in flight may already have taken', () => {
    const l = split([op('c', 'capture', 'gc', 4000, 'PENDING'), op('c2', 'capture', 'cc', 6000, 'PENDING')]);
    expect(planOperation(l, 'void', { amount: 1 })).toEqual(
      refused(['/amount', 'must not exceed 0, the amount available to void']),
    );
  });

  it('agrees with computeAmounts on what is available', () => {
    const l = split([
      op('c', 'capture', 'gc', 1234),
      op('v', 'void', 'cc', 999, 'PENDING'),
      op('r', 'refund', 'gc', 34),
    ]);
    const a = computeAmounts(l);
    expect(planOperation(l, 'capture', { amount: a.available_to_capture }).ok).toBe(true);
    expect(planOperation(l, 'capture', { amount: a.available_to_capture + 1 }).ok).toBe(false);
    expect(planOperation(l, 'void', { amount: a.available_to_void }).ok).toBe(true);
    expect(planOperation(l, 'void', { amount: a.available_to_void + 1 }).ok).toBe(false);
    expect(planOperation(l, 'refund', { amount: a.available_to_refund }).ok).toBe(true);
    expect(planOperation(l, 'refund', { amount: a.available_to_refund + 1 }).ok).toBe(false);
  });
});

describe('planOperation: amount', () => {
  it.each([0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses amount %s without judging availability',
    (amount) => {
      expect(planOperation(split(), 'capture', { amount })).toEqual(
        refused(['/amount', 'must be an integer amount in minor units greater than 0']),
      );
    },
  );

  it('refuses a missing amount', () => {
    expect(planOperation(split(), 'void', {})).toEqual(refused(['/amount', 'is required']));
  });
});

describe('planOperation: priority', () => {
  it('draws on the listed solutions first, in the listed order, then on the rest in the default order', () => {
    expect(planOperation(three(), 'capture', { amount: 1000, priority: [CARD] })).toEqual(ok(['cc', 1000]));
    expect(planOperation(three(), 'capture', { amount: 9000, priority: [WALLET, CARD] })).toEqual(
      ok(['wl', 2000], ['cc', 6000], ['gc', 1000]),
    );
    expect(planOperation(three(), 'capture', { amount: 7000, priority: [CARD] })).toEqual(
      ok(['cc', 6000], ['gc', 1000]),
    );
    expect(planOperation(three(), 'void', { amount: 9000, priority: [GIFTCARD] })).toEqual(
      ok(['gc', 4000], ['wl', 2000], ['cc', 3000]),
    );
  });

  it('draws on several legs of one solution in the default order', () => {
    const l = ledger([auth('gc1', GIFTCARD, 1000), auth('cc', CARD, 5000), auth('gc2', GIFTCARD, 2000)]);
    expect(planOperation(l, 'capture', { amount: 2500, priority: [GIFTCARD] })).toEqual(
      ok(['gc1', 1000], ['gc2', 1500]),
    );
    expect(planOperation(l, 'refund', { amount: 1, priority: [GIFTCARD] })).toMatchObject({ ok: false });
    const captured = {
      ...l,
      operations: [op('c1', 'capture', 'gc1', 1000), op('c2', 'capture', 'gc2', 2000), op('c3', 'capture', 'cc', 10)],
    };
    expect(planOperation(captured, 'refund', { amount: 2500, priority: [GIFTCARD] })).toEqual(
      ok(['gc2', 2000], ['gc1', 500]),
    );
  });

  it('passes over a listed leg that has nothing left', () => {
    const l = three([op('c', 'capture', 'cc', 6000)]);
    expect(planOperation(l, 'capture', { amount: 100, priority: [CARD] })).toEqual(ok(['gc', 100]));
  });

  it('still refuses more than the whole payment has available', () => {
    expect(planOperation(three(), 'capture', { amount: 12001, priority: [CARD] })).toEqual(
      refused(['/amount', 'must not exceed 12000, the amount available to capture']),
    );
  });

  it('refuses an entry that matches no authorized leg, whatever the amount', () => {
    const l = ledger([auth('cc', CARD, 6000), auth('gc', GIFTCARD, 4000, 'REFUSED')]);
    expect(planOperation(l, 'capture', { amount: 100, priority: [CARD, GIFTCARD, WALLET] })).toEqual(
      refused(
        ['/priority/1', 'matches no authorized partner transaction of this payment (sandbox-giftcard giftcard)'],
        ['/priority/2', 'matches no authorized partner transaction of this payment (sandbox-wallet wallet)'],
      ),
    );
    expect(planOperation(l, 'capture', { amount: 9999, priority: [WALLET] })).toEqual(
      refused(
        ['/priority/0', 'matches no authorized partner transaction of this payment (sandbox-wallet wallet)'],
        ['/amount', 'must not exceed 6000, the amount available to capture'],
      ),
    );
  });

  it('matches partner and method together', () => {
    const l = ledger([auth('cc', CARD, 6000)]);
    expect(
      planOperation(l, 'capture', { amount: 1, priority: [{ partner: 'sandbox-card', method: 'giftcard' }] }),
    ).toMatchObject({
      ok: false,
      errors: [{ pointer: '/priority/0' }],
    });
  });

  it('keeps the body rules: no empty list, no repeats, not with partner_transaction_id', () => {
    expect(planOperation(three(), 'capture', { amount: 1, priority: [] })).toMatchObject({
      ok: false,
      errors: [{ pointer: '/priority' }],
    });
    expect(planOperation(three(), 'capture', { amount: 1, priority: [CARD, CARD] })).toMatchObject({
      ok: false,
      errors: [{ pointer: '/priority/1' }],
    });
    expect(
      planOperation(three(), 'capture', { amount: 1, priority: [CARD], partner_transaction_id: 'cc' }),
    ).toMatchObject({
      ok: false,
      errors: [{ pointer: '/partner_transaction_id' }],
    });
  });
});

describe('planOperation: partner_transaction_id', () => {
  it('draws on that authorization leg only', () => {
    expect(planOperation(three(), 'capture', { amount: 6000, partner_transaction_id: 'cc' })).toEqual(ok(['cc', 6000]));
    expect(planOperation(three(), 'void', { amount: 100, partner_transaction_id: 'gc' })).toEqual(ok(['gc', 100]));
  });

  it('refuses more than that leg has available, naming it', () => {
    expect(planOperation(three(), 'capture', { amount: 6001, partner_transaction_id: 'cc' })).toEqual(
      refused(['/amount', 'must not exceed 6000, the amount available to capture on partner transaction cc']),
    );
  });

  it('refunds the authorization that was captured', () => {
    const l = three([op('c', 'capture', 'cc', 2500)]);
    expect(planOperation(l, 'refund', { amount: 2500, partner_transaction_id: 'cc' })).toEqual(ok(['cc', 2500]));
    expect(planOperation(l, 'refund', { amount: 1, partner_transaction_id: 'gc' })).toEqual(
      refused(['/amount', 'must not exceed 0, the amount available to refund on partner transaction gc']),
    );
  });

  it('refuses a capture, void or refund partner transaction, pointing to its authorization', () => {
    const l = three([op('c', 'capture', 'cc', 2500)]);
    expect(planOperation(l, 'refund', { amount: 100, partner_transaction_id: 'c' })).toEqual(
      refused([
        '/partner_transaction_id',
        'is a capture partner transaction; name the authorization partner transaction it acts on: cc',
      ]),
    );
  });

  it('refuses an id that is not in this payment', () => {
    expect(planOperation(three(), 'capture', { amount: 100, partner_transaction_id: 'elsewhere' })).toEqual(
      refused(['/partner_transaction_id', 'is not a partner transaction of this payment']),
    );
  });

  it.each([
    ['REFUSED', 'capture', 'captured'],
    ['PENDING', 'void', 'voided'],
    ['UNCERTAIN', 'refund', 'refunded'],
  ] as const)('refuses a %s leg for a %s', (status, kind, past) => {
    const l = ledger([auth('a', CARD, 100, status), auth('b', GIFTCARD, 100)]);
    expect(planOperation(l, kind, { amount: 1, partner_transaction_id: 'a' })).toEqual(
      refused(['/partner_transaction_id', `is ${status}: only an AUTHORIZED partner transaction can be ${past}`]),
    );
  });

  it('reports the amount and the target together', () => {
    expect(planOperation(three(), 'capture', { amount: -5, partner_transaction_id: 'nope' })).toEqual(
      refused(
        ['/amount', 'must be an integer amount in minor units greater than 0'],
        ['/partner_transaction_id', 'is not a partner transaction of this payment'],
      ),
    );
  });
});

describe('planOperation: the rest of the body', () => {
  it('checks the shipping addresses of the order, as the API does', () => {
    const body = { amount: 100, order: { shipments: [{ shipping_address: { country_code: 'XX' } }] } };
    expect(planOperation(split(), 'capture', body)).toMatchObject({
      ok: false,
      errors: [{ pointer: '/order/shipments/0/shipping_address/country_code' }],
    });
  });

  it('does not change the ledger or depend on anything but its arguments', () => {
    const l = split([op('c', 'capture', 'gc', 100)]);
    const before = structuredClone(l);
    const first = planOperation(l, 'capture', { amount: 5000, priority: [CARD] });
    expect(planOperation(l, 'capture', { amount: 5000, priority: [CARD] })).toEqual(first);
    expect(l).toEqual(before);
  });
});

describe('readBeyondAvailableDetail', () => {
  it('reads back the figure of the detail a refusal beyond what is available gives, and nothing of another detail', () => {
    const plan = planOperation(three(), 'capture', { amount: 12001, partner_transaction_id: 'cc' });
    const [error] = plan.ok ? [] : plan.errors;
    expect(error?.detail).toBe(beyondAvailableDetail(6000, 'capture', ' on partner transaction cc'));
    expect(readBeyondAvailableDetail(error?.detail ?? '')).toEqual({
      available: 6000,
      rest: 'the amount available to capture on partner transaction cc',
    });
    expect(readBeyondAvailableDetail('must be an integer')).toBeUndefined();
  });
});
