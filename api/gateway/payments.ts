// The API's one way to the payment workflows, whichever API a call came through (v2, v1, the
// shopper's return): it starts a payment and waits for its first outcome, finds one for an entity,
// sends the merchant's operations as Updates and turns their failures into problems, and writes
// the read model from each answer. Routes keep only what is HTTP.
import { WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { readPaymentProjection } from '../../db/projections';
import { withPaymentDefaults } from '../../domain/defaults';
import { OPERATION_KINDS, type OperationKind } from '../../domain/payment-ledger';
import type { SplitEntryFacts } from '../../domain/payment-legs';
import { deterministicUuid } from '../../platform/ids';
import { entityIdKey, merchantReferenceKey } from '../../temporal/search-attributes';
import { paymentWorkflowId } from '../../workflows/payment/ids';
import {
  awaitAuthorizationUpdate,
  captureUpdate,
  getPaymentQuery,
  getShopperDestinationQuery,
  partnerDisputeSignal,
  partnerNotificationSignal,
  PAYMENT_AS_IT_STANDS,
  refreshPaymentUpdate,
  refundUpdate,
  shopperReturnedUpdate,
  submitEvidenceUpdate,
  voidUpdate,
  type EvidenceOutcome,
  type OperationOutcome,
} from '../../workflows/payment/messages';
import { newPaymentState } from '../../workflows/payment/new-payment';
import { paymentWorkflow } from '../../workflows/payment/payment';
import type { AuthorizeResult, PartnerDispute } from '../../partners/partner';
import type { AuthorizationLegState, OperationUpdateInput, PaymentWorkflowInput } from '../../workflows/payment/types';
import { badRequest, HttpProblem, notFound } from '../errors/problem';
import { projectAnswer } from '../read-model';
import type { CreatePaymentRequest, DisputeEvidenceRequest, Payment, PaymentSplitEntry } from '../schemas/v2';
import {
  isWorkflowNotFound,
  isWorkflowUnreplayable,
  updateAcrossRuns,
  updateFailure,
} from '../temporal/workflow-errors';
import type { GatewayDependencies } from './dependencies';
import { legsFromSplit, lookUpSplit } from './payment-legs';
import { redactedWebhook, webhookSubscriptionOf } from './webhook-subscription';

const operationUpdates = { capture: captureUpdate, void: voidUpdate, refund: refundUpdate } as const;
const availableAmount = {
  capture: 'available_to_capture',
  void: 'available_to_void',
  refund: 'available_to_refund',
} as const;

/** What the merchant asks of an operation; the gateway adds who asks and under which id. */
export type OperationRequest = Omit<OperationUpdateInput, 'entity_id' | 'operation_id'>;
export type { OperationOutcome };

/**
 * The payment a refresh with nothing to ask the partners was refused with (its validator in
 * workflows/payment/handlers.ts): the workflow's own state, read without writing history.
 */
function paymentAsItStands(failure: ReturnType<typeof updateFailure>): Payment | undefined {
  const payment = failure?.type === PAYMENT_AS_IT_STANDS ? failure.details[0] : undefined;
  return isPayment(payment) ? payment : undefined;
}

function isPayment(value: unknown): value is Payment {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string' &&
    'entity_id' in value &&
    'amounts' in value
  );
}

export class PaymentGateway {
  constructor(private readonly deps: GatewayDependencies) {}

  private handle(id: string) {
    return this.deps.temporal.workflow.getHandle(paymentWorkflowId(id));
  }

  /**
   * The authorization legs of split entries, checked against the entity's contracts and vaults
   * before anything starts. Leg ids come from the payment id, so that a racing duplicate builds
   * the very same workflow input.
   */
  async legsOf(input: {
    entityId: string;
    paymentId: string;
    currency: string;
    allowFutureUsage: boolean;
    split: readonly PaymentSplitEntry[];
    customerReference?: string | undefined;
    /** lookUpSplit's answer for these entries, when the caller asked beside its own reads. */
    facts?: readonly SplitEntryFacts[];
    /** Where the entry at an index of `split` is in the request, when not at /split/<index>. */
    entryPointer?: (index: number) => string;
    /** A client session's submission (payment-legs.ts LegsInput says why). */
    spentTokensLeftToTheVault?: boolean;
  }): Promise<AuthorizationLegState[]> {
    let legIndex = 0;
    const { legs, errors } = await legsFromSplit({
      sql: this.deps.sql,
      encryptionKey: this.deps.config.encryptionKey,
      ...(input.customerReference !== undefined ? { customerReference: input.customerReference } : {}),
      ...(input.facts ? { facts: input.facts } : {}),
      entityId: input.entityId,
      currency: input.currency,
      allowFutureUsage: input.allowFutureUsage,
      contracts: await this.deps.merchants.contractsOf(input.entityId),
      split: input.split,
      paymentId: input.paymentId,
      ...(input.spentTokensLeftToTheVault ? { spentTokensLeftToTheVault: true } : {}),
      newId: () => deterministicUuid('payment-leg', input.paymentId, String(legIndex++)),
      now: new Date().toISOString(),
    });
    const { entryPointer } = input;
    const located = entryPointer
      ? errors.map((error) => ({
          ...error,
          pointer: error.pointer.replace(/^\/split\/(\d+)/, (_whole, index: string) => entryPointer(Number(index))),
        }))
      : errors;
    if (located.length > 0) throw badRequest('the payment cannot be authorized as given', located);
    return legs;
  }

