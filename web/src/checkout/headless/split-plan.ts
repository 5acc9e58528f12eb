// The split the headless checkout builds: a gift card first for what its balance covers, then the
// selected method (a card, a saved card, a wallet, instalments) for the rest, each part within its
// method's limits. Pure: the checkout calls it on every change.
import { planGiftCard } from '../core/split';
import type { GiftCardPart, PaymentMethod, SavedPaymentMethod, SplitPart, SplitPlan } from './headless-api';

export interface SplitInputs {
  total: number;
  currency: string;
  methods: readonly PaymentMethod[];
  saved: readonly SavedPaymentMethod[];
  /** The checked gift card: its balance, and whether it is active. */
  giftCard: { last_four_digits: string; balance: number } | undefined;
  /** A method's id or a saved card's id. */
  selected: string | undefined;
}

const withinLimits = (method: PaymentMethod, amount: number) =>
  amount >= method.limits.min_amount && amount <= method.limits.max_amount;

export function planSplit(inputs: SplitInputs): SplitPlan {
  const { total, currency, methods } = inputs;
  const parts: SplitPart[] = [];
  const problems: string[] = [];
  let giftCard: GiftCardPart | undefined;
  let rest = total;

  const giftMethod = methods.find((method) => method.kind === 'giftcard');
  if (inputs.giftCard && giftMethod) {
    const plan = planGiftCard(total, inputs.giftCard.balance);
    if (plan.kind !== 'empty') {
      giftCard = {
        last_four_digits: inputs.giftCard.last_four_digits,
        balance: inputs.giftCard.balance,
        amount: plan.giftCard,
      };
      parts.push({
        id: giftMethod.id,
        kind: 'giftcard',
        partner: giftMethod.partner,
        method: giftMethod.method,
        amount: plan.giftCard,
      });
      rest = plan.rest;
      if (!withinLimits(giftMethod, plan.giftCard))
        problems.push(`the gift card's part is outside ${giftMethod.id}'s limits`);
    }
  }

  if (rest > 0 && inputs.selected) {
    const saved = inputs.saved.find((card) => card.id === inputs.selected);
    const method = saved
      ? methods.find((candidate) => candidate.partner === saved.partner && candidate.method === saved.method)
      : methods.find((candidate) => candidate.id === inputs.selected && candidate.kind !== 'giftcard');
    if (!method) problems.push(`${inputs.selected} cannot pay the rest`);
    else {
      parts.push({
        id: saved ? saved.id : method.id,
        kind: saved ? 'saved' : method.kind,
        partner: method.partner,
        method: method.method,
        amount: rest,
      });
      if (!withinLimits(method, rest))
        problems.push(
          `${method.id} takes ${method.limits.min_amount} to ${method.limits.max_amount}, the rest is ${rest}`,
        );
      // A lender or a wallet takes the shopper away: it cannot follow a gift card in one payment.
      if (giftCard && (method.kind === 'wallet' || method.kind === 'instalments'))
        problems.push(`${method.id} cannot pay the rest after a gift card: choose a card`);
      rest = 0;
    }
  }
  if (rest > 0 && problems.length === 0) problems.push('select a method for the rest');
  return {
    total,
    currency,
    parts,
    giftCard,
    remaining: rest,
    complete: rest === 0 && problems.length === 0,
    problem: problems[0],
  };
}
