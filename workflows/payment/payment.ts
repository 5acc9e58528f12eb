// The payment: authorize each leg at its partner, settle what is pending, compensate a partial
// failure, capture at once in AUTOMATIC mode, then serve the merchant's captures, voids and
// refunds as Updates until no money can move any more. Each phase has its own module around one
// shared run (run.ts); this file is the process they make together.
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
  proxyActivities,
  proxyLocalActivities,
  sleep,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { Payment } from '../../api/schemas/v2';
import type { Activities } from '../../activities';
import { computeAmounts } from '../../domain/payment-amounts';
import { authorizationStatus } from '../../domain/payment-status';
import { refundWindowLeftMs } from '../../domain/payment-windows';
import { ReadModel } from '../read-model';
import { authorizeLegs } from './authorization';
import { compensate } from './compensation';
import { hasOpenDispute, recordDisputeNews, registerDisputeHandlers, resendEvidence } from './disputes';
import { registerPaymentHandlers } from './handlers';
import { runOperation, settleUncertainOperations } from './operations';
import { ParentSessionLink } from './parent-session';
import { PaymentRun } from './run';
import { saveToCustomerWallet, walletEntriesOf } from './wallet-save';
import type { PaymentWorkflowInput } from './types';
import { ledgerOf } from './view';

const readModelWrites = { startToCloseTimeout: '10 seconds', retry: { maximumInterval: '30 seconds' } } as const;
const projection = proxyActivities<Activities>(readModelWrites);
/** How runs started before the patch 'no-local-activities' write it (workflows/payment/partner-calls.ts). */
const projectionInTask = proxyLocalActivities<Activities>(readModelWrites);

