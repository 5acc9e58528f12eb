import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from './headless-api';
import { planSplit } from './split-plan';

const method = (id: string, kind: PaymentMethod['kind'], min = 1, max = 1_000_000): PaymentMethod => {
  const [partner, name] = id.split('/') as [string, string];
  return { id, partner, method: name, kind, label: id, limits: { min_amount: min, max_amount: max } };
};
const methods = [
  method('sandbox-card/creditcard', 'card'),
  method('sandbox-giftcard/giftcard', 'giftcard'),
  method('sandbox-instalments/3x', 'instalments', 5_000, 300_000),
];
const base = { total: 2599, currency: 'EUR', methods, saved: [], giftCard: undefined, selected: undefined };

describe('the split the headless checkout builds', () => {
  it('pays the whole amount with the selected method', () => {
    expect(planSplit({ ...base, selected: 'sandbox-card/creditcard' })).toMatchObject({
      parts: [{ kind: 'card', amount: 2599 }],
      remaining: 0,
      complete: true,
      problem: undefined,
    });
  });

  it('puts a gift card first for its balance, and the selected card pays the rest', () => {
    const plan = planSplit({
      ...base,
      giftCard: { last_four_digits: '0004', balance: 1000 },
      selected: 'sandbox-card/creditcard',
    });
    expect(plan.parts.map((part) => [part.kind, part.amount])).toEqual([
      ['giftcard', 1000],
      ['card', 1599],
    ]);
    expect(plan.giftCard).toEqual({ last_four_digits: '0004', balance: 1000, amount: 1000 });
    expect(plan.complete).toBe(true);
  });

  it('needs nothing more when the gift card covers all', () => {
    const plan = planSplit({
      ...base,
      giftCard: { last_four_digits: '0004', balance: 5000 },
      selected: 'sandbox-card/creditcard',
    });
    expect(plan.parts).toEqual([expect.objectContaining({ kind: 'giftcard', amount: 2599 })]);
    expect(plan.complete).toBe(true);
  });

  it('says what is missing or out of limits', () => {
    expect(planSplit(base)).toMatchObject({
      complete: false,
      remaining: 2599,
      problem: 'select a method for the rest',
    });
    expect(planSplit({ ...base, selected: 'sandbox-instalments/3x' })).toMatchObject({
      complete: false,
      problem: 'sandbox-instalments/3x takes 5000 to 300000, the rest is 2599',
    });
    expect(
      planSplit({
        ...base,
        total: 9000,
        giftCard: { last_four_digits: '0004', balance: 1000 },
        selected: 'sandbox-instalments/3x',
      }),
    ).toMatchObject({
      complete: false,
      problem: 'sandbox-instalments/3x cannot pay the rest after a gift card: choose a card',
    });
    expect(planSplit({ ...base, selected: 'nobody/nothing' })).toMatchObject({ complete: false });
  });

  it('pays the rest with a saved card by its wallet token', () => {
    const saved = [
      {
        id: 'wt-1',
        partner: 'sandbox-card',
        method: 'creditcard',
        brand: 'VISA' as const,
        last_four_digits: '4242',
        expiry: '12/34',
        favorite: true,
        title: 'Visa ending in 4242',
      },
    ];
    expect(planSplit({ ...base, saved, selected: 'wt-1' }).parts).toEqual([
      { id: 'wt-1', kind: 'saved', partner: 'sandbox-card', method: 'creditcard', amount: 2599 },
    ]);
  });
});
