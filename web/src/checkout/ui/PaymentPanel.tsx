// The means of payment and their forms, and what happens when the shopper pays: tokenize at the
// vault, submit the split, then follow the outcome (partner page, merchant, or try again).
import { useEffect, useId, useRef, useState } from 'react';
import { CheckoutApiError, CheckoutNetworkError, type CheckoutApi } from '../core/api';
import type { Emit } from '../core/events';
import {
  NETWORK_MESSAGE,
  NOT_STARTED_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  SAVED_CARD_UNUSABLE_MESSAGE,
  UNAVAILABLE_MESSAGE,
  redirectMessage,
  type FailureMessage,
} from '../core/messages';
import { formatAmount } from '../core/money';
import { outcomeOf, type Outcome } from '../core/outcome';
import type { SavedCard } from '../core/saved-cards';
import { cardOptionOf, type MethodKind, type PaymentOption } from '../core/solutions';
import type { ClientSessionView, SplitEntry } from '../core/types';
import { GiftCardPayment } from './GiftCardPayment';
import { Heading } from './Heading';
import { RedirectPayment } from './RedirectPayment';
import { CardPayment } from './CardPayment';
import type { BuildSplit, MethodProps } from './method';
import { OptionRow } from './OptionRow';
import { SavedCardLabel, SavedCardPayment } from './SavedCardPayment';
import { useSavedCards } from './useSavedCards';

export interface PaymentPanelProps {
  /** The hosted page titles the panel; in the widget the merchant's page does (its own heading). */
  showTitle?: boolean;
  session: ClientSessionView;
  options: PaymentOption[];
  /** The customer's saved cards, offered first (the favorite preselected). */
  savedCards?: SavedCard[];
  api: CheckoutApi;
  locale: string;
  now: () => Date;
  emit: Emit;
  /** The reason the session's last attempt failed, when the shopper comes back to try again. */
  initialFailure?: FailureMessage;
  /** A submission went through (or must be followed): the checkout leaves the form. */
  onOutcome(outcome: Exclude<Outcome, { kind: 'failed' }>, kind: MethodKind): void;
  /** Something changed on the server side (a submission error): read the session again. */
  onStale(): void;
}