export async function paymentWorkflow(input: PaymentWorkflowInput): Promise<Payment> {
  const run = new PaymentRun(input);
  // A run started since 'payment-patches-2026-11' takes every earlier patch under that one marker:
  // each patched() call writes a marker and an upsert of the TemporalChangeVersion search attribute,
  // four of each per payment that the server had to store and index. Runs recorded before it find
  // no such marker and replay through the patches one by one, as they were decided.
  // A run started since 'payment-patches-2026-11-27' takes every patch before it too, and calls its
  // partners locally first, one call at a time (partner-calls.ts); runs recorded before it find no
  // such marker and go on to the patches they were decided with.
  // A run started since 'payment-patches-2026-12-03' takes every patch before it as well, and fails
  // the part of an operation its partner refused outright (operations.ts).
  // A run started since 'payment-patches-2026-12-03-2' takes every patch before it too, checks an
  // operation's key against the other kinds again once the authorization it waited for ends
  // (handlers.ts), and announces every move of a leg once (authorization.ts).
  const rechecksKeysAfterAuthorization = patched('payment-patches-2026-12-03-2');
  const failsRefusedOperations = rechecksKeysAfterAuthorization || patched('payment-patches-2026-12-03');
  const callsLocallyInTurns = failsRefusedOperations || patched('payment-patches-2026-11-27');
  const takesEveryPatch = callsLocallyInTurns || patched('payment-patches-2026-11');
  run.keepsCardFingerprints = takesEveryPatch || patched('card-fingerprint');
  run.recordsReleasedRest = takesEveryPatch || patched('record-released-rest');
  run.usesLocalActivities = !(takesEveryPatch || patched('no-local-activities'));
  run.partnerCallRoute = callsLocallyInTurns
    ? 'local-first, one at a time'
    : run.usesLocalActivities
      ? 'local-first'
      : 'activities';
  run.recordsDisputes = takesEveryPatch || patched('disputes');
  run.failsRefusedOperations = failsRefusedOperations;
  run.rechecksKeysAfterAuthorization = rechecksKeysAfterAuthorization;
  run.announcesEveryLegMove = rechecksKeysAfterAuthorization;
  const { state } = run;
  const parentSession = new ParentSessionLink(run, input.parentSessionWorkflowId);
  const readModel = new ReadModel(
    () => state.version,
    () => (run.usesLocalActivities ? projectionInTask : projection).savePaymentProjection({ payment: run.view() }),
    { hold: () => parentSession.holdsReadModel },
  );
  registerPaymentHandlers(run, readModel);
  registerDisputeHandlers(run, readModel);
  // News of disputes an earlier run of this payment kept for this one (disputes.ts).
  if (run.recordsDisputes)
    for (const notification of input.disputeNotifications ?? []) recordDisputeNews(run, notification);
  const evidenceResender = run.recordsDisputes ? resendEvidence(run) : undefined;
  const operationSettler = settleUncertainOperations(run);
  const parentNotifier = parentSession.keepInformed(() => readModel.answered());

  if (!state.authorization_settled) {
    run.changed({});
    await authorizeLegs(run);
    const status = authorizationStatus(state);
    if (status === 'AUTHORIZED' && state.capture_mode === 'AUTOMATIC') {
      await runOperation(
        run,
        'capture',
        { amount: computeAmounts(ledgerOf(state)).available_to_capture },
        'AUTHORIZATION',
        uuid4(),
      );
    }
    if (status !== 'AUTHORIZED') await compensate(run);
    // Added after payments shipped: runs recorded before it replay without the save.
    const saving = status === 'AUTHORIZED' ? walletEntriesOf(run) : undefined;
    if (saving && (takesEveryPatch || patched('save-to-customer-wallet'))) await saveToCustomerWallet(run, saving);
  }

  // Serve operations until no money can move any more; refunds can come long after capture, and a
  // dispute opened before then keeps the payment until it is decided.
  // Checked at every turn of the workflow's conditions: the amounts, which walk the whole ledger,
  // are computed only once no handler and no partner call can still change them. It answers as the
  // single conjunction it replaced did, from the same state, so it issues the same commands and
  // histories recorded before it replay without patched() (test/replay).
  const nothingCanMove = () => {
    if (!allHandlersFinished() || hasOpenDispute(run)) return false;
    const inFlight = state.operations.some((operation) =>
      operation.partner_transactions.some((tx) => tx.status === 'PENDING' || tx.status === 'UNCERTAIN'),
    );
    if (inFlight) return false;
    const amounts = computeAmounts(ledgerOf(state));
    return amounts.available_to_capture === 0 && amounts.available_to_refund === 0 && amounts.authorize_pending === 0;
  };
  // One timer for the whole refund window (re-arming one per change would cost history events).
  let refundWindowClosed = false;
  void sleep(refundWindowLeftMs(state.created_at, Date.now())).then(() => {
    refundWindowClosed = true;
  });
  for (;;) {
    if (nothingCanMove()) break;
    const seen = state.version;
    // Also woken when the last Update handler returns: that alone can make nothingCanMove true.
    // A run that does not record disputes continues as new with their news (disputes.ts); past the
    // refund window, a dispute still open keeps the payment until it is decided.
    const carriesDisputes = () => run.disputeNewsToCarry.length > 0;
    const windowOver = () => refundWindowClosed && !hasOpenDispute(run);
    await condition(
      () =>
        state.version !== seen ||
        nothingCanMove() ||
        workflowInfo().continueAsNewSuggested ||
        windowOver() ||
        carriesDisputes(),
    );
    if (windowOver() && allHandlersFinished() && !carriesDisputes()) break;
    if (workflowInfo().continueAsNewSuggested || carriesDisputes()) {
      await condition(allHandlersFinished);
      run.finished = true;
      await readModel.close();
      await continueAsNew<typeof paymentWorkflow>({
        ...input,
        payment: state,
        pendingEvents: run.outbox.undelivered(),
        ...(carriesDisputes() ? { disputeNotifications: [...run.disputeNewsToCarry] } : {}),
      });
    }
  }
  await condition(allHandlersFinished);
  run.finished = true;
  await readModel.close();
  await operationSettler;
  await evidenceResender;
  await parentNotifier;
  await run.outbox.drain();
  return run.view();
}
