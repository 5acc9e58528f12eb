// The client session, from creation to payment, expiry or abort. The workflow is the source of
// truth for the session's status; the API reads it by query and changes it by Update.
import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type { Payment } from '../../api/schemas/v2';
import { entityIdKey, merchantReferenceKey } from '../../temporal/search-attributes';
import { paymentChangedSignal } from '../payment/messages';
import { paymentWorkflowId } from '../payment/ids';
import { paymentWorkflow } from '../payment/payment';
import { newPaymentState } from '../payment/new-payment';
import type { AuthorizationLegState } from '../payment/types';
import type { Activities } from '../../activities';
import { isOpen, mayBePaid, refuseTransition, type ClientSessionStatus } from '../../domain/client-session-status';
import type { ClientSessionState, ClientSessionWorkflowInput } from './types';
import {
  abortClientSessionUpdate,
  getClientSessionQuery,
  openClientSessionUpdate,
  readClientSessionUpdate,
  submitClientSessionUpdate,
  type SubmitClientSessionInput,
} from './messages';
import { ReadModel } from '../read-model';
import { WebhookOutbox } from '../webhook-outbox';
import { snapshot } from '../snapshot';

const readModelWrites = { startToCloseTimeout: '10 seconds', retry: { maximumInterval: '30 seconds' } } as const;
const projection = proxyActivities<Activities>(readModelWrites);
/**
 * How sessions started before the patch 'no-local-activities' write it: local activities are not
 * replay-safe next to Updates (workflows/payment/partner-calls.ts says why).
 */
const projectionInTask = proxyLocalActivities<Activities>(readModelWrites);

