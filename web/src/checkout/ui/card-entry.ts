// How a card form collects the card: plain inputs on the hosted page (Tessera's own origin), or
// secure fields (frames of Tessera's origin) in the widget, which runs in a merchant's page. The
// method forms (CardPayment, GiftCardPayment) render the entry the checkout was given and drive
// it through its handle; they never touch card data themselves.
import { createContext, useContext, type ComponentType, type RefObject } from 'react';
import type { CheckoutApi } from '../core/api';
import type { SplitEntry } from '../core/types';

export interface CardEntryHandle {
  /** Shows every field's problem and focuses the first; true when the card can be tokenized. */
  validate(): boolean;
  /**
   * Tokenizes the card at the vault: its token and what the split entry says of the card, or null
   * when the vault refused it (the fields then say why). Throws CheckoutNetworkError or
   * CheckoutApiError for the panel to report.
   */
  tokenize(): Promise<{ token: string; card: SplitEntry['card'] } | null>;
}

export interface CardEntryProps {
  handle: RefObject<CardEntryHandle | null>;
  /** Tells fields apart when two card forms could exist (the card form, the gift card's rest). */
  idPrefix: string;
  api: CheckoutApi;
  now: () => Date;
  /** The form is being paid: inputs are disabled. */
  busy: boolean;
  locale: string;
}

export type CardEntryComponent = ComponentType<CardEntryProps>;

export const CardEntryContext = createContext<CardEntryComponent | undefined>(undefined);

export function useCardEntry(): CardEntryComponent {
  const entry = useContext(CardEntryContext);
  if (!entry) throw new Error('Hook useCardEntry is called outside the <CardEntryContext.Provider>');
  return entry;
}
