// Paying with a saved card: one button. The submission names the card by its wallet token; nothing
// of the card is typed or sent (see core/saved-cards.ts for why no security code is asked).
import type { FormEvent } from 'react';
import type { SavedCard } from '../core/saved-cards';
import { BrandBadge } from './icons';
import { PayButton, type MethodProps } from './method';
import { RemoveSavedCard } from './RemoveSavedCard';

export function SavedCardPayment({
  card,
  session,
  busy,
  payLabel,
  pay,
  remove,
}: Pick<MethodProps, 'session' | 'busy' | 'payLabel' | 'pay'> & {
  card: SavedCard;
  remove(card: SavedCard): Promise<void>;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay(async () => [
      { amount: session.amount, partner: card.partner, method: card.method, wallet_token: card.walletToken },
    ]);
  };
  return (
    <div className="tc-saved-card">
      <form className="tc-form" noValidate onSubmit={submit} aria-label={`Pay with ${card.title}`}>
        <PayButton label={payLabel} busy={busy} />
      </form>
      <RemoveSavedCard card={card} remove={remove} />
    </div>
  );
}

/** The card as the shopper knows it: network, last four digits, expiry (and their favorite). */
export function SavedCardLabel({ card }: { card: SavedCard }) {
  return (
    <span className="tc-option-text">
      <span className="tc-option-name tc-saved-name">
        {card.brand && <BrandBadge brand={card.brand} />}
        {card.lastFour ? (
          <span>
            {card.brandLabel}
            <span aria-hidden="true"> •••• </span>
            <span className="tc-sr-only"> ending in </span>
            {card.lastFour}
          </span>
        ) : (
          <span>{card.title}</span>
        )}
      </span>
      <span className="tc-option-description">
        {card.expiry && `Expires ${card.expiry}`}
        {card.favorite && ' · Your favorite'}
      </span>
    </span>
  );
}
