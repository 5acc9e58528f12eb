// A gift card: its number (and PIN) go to the vault, the balance is checked, then it pays what it
// can and a card pays the rest (one submission, gift card first).
import { useId, useRef, useState, type FormEvent } from 'react';
import { CheckoutApiError, type GiftCardBalance } from '../core/api';
import { giftCardProblemMessage, TOO_MANY_ATTEMPTS_MESSAGE } from '../core/messages';
import { formatAmount } from '../core/money';
import { buildSplit, planGiftCard, type GiftCardPlan } from '../core/split';
import type { PaymentOption } from '../core/solutions';
import type { SplitEntry } from '../core/types';
import { useCardEntry, type CardEntryHandle } from './card-entry';
import { Field } from './Field';
import { PayButton, SaveCardNotice, type MethodProps } from './method';

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'checked'; balance: GiftCardBalance; plan: GiftCardPlan }
  | { state: 'error'; field: 'number' | 'pin' | 'form'; message: string };

const GIFT_CARD_NUMBER = /^[0-9]{8,19}$/;
const PIN = /^[0-9]{4,8}$/;

export function GiftCardPayment({
  option,
  cardOption,
  session,
  api,
  locale,
  now,
  busy,
  payLabel,
  pay,
}: MethodProps & { cardOption: PaymentOption | undefined }) {
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const CardEntry = useCardEntry();
  const card = useRef<CardEntryHandle>(null);
  const statusId = useId();
  const noticeId = useId();
  const money = (minor: number) => formatAmount(minor, session.currency, locale);
  const digits = number.replace(/\D+/g, '');

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    if (check.state !== 'idle' && check.state !== 'checking') setCheck({ state: 'idle' });
  };

  const checkBalance = async (event: FormEvent) => {
    event.preventDefault();
    if (!GIFT_CARD_NUMBER.test(digits))
      return setCheck({ state: 'error', field: 'number', message: giftCardProblemMessage('/number', undefined) });
    if (pin !== '' && !PIN.test(pin))
      return setCheck({ state: 'error', field: 'pin', message: giftCardProblemMessage('/pin', undefined) });
    setCheck({ state: 'checking' });
    try {
      const vaulted = await api.vaultGiftCard({ number: digits, ...(pin ? { pin } : {}) });
      const balance = await api.giftCardBalance(vaulted.vault_form_token, session.currency);
      setCheck({ state: 'checked', balance, plan: planGiftCard(session.amount, balance.active ? balance.balance : 0) });
    } catch (error) {
      const first = error instanceof CheckoutApiError ? error.fieldErrors[0] : undefined;
      const message =
        error instanceof CheckoutApiError && error.status === 400
          ? giftCardProblemMessage(first?.pointer, first?.detail)
          : error instanceof CheckoutApiError && error.status === 429
            ? TOO_MANY_ATTEMPTS_MESSAGE
            : 'We could not check this gift card right now. Check your connection and try again.';
      setCheck({
        state: 'error',
        field:
          first?.pointer === '/pin' || first?.detail?.includes('PIN')
            ? 'pin'
            : first?.pointer === '/number'
              ? 'number'
              : 'form',
        message,
      });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.state !== 'checked' || check.plan.kind === 'empty') return;
    const plan = check.plan;
    if (plan.rest > 0 && !card.current?.validate()) return;
    pay(async () => {
      // A fresh token for each submission: a token used by a refused attempt is spent.
      const gift = await api.vaultGiftCard({ number: digits, ...(pin ? { pin } : {}) });
      const entries: SplitEntry[] = [
        {
          amount: plan.giftCard,
          partner: option.partner,
          method: option.method,
          vault_form_token: gift.vault_form_token,
        },
      ];
      if (plan.rest > 0 && cardOption) {
        const vaulted = await card.current?.tokenize();
        if (!vaulted) return null;
        entries.push({
          amount: plan.rest,
          partner: cardOption.partner,
          method: cardOption.method,
          vault_form_token: vaulted.token,
          card: vaulted.card,
        });
      }
      return buildSplit(session.amount, entries);
    });
  };

  const checked = check.state === 'checked' ? check : undefined;
  const savesCard = checked?.plan.kind === 'partial' && session.allow_future_usage === true;
  const canPay =
    checked && (checked.plan.kind === 'covers-all' || (checked.plan.kind === 'partial' && cardOption !== undefined));
  return (
    <div className="tc-giftcard">
      <form className="tc-form" noValidate onSubmit={(event) => void checkBalance(event)} aria-label="Gift card">
        <div className="tc-row tc-row--giftcard">
          <Field
            label="Gift card number"
            name="giftcard-number"
            autoComplete="off"
            inputMode="numeric"
            spellCheck={false}
            value={number}
            onChange={(event) => edit(setNumber)(event.target.value.replace(/[^\d ]+/g, '').slice(0, 23))}
            error={check.state === 'error' && check.field === 'number' ? check.message : undefined}
          />
          <Field
            label="PIN (if any)"
            name="giftcard-pin"
            type="password"
            autoComplete="off"
            inputMode="numeric"
            value={pin}
            onChange={(event) => edit(setPin)(event.target.value.replace(/\D+/g, '').slice(0, 8))}
            error={check.state === 'error' && check.field === 'pin' ? check.message : undefined}
          />
        </div>
        {!checked && (
          <button
            type="submit"
            className="tc-button tc-button--secondary"
            disabled={busy || check.state === 'checking'}
            aria-describedby={statusId}
          >
            {check.state === 'checking' && <span className="tc-spinner" aria-hidden="true" />}
            Check balance
          </button>
        )}
      </form>
      <div id={statusId} className="tc-giftcard-status" aria-live="polite">
        {check.state === 'checking' && <p className="tc-sr-only">Checking the gift card balance…</p>}
        {check.state === 'error' && check.field === 'form' && <p className="tc-inline-error">{check.message}</p>}
        {checked && (
          <BalanceMessage check={checked} total={session.amount} money={money} hasCard={cardOption !== undefined} />
        )}
      </div>
      {canPay && checked && (
        <form className="tc-form" noValidate onSubmit={submit} aria-label="Pay with the gift card">
          {checked.plan.kind === 'partial' && (
            <CardEntry handle={card} idPrefix="rest" api={api} now={now} busy={busy} locale={locale} />
          )}
          {/* The card paying the rest is saved like any other (the gift card is not). */}
          {savesCard && <SaveCardNotice id={noticeId} />}
          <PayButton label={payLabel} busy={busy} {...(savesCard ? { describedBy: noticeId } : {})} />
        </form>
      )}
    </div>
  );
}

