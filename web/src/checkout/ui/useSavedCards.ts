// The customer's saved cards while the form is shown: removing one deletes it from their wallet at
// this merchant, takes it off the list and says so.
import { useState } from 'react';
import { CheckoutApiError, type CheckoutApi } from '../core/api';
import type { Emit } from '../core/events';
import type { SavedCard } from '../core/saved-cards';

export interface SavedCards {
  cards: SavedCard[];
  /** What the last removal did, shown and announced (a polite status). */
  notice: string | undefined;
  /** Throws what the API answered when the card could not be removed; it then stays listed. */
  remove(card: SavedCard): Promise<void>;
}

export function useSavedCards(api: CheckoutApi, sessionId: string, initial: SavedCard[], emit: Emit): SavedCards {
  const [cards, setCards] = useState(initial);
  const [notice, setNotice] = useState<string>();

  const remove = async (card: SavedCard) => {
    setNotice(undefined);
    try {
      await api.removeSavedMethod(sessionId, card.walletToken);
    } catch (error) {
      // Already gone (removed in another tab, or by the merchant): what the shopper asked for.
      if (!(error instanceof CheckoutApiError && error.status === 404)) throw error;
    }
    setCards((current) => current.filter((candidate) => candidate.id !== card.id));
    setNotice(`${card.title} was removed from your saved cards.`);
    emit({ type: 'saved_method_removed', detail: { session_id: sessionId, wallet_token: card.walletToken } });
  };

  return { cards, notice, remove };
}
