// The payment workflow's queries, Updates and signals: what the API and partners can ask of it.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { Payment } from '../../api/schemas/v2';
import type { AuthorizeResult } from '../../partners/partner';
import type { DisputeNotification, OperationUpdateInput } from './types';

export interface OperationOutcome {
  payment: Payment;
  operation_id: string;
}

/**
 * Queries are for payments whose workflow has completed: a running one is read by Update
 * (refreshPaymentUpdate, shopperReturnedUpdate). A query to a running workflow that no worker holds
 * in its cache makes the worker rebuild it from history, partner answers that arrived since its
 * last task included; the next task then takes an Update's acceptance after the commands those
 * answers caused, which a replay orders the other way: the history no longer replays (SDK 1.24,
 * seen by the fault matrix, test/faults, after a worker was killed).
 */
export const getPaymentQuery = defineQuery<Payment>('getPayment');
/** Where the shopper goes once back from a partner's page; not part of the merchant's view. */
export interface ShopperDestination {
  entity_id: string;
  shopper_redirection_url?: string;
  client_session_id?: string;
}
export const getShopperDestinationQuery = defineQuery<ShopperDestination>('getShopperDestination');
/** Answers once the authorization has a first outcome: final, or waiting for the shopper or partner. */
export const awaitAuthorizationUpdate = defineUpdate<Payment, [{ entity_id: string }]>('awaitAuthorization');
/**
 * Asks the partners about every leg that is not final, then answers the payment. With no such leg
 * it is refused by its validator, the payment as it stands in the failure's details
 * (refusedWithPayment): a read then writes nothing to the history, where an accepted Update would
 * add five events and hasten continue-as-new for a payment its merchant polls.
 */
export const refreshPaymentUpdate = defineUpdate<Payment, [{ entity_id: string }]>('refreshPayment');
/** The failure type of a refresh refused because nothing was waiting for a partner. */
export const PAYMENT_AS_IT_STANDS = 'PaymentAsItStands';
/**
 * The shopper is back from a partner's page, with no credential: the legs that are not final are
 * refreshed as by refreshPaymentUpdate, and the answer says where the shopper goes next.
 */
export const shopperReturnedUpdate = defineUpdate<{ payment: Payment; destination: ShopperDestination }, []>(
  'shopperReturned',
);
export const captureUpdate = defineUpdate<OperationOutcome, [OperationUpdateInput]>('capture');
export const voidUpdate = defineUpdate<OperationOutcome, [OperationUpdateInput]>('void');
export const refundUpdate = defineUpdate<OperationOutcome, [OperationUpdateInput]>('refund');
/** A partner's asynchronous outcome for one authorization leg (3DS, wallet approval, lender decision). */
export const partnerNotificationSignal =
  defineSignal<[{ leg_id: string; result: AuthorizeResult }]>('partnerNotification');

/** A partner's news of a dispute (chargeback) on one authorization leg (workflows/payment/disputes.ts). */
export const partnerDisputeSignal = defineSignal<[DisputeNotification]>('partnerDispute');

export interface EvidenceUpdateInput {
  entity_id: string;
  dispute_id: string;
  /** Derived from the request's idempotency key when it has one: a repeat names the same evidence. */
  evidence_id: string;
  text?: string;
  files: { name: string; url: string }[];
}

export interface EvidenceOutcome {
  payment: Payment;
  evidence_id: string;
}

/** The merchant's evidence for a dispute: recorded, then forwarded to the partner. */
export const submitEvidenceUpdate = defineUpdate<EvidenceOutcome, [EvidenceUpdateInput]>('submitDisputeEvidence');

/**
 * Sent to the client session a payment was submitted from, whenever its authorization moves (the
 * first outcome by the API that started it, when it says so: parent-session.ts).
 */
export const paymentChangedSignal = defineSignal<[Payment]>('paymentChanged');
/** From that session, when news it expected did not come: the payment tells it where it stands. */
export const sessionAsksForNewsSignal = defineSignal('sessionAsksForNews');