function BalanceMessage({
  check,
  total,
  money,
  hasCard,
}: {
  check: Extract<Check, { state: 'checked' }>;
  total: number;
  money(minor: number): string;
  hasCard: boolean;
}) {
  const { balance, plan } = check;
  const lastFour = balance.gift_card.last_four_digits;
  if (!balance.active)
    return (
      <p className="tc-inline-error">
        The gift card ending in {lastFour} is not activated yet. Use another gift card or payment method.
      </p>
    );
  if (plan.kind === 'empty')
    return (
      <p className="tc-inline-error">
        The gift card ending in {lastFour} has no balance left. Use another gift card or payment method.
      </p>
    );
  return (
    <div className="tc-balance">
      <p>
        Gift card ending in <span className="tc-mono">{lastFour}</span>: balance{' '}
        <strong data-testid="giftcard-balance">{money(balance.balance)}</strong>.
      </p>
      {plan.kind === 'covers-all' && <p>It pays the whole {money(total)}.</p>}
      {plan.kind === 'partial' && hasCard && (
        <p data-testid="split-summary">
          <strong>{money(plan.giftCard)}</strong> from the gift card, <strong>{money(plan.rest)}</strong> left to pay by
          card.
        </p>
      )}
      {plan.kind === 'partial' && !hasCard && (
        <p className="tc-inline-error">
          The balance does not cover the total, and no card payment is available for the rest.
        </p>
      )}
    </div>
  );
}
