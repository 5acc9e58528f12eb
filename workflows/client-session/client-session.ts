// The client session, from creation to payment, expiry or abort. The workflow is the source of
// truth for the session's status; the API reads and changes it by Update (a completed one by query).
// A submission reserves the session for one payment; the API starts that payment and tells the
// session of its first outcome, and the payment tells it of every change after that, by signal.
import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  getExternalWorkflowHandle,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
  workflowInfo,
  WorkflowIdReusePolicy,
} from '@temporalio/workflow';
import type { Payment } from '../../api/schemas/v2';
import { entityIdKey, merchantReferenceKey } from '../../temporal/search-attributes';
import { paymentChangedSignal, sessionAsksForNewsSignal } from '../payment/messages';
import { paymentWorkflowId } from '../payment/ids';
import { paymentWorkflow } from '../payment/payment';
import { newPaymentState } from '../payment/new-payment';
import type { AuthorizationLegState, PaymentWorkflowInput } from '../payment/types';
import type { Activities } from '../../activities';
import { isOpen, mayBePaid, refuseTransition, type ClientSessionStatus } from '../../domain/client-session-status';
import type { ClientSessionState, ClientSessionWorkflowInput } from './types';
import {
  abortClientSessionUpdate,
  getClientSessionQuery,
  openClientSessionUpdate,
  readClientSessionUpdate,
  reserveClientSessionPaymentUpdate,
  submitClientSessionUpdate,
  type ReservedPayment,
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
    const refusal = refuseTransition(session.status, status, session.authorization?.status);
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
  /** The payment a reservation is for (its workflow input), and whether the session had to start it. */
  let reserved: PaymentWorkflowInput | undefined;
  let startedReservedItself = false;
  setHandler(paymentChangedSignal, (payment) => {
    if (payment.id !== session.payment_id) return;
    // The first outcome may come from the API and the next change from the payment: whichever
    // comes second of two is older, or the same news again, when its version is not higher.
    if (latestPayment !== undefined && payment.version <= latestPayment.version) return;
    const firstNews = latestPayment === undefined;
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
    // The API answered the shopper with this outcome from the payment itself and wrote the session
    // with it (api/gateway/client-sessions.ts submit): written once, not again from here. Unless
    // the session started the payment itself: then nobody answered.
    if (firstNews && reserved?.payment.id === payment.id && !startedReservedItself) readModel.answered();
  });

  /** The payment a submission starts: built here, where the webhook subscription is held. */
  const paymentStartOf = (request: SubmitClientSessionInput): PaymentWorkflowInput => ({
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
  });
  const startPayment = (start: PaymentWorkflowInput, reuse?: WorkflowIdReusePolicy) =>
    startChild(paymentWorkflow, {
      workflowId: paymentWorkflowId(start.payment.id),
      // The payment outlives the session: captures and refunds come long after checkout.
      parentClosePolicy: ParentClosePolicy.ABANDON,
      ...(reuse ? { workflowIdReusePolicy: reuse } : {}),
      typedSearchAttributes: [
        { key: entityIdKey, value: session.entity_id },
        { key: merchantReferenceKey, value: session.order.reference },
      ],
      args: [start],
    });
  /** Every payment submitted on the session: a payment id is never reserved twice. */
  const submittedPaymentIds = new Set<string>();
  const recordSubmission = (request: SubmitClientSessionInput) => {
    session.payment_id = request.payment_id;
    session.links = { ...session.links, payment: `${request.publicUrl}/v2/payments/${request.payment_id}` };
    delete session.authorization;
    if (session.status === 'SUBMITTED') {
      session.version += 1;
    } else {
      moveTo('SUBMITTED');
    }
    latestPayment = undefined;
    submittedPaymentIds.add(request.payment_id);
  };
  /**
   * Past expires_at a session takes no payment nor abort, also while it still runs: a submitted one
   * waits for its payment's last news and drains its webhooks after expiry. Open ones are EXPIRED
   * by then, unless the Update and the timer share a workflow task. Validators only: they leave no
   * trace in history, so sessions that shipped without this check replay as they ran.
   */
  const refuseAfterExpiry = (consequence: string) => {
    if (Date.now() < Date.parse(session.expires_at)) return;
    throw ApplicationFailure.create({
      type: 'SessionExpired',
      message: `the client session expired at ${session.expires_at}; ${consequence}`,
      nonRetryable: true,
    });
  };
  /** A new submission, as it arrives; a repeated one was refused above, and is told of its payment. */
  const refuseNewSubmission = (request: SubmitClientSessionInput) => {
    refuseSubmission(request);
    refuseAfterExpiry('it can no longer be paid');
  };
  const refuseSubmission = (request: SubmitClientSessionInput) => {
    belongs(request.entity_id);
    if (!mayBePaid(session.status, session.authorization?.status)) {
      throw ApplicationFailure.create({
        // Validators leave no trace in history: the failure type may change without patched().
        type:
          session.status === 'SUBMITTED'
            ? 'AlreadySubmitted'
            : session.status === 'EXPIRED'
              ? 'SessionExpired'
              : 'InvalidTransition',
        message:
          session.status === 'SUBMITTED'
            ? 'the client session already has a payment in progress or authorized'
            : `the client session is ${session.status}; it can no longer be paid`,
        nonRetryable: true,
      });
    }
    if (submittedPaymentIds.has(request.payment_id)) {
      throw ApplicationFailure.create({
        type: 'AlreadySubmitted',
        message: 'this payment was already submitted on the client session',
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
  };

  // Sessions whose submissions came before the API started payments itself (and API processes of
  // that release during a deploy): the session starts the payment and answers its first outcome.
  setHandler(
    submitClientSessionUpdate,
    (request) =>
      readModel.answer(async () => {
        recordSubmission(request);
        await startPayment(paymentStartOf(request));
        await condition(() => latestPayment !== undefined);
        return { session, payment: latestPayment! };
      }),
    { validator: refuseNewSubmission },
  );

  // The reservation waiting for its payment's first outcome: answered again to a retry of the same
  // submission, and started by the session itself if the API never does.
  const awaitsFirstOutcome = (paymentId: string) =>
    reserved?.payment.id === paymentId && session.payment_id === paymentId && latestPayment === undefined;
  const awaitsAnotherPayment = (paymentId: string) =>
    reserved !== undefined && reserved.payment.id !== paymentId && awaitsFirstOutcome(reserved.payment.id);
  const startIfNobodyDid = async (start: PaymentWorkflowInput) => {
    const paymentId = start.payment.id;
    if (await condition(() => !awaitsFirstOutcome(paymentId), input.paymentStartRepairMs ?? 10_000)) return;
    startedReservedItself = true;
    const { apiTellsSessionOfFirstOutcome, ...startedHere } = start;
    try {
      // Never a second run of a payment that has completed: the repair may come late. Started here,
      // the payment tells the session everything itself.
      await startPayment(startedHere, WorkflowIdReusePolicy.REJECT_DUPLICATE);
    } catch {
      // Started already, by the API as it should be. Its first outcome is on its way, unless that
      // API was to tell it and died first: then the payment is asked (added after sessions shipped).
      if (apiTellsSessionOfFirstOutcome && patched('ask-payment-for-news'))
        await getExternalWorkflowHandle(paymentWorkflowId(paymentId))
          .signal(sessionAsksForNewsSignal)
          .catch(() => undefined);
    }
  };
  setHandler(
    reserveClientSessionPaymentUpdate,
    (request) =>
      readModel.answer(async (): Promise<ReservedPayment> => {
        if (reserved && awaitsFirstOutcome(request.payment_id)) return { session, payment_start: reserved };
        // The API tells the shopper of a refusal before the payment's news reaches the session, and
        // the shopper may try again at once: the news comes first, then the new choice is judged.
        if (awaitsAnotherPayment(request.payment_id))
          await condition(() => !awaitsAnotherPayment(request.payment_id), '30 seconds');
        refuseSubmission(request);
        recordSubmission(request);
        const start: PaymentWorkflowInput = {
          ...paymentStartOf(request),
          ...(request.tells_first_outcome ? { apiTellsSessionOfFirstOutcome: true } : {}),
        };
        reserved = start;
        startedReservedItself = false;
        void startIfNobodyDid(start);
        return { session, payment_start: start };
      }),
    {
      validator: (request: SubmitClientSessionInput) => {
        belongs(request.entity_id);
        if (awaitsFirstOutcome(request.payment_id)) return;
        if (awaitsAnotherPayment(request.payment_id)) return refuseAfterExpiry('it can no longer be paid');
        refuseNewSubmission(request);
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
      // Validators leave no trace in history: which statuses may be aborted may change without patched().
      validator: ({ status, entity_id }) => {
        belongs(entity_id);
        assertAllowed(session.status, status, session.authorization?.status);
        refuseAfterExpiry(`it cannot become ${status}`);
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

function assertAllowed(from: ClientSessionStatus, to: ClientSessionStatus, authorizationStatus?: string): void {
  const refusal = refuseTransition(from, to, authorizationStatus);
  if (refusal) throw ApplicationFailure.create({ type: 'InvalidTransition', message: refusal, nonRetryable: true });
}
