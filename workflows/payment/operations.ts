// Captures, voids and refunds: planned against the payment's amounts before anything is recorded,
// then each part sent to the partner holding it. A part whose outcome is unknown is re-sent with
// the same idempotency key until its partner answers.
import { ApplicationFailure, condition, sleep, uuid4 } from '@temporalio/workflow';
import { authorizationBalances } from '../../domain/payment-amounts';
import type { OperationKind } from '../../domain/payment-ledger';
import { capturesOnce } from '../../partners/catalog';
import { planOperation, type Allocation } from '../../domain/payment-operations';
import { operationStatus } from '../../domain/payment-status';
import type { OperationRequestInput } from '../../domain/validation/operation';
import { applyOperationResult } from './apply-partner-answer';
import { operationIdempotencyKey } from './ids';
import { operateAtPartner, permanentFailureOf, type PartnerCallMode } from './partner-calls';
import type { PaymentRun } from './run';
import type { OperationLegState, OperationState } from './types';
import { ledgerOf } from './view';

/** Fails an Update (or the orchestrator's own operation) whose request the payment's amounts refuse. */
export function assertOperationPossible(
  run: PaymentRun,
  kind: OperationKind,
  request: OperationRequestInput,
): readonly Allocation[] {
  const plan = planOperation(ledgerOf(run.state), kind, request);
  if (!plan.ok)
    throw ApplicationFailure.create({
      type: 'InvalidOperation',
      message: plan.errors.map((e) => e.detail).join('; '),
      details: [plan.errors],
      nonRetryable: true,
    });
  return plan.allocations;
}

/**
 * Sends one part of an operation to its partner. The idempotency key is the same on every send,
 * so re-sending a leg whose outcome is unknown can only ever return the first outcome.
 */
async function sendOperationLeg(
  run: PaymentRun,
  operation: OperationState,
  tx: OperationLegState,
  how: PartnerCallMode,
): Promise<void> {
  const { state } = run;
  const leg = run.legById(tx.authorization_id);
  try {
    const result = await operateAtPartner(
      run,
      {
        kind: operation.kind,
        // As in pollLeg: the activity's input grows, the commands stay the same.
        entity_id: state.entity_id,
        partner: leg.partner,
        idempotency_key: operationIdempotencyKey(state.id, operation.kind, operation.id, tx.id),
        authorization_reference: leg.partner_reference ?? '',
        amount: tx.amount,
        currency: state.currency,
      },
      how,
    );
    applyOperationResult(tx, result, run.now());
  } catch (error) {
    const refused = run.failsRefusedOperations ? permanentFailureOf(error) : undefined;
    if (refused) {
      // The partner answered, and no re-send can change its answer: the part failed, and what it
      // reserved is free again.
      tx.status = 'FAILURE';
      tx.partner_status_description = `the partner refused the ${operation.kind}: ${refused.message}`;
    } else {
      tx.status = 'UNCERTAIN';
      tx.partner_status_description =
        'the partner did not answer; the operation will be re-sent with the same idempotency key';
    }
    tx.updated_at = run.now();
  }
  run.changed({ operation, operationLegId: tx.id });
  const status = operationStatus(operation.partner_transactions);
  if (
    status !== operation.status &&
    !operation.partner_transactions.some((candidate) => candidate.status === 'PENDING')
  ) {
    operation.status = status;
    operation.updated_at = run.now();
    run.changed({ operation });
  }
  if (operation.kind === 'capture' && tx.status === 'SUCCESS') await recordReleasedRest(run, tx.authorization_id);
}

/**
 * A partner that captures once (Stripe, without multicapture) released what a partial capture left
 * on the authorization. Left as it is, the payment would offer that rest to capture and void while
 * the partner holds nothing: it is recorded as a void of the orchestrator's, which the partner's
 * adapter confirms without moving money. What other operations in flight have reserved stays theirs.
 */
async function recordReleasedRest(run: PaymentRun, authorizationId: string): Promise<void> {
  const leg = run.legById(authorizationId);
  if (!run.recordsReleasedRest || !capturesOnce(leg.partner)) return;
  const rest =
    authorizationBalances(ledgerOf(run.state)).find((balance) => balance.id === leg.id)?.remaining_amount ?? 0;
  if (rest <= 0) return;
  await runOperation(run, 'void', { amount: rest, partner_transaction_id: leg.id }, 'ORCHESTRATOR', uuid4());
}

export async function runOperation(
  run: PaymentRun,
  kind: OperationKind,
  request: OperationRequestInput,
  triggeredBy: OperationState['triggered_by'],
  operationId: string,
  details: { merchant_reference?: string; order?: OperationRequestInput['order'] } = {},
): Promise<OperationState> {
  const allocations = assertOperationPossible(run, kind, request);
  const created = run.now();
  const operation: OperationState = {
    id: operationId,
    kind,
    amount: allocations.reduce((sum, allocation) => sum + allocation.amount, 0),
    created_at: created,
    updated_at: created,
    triggered_by: triggeredBy,
    ...(details.merchant_reference ? { merchant_reference: details.merchant_reference } : {}),
    ...(details.order ? { order: details.order } : {}),
    status: 'PENDING',
    // Recorded before any partner call: the amounts are reserved against concurrent operations.
    partner_transactions: allocations.map((allocation) => {
      const leg = run.legById(allocation.authorization_id);
      return {
        id: uuid4(),
        created_at: created,
        updated_at: created,
        authorization_id: leg.id,
        partner: leg.partner,
        method: leg.method,
        amount: allocation.amount,
        status: 'PENDING',
      };
    }),
  };
  run.state.operations.push(operation);
  run.changed({ operation });
  const how: PartnerCallMode = triggeredBy === 'MERCHANT' ? 'answering' : 'orchestrated';
  for (const tx of operation.partner_transactions) await sendOperationLeg(run, operation, tx, how);
  return operation;
}

/** Re-sends, with growing pauses, every operation part whose outcome is unknown, until the run finishes. */
export async function settleUncertainOperations(run: PaymentRun): Promise<void> {
  const uncertainOperationLegs = () =>
    run.state.operations.flatMap((operation) =>
      operation.partner_transactions.filter((tx) => tx.status === 'UNCERTAIN').map((tx) => ({ operation, tx })),
    );
  let delayMs = 2_000;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    await condition(() => uncertainOperationLegs().length > 0 || run.finished);
    if (run.finished) return;
    await sleep(delayMs);
    for (const { operation, tx } of uncertainOperationLegs())
      await sendOperationLeg(run, operation, tx, 'orchestrated');
    delayMs = uncertainOperationLegs().length > 0 ? Math.min(delayMs * 2, 3_600_000) : 2_000;
  }
}
