import { describe, expect, it } from 'vitest';
import { buildSplit, instalmentPlan, planGiftCard } from './split';

describe('planGiftCard', () => {
  it('pays with the gift card up to its balance and leaves the rest for a card', () => {
    expect(planGiftCard(2599, 5000)).toEqual({ kind: 'covers-all', giftCard: 2599, rest: 0 });
    expect(planGiftCard(2599, 2599)).toEqual({ kind: 'covers-all', giftCard: 2599, rest: 0 });
    expect(planGiftCard(2599, 1000)).toEqual({ kind: 'partial', giftCard: 1000, rest: 1599 });
    expect(planGiftCard(2599, 1)).toEqual({ kind: 'partial', giftCard: 1, rest: 2598 });
  });

  it('has nothing to pay with an empty or unreadable balance', () => {
    expect(planGiftCard(2599, 0)).toEqual({ kind: 'empty' });
    expect(planGiftCard(2599, -5)).toEqual({ kind: 'empty' });
    expect(planGiftCard(2599, Number.NaN)).toEqual({ kind: 'empty' });
    expect(() => planGiftCard(0, 100)).toThrow(RangeError);
  });
});

describe('buildSplit', () => {
  const gift = { amount: 1000, partner: 'sandbox-giftcard', method: 'giftcard', vault_form_token: 'vgt_1' };
  const card = { amount: 1599, partner: 'sandbox-card', method: 'creditcard', vault_form_token: 'vft_1' };

  it('keeps the order (gift card first) and drops zero parts', () => {
    expect(buildSplit(2599, [gift, card])).toEqual([gift, card]);
    expect(buildSplit(1000, [gift, { ...card, amount: 0 }])).toEqual([gift]);
  });

  it('refuses parts that do not add up to the total', () => {
    expect(() => buildSplit(3000, [gift, card])).toThrow('the split adds up to 2599, the session amount is 3000');
  });
});

describe('instalmentPlan', () => {
  it('splits into equal parts with the remainder on the first', () => {
    expect(instalmentPlan(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(instalmentPlan(10000, 4)).toEqual([2500, 2500, 2500, 2500]);
    expect(instalmentPlan(0, 3)).toEqual([]);
  });
});
