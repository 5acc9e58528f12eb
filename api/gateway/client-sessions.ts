// The API's one way to the client session workflows, whichever API a call came through (v2, v1,
// the browser checkout, the shopper's return): it starts them, finds one for an entity, sends
// Updates and turns their failures into problems, and writes the read model from each answer.
// Routes keep only what is HTTP: parsing, auth, status codes and the shape of their answers.
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookSubscription } from '../../activities/webhook-types';
import type { PartnerContract } from '../../db/contracts';
import type { EntityRecord } from '../../db/merchants';
import { deleteClientSessionProjection, readClientSessionProjection } from '../../db/projections';
import { refuseTransition, type AbortStatus } from '../../domain/client-session-status';
import { withClientSessionDefaults } from '../../domain/defaults';
import { eligibleSolutions } from '../../domain/eligibility';
import { deterministicUuid } from '../../platform/ids';
import { entityIdKey, merchantReferenceKey } from '../../temporal/search-attributes';
import { clientSessionWorkflow } from '../../workflows/client-session/client-session';
import { clientSessionWorkflowId } from '../../workflows/client-session/id';
import {
  abortClientSessionUpdate,
  getClientSessionQuery,
  openClientSessionUpdate,
  readClientSessionUpdate,
  reserveClientSessionPaymentUpdate,
} from '../../workflows/client-session/messages';
import type { ClientSessionState } from '../../workflows/client-session/types';
import { paymentChangedSignal } from '../../workflows/payment/messages';
import type { AuthorizationLegState } from '../../workflows/payment/types';
import { badRequest, HttpProblem, notFound } from '../errors/problem';
import { projectAnswer } from '../read-model';
import type { ClientSessionApplication, Payment } from '../schemas/v2';
import { isWorkflowNotFound, updateFailure } from '../temporal/workflow-errors';
import type { GatewayDependencies } from './dependencies';
import type { PaymentGateway } from './payments';
import { webhookSubscriptionOf } from './webhook-subscription';

