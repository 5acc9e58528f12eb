// The client session's life: CREATED → CHOICE_IN_PROGRESS (shopper opened the page or widget)
// → SUBMITTED (a payment exists), or EXPIRED / ABORTED_* from either open state.
import type { AbortStatus, ClientSessionStatus } from './enums';

export type { AbortStatus, ClientSessionStatus };

const openStatuses: ReadonlySet<ClientSessionStatus> = new Set(['CREATED', 'CHOICE_IN_PROGRESS']);

/** A session that a shopper may still act on: open it, pay, or abort it. */
export function isOpen(status: ClientSessionStatus): boolean {
  return openStatuses.has(status);
}

const failedAuthorizations: readonly string[] = ['REFUSED', 'ERROR', 'ABORTED'];

/**
 * Whether the session may be paid now: open, or submitted with a payment whose authorization
 * failed, which the shopper may try again with another means of payment.
 */
export function mayBePaid(status: ClientSessionStatus, authorizationStatus: string | undefined): boolean {
  return isOpen(status) || (status === 'SUBMITTED' && failedAuthorizations.includes(authorizationStatus ?? ''));
}

/**
 * Why a transition is refused, or undefined when it is allowed. An abort is allowed as long as the
 * session may be paid: a merchant who cancels the order after a refused attempt must be able to
 * stop the shopper's next one. `authorizationStatus` is that of the session's last payment.
 */
export function refuseTransition(
  from: ClientSessionStatus,
  to: ClientSessionStatus,
  authorizationStatus?: string,
): string | undefined {
  if (from === to && to === 'CHOICE_IN_PROGRESS') return undefined; // reopening the page is harmless
  switch (to) {
    case 'CHOICE_IN_PROGRESS':
      return from === 'CREATED' ? undefined : `the client session is ${from}; it can no longer be opened`;
    case 'ABORTED_BY_CUSTOMER':
    case 'ABORTED_BY_MERCHANT':
      if (mayBePaid(from, authorizationStatus)) return undefined;
      return from === 'SUBMITTED'
        ? `the client session is SUBMITTED and its payment ${authorizationStatus ? `is ${authorizationStatus}` : 'is being authorized'}; it cannot become ${to}`
        : `the client session is ${from}; it cannot become ${to}`;
    case 'SUBMITTED':
    case 'EXPIRED':
      return isOpen(from) ? undefined : `the client session is ${from}; it cannot become ${to}`;
    case 'CREATED':
      return `the client session is ${from}; it never returns to CREATED`;
  }
}