export async function clientSessionWorkflow(input: ClientSessionWorkflowInput): Promise<ClientSessionState> {
  const session: ClientSessionState = input.session;
  // Decided once, at the very start of the run, like the payment's patches (workflows/payment/run.ts).
  const writes = patched('no-local-activities') ? projection : projectionInTask;
  const outbox = new WebhookOutbox(session.entity_id, input.webhook, input.webhookRetry);

  const moveTo = (status: ClientSessionStatus): void => {
    const refusal = refuseTransition(session.status, status);
    if (refusal) throw ApplicationFailure.nonRetryable(refusal, 'InvalidTransition');
    if (session.status === status) return;
    session.status = status;
    session.version += 1;
    outbox.publish(
      'PAYMENT',
      { type: 'client_session', id: session.id, version: session.version },
      shownInEvents(session),
    );
  };

  setHandler(getClientSessionQuery, () => session);

  // The API writes the read model from its answers (creation included); the workflow writes the
  // rest: a payment's later changes, expiry (workflows/read-model.ts).
  const readModel = new ReadModel(
    () => session.version,
    () => writes.saveClientSessionProjection({ session: snapshot(session) }),
    { written: input.session.version },
  );
  const belongs = (entityId: string) => {
    if (entityId !== session.entity_id)
      throw ApplicationFailure.create({ type: 'NotFound', message: 'client session not found', nonRetryable: true });
  };

  let latestPayment: Payment | undefined;
  setHandler(paymentChangedSignal, (payment) => {
    if (payment.id !== session.payment_id) return;
    latestPayment = payment;
    if (JSON.stringify(session.authorization) !== JSON.stringify(payment.authorization)) {
      if (payment.authorization) session.authorization = payment.authorization;
      session.version += 1;
      outbox.publish(
        'PAYMENT',
        { type: 'client_session', id: session.id, version: session.version },
        shownInEvents(session),
      );
    }
  });

  setHandler(
    submitClientSessionUpdate,
    (request) =>
      readModel.answer(async () => {
        session.payment_id = request.payment_id;
        session.links = { ...session.links, payment: `${request.publicUrl}/v2/payments/${request.payment_id}` };
        delete session.authorization;
        if (session.status === 'SUBMITTED') {
          session.version += 1;
        } else {
          moveTo('SUBMITTED');
        }
        latestPayment = undefined;
        await startChild(paymentWorkflow, {
          workflowId: paymentWorkflowId(request.payment_id),
          // The payment outlives the session: captures and refunds come long after checkout.
          parentClosePolicy: ParentClosePolicy.ABANDON,
          typedSearchAttributes: [
            { key: entityIdKey, value: session.entity_id },
            { key: merchantReferenceKey, value: session.order.reference },
          ],
          args: [
            {
              payment: newPaymentState({
                id: request.payment_id,
                entity_id: session.entity_id,
                created_at: new Date().toISOString(),
                client_session_id: session.id,
                order: session.order,
                amount: session.amount,
                currency: session.currency,
                capture_mode: session.capture_mode,
                allow_future_usage: session.allow_future_usage,
                ...(session.customer ? { customer: session.customer } : {}),
                shopper_redirection_url: session.shopper_redirection_url,
                legs: request.legs,
              }),
              publicUrl: request.publicUrl,
              webhookRetry: input.webhookRetry,
              ...(input.webhook ? { webhookSubscription: input.webhook } : {}),
              parentSessionWorkflowId: workflowInfo().workflowId,
            },
          ],
        });
        await condition(() => latestPayment !== undefined);
        return { session, payment: latestPayment! };
      }),
    {
      validator: (request: SubmitClientSessionInput) => {
        belongs(request.entity_id);
        if (!mayBePaid(session.status, session.authorization?.status)) {
          throw ApplicationFailure.create({
            // Validators leave no trace in history: the failure type may change without patched().
            type: session.status === 'SUBMITTED' ? 'AlreadySubmitted' : 'InvalidTransition',
            message:
              session.status === 'SUBMITTED'
                ? 'the client session already has a payment in progress or authorized'
                : `the client session is ${session.status}; it can no longer be paid`,
            nonRetryable: true,
          });
        }
        const total = request.legs.reduce((sum: number, leg: AuthorizationLegState) => sum + leg.amount, 0);
        if (total !== session.amount) {
          throw ApplicationFailure.create({
            type: 'InvalidSubmission',
            message: `the parts add up to ${total}, the session amount is ${session.amount}`,
            nonRetryable: true,
          });
        }
      },
    },
  );

  setHandler(readClientSessionUpdate, () => session, { validator: ({ entity_id }) => belongs(entity_id) });

  // Entity checks live in the validators so that the API needs a single round trip.
  setHandler(
    openClientSessionUpdate,
    () =>
      readModel.answer(() => {
        if (session.status === 'CREATED') moveTo('CHOICE_IN_PROGRESS');
        return session;
      }),
    { validator: ({ entity_id }) => belongs(entity_id) },
  );

  setHandler(
    abortClientSessionUpdate,
    ({ status }) =>
      readModel.answer(() => {
        moveTo(status);
        return session;
      }),
    {
      validator: ({ status, entity_id }) => {
        belongs(entity_id);
        assertAllowed(session.status, status);
      },
    },
  );

  // A submitted session stays to follow its payment: until it is authorized, or until expiry while
  // a refused shopper may still try another method.
  const finished = () =>
    session.status === 'EXPIRED' ||
    session.status === 'ABORTED_BY_CUSTOMER' ||
    session.status === 'ABORTED_BY_MERCHANT' ||
    (session.status === 'SUBMITTED' && session.authorization?.status === 'AUTHORIZED');
  const untilExpiry = Math.max(0, Date.parse(session.expires_at) - Date.now());
  const settled = await condition(finished, untilExpiry);
  if (!settled && isOpen(session.status)) moveTo('EXPIRED');
  if (!settled && session.status === 'SUBMITTED') {
    await condition(() => !['PENDING', 'UNCERTAIN', undefined].includes(session.authorization?.status), '1 hour');
  }

  await condition(allHandlersFinished);
  await readModel.close();
  await outbox.drain();
  return session;
}

/** The session as events show it: the version is in the event's resource, the merchant's 3DS preferences are not shown. */
function shownInEvents(
  session: ClientSessionState,
): Omit<ClientSessionState, 'version' | 'three_ds_authentication_options'> {
  const { version: _version, three_ds_authentication_options: _preferences, ...shown } = session;
  return shown;
}

function assertAllowed(from: ClientSessionStatus, to: ClientSessionStatus): void {
  const refusal = refuseTransition(from, to);
  if (refusal) throw ApplicationFailure.create({ type: 'InvalidTransition', message: refusal, nonRetryable: true });
}
