// What every phase of one payment run shares: its state, how a change is recorded and announced,
// and where the authorization stands. One object per run, handed to each phase.
import { ApplicationFailure } from '@temporalio/workflow';
import type { Payment } from '../../api/schemas/v2';
import type { AuthorizationStatus } from '../../domain/enums';
import type { DisputeEventType } from '../../domain/disputes';
import { authorizationStatus } from '../../domain/payment-status';
import { WebhookOutbox } from '../webhook-outbox';
import { LocalCallTurns, type PartnerCallRoute } from './partner-calls';
import type {
  AuthorizationLegState,
  DisputeNotification,
  DisputeState,
  OperationState,
  PaymentState,
  PaymentWorkflowInput,
} from './types';
import { paymentView } from './view';

/** RUNNING while a leg is being sent, WAITING while one waits for its shopper or partner, DONE once settled. */
export type AuthorizationPhase = 'RUNNING' | 'WAITING' | 'DONE';

/** What changed, for the events it announces. */
export interface PaymentChange {
  leg?: AuthorizationLegState;
  legAuthentication?: boolean;
  operation?: OperationState;
  operationLegId?: string;
  dispute?: DisputeState;
  /** What the change does to the dispute, in order (domain/disputes.ts disputeEvents). */
  disputeEvents?: readonly DisputeEventType[];
}

export class PaymentRun {
  readonly state: PaymentState;
  readonly outbox: WebhookOutbox;
  authorizationPhase: AuthorizationPhase;
  /** Set once the run stops serving: its background loops end. */
  finished = false;
  /**
   * Whether partner answers' card fingerprints are kept (added after payments shipped). Decided once,
   * by patched() at the very start of the run: called later, after a local activity resolved in the
   * same workflow task, its marker could be recorded out of the order a replay produces.
   */
  keepsCardFingerprints = false;
  /**
   * Whether what a partner that captures once (catalog.ts capturesOnce) released at a partial
   * capture is recorded as a void of the orchestrator's (added after payments shipped; decided at
   * the start of the run, as above).
   */
  recordsReleasedRest = false;
  /**
   * Whether read-model writes and the parent session's news go through local activities: only in
   * runs started before the patch 'no-local-activities' (payment.ts), which replay that way;
   * partner-calls.ts says why. Decided at the start, as above.
   */
  usesLocalActivities = false;
  /** How partners are called (partner-calls.ts): as new runs do, unless decided otherwise at the start. */
  partnerCallRoute: PartnerCallRoute = 'local-first, one at a time';
  readonly localCallTurns = new LocalCallTurns();
  /**
   * Whether partners' news of disputes is recorded (added after payments shipped; decided at the
   * start of the run, as above). A run started before keeps its news here and continues as new
   * (payment.ts), and the run it continues as records them (workflows/payment/disputes.ts).
   */
  recordsDisputes = false;
  /**
   * Whether a partner's definite refusal of a capture, void or refund (it refused the request, a
   * failure no retry cures) fails that part of the operation, releasing its amount, rather than
   * leaving it UNCERTAIN and re-sent for days (added after payments shipped; decided at the start
   * of the run, as above).
   */
  failsRefusedOperations = false;
  /**
   * Whether an operation that waited for the authorization checks again, once it ends, that its
   * idempotency key names no operation of another kind sent meanwhile (handlers.ts; added after
   * payments shipped; decided at the start of the run, as above).
   */
  rechecksKeysAfterAuthorization = false;
  /**
   * Whether a partner's answer that leaves a leg's status as it was but moves it on (PENDING for the
   * shopper, then PENDING under the partner's review: another partner_status, the redirection gone)
   * is announced as a change, and whether a leg authorized for less than asked is announced once,
   * already refused, rather than authorized and then refused (authorization.ts; added after payments
   * shipped; decided at the start of the run, as above, by the same patch as the one before).
   */
  announcesEveryLegMove = false;
  readonly disputeNewsToCarry: DisputeNotification[] = [];
  /** Evidence whose forwarding to the partner is under way, by evidence id. */
  readonly evidenceInFlight = new Set<string>();
  private lastAuthorizationStatus: AuthorizationStatus;

  constructor(readonly input: PaymentWorkflowInput) {
    this.state = input.payment;
    this.outbox = new WebhookOutbox(
      this.state.entity_id,
      input.webhookSubscription,
      input.webhookRetry,
      input.pendingEvents ?? [],
    );
    this.authorizationPhase = this.state.authorization_settled ? 'DONE' : 'RUNNING';
    this.lastAuthorizationStatus = authorizationStatus(this.state);
  }

  view(): Payment {
    return paymentView(this.state, this.input.publicUrl);
  }

  now(): string {
    return new Date().toISOString();
  }

  legById(id: string): AuthorizationLegState {
    const leg = this.state.legs.find((candidate) => candidate.id === id);
    if (!leg) throw ApplicationFailure.nonRetryable(`no authorization leg ${id}`);
    return leg;
  }

  /** The entity's Update or query; another entity's is told the payment does not exist. */
  assertBelongsTo(entityId: string): void {
    if (entityId !== this.state.entity_id)
      throw ApplicationFailure.create({ type: 'NotFound', message: 'payment not found', nonRetryable: true });
  }

  /** Every change goes through here: it bumps the version and tells the merchant what changed. */
  changed(what: PaymentChange): void {
    const { state, outbox } = this;
    state.version += 1;
    if (!outbox.subscribed) {
      this.lastAuthorizationStatus = authorizationStatus(state);
      return;
    }
    const payment = this.view();
    const resource = { type: 'payment' as const, id: state.id, version: state.version };
    if (what.leg) {
      outbox.publish('PARTNER_TRANSACTION_AUTHORIZATION', resource, payment, { partner_transaction_id: what.leg.id });
      if (what.legAuthentication) {
        outbox.publish('PARTNER_TRANSACTION_AUTHENTICATION', resource, payment, {
          partner_transaction_id: what.leg.id,
        });
        outbox.publish('AUTHENTICATION', resource, payment);
      }
    }
    if (what.operation) {
      const kind = operationEventKind[what.operation.kind];
      if (what.operationLegId) {
        outbox.publish(`PARTNER_TRANSACTION_${kind}`, resource, payment, {
          operation_id: what.operation.id,
          partner_transaction_id: what.operationLegId,
        });
      } else {
        outbox.publish(kind, resource, payment, { operation_id: what.operation.id });
      }
    }
    if (what.dispute) {
      for (const eventType of what.disputeEvents ?? [])
        outbox.publish(eventType, resource, payment, { dispute_id: what.dispute.id });
    }
    const status = authorizationStatus(state);
    if (status !== this.lastAuthorizationStatus) {
      this.lastAuthorizationStatus = status;
      outbox.publish('AUTHORIZATION', resource, payment);
    }
    outbox.publish('PAYMENT', resource, payment);
  }
}

const operationEventKind = { capture: 'CAPTURE', void: 'VOID', refund: 'REFUND' } as const;