  /**
   * What each split entry names (a vaulted card, a wallet token, an earlier authorization), looked
   * up without the payment's terms: a caller that must first read those starts this beside them,
   * which saves a database round trip on the way to the payment (the checkout's submission).
   */
  lookUpSplit(entityId: string, split: readonly PaymentSplitEntry[]): Promise<SplitEntryFacts[]> {
    return lookUpSplit({ sql: this.deps.sql, encryptionKey: this.deps.config.encryptionKey, entityId }, split);
  }

  /**
   * Starts a validated payment and answers once its authorization has a first outcome, in one
   * round trip (Update-with-Start). The same idempotency key always names the same payment.
   */
  async create(
    request: CreatePaymentRequest,
    options: { idempotencyKey?: string; log: FastifyBaseLogger },
  ): Promise<Payment> {
    const { sql, config, merchants } = this.deps;
    const body = withPaymentDefaults(request);
    const entity = await merchants.entity(body.entity_id);
    if (!entity) throw notFound('entity');
    const id = options.idempotencyKey ? deterministicUuid('payment', entity.id, options.idempotencyKey) : randomUUID();
    // Candidates follow the split entries as legs; an error names the field the merchant sent.
    const splitCount = body.split?.length ?? 0;
    const legs = await this.legsOf({
      entityId: entity.id,
      paymentId: id,
      currency: body.currency,
      allowFutureUsage: body.allow_future_usage,
      split: [...(body.split ?? []), ...(body.new_authorization_candidates ?? [])],
      customerReference: body.customer?.reference,
      entryPointer: (index) =>
        index < splitCount ? `/split/${index}` : `/new_authorization_candidates/${index - splitCount}`,
    });
    const payment = newPaymentState({
      id,
      entity_id: entity.id,
      created_at: new Date().toISOString(),
      order: body.order,
      amount: body.amount,
      currency: body.currency,
      capture_mode: body.capture_mode,
      allow_future_usage: body.allow_future_usage,
      ...(body.customer ? { customer: body.customer } : {}),
      ...(body.shopper_redirection_url ? { shopper_redirection_url: body.shopper_redirection_url } : {}),
      ...(body.webhook ? { webhook: redactedWebhook(body.webhook) } : {}),
      legs,
    });
    const subscription = webhookSubscriptionOf(body.webhook, config.encryptionKey);
    try {
      const view = await this.startAndAwait(
        {
          payment,
          publicUrl: config.publicUrl,
          webhookRetry: { initialIntervalMs: config.webhookRetryInitialIntervalMs },
          ...(subscription ? { webhookSubscription: subscription } : {}),
        },
        'FAIL',
      );
      await projectAnswer(sql, config.encryptionKey, options.log, { payment: view });
      return view;
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) {
        await this.repairReadModel(id, entity.id, options.log);
        throw new HttpProblem(
          409,
          'idempotency_conflict',
          'a payment was already created with this x-idempotency-key',
          undefined,
          { resource_id: id },
        );
      }
      throw error;
    }
  }

  /**
   * Starts the payment a client session reserved (the session built its input) and answers its
   * first outcome, in one round trip. Sent again (a retried submission, or after the session
   * started it itself because this call came late), it joins the payment that runs; a payment
   * that has completed is read as it is. The caller writes the read model.
   */
  async startReserved(start: PaymentWorkflowInput): Promise<Payment> {
    try {
      return await this.startAndAwait(start, 'USE_EXISTING');
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      return this.current(start.payment.id, start.payment.entity_id);
    }
  }

  /** Update-with-Start: the payment's workflow and the wait for its first outcome in one call. */
  private startAndAwait(input: PaymentWorkflowInput, whenRunning: 'FAIL' | 'USE_EXISTING'): Promise<Payment> {
    const { payment } = input;
    const startWorkflowOperation = new WithStartWorkflowOperation(paymentWorkflow, {
      workflowId: paymentWorkflowId(payment.id),
      taskQueue: this.deps.config.taskQueue,
      workflowIdConflictPolicy: whenRunning,
      // An idempotency key stays spent after its payment has completed, not only while it runs.
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [input],
      typedSearchAttributes: [
        { key: entityIdKey, value: payment.entity_id },
        { key: merchantReferenceKey, value: payment.order.reference },
      ],
    });
    return this.deps.temporal.workflow.executeUpdateWithStart(awaitAuthorizationUpdate, {
      args: [{ entity_id: payment.entity_id }],
      startWorkflowOperation,
    });
  }

  /**
   * What a payment's check before an operation reads, its currency, order and legs, which never
   * change once it is authorized: from the read model, else the workflow. The operation itself is
   * judged by the workflow, on the payment as it stands.
   */
  async terms(id: string, entityId: string, log: FastifyBaseLogger): Promise<Payment> {
    const cached = await readPaymentProjection(this.deps.sql, this.deps.config.encryptionKey, id);
    if (cached?.payment.authorization?.status === 'AUTHORIZED') {
      if (cached.payment.entity_id !== entityId) throw notFound('payment');
      return cached.payment;
    }
    return this.read(id, entityId, { log });
  }

  /**
   * The entity's payment. Without `maxAgeSeconds`, partner transactions that are not final are
   * refreshed at their partner first; with it, a copy at most that old may answer instead.
   */
  async read(
    id: string,
    entityId: string,
    options: { maxAgeSeconds?: number; log: FastifyBaseLogger },
  ): Promise<Payment> {
    if (options.maxAgeSeconds !== undefined) {
      const cached = await readPaymentProjection(this.deps.sql, this.deps.config.encryptionKey, id);
      if (
        cached &&
        cached.payment.entity_id === entityId &&
        Date.now() - cached.updatedAt.getTime() <= options.maxAgeSeconds * 1000
      )
        return cached.payment;
    }
    try {
      const fresh = await this.current(id, entityId);
      // Also repairs a read model an earlier answer could not write.
      await projectAnswer(this.deps.sql, this.deps.config.encryptionKey, options.log, { payment: fresh });
      return fresh;
    } catch (error) {
      if (isWorkflowUnreplayable(error)) return this.lastKnown(id, entityId, error, options.log);
      throw error;
    }
  }

  /**
   * The entity's payment as its workflow holds it, its legs that are not final asked about at their
   * partners first. A running payment answers an Update, a completed one a query: queries to running
   * workflows are avoided (workflows/payment/messages.ts says why).
   */
  private async current(id: string, entityId: string): Promise<Payment> {
    const handle = this.handle(id);
    try {
      return await updateAcrossRuns(() =>
        handle.executeUpdate(refreshPaymentUpdate, { args: [{ entity_id: entityId }] }),
      );
    } catch (error) {
      const failure = updateFailure(error);
      const asItStands = paymentAsItStands(failure);
      if (asItStands) return asItStands;
      if (failure?.type === 'NotFound') throw notFound('payment');
      if (!isWorkflowNotFound(error)) throw error;
    }
    const completed = await this.completed(id);
    if (!completed || completed.entity_id !== entityId) throw notFound('payment');
    return completed;
  }

  /** A completed payment's final state; undefined when no such workflow exists. */
  private async completed(id: string): Promise<Payment | undefined> {
    try {
      return await this.handle(id).query(getPaymentQuery);
    } catch (error) {
      if (isWorkflowNotFound(error)) return undefined;
      throw error;
    }
  }

  /**
   * A payment whose workflow cannot be rebuilt (its history does not replay) is read as it was
   * last written: for a completed payment that is its final state, and a merchant gets it rather
   * than an error. Operators are told at error level: the workflow needs a reset.
   */
  private async lastKnown(id: string, entityId: string, error: unknown, log: FastifyBaseLogger): Promise<Payment> {
    log.error({ err: error, payment_id: id }, 'payment workflow does not replay: answered from the read model');
    const cached = await readPaymentProjection(this.deps.sql, this.deps.config.encryptionKey, id);
    if (cached && cached.payment.entity_id === entityId) return cached.payment;
    throw new HttpProblem(
      503,
      'temporarily_unavailable',
      'the payment cannot be read right now; retry later',
      undefined,
      { headers: { 'retry-after': '60' } },
    );
  }

  /**
   * A capture, void or refund of the merchant's. The same idempotency key always names the same
   * operation: a repeat answers 409 with its id, however long after.
   */
  async operate(
    kind: OperationKind,
    id: string,
    entityId: string,
    request: OperationRequest,
    options: { idempotencyKey?: string; log: FastifyBaseLogger },
  ): Promise<OperationOutcome> {
    const { idempotencyKey } = options;
    const operationId = idempotencyKey ? deterministicUuid(kind, entityId, id, idempotencyKey) : randomUUID();
    // What the same key names as another kind: a key names one operation of the payment.
    const sameKeyOperationIds = idempotencyKey
      ? OPERATION_KINDS.filter((other) => other !== kind).map((other) =>
          deterministicUuid(other, entityId, id, idempotencyKey),
        )
      : [];
    const alreadyMade = (earlierId = operationId, earlierKind: string = kind) =>
      new HttpProblem(
        409,
        'idempotency_conflict',
        `a ${earlierKind} was already made with this x-idempotency-key`,
        undefined,
        { resource_id: earlierId },
      );
    try {
      const outcome = await updateAcrossRuns(() =>
        this.handle(id).executeUpdate(operationUpdates[kind], {
          args: [
            {
              ...request,
              entity_id: entityId,
              operation_id: operationId,
              ...(sameKeyOperationIds.length > 0 ? { same_key_operation_ids: sameKeyOperationIds } : {}),
            },
          ],
        }),
      );
      await projectAnswer(this.deps.sql, this.deps.config.encryptionKey, options.log, { payment: outcome.payment });
      return outcome;
    } catch (error) {
      const failure = updateFailure(error);
      if (failure?.type === 'NotFound') throw notFound('payment');
      if (failure?.type === 'DuplicateOperation') {
        await this.repairReadModel(id, entityId, options.log);
        const [earlierKind] = failure.details;
        throw typeof earlierKind === 'string' ? alreadyMade(failure.message, earlierKind) : alreadyMade();
      }
      if (failure?.type === 'InvalidOperation')
        throw badRequest(`the ${kind} is invalid: ${failure.message}`, failure.errors);
      if (failure) throw badRequest(failure.message);
      if (!isWorkflowNotFound(error)) throw error;
    }
    // A payment whose workflow has completed has nothing left to move.
    const view = await this.completed(id);
    if (!view || view.entity_id !== entityId) throw notFound('payment');
    const madeWithThisKey = [operationId, ...sameKeyOperationIds];
    for (const [earlierKind, earlier] of [
      ['capture', view.captures],
      ['void', view.voids],
      ['refund', view.refunds],
    ] as const) {
      const made = earlier.find((existing) => madeWithThisKey.includes(existing.id));
      if (made) throw alreadyMade(made.id, earlierKind);
    }
    throw badRequest(`nothing is available to ${kind} on this payment`, [
      { pointer: '/amount', detail: `must be at most ${view.amounts[availableAmount[kind]]}` },
    ]);
  }

  /**
   * The shopper is back from a partner's page. Their redirect carries no proof of outcome, so the
   * partners are asked; a payment whose workflow has completed (its partner notified first) is
   * final and read as it is. Also says where the shopper goes next.
   */
  async shopperReturned(id: string): Promise<{ payment: Payment; shopperRedirectionUrl?: string }> {
    const handle = this.handle(id);
    const answer = await updateAcrossRuns(() => handle.executeUpdate(shopperReturnedUpdate)).catch(
      async (error: unknown) => {
        if (!isWorkflowNotFound(error)) throw error;
        const payment = await this.completed(id);
        if (!payment) throw notFound('payment');
        return { payment, destination: await handle.query(getShopperDestinationQuery) };
      },
    );
    const url = answer.destination.shopper_redirection_url;
    return { payment: answer.payment, ...(url ? { shopperRedirectionUrl: url } : {}) };
  }

  /** A partner's asynchronous outcome for one authorization leg, already authenticated by its adapter. */
  async partnerNotified(id: string, legId: string, result: AuthorizeResult): Promise<void> {
    try {
      await this.handle(id).signal(partnerNotificationSignal, { leg_id: legId, result });
    } catch (error) {
      if (isWorkflowNotFound(error)) throw notFound('payment');
      throw error;
    }
  }

  /**
   * A partner's news of a dispute on one authorization leg, already authenticated by its adapter. A
   * payment whose workflow has ended (everything refunded or voided, or its refund window over)
   * cannot record it: that is told to operators, and the partner is answered not found.
   */
  async partnerDisputed(id: string, legId: string, dispute: PartnerDispute, log: FastifyBaseLogger): Promise<void> {
    try {
      await this.handle(id).signal(partnerDisputeSignal, { leg_id: legId, dispute });
    } catch (error) {
      if (!isWorkflowNotFound(error)) throw error;
      log.warn(
        { payment_id: id, dispute_reference: dispute.reference, dispute_status: dispute.status },
        'a partner told of a dispute on a payment whose workflow has ended: it is not recorded on the payment',
      );
      throw notFound('payment');
    }
  }

  /**
   * The merchant's evidence for a dispute, forwarded to the partner by the payment. The same
   * idempotency key always names the same evidence: a repeat answers 409 with its id.
   */
  async submitEvidence(
    id: string,
    entityId: string,
    disputeId: string,
    evidence: DisputeEvidenceRequest,
    options: { idempotencyKey?: string; log: FastifyBaseLogger },
  ): Promise<EvidenceOutcome> {
    const evidenceId = options.idempotencyKey
      ? deterministicUuid('dispute-evidence', entityId, id, disputeId, options.idempotencyKey)
      : randomUUID();
    try {
      const outcome = await updateAcrossRuns(() =>
        this.handle(id).executeUpdate(submitEvidenceUpdate, {
          args: [
            {
              entity_id: entityId,
              dispute_id: disputeId,
              evidence_id: evidenceId,
              ...(evidence.text !== undefined ? { text: evidence.text } : {}),
              files: (evidence.files ?? []).map((file) => ({ name: file.name, url: file.url })),
            },
          ],
        }),
      );
      await projectAnswer(this.deps.sql, this.deps.config.encryptionKey, options.log, { payment: outcome.payment });
      return outcome;
    } catch (error) {
      const failure = updateFailure(error);
      if (failure?.type === 'NotFound') throw notFound('payment');
      if (failure?.type === 'DisputeNotFound') throw notFound('dispute');
      if (failure?.type === 'DuplicateEvidence') {
        await this.repairReadModel(id, entityId, options.log);
        throw new HttpProblem(
          409,
          'idempotency_conflict',
          'evidence was already submitted with this x-idempotency-key',
          undefined,
          { resource_id: evidenceId },
        );
      }
      if (failure?.type === 'EvidenceNotAccepted') throw new HttpProblem(409, 'evidence_not_accepted', failure.message);
      if (failure?.type === 'EvidenceRefused') {
        await this.repairReadModel(id, entityId, options.log);
        throw new HttpProblem(409, 'evidence_refused', `the partner refused the evidence: ${failure.message}`);
      }
      if (failure) throw badRequest(failure.message);
      if (!isWorkflowNotFound(error)) throw error;
    }
    // A payment whose workflow has completed has every dispute decided.
    const view = await this.completed(id);
    if (!view || view.entity_id !== entityId) throw notFound('payment');
    const dispute = view.disputes?.find((candidate) => candidate.id === disputeId);
    if (!dispute) throw notFound('dispute');
    throw new HttpProblem(409, 'evidence_not_accepted', `the dispute is ${dispute.status}: it takes no evidence`);
  }

  /**
   * A partner on the entity's own account (Stripe) says one of the entity's payments changed, in a
   * notification checked with the entity's secret. Such events carry their object without its
   * details (a PaymentIntent without its charge, where the 3-D Secure outcome is) and may arrive
   * out of order, so the event is a prompt, not a result: the workflow asks the partner for the
   * current state, as when the shopper comes back. A payment of another entity is not found,
   * whatever the event claims; one with nothing left to settle has nothing to do.
   */
  async partnerPrompted(id: string, entityId: string, log: FastifyBaseLogger): Promise<void> {
    const fresh = await this.current(id, entityId);
    await projectAnswer(this.deps.sql, this.deps.config.encryptionKey, log, { payment: fresh });
  }

  /**
   * A repeated key means an earlier request was processed, but its answer (and the read-model
   * write that goes with it) may have been lost on the way: a timeout, a 503. The repeat writes
   * the read model from the workflow, so that what the 409 points to is what a cached read shows.
   */
  private async repairReadModel(id: string, entityId: string, log: FastifyBaseLogger): Promise<void> {
    const payment = await this.current(id, entityId).catch(() => undefined);
    if (payment) await projectAnswer(this.deps.sql, this.deps.config.encryptionKey, log, { payment });
  }
}
