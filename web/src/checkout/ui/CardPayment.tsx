import type { FormEvent } from 'react';
import { CardFields } from './CardFields';
import { PayButton, vaultCardOf, type MethodProps } from './method';
import { useCardForm } from './useCardForm';

export function CardPayment({ option, session, api, now, busy, payLabel, pay }: MethodProps) {
  const form = useCardForm(now);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    pay(async () => {
      const vaulted = await vaultCardOf(api, form);
      if (!vaulted) return null;
      return [
        {
          amount: session.amount,
          partner: option.partner,
          method: option.method,
          vault_form_token: vaulted.token,
          card: vaulted.card,
        },
      ];
    });
  };
  return (
    <form className="tc-form" noValidate onSubmit={submit} aria-label="Card payment">
      <CardFields form={form} idPrefix="card" />
      <PayButton label={payLabel} busy={busy} />
    </form>
  );
}
