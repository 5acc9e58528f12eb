// Methods the shopper completes on the partner's own page: a wallet's approval, a lender's plan.
import type { FormEvent } from 'react';
import { formatAmount } from '../core/money';
import { instalmentPlan } from '../core/split';
import { PayButton, type MethodProps } from './method';

export function RedirectPayment({ option, session, locale, busy, pay }: MethodProps) {
  const money = (minor: number) => formatAmount(minor, session.currency, locale);
  const count = option.kind === 'instalments' ? Number.parseInt(option.method, 10) : 0;
  const plan = count > 0 ? instalmentPlan(session.amount, count) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay(async () => [{ amount: session.amount, partner: option.partner, method: option.method }]);
  };
  return (
    <form className="tc-form" noValidate onSubmit={submit} aria-label={option.label}>
      {option.kind === 'wallet' ? (
        <p className="tc-explain">
          You will approve the payment of {money(session.amount)} in your wallet, then come back here automatically.
        </p>
      ) : (
        <>
          <p className="tc-explain">
            {count} payments: {money(plan[0] ?? 0)} today, then {plan.slice(1).map(money).join(', ')} every 30 days. The
            lender shows the plan and decides after you apply; you then come back to the shop.
          </p>
        </>
      )}
      <PayButton label={option.kind === 'wallet' ? 'Continue to your wallet' : 'Continue to the lender'} busy={busy} />
    </form>
  );
}
