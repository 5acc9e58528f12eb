import { useId, type FormEvent } from 'react';
import { CardFields } from './CardFields';
import { PayButton, SaveCardNotice, vaultCardOf, type MethodProps } from './method';
import { useCardForm } from './useCardForm';

export function CardPayment({ option, session, api, now, busy, payLabel, pay }: MethodProps) {
  const form = useCardForm(now);
  const noticeId = useId();
  const saving = session.allow_future_usage === true;
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
      {saving && <SaveCardNotice id={noticeId} />}
      <PayButton label={payLabel} busy={busy} {...(saving ? { describedBy: noticeId } : {})} />
    </form>
  );
}
