// What every method's form shares: its props, the pay button, the notice of a card being saved.
import type { CheckoutApi } from '../core/api';
import { SAVE_CARD_NOTICE } from '../core/messages';
import type { PaymentOption } from '../core/solutions';
import type { ClientSessionView, SplitEntry } from '../core/types';

/** What a method's form gives the panel: the split to submit, or null when its own checks failed. */
export type BuildSplit = () => Promise<SplitEntry[] | null>;

export interface MethodProps {
  option: PaymentOption;
  session: ClientSessionView;
  api: CheckoutApi;
  locale: string;
  now: () => Date;
  busy: boolean;
  /** The submit button's text. */
  payLabel: string;
  pay(build: BuildSplit): void;
}

export function PayButton({ label, busy, describedBy }: { label: string; busy: boolean; describedBy?: string }) {
  return (
    <button
      type="submit"
      className="tc-button tc-button--primary tc-pay"
      disabled={busy}
      aria-describedby={describedBy}
    >
      {busy && <span className="tc-spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}

/**
 * Said before the shopper pays by card on a session made with allow_future_usage: the partner
 * issues a reusable token for this card, kept in the customer's wallet when the session names one
 * (workflows/payment/wallet-save.ts), with the merchant otherwise. The pay button points at it.
 */
export function SaveCardNotice({ id }: { id: string }) {
  return (
    <p id={id} className="tc-save-notice">
      {SAVE_CARD_NOTICE}
    </p>
  );
}
