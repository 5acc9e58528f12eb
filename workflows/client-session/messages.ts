// The client session workflow's query and Updates: what the API and the browser checkout can ask of it.
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { Payment } from '../../api/schemas/v2';
import type { AbortStatus } from '../../domain/client-session-status';
import type { AuthorizationLegState, PaymentWorkflowInput } from '../payment/types';
import type { ClientSessionState } from './types';

/** For sessions whose workflow has completed; a running one is read by Update (workflows/payment/messages.ts says why). */
export const getClientSessionQuery = defineQuery<ClientSessionState>('getClientSession');
/** The session as it stands, for its entity. */
export const readClientSessionUpdate = defineUpdate<ClientSessionState, [{ entity_id: string }]>('readClientSession');
/** The shopper opened the page or widget: CREATED moves to CHOICE_IN_PROGRESS, any other status stays. */
export const openClientSessionUpdate = defineUpdate<ClientSessionState, [{ entity_id: string }]>('openClientSession');
export const abortClientSessionUpdate = defineUpdate<ClientSessionState, [{ status: AbortStatus; entity_id: string }]>(
  'abortClientSession',
);

export interface SubmitClientSessionInput {
  entity_id: string;
  payment_id: string;
  legs: AuthorizationLegState[];
  publicUrl: string;
  /**
   * The API will tell the session of the payment's first outcome itself (client-session.ts): sent
   * by API processes since that began, so that one of the release before never leaves it untold.
   */
  tells_first_outcome?: boolean;
}
/** The shopper's choice: starts the payment as a child workflow and answers its first outcome. */
export const submitClientSessionUpdate = defineUpdate<
  { session: ClientSessionState; payment: Payment },
  [SubmitClientSessionInput]
>('submitClientSession');

/** A reserved submission: the session as it now stands, and the payment the API is to start. */
export interface ReservedPayment {
  session: ClientSessionState;
  /** The payment workflow's input, built by the session (it holds the webhook subscription). */
  payment_start: PaymentWorkflowInput;
}
/**
 * The shopper's choice, in one round trip to the session: the session is SUBMITTED for this payment
 * and hands back what to start; the API starts the payment and waits for its first outcome in one
 * Update-with-Start. A payment nobody started within a few seconds the session starts itself
 * (client-session.ts). Sent again with the same payment id before the payment's first outcome, it
 * answers the same reservation.
 */
export const reserveClientSessionPaymentUpdate = defineUpdate<ReservedPayment, [SubmitClientSessionInput]>(
  'reserveClientSessionPayment',
);
