// The payment: authorize each leg at its partner, settle what is pending, compensate a partial
// failure, capture at once in AUTOMATIC mode, then serve the merchant's captures, voids and
// refunds as Updates until no money can move any more.
import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  proxyLocalActivities,
  setHandler,
  sleep,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { Payment } from '../../api/schemas/v2';
import type { Activities } from '../../activities';
import type { OperationKind } from '../../domain/payment-ledger';
import { computeAmounts } from '../../domain/payment-amounts';
import { compensationPlan, unwindPlan } from '../../domain/payment-compensation';
import { planOperation, type Allocation } from '../../domain/payment-operations';
import type { OperationRequestInput } from '../../domain/validation/operation';
import type { AuthorizeResult } from '../../partners/partner';
import { ReadModel } from '../read-model';
import { WebhookOutbox } from '../webhook-outbox';
import { applyAuthorizeResult, applyOperationResult } from './apply-partner-answer';
import { authorizationStatusAtPartner, authorizeAtPartner, operateAtPartner, permanentFailureOf, type PartnerCallMode } from './partner-calls';
import { authorizationIdempotencyKey } from './ids';
import {
  awaitAuthorizationUpdate,
  captureUpdate,
  getPaymentQuery,
  getShopperDestinationQuery,
  partnerNotificationSignal,
  refreshPaymentUpdate,
  refundUpdate,
  voidUpdate,
  type OperationOutcome,
} from './messages';
import type { AuthorizationLegState, OperationLegState, OperationState, OperationUpdateInput, PaymentWorkflowInput } from './types';
import { authorizationStatus, ledgerOf, operationStatus, paymentView } from './view';

const { savePaymentProjection, notifyClientSession } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumInterval: '30 seconds' },
});

/** How long a shopper has to finish a 3DS challenge, wallet approval or lender page. */
const shopperWindowMs = 30 * 60 * 1000;
/** Refunds stay possible this long after the payment was created (about 13 months, like card schemes). */
const refundWindowMs = 400 * 24 * 3600 * 1000;

const updatesByKind = { capture: captureUpdate, void: voidUpdate, refund: refundUpdate } as const;

