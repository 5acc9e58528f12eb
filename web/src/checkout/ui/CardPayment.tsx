import { useId, useRef, type FormEvent } from 'react';
import { useCardEntry, type CardEntryHandle } from './card-entry';
import { PayButton, SaveCardNotice, type MethodProps } from './method';

export function CardPayment({ option, session, api, now, locale, busy, payLabel, pay }: MethodProps) {
  const CardEntry = useCardEntry();
  const entry = useRef<CardEntryHandle>(null);
  const noticeId = useId();
  const saving = session.allow_future_usage === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry.current?.validate()) return;
    pay(async () => {
      const vaulted = await entry.current?.tokenize();
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
      <CardEntry handle={entry} idPrefix="card" api={api} now={now} busy={busy} locale={locale} />
      {saving && <SaveCardNotice id={noticeId} />}
      <PayButton label={payLabel} busy={busy} {...(saving ? { describedBy: noticeId } : {})} />
    </form>
  );
}
