// Removing a saved card asks first: it cannot be undone, and the shopper would have to type the card
// again. The question takes focus (its safe answer), Escape keeps the card, a failure is announced.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { REMOVE_FAILED_MESSAGE } from '../core/messages';
import type { SavedCard } from '../core/saved-cards';

type Stage = 'idle' | 'confirming' | 'removing';

function useRemoval(card: SavedCard, remove: (card: SavedCard) => Promise<void>) {
  const [stage, setStage] = useState<Stage>('idle');
  const [error, setError] = useState<string>();
  return {
    stage,
    error,
    ask: () => {
      setError(undefined);
      setStage('confirming');
    },
    cancel: () => {
      if (stage === 'removing') return;
      setError(undefined);
      setStage('idle');
    },
    confirm: async () => {
      if (stage === 'removing') return;
      setError(undefined);
      setStage('removing');
      try {
        // On success the card leaves the list, and this component with it.
        await remove(card);
      } catch {
        setError(REMOVE_FAILED_MESSAGE);
        setStage('confirming');
      }
    },
  };
}

export function RemoveSavedCard({ card, remove }: { card: SavedCard; remove(card: SavedCard): Promise<void> }) {
  const removal = useRemoval(card, remove);
  const questionId = useId();
  const askRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const previous = useRef(removal.stage);
  useEffect(() => {
    if (previous.current === 'idle' && removal.stage === 'confirming') keepRef.current?.focus();
    if (previous.current !== 'idle' && removal.stage === 'idle') askRef.current?.focus();
    previous.current = removal.stage;
  }, [removal.stage]);

  if (removal.stage === 'idle')
    return (
      <button ref={askRef} type="button" className="tc-link-button" onClick={removal.ask}>
        Remove this card
      </button>
    );

  const busy = removal.stage === 'removing';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      removal.cancel();
    }
  };
  return (
    <div className="tc-confirm" role="group" aria-labelledby={questionId} onKeyDown={onKeyDown}>
      <p id={questionId} className="tc-confirm-question">
        Remove {card.title} from your saved cards? You would need to enter it again next time.
      </p>
      <div role="alert">{removal.error && <p className="tc-inline-error">{removal.error}</p>}</div>
      <div className="tc-confirm-actions">
        {/* Not disabled while removing: a disabled button would drop the keyboard focus. */}
        <button
          type="button"
          className="tc-button tc-button--danger"
          aria-busy={busy || undefined}
          onClick={() => void removal.confirm()}
        >
          {busy && <span className="tc-spinner" aria-hidden="true" />}
          Remove card
        </button>
        <button ref={keepRef} type="button" className="tc-button tc-button--secondary" onClick={removal.cancel}>
          Keep card
        </button>
      </div>
    </div>
  );
}