export async function paymentWorkflow(input: PaymentWorkflowInput): Promise<Payment> {
  const state = input.payment;
  const outbox = new WebhookOutbox(state.entity_id, input.webhookSubscription, input.webhookRetry, input.pendingEvents ?? []);
  const view = () => paymentView(state, input.publicUrl);
  const resource = () => ({ type: 'payment' as const, id: state.id, version: state.version });
  let authorizationPhase: 'RUNNING' | 'WAITING' | 'DONE' = state.authorization_settled ? 'DONE' : 'RUNNING';
  let lastAuthorizationStatus = authorizationStatus(state);

  /** Every change goes through here: it bumps the version and tells the merchant what changed. */
  const changed = (what: { leg?: AuthorizationLegState; legAuthentication?: boolean; operation?: OperationState; operationLegId?: string }) => {
    state.version += 1;
    if (!outbox.subscribed) {
      lastAuthorizationStatus = authorizationStatus(state);
      return;
    }
    const payment = view();
    if (what.leg) {
      outbox.publish('PARTNER_TRANSACTION_AUTHORIZATION', resource(), payment, { partner_transaction_id: what.leg.id });
      if (what.legAuthentication) {
        outbox.publish('PARTNER_TRANSACTION_AUTHENTICATION', resource(), payment, { partner_transaction_id: what.leg.id });
        outbox.publish('AUTHENTICATION', resource(), payment);
      }
    }
    if (what.operation) {
      const kind = what.operation.kind.toUpperCase() as 'CAPTURE' | 'VOID' | 'REFUND';
      if (what.operationLegId) {
        outbox.publish(`PARTNER_TRANSACTION_${kind}`, resource(), payment, { operation_id: what.operation.id, partner_transaction_id: what.operationLegId });
      } else {
        outbox.publish(kind, resource(), payment, { operation_id: what.operation.id });
      }
    }
    const status = authorizationStatus(state);
    if (status !== lastAuthorizationStatus) {
      lastAuthorizationStatus = status;
      outbox.publish('AUTHORIZATION', resource(), payment);
    }
    outbox.publish('PAYMENT', resource(), payment);
  };

  const legById = (id: string) => {
    const leg = state.legs.find((candidate) => candidate.id === id);
    if (!leg) throw ApplicationFailure.nonRetryable(`no authorization leg ${id}`);
    return leg;
  };
  const now = () => new Date().toISOString();

  const recordAuthorization = (leg: AuthorizationLegState, result: AuthorizeResult) => {
    const { statusChanged, authenticationChanged } = applyAuthorizeResult(leg, result, now());
    if (statusChanged || authenticationChanged) changed({ leg, legAuthentication: authenticationChanged });
  };

  async function attemptAuthorization(leg: AuthorizationLegState): Promise<void> {
    try {
      const result = await authorizeAtPartner({
        entity_id: state.entity_id,
        idempotency_key: authorizationIdempotencyKey(state.id, leg.id),
        partner: leg.partner,
        method: leg.method,
        amount: leg.amount,
        currency: state.currency,
        instrument: leg.instrument,
        order_reference: state.order.reference,
        ...(state.customer && typeof state.customer === 'object' ? { customer: state.customer } : {}),
        ...(leg.three_ds ? { three_ds: leg.three_ds } : {}),
        return_url: `${input.publicUrl}/v2/payments/${state.id}/return?leg=${leg.id}`,
        notification_url: `${input.publicUrl}/partners/${leg.partner}/notifications`,
      });
      recordAuthorization(leg, result);
    } catch (error) {
      const permanent = permanentFailureOf(error);
      leg.status = permanent ? 'ERROR' : 'UNCERTAIN';
      leg.partner_status_description = permanent ? permanent.message : 'the partner did not answer; the outcome will be settled with the same idempotency key';
      leg.updated_at = now();
      changed({ leg });
    }
  }

  /** Asks the partner about a leg that is not final; a leg that never got an answer is re-sent. */
  async function pollLeg(leg: AuthorizationLegState): Promise<void> {
    if (leg.status !== 'PENDING' && leg.status !== 'UNCERTAIN') return;
    if (!leg.partner_reference) return attemptAuthorization(leg);
    try {
      recordAuthorization(leg, await authorizationStatusAtPartner({ partner: leg.partner, partner_reference: leg.partner_reference }));
    } catch {
      // Still no answer: the next poll tries again.
    }
  }

  async function settle(leg: AuthorizationLegState): Promise<void> {
    const unsettled = () => leg.status === 'PENDING' || leg.status === 'UNCERTAIN';
    const deadline = Date.now() + (leg.status === 'PENDING' ? shopperWindowMs : 7 * 24 * 3600 * 1000);
    let delayMs = leg.status === 'UNCERTAIN' ? 1_000 : 60_000;
    while (unsettled()) {
      if (await condition(() => !unsettled(), delayMs)) return;
      await pollLeg(leg);
      if (unsettled() && Date.now() >= deadline) {
        // The shopper walked away (or the partner never settled): nothing was authorized.
        leg.status = 'ABORTED';
        leg.partner_status_description = 'not completed in time';
        delete leg.redirection;
        leg.updated_at = now();
        changed({ leg });
        return;
      }
      delayMs = Math.min(delayMs * 2, 3_600_000);
    }
  }

  async function authorizeLegs(): Promise<void> {
    for (const leg of state.legs) {
      if (leg.status === 'NEW') await attemptAuthorization(leg);
      if (leg.status === 'PENDING' || leg.status === 'UNCERTAIN') {
        authorizationPhase = 'WAITING';
        await settle(leg);
        authorizationPhase = 'RUNNING';
      }
      if (leg.status !== 'AUTHORIZED') break;
      if (leg.authorized_amount < leg.amount) {
        state.refusal = `${leg.partner} authorized ${leg.authorized_amount} of ${leg.amount}`;
        leg.partner_status_description = `${state.refusal}: the payment is refused and the partial hold released`;
        changed({ leg });
        break;
      }
    }
    // Legs after a failure are never sent to their partner.
    for (const leg of state.legs) {
      if (leg.status === 'NEW') {
        leg.status = 'ABORTED';
        leg.updated_at = now();
        changed({ leg });
      }
    }
    state.authorization_settled = true;
    authorizationPhase = 'DONE';
    changed({});
  }

  /**
   * Sends one part of an operation to its partner. The idempotency key is the same on every send,
   * so re-sending a leg whose outcome is unknown can only ever return the first outcome.
   */
  async function sendOperationLeg(operation: OperationState, tx: OperationLegState, how: PartnerCallMode): Promise<void> {
    const leg = legById(tx.authorization_id);
    try {
      const result = await operateAtPartner(
        {
          kind: operation.kind,
          partner: leg.partner,
          idempotency_key: `payment/${state.id}/${operation.kind}/${operation.id}/${tx.id}`,
          authorization_reference: leg.partner_reference ?? '',
          amount: tx.amount,
          currency: state.currency,
        },
        how,
      );
      applyOperationResult(tx, result, now());
    } catch {
      tx.status = 'UNCERTAIN';
      tx.partner_status_description = 'the partner did not answer; the operation will be re-sent with the same idempotency key';
      tx.updated_at = now();
    }
    changed({ operation, operationLegId: tx.id });
    const status = operationStatus(operation.partner_transactions);
    if (status !== operation.status && !operation.partner_transactions.some((candidate) => candidate.status === 'PENDING')) {
      operation.status = status;
      operation.updated_at = now();
      changed({ operation });
    }
  }

  async function runOperation(
    kind: OperationKind,
    request: OperationRequestInput,
    triggeredBy: OperationState['triggered_by'],
    operationId: string,
    details: { merchant_reference?: string; order?: OperationRequestInput['order'] } = {},
  ): Promise<OperationState> {
    const plan = planOperation(ledgerOf(state), kind, request);
    if (!plan.ok) throw ApplicationFailure.create({ type: 'InvalidOperation', message: plan.errors.map((e) => e.detail).join('; '), details: [plan.errors], nonRetryable: true });
    const created = now();
    const operation: OperationState = {
      id: operationId,
      kind,
      amount: plan.allocations.reduce((sum, allocation) => sum + allocation.amount, 0),
      created_at: created,
      updated_at: created,
      triggered_by: triggeredBy,
      ...(details.merchant_reference ? { merchant_reference: details.merchant_reference } : {}),
      ...(details.order ? { order: details.order } : {}),
      status: 'PENDING',
      // Recorded before any partner call: the amounts are reserved against concurrent operations.
      partner_transactions: plan.allocations.map((allocation: Allocation) => {
        const leg = legById(allocation.authorization_id);
        return { id: uuid4(), created_at: created, updated_at: created, authorization_id: leg.id, partner: leg.partner, method: leg.method, amount: allocation.amount, status: 'PENDING' };
      }),
    };
    state.operations.push(operation);
    changed({ operation });
    const how: PartnerCallMode = triggeredBy === 'MERCHANT' ? 'answering' : 'orchestrated';
    for (const tx of operation.partner_transactions) await sendOperationLeg(operation, tx, how);
    return operation;
  }

  /**
   * Gives back what the other legs hold after one failed (or one held less than asked): voids what
   * is uncaptured, refunds what was captured, and waits for anything still in flight to settle,
   * since a capture that turns out to have succeeded must then be refunded too.
   */
  async function compensate(): Promise<void> {
    let pauseMs = 5_000;
    for (let round = 0; round < 30; round += 1) {
      const ledger = ledgerOf(state);
      const plan = state.refusal ? unwindPlan(ledger) : compensationPlan(ledger);
      if (plan.voids.length === 0 && plan.refunds.length === 0) {
        if (plan.unsettled.length === 0) return;
        const seen = state.version;
        await condition(() => state.version !== seen, '1 hour');
        continue;
      }
      if (round > 0) {
        // A partner refused to give the money back: try again later, not in a tight loop.
        await sleep(pauseMs);
        pauseMs = Math.min(pauseMs * 2, 3_600_000);
      }
      for (const allocation of plan.voids) {
        await runOperation('void', { amount: allocation.amount, partner_transaction_id: allocation.authorization_id }, 'ORCHESTRATOR', uuid4());
      }
      for (const allocation of plan.refunds) {
        await runOperation('refund', { amount: allocation.amount, partner_transaction_id: allocation.authorization_id }, 'ORCHESTRATOR', uuid4());
      }
    }
  }

  // ---- read model ------------------------------------------------------------------------------
  // A parent session is answered the first outcome by signal and hands it to the API, which writes
  // it: until then the workflow does not write (workflows/read-model.ts says why).
  let parentTold = false;
  const readModel = new ReadModel(
    () => state.version,
    () => savePaymentProjection({ payment: view() }),
    { hold: () => input.parentSessionWorkflowId !== undefined && !parentTold },
  );

  // ---- handlers -------------------------------------------------------------------------------
  const belongs = (entityId: string) => {
    if (entityId !== state.entity_id) throw ApplicationFailure.create({ type: 'NotFound', message: 'payment not found', nonRetryable: true });
  };
  setHandler(getPaymentQuery, view);
  setHandler(getShopperDestinationQuery, () => ({
    entity_id: state.entity_id,
    ...(state.shopper_redirection_url ? { shopper_redirection_url: state.shopper_redirection_url } : {}),
    ...(state.client_session_id ? { client_session_id: state.client_session_id } : {}),
  }));
  setHandler(
    awaitAuthorizationUpdate,
    () =>
      readModel.answer(async () => {
        await condition(() => authorizationPhase !== 'RUNNING');
        return view();
      }),
    { validator: ({ entity_id }) => belongs(entity_id) },
  );
  setHandler(
    refreshPaymentUpdate,
    () =>
      readModel.answer(async () => {
        for (const leg of state.legs) await pollLeg(leg);
        return view();
      }),
    { validator: ({ entity_id }) => belongs(entity_id) },
  );
  setHandler(partnerNotificationSignal, ({ leg_id, result }) => {
    const leg = state.legs.find((candidate) => candidate.id === leg_id);
    // A late notification never reopens a leg that is final.
    if (leg && (leg.status === 'PENDING' || leg.status === 'UNCERTAIN' || leg.status === 'NEW')) recordAuthorization(leg, result);
  });
  const rejectDuplicate = (operationId: string) => {
    if (state.operations.some((operation) => operation.id === operationId)) {
      throw ApplicationFailure.create({ type: 'DuplicateOperation', message: operationId, nonRetryable: true });
    }
  };
  for (const kind of ['capture', 'void', 'refund'] as const) {
    setHandler(
      updatesByKind[kind],
      (request: OperationUpdateInput): Promise<OperationOutcome> =>
        readModel.answer(async () => {
          if (authorizationPhase === 'RUNNING') {
            // The validator left the amounts to be judged here (see below); runOperation plans again.
            await condition(() => authorizationPhase !== 'RUNNING');
            rejectDuplicate(request.operation_id);
          }
          const operation = await runOperation(kind, request, 'MERCHANT', request.operation_id, {
            ...(request.merchant_reference ? { merchant_reference: request.merchant_reference } : {}),
            ...(request.order ? { order: request.order } : {}),
          });
          return { payment: view(), operation_id: operation.id };
        }),
      {
        // Runs before anything is recorded: a request beyond what is available never reaches a partner.
        validator: (request: OperationUpdateInput) => {
          belongs(request.entity_id);
          rejectDuplicate(request.operation_id);
          // Core hands Updates to the workflow before the activity results of the same activation:
          // while an authorization attempt is in flight, its answer may already be in history (and
          // shown by the projection) without being applied yet. Judging the amounts now would refuse
          // a capture of money the merchant is told is authorized; the handler judges them once the
          // attempt has an outcome.
          if (authorizationPhase === 'RUNNING') return;
          const plan = planOperation(ledgerOf(state), kind, request);
          if (!plan.ok) {
            throw ApplicationFailure.create({ type: 'InvalidOperation', message: plan.errors.map((e) => e.detail).join('; '), details: [plan.errors], nonRetryable: true });
          }
        },
      },
    );
  }

  let finished = false;

  // ---- operations whose outcome is unknown ------------------------------------------------------
  const uncertainOperationLegs = () =>
    state.operations.flatMap((operation) => operation.partner_transactions.filter((tx) => tx.status === 'UNCERTAIN').map((tx) => ({ operation, tx })));
  const operationSettler = (async () => {
    let delayMs = 2_000;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      await condition(() => uncertainOperationLegs().length > 0 || finished);
      if (finished) return;
      await sleep(delayMs);
      for (const { operation, tx } of uncertainOperationLegs()) await sendOperationLeg(operation, tx, 'orchestrated');
      delayMs = uncertainOperationLegs().length > 0 ? Math.min(delayMs * 2, 3_600_000) : 2_000;
    }
  })();

  // ---- the client session, when submitted from one ---------------------------------------------
  // Told of the first outcome (the shopper may have to follow a redirection) and of every change
  // of authorization status after it, one signal at a time and in order.
  let parentNotifiedKey = '';
  const parentKey = () => `${authorizationPhase === 'RUNNING' ? 'running' : 'answered'}:${authorizationStatus(state)}`;
  const parentNotifier = input.parentSessionWorkflowId
    ? (async (parentId: string) => {
        for (;;) {
          await condition(() => (parentKey() !== parentNotifiedKey && authorizationPhase !== 'RUNNING') || finished);
          if (finished && parentKey() === parentNotifiedKey) return;
          parentNotifiedKey = parentKey();
          const payment = view();
          if (!parentTold) {
            readModel.answered();
            parentTold = true;
          }
          const outcome = await notifyClientSession({ workflowId: parentId, payment }).catch(() => 'session-ended' as const);
          // Once the session has ended, the payment goes on without it.
          if (outcome === 'session-ended') return;
        }
      })(input.parentSessionWorkflowId)
    : Promise.resolve();

  // ---- the process -----------------------------------------------------------------------------
  if (!state.authorization_settled) {
    changed({});
    await authorizeLegs();
    const status = authorizationStatus(state);
    if (status === 'AUTHORIZED' && state.capture_mode === 'AUTOMATIC') {
      await runOperation('capture', { amount: computeAmounts(ledgerOf(state)).available_to_capture }, 'AUTHORIZATION', uuid4());
    }
    if (status !== 'AUTHORIZED') await compensate();
  }

  // Serve operations until no money can move any more; refunds can come long after capture.
  const nothingCanMove = () => {
    const amounts = computeAmounts(ledgerOf(state));
    const inFlight = state.operations.some((operation) => operation.partner_transactions.some((tx) => tx.status === 'PENDING' || tx.status === 'UNCERTAIN'));
    return allHandlersFinished() && !inFlight && amounts.available_to_capture === 0 && amounts.available_to_refund === 0 && amounts.authorize_pending === 0;
  };
  // One timer for the whole refund window (re-arming one per change would cost history events).
  let refundWindowClosed = false;
  const refundWindowLeft = Math.max(0, Date.parse(state.created_at) + refundWindowMs - Date.now());
  void sleep(refundWindowLeft).then(() => {
    refundWindowClosed = true;
  });
  for (;;) {
    if (nothingCanMove()) break;
    const seen = state.version;
    // Also woken when the last Update handler returns: that alone can make nothingCanMove true.
    await condition(() => nothingCanMove() || state.version !== seen || workflowInfo().continueAsNewSuggested || refundWindowClosed);
    if (refundWindowClosed && allHandlersFinished()) break;
    if (workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      finished = true;
      await readModel.close();
      await continueAsNew<typeof paymentWorkflow>({ ...input, payment: state, pendingEvents: outbox.undelivered() });
    }
  }
  await condition(allHandlersFinished);
  finished = true;
  await readModel.close();
  await operationSettler;
  await parentNotifier;
  await outbox.drain();
  return view();
}