export function PaymentPanel({
  showTitle = true,
  session,
  options,
  savedCards = [],
  api,
  locale,
  now,
  emit,
  initialFailure,
  onOutcome,
  onStale,
}: PaymentPanelProps) {
  const saved = useSavedCards(api, session.id, savedCards, emit);
  const [selectedId, setSelectedId] = useState(savedCards[0]?.id ?? options[0]?.id);
  const [failure, setFailure] = useState<FailureMessage | undefined>(initialFailure);
  const [busy, setBusy] = useState<string>();
  // Forms start afresh after a refusal: the shopper enters another card.
  const [formKey, setFormKey] = useState(0);
  // Each failure moves focus to its message, so it is read even when the text is the same again.
  const [failures, setFailures] = useState(0);
  const alertRef = useRef<HTMLDivElement>(null);
  // After a removal, focus goes to the choice now selected instead of being lost with the card.
  const [removals, setRemovals] = useState(0);
  const optionsRef = useRef<HTMLFieldSetElement>(null);
  const groupName = useId();
  const titleId = useId();
  const choiceIds = [...saved.cards.map((card) => card.id), ...options.map((option) => option.id)];
  const selected = choiceIds.includes(selectedId ?? '') ? selectedId : choiceIds[0];
  const payLabel = `Pay ${formatAmount(session.amount, session.currency, locale)}`;

  useEffect(() => {
    if (failures > 0) alertRef.current?.focus();
  }, [failures]);
  useEffect(() => {
    if (removals > 0) optionsRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [removals]);

  const fail = (
    message: FailureMessage,
    detail: { payment_id?: string; authorization_status?: string } = {},
    resetForms = false,
  ) => {
    setBusy(undefined);
    setFailure(message);
    setFailures((n) => n + 1);
    if (resetForms) setFormKey((n) => n + 1);
    emit({
      type: 'failure',
      detail: {
        session_id: session.id,
        ...detail,
        ...(message.reason ? { reason: message.reason } : {}),
        message: message.message,
        retryable: true,
      },
    });
  };

  const problemOf = (error: unknown): FailureMessage => {
    if (error instanceof CheckoutNetworkError) return { reason: 'NETWORK', message: NETWORK_MESSAGE };
    if (error instanceof CheckoutApiError && error.status >= 500)
      return { reason: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE };
    if (error instanceof CheckoutApiError && error.status === 429)
      return { reason: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS_MESSAGE };
    if (
      error instanceof CheckoutApiError &&
      error.fieldErrors.some((field) => field.pointer?.endsWith('/wallet_token'))
    )
      return { message: SAVED_CARD_UNUSABLE_MESSAGE };
    return { message: NOT_STARTED_MESSAGE };
  };

  const pay = (kind: MethodKind) => async (build: BuildSplit) => {
    if (busy) return;
    setFailure(undefined);
    setBusy('Processing your payment…');
    let split: SplitEntry[] | null;
    try {
      split = await build();
    } catch (error) {
      fail(problemOf(error));
      return;
    }
    if (!split) {
      setBusy(undefined);
      return;
    }
    emit({
      type: 'submitted',
      detail: {
        session_id: session.id,
        split: split.map(({ partner, method, amount, wallet_token }) => ({
          partner,
          method,
          amount,
          ...(wallet_token ? { wallet_token } : {}),
        })),
      },
    });
    let outcome: Outcome;
    try {
      const submission = await api.submitPayment(session.id, split);
      outcome = outcomeOf(submission.payment, api.apiUrl);
    } catch (error) {
      fail(problemOf(error));
      // The session may have moved on (expired, paid in another tab, an answer lost on the way).
      if (!(error instanceof CheckoutApiError && (error.status >= 500 || error.status === 429))) onStale();
      return;
    }
    if (outcome.kind === 'failed') {
      fail(outcome, { payment_id: outcome.paymentId, authorization_status: outcome.status }, true);
      return;
    }
    if (outcome.kind === 'redirect') setBusy(redirectMessage(kind));
    onOutcome(outcome, kind);
  };

  const select = (id: string, detail: { partner: string; method: string; wallet_token?: string }) => {
    setSelectedId(id);
    emit({ type: 'method_selected', detail: { session_id: session.id, ...detail } });
  };

  const remove = async (card: SavedCard) => {
    await saved.remove(card);
    setRemovals((n) => n + 1);
  };

  const methodProps = (option: PaymentOption): MethodProps => ({
    option,
    session,
    api,
    locale,
    now,
    busy: busy !== undefined,
    payLabel,
    // pay reports its own failures on the panel; nothing is left to await.
    pay: (build) => void pay(option.kind)(build),
  });

  return (
    <section
      className="tc-payment"
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={showTitle ? undefined : 'Payment'}
      aria-busy={busy !== undefined || undefined}
    >
      {showTitle && (
        <Heading depth={1} id={titleId} className="tc-section-title">
          Payment
        </Heading>
      )}
      <div ref={alertRef} className="tc-alert-slot" tabIndex={-1} role="alert">
        {failure && (
          <div className="tc-alert">
            <p className="tc-alert-title">
              {failure.reason === 'NETWORK' || failure.reason === 'UNAVAILABLE'
                ? 'Payment not sent'
                : 'Payment not accepted'}
            </p>
            <p className="tc-alert-text">{failure.message}</p>
          </div>
        )}
      </div>
      <p className="tc-sr-only" aria-live="polite">
        {busy ?? ''}
      </p>
      <div className="tc-notice-slot" role="status">
        {saved.notice && <p className="tc-notice">{saved.notice}</p>}
      </div>
      <fieldset ref={optionsRef} className="tc-options" disabled={busy !== undefined}>
        <legend className="tc-sr-only">Payment method</legend>
        {saved.cards.map((card) => (
          <OptionRow
            key={card.id}
            name={groupName}
            value={card.id}
            method={card.method}
            selected={card.id === selected}
            onSelect={() =>
              select(card.id, { partner: card.partner, method: card.method, wallet_token: card.walletToken })
            }
            label={<SavedCardLabel card={card} />}
            formKey={formKey}
          >
            <SavedCardPayment
              card={card}
              session={session}
              busy={busy !== undefined}
              payLabel={payLabel}
              pay={(build) => void pay('card')(build)}
              remove={remove}
            />
          </OptionRow>
        ))}
        {options.map((option) => (
          <OptionRow
            key={option.id}
            name={groupName}
            value={option.id}
            method={option.method}
            selected={option.id === selected}
            onSelect={() => select(option.id, { partner: option.partner, method: option.method })}
            label={
              <span className="tc-option-text">
                <span className="tc-option-name">
                  {/* Beside saved cards, the card form is for another one. */}
                  {option.kind === 'card' && saved.cards.length > 0 ? 'New card' : option.label}
                </span>
                <span className="tc-option-description">{option.description}</span>
              </span>
            }
            formKey={formKey}
          >
            {option.kind === 'card' && <CardPayment {...methodProps(option)} />}
            {option.kind === 'giftcard' && (
              <GiftCardPayment {...methodProps(option)} cardOption={cardOptionOf(options)} />
            )}
            {(option.kind === 'wallet' || option.kind === 'instalments') && (
              <RedirectPayment {...methodProps(option)} />
            )}
          </OptionRow>
        ))}
      </fieldset>
      {busy && (
        <p className="tc-progress" aria-hidden="true">
          <span className="tc-spinner" /> {busy}
        </p>
      )}
    </section>
  );
}
