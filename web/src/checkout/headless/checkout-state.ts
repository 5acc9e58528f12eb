// Which states the headless checkout moves between, and what it may do in each.
import type { CheckoutState } from './headless-api';

const NEXT: Record<CheckoutState, readonly CheckoutState[]> = {
  idle: ['ready', 'error', 'expired', 'submitted'],
  ready: ['submitting', 'error', 'expired'],
  submitting: ['submitted', 'error', 'expired', 'ready'],
  // A redirection the page handles itself may still fail to be followed; nothing else leaves it.
  submitted: [],
  error: ['ready', 'submitting', 'expired', 'error'],
  expired: [],
};

export function canMove(from: CheckoutState, to: CheckoutState): boolean {
  return NEXT[from].includes(to);
}

/** A payment may be submitted from here (after an error only if the session was loaded). */
export function canSubmit(state: CheckoutState, loaded: boolean): boolean {
  return state === 'ready' || (state === 'error' && loaded);
}