/** What a browser checkout needs to mount the widget; base64 JSON as existing clients decode it. */
function widgetData(
  session: { id: string; amount: number; currency: string },
  entity: Readonly<EntityRecord>,
  publicUrl: string,
): string {
  const payload = {
    entity_id: entity.id,
    publishable_key: entity.publishable_key,
    environment: 'sandbox',
    api_url: publicUrl,
    session: { id: session.id, amount: session.amount, currency: session.currency },
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

function sessionLinks(publicUrl: string, id: string, entityId: string, hosted: boolean): ClientSessionState['links'] {
  const self = `${publicUrl}/v2/client-sessions/${id}`;
  return {
    self,
    abort: `${self}/abort`,
    ...(hosted ? { hosted_page: `${publicUrl}/entities/${entityId}/sessions/${id}` } : {}),
  };
}

export interface SubmittedPayment {
  session: ClientSessionState;
  payment: Payment;
}

export class ClientSessionGateway {
  constructor(
    private readonly deps: GatewayDependencies,
    private readonly payments: PaymentGateway,
  ) {}

  private handle(id: string) {
    return this.deps.temporal.workflow.getHandle(clientSessionWorkflowId(id));
  }

  /**
   * Starts the session of a validated application. The same idempotency key always names the same
   * session: a repeat answers 409 with its id.
   */
  async create(
    submitted: ClientSessionApplication,
    options: {
      idempotencyKey?: string;
      log: FastifyBaseLogger;
      /** Who is told of changes, when not the application's webhook (a v1 hook). */
      subscription?: WebhookSubscription;
      /** The entity's contracts, when the caller has read them already (v1 builds its protocols from them). */
      contracts?: readonly PartnerContract[];
    },
  ): Promise<ClientSessionState> {
    const { sql, config, merchants } = this.deps;
    const application = withClientSessionDefaults(submitted);
    // Independent reads: in parallel, they cost one database round trip instead of two (none when cached).
    const [entity, contracts] = await Promise.all([
      merchants.entity(application.entity_id),
      options.contracts ?? merchants.contractsOf(application.entity_id),
    ]);
    if (!entity) throw notFound('entity');

    const id = options.idempotencyKey
      ? deterministicUuid('client-session', entity.id, options.idempotencyKey)
      : randomUUID();
    const now = new Date();
    const integrationMode = application.integration_mode;
    const session: ClientSessionState = {
      id,
      entity_id: entity.id,
      status: 'CREATED',
      version: 1,
      amount: application.amount,
      currency: application.currency,
      capture_mode: application.capture_mode,
      integration_mode: integrationMode,
      allow_future_usage: application.allow_future_usage,
      ...(application.customer ? { customer: application.customer } : {}),
      order: application.order,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + config.sessionTtlSeconds * 1000).toISOString(),
      shopper_redirection_url: application.shopper_redirection_url,
      ...(integrationMode === 'EMBEDDED'
        ? {
            widget: {
              data: widgetData(
                { id, amount: application.amount, currency: application.currency },
                entity,
                config.publicUrl,
              ),
              js_url: `${config.publicUrl}/widget/v1/tessera-widget.js`,
            },
          }
        : {}),
      ...(application.three_ds_authentication_options
        ? { three_ds_authentication_options: application.three_ds_authentication_options }
        : {}),
      eligible_solutions: eligibleSolutions(contracts, application.amount, application.currency),
      links: sessionLinks(config.publicUrl, id, entity.id, integrationMode === 'HOSTED_PAGE'),
    };
    const webhook = options.subscription ?? webhookSubscriptionOf(application.webhook, config.encryptionKey);

    // The read model is written beside the start, not after it: the submission reads the session
    // from it, and the shopper may be that fast.
    const projected = projectAnswer(sql, config.encryptionKey, options.log, { session });
    try {
      await this.deps.temporal.workflow.start(clientSessionWorkflow, {
        workflowId: clientSessionWorkflowId(id),
        taskQueue: config.taskQueue,
        // An idempotency key stays spent after its session has ended, not only while it runs.
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        args: [
          {
            session,
            ...(webhook ? { webhook } : {}),
            webhookRetry: { initialIntervalMs: config.webhookRetryInitialIntervalMs },
          },
        ],
        typedSearchAttributes: [
          { key: entityIdKey, value: entity.id },
          { key: merchantReferenceKey, value: application.order.reference },
        ],
      });
      await projected;
    } catch (error) {
      await projected;
      if (error instanceof WorkflowExecutionAlreadyStartedError) {
        throw new HttpProblem(
          409,
          'idempotency_conflict',
          'a client session was already created with this x-idempotency-key',
          undefined,
          { resource_id: id },
        );
      }
      // No session exists under this id (unless a lost answer hid its start: then the workflow's
      // next change writes the row again).
      await deleteClientSessionProjection(sql, id, 1).catch(() => undefined);
      throw error;
    }
    return session;
  }

  /**
   * The entity's session as its workflow holds it; another entity's is indistinguishable from one
   * that does not exist. A running session answers an Update, a completed one a query: queries to
   * running workflows are avoided (workflows/payment/messages.ts says why).
   */
  async read(id: string, entityId: string): Promise<ClientSessionState> {
    const handle = this.handle(id);
    try {
      return await handle.executeUpdate(readClientSessionUpdate, { args: [{ entity_id: entityId }] });
    } catch (error) {
      if (updateFailure(error)?.type === 'NotFound') throw notFound('client session');
      if (!isWorkflowNotFound(error)) throw error;
    }
    try {
      const session = await handle.query(getClientSessionQuery);
      if (session.entity_id !== entityId) throw notFound('client session');
      return session;
    } catch (error) {
      if (isWorkflowNotFound(error)) throw notFound('client session');
      throw error;
    }
  }

  /** What never changes after creation (currency, amount, solutions, 3DS preferences): from the read model, else the workflow. */
  async terms(id: string, entityId: string): Promise<ClientSessionState> {
    const session = await readClientSessionProjection(this.deps.sql, this.deps.config.encryptionKey, id);
    if (!session) return this.read(id, entityId);
    if (session.entity_id !== entityId) throw notFound('client session');
    return session;
  }

  /**
   * The shopper opened the page or widget: CREATED moves to CHOICE_IN_PROGRESS; any other status
   * is shown as it is (the page then explains it instead of offering a form).
   */
  async open(id: string, entityId: string, log: FastifyBaseLogger): Promise<ClientSessionState> {
    try {
      const session = await this.handle(id).executeUpdate(openClientSessionUpdate, { args: [{ entity_id: entityId }] });
      await projectAnswer(this.deps.sql, this.deps.config.encryptionKey, log, { session });
      return session;
    } catch (error) {
      if (updateFailure(error)?.type === 'NotFound') throw notFound('client session');
      if (!isWorkflowNotFound(error)) throw error;
    }
    // The workflow has completed: the session is final (paid, expired or aborted).
    return this.read(id, entityId);
  }

  async abort(id: string, entityId: string, status: AbortStatus, log: FastifyBaseLogger): Promise<ClientSessionState> {
    try {
      const session = await this.handle(id).executeUpdate(abortClientSessionUpdate, {
        args: [{ status, entity_id: entityId }],
      });
      await projectAnswer(this.deps.sql, this.deps.config.encryptionKey, log, { session });
      return session;
    } catch (error) {
      const failure = updateFailure(error);
      if (failure?.type === 'NotFound') throw notFound('client session');
      if (failure) throw badRequest(failure.message, [{ pointer: '/status', detail: failure.message }]);
      if (!isWorkflowNotFound(error)) throw error;
    }
    // The workflow has completed (the session is final): tell what stands in the way, in the words
    // its validator would have used. A session whose payment failed ends only once expired.
    const session = await this.read(id, entityId);
    const refusal =
      refuseTransition(session.status, status, session.authorization?.status) ??
      `the client session expired at ${session.expires_at}; it cannot become ${status}`;
    throw badRequest(refusal, [{ pointer: '/status', detail: refusal }]);
  }

  /**
   * The shopper's choice: the session reserves itself for the payment and hands back what to start,
   * then the payment starts and answers its first outcome (two round trips, no child workflow on
   * the way). A session that already has a payment answers `session_already_submitted`.
   */
  async submit(
    id: string,
    entityId: string,
    payment: { id: string; legs: AuthorizationLegState[] },
    log: FastifyBaseLogger,
  ): Promise<SubmittedPayment> {
    try {
      const session = this.handle(id);
      const reserved = await session.executeUpdate(reserveClientSessionPaymentUpdate, {
        args: [
          {
            entity_id: entityId,
            payment_id: payment.id,
            legs: payment.legs,
            publicUrl: this.deps.config.publicUrl,
            tells_first_outcome: true,
          },
        ],
      });
      const started = await this.payments.startReserved(reserved.payment_start);
      // The session takes the authorization from this news a moment later; the answer shows it now,
      // as the session will.
      const result = {
        session: { ...reserved.session, ...(started.authorization ? { authorization: started.authorization } : {}) },
        payment: started,
      };
      // The payment leaves its first outcome to us (workflows/payment/parent-session.ts). The shopper's
      // answer does not wait for the session to take it (a round trip through the Temporal server):
      // what the shopper reads next comes from the read model, written below, and a session that is
      // never told (a signal that fails, an api process gone first) asks the payment after a few
      // seconds. A submission that follows at once waits in the session for this news.
      void session.signal(paymentChangedSignal, started).catch((error: unknown) => {
        log.warn({ err: error }, 'the session was not told of its payment; it will ask the payment');
      });
      await projectAnswer(this.deps.sql, this.deps.config.encryptionKey, log, result);
      return result;
    } catch (error) {
      const failure = updateFailure(error);
      if (failure?.type === 'NotFound') throw notFound('client session');
      if (failure?.type === 'AlreadySubmitted')
        throw new HttpProblem(400, 'session_already_submitted', failure.message);
      if (failure?.type === 'SessionExpired') throw new HttpProblem(400, 'session_expired', failure.message);
      if (failure?.type === 'InvalidTransition') throw new HttpProblem(400, 'session_ended', failure.message);
      if (failure) throw badRequest(failure.message);
      if (!isWorkflowNotFound(error)) throw error;
    }
    // The workflow has completed: the session was paid, or it expired (its last payment failed, or
    // none was made) or was aborted.
    const session = await this.read(id, entityId);
    if (session.status === 'SUBMITTED' && session.authorization?.status === 'AUTHORIZED')
      throw new HttpProblem(400, 'session_already_submitted', 'the client session has been paid');
    if (session.status === 'SUBMITTED' || session.status === 'EXPIRED')
      throw new HttpProblem(
        400,
        'session_expired',
        `the client session expired at ${session.expires_at}; it can no longer be paid`,
      );
    throw new HttpProblem(400, 'session_ended', `the client session is ${session.status}; it can no longer be paid`);
  }
}
