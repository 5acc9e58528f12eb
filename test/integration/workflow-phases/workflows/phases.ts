// Test-only workflows, one per phase of the payment: each builds the run a payment shares between
// its phases (workflows/payment/run.ts) from the state the test gives, with the handlers the API and
// partners talk to, runs that one phase, and answers the state it left. Bundled for the phase tests'
// worker only (../phase-bundle.ts), never in the shipped bundle (temporal/worker.ts).
import {
  allHandlersFinished,
  condition,
  defineSignal,
  defineUpdate,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { Activities } from '../../../../activities';
import type { Payment } from '../../../../api/schemas/v2';
import { authorizeLegs } from '../../../../workflows/payment/authorization';
import { compensate } from '../../../../workflows/payment/compensation';
import { registerPaymentHandlers } from '../../../../workflows/payment/handlers';
import { paymentWorkflow } from '../../../../workflows/payment/payment';
import { settleUncertainOperations } from '../../../../workflows/payment/operations';
import { PaymentRun } from '../../../../workflows/payment/run';
import type { PaymentState, PaymentWorkflowInput } from '../../../../workflows/payment/types';
import { ReadModel } from '../../../../workflows/read-model';
import { useWindows, type PaymentWindows } from './windows';

export interface PhaseInput extends PaymentWorkflowInput {
  /** Shorter windows than the domain's, for a phase that waits for the shopper or a partner. */
  windows?: Partial<PaymentWindows>;
  /** As a run started since the patch 'payment-patches-2026-12-03' decides (workflows/payment/payment.ts). */
  failsRefusedOperations?: boolean;
  /** As a run started since the patch 'payment-patches-2026-12-03-2' decides (workflows/payment/payment.ts). */
  announcesEveryLegMove?: boolean;
}

export interface PhaseOutcome {
  /** The run's state once the phase is done: what the next phase would start from. */
  state: PaymentState;
  /** The same, as the API shows it. */
  payment: Payment;
}

/** Ends a phase that serves the merchant's operations, once the test has sent them. */
export const finishPhaseSignal = defineSignal('finishPhase');

/**
 * The payment as the run holds it, asking no partner and writing no read model: what a test reads
 * while a phase runs. By Update, since running workflows are not queried
 * (workflows/payment/messages.ts says why).
 */
export const readPhaseUpdate = defineUpdate<Payment>('readPhase');

const { savePaymentProjection } = proxyActivities<Activities>({ startToCloseTimeout: '10 seconds' });

interface PhaseRun {
  run: PaymentRun;
  readModel: ReadModel;
}

function startRun(input: PhaseInput): PhaseRun {
  if (input.windows) useWindows(input.windows);
  const run = new PaymentRun(input);
  run.failsRefusedOperations = input.failsRefusedOperations ?? false;
  run.announcesEveryLegMove = input.announcesEveryLegMove ?? false;
  const readModel = new ReadModel(
    () => run.state.version,
    () => savePaymentProjection({ payment: run.view() }),
  );
  registerPaymentHandlers(run, readModel);
  setHandler(readPhaseUpdate, () => run.view());
  return { run, readModel };
}

async function finish({ run, readModel }: PhaseRun, background: Promise<void>[] = []): Promise<PhaseOutcome> {
  await condition(allHandlersFinished);
  run.finished = true;
  await readModel.close();
  await Promise.all(background);
  await run.outbox.drain();
  return { state: run.state, payment: run.view() };
}

/** authorization.ts: every leg sent in order, what is pending or unknown settled, the authorization settled. */
export async function authorizationPhase(input: PhaseInput): Promise<PhaseOutcome> {
  const phase = startRun(input);
  await authorizeLegs(phase.run);
  return finish(phase);
}

/** compensation.ts: what the legs hold given back after a failure, operations in flight settled first. */
export async function compensationPhase(input: PhaseInput): Promise<PhaseOutcome> {
  const phase = startRun(input);
  const settler = settleUncertainOperations(phase.run);
  await compensate(phase.run);
  return finish(phase, [settler]);
}

/**
 * operations.ts through handlers.ts: the merchant's captures, voids and refunds as the API sends
 * them (Updates), and operation parts of unknown outcome re-sent, until the test says finish.
 */
export async function operationsPhase(input: PhaseInput): Promise<PhaseOutcome> {
  const phase = startRun(input);
  const settler = settleUncertainOperations(phase.run);
  let finishing = false;
  setHandler(finishPhaseSignal, () => {
    finishing = true;
  });
  await condition(() => finishing);
  return finish(phase, [settler]);
}

/** payment.ts: the whole process, with the test's windows (a refund window of seconds lets it end). */
export async function paymentProcess(input: PhaseInput): Promise<Payment> {
  if (input.windows) useWindows(input.windows);
  return paymentWorkflow(input);
}
