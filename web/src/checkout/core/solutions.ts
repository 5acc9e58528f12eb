// The means of payment a session offers (its eligible_solutions), as the shopper sees them.
import type { Solution } from './types';

/** How the checkout collects each method: a card form, a gift card (and a card for the rest), or a partner's page. */
export type MethodKind = 'card' | 'giftcard' | 'wallet' | 'instalments';

export interface PaymentOption extends Solution {
  /** Stable id for the radio button and events: "partner/method". */
  id: string;
  kind: MethodKind;
  label: string;
  description: string;
}

function kindOf(method: string): MethodKind | undefined {
  if (method === 'creditcard') return 'card';
  if (method === 'giftcard') return 'giftcard';
  if (method === 'wallet') return 'wallet';
  if (/^\d+x$/.test(method)) return 'instalments';
  return undefined;
}

function describe(kind: MethodKind, method: string): { label: string; description: string } {
  switch (kind) {
    case 'card':
      return { label: 'Card', description: 'Visa, Mastercard, American Express, CB' };
    case 'giftcard':
      return { label: 'Gift card', description: 'Pay all or part with a gift card, the rest by card' };
    case 'wallet':
      return { label: 'Wallet', description: 'Approve the payment in your wallet' };
    case 'instalments': {
      const count = Number.parseInt(method, 10);
      return {
        label: `Pay in ${count} instalments`,
        description: `${count} payments, the first today; the lender decides in a moment`,
      };
    }
  }
}

/**
 * The options to show, in the session's order (the merchant's priority). Methods the checkout
 * cannot collect are left out; a solution listed twice appears once.
 */
export function paymentOptions(solutions: readonly Solution[]): PaymentOption[] {
  const seen = new Set<string>();
  const options: PaymentOption[] = [];
  for (const { partner, method } of solutions) {
    const kind = kindOf(method);
    const id = `${partner}/${method}`;
    if (!kind || seen.has(id)) continue;
    seen.add(id);
    options.push({ id, partner, method, kind, ...describe(kind, method) });
  }
  return options;
}

/** The card option that pays what a gift card does not cover, if the session offers one. */
export const cardOptionOf = (options: readonly PaymentOption[]): PaymentOption | undefined =>
  options.find((option) => option.kind === 'card');
