// What the API and partners can ask of a running payment: reads, the wait for the authorization's
// first outcome, status refreshes, partner notifications, and the merchant's operations.
import { ApplicationFailure, condition, setHandler } from '@temporalio/workflow';
import type { ReadModel } from '../read-model';
import { pollLeg, recordAuthorization } from './authorization';
import {
  awaitAuthorizationUpdate,
  captureUpdate,
  getPaymentQuery,
  getShopperDestinationQuery,
  partnerNotificationSignal,
  PAYMENT_AS_IT_STANDS,
  refreshPaymentUpdate,
  refundUpdate,
  shopperReturnedUpdate,
  voidUpdate,
  type ShopperDestination,
  type OperationOutcome,
} from './messages';
import { assertOperationPossible, runOperation } from './operations';
import type { PaymentRun } from './run';
import type { OperationUpdateInput } from './types';

const updatesByKind = { capture: captureUpdate, void: voidUpdate, refund: refundUpdate } as const;

export function registerPaymentHandlers(run: PaymentRun, readModel: ReadModel): void {
  const { state } = run;
  const view = () => run.view();
  const belongs = (entityId: string) => run.assertBelongsTo(entityId);

  const destination = (): ShopperDestination => ({
    entity_id: state.entity_id,
    ...(state.shopper_redirection_url ? { shopper_redirection_url: state.shopper_redirection_url } : {}),
    ...(state.client_session_id ? { client_session_id: state.client_session_id } : {}),
  });
  setHandler(getPaymentQuery, view);
  setHandler(getShopperDestinationQuery, destination);
  setHandler(
    awaitAuthorizationUpdate,
    () =>
      readModel.answer(async () => {
        await condition(() => run.authorizationPhase !== 'RUNNING');
        return view();
      }),
    { validator: ({ entity_id }) => belongs(entity_id) },
  );
  const refreshed = async () => {
    for (const leg of state.legs) await pollLeg(run, leg);
    return view();
  };
  setHandler(refreshPaymentUpdate, () => readModel.answer(refreshed), {
    validator: ({ entity_id }) => {
      belongs(entity_id);
      if (!state.legs.some((leg) => leg.status === 'PENDING' || leg.status === 'UNCERTAIN'))
        throw ApplicationFailure.create({
          type: PAYMENT_AS_IT_STANDS,
          message: 'no partner transaction waits for an outcome: the payment as it stands',
          details: [view()],
          nonRetryable: true,
        });
    },
  });
  setHandler(shopperReturnedUpdate, () =>
    readModel.answer(async () => ({ payment: await refreshed(), destination: destination() })),
  );
  setHandler(partnerNotificationSignal, ({ leg_id, result }) => {
    const leg = state.legs.find((candidate) => candidate.id === leg_id);
    // A late notification never reopens a leg that is final.
    if (leg && (leg.status === 'PENDING' || leg.status === 'UNCERTAIN' || leg.status === 'NEW'))
      recordAuthorization(run, leg, result);
  });

  const rejectDuplicate = (operationId: string) => {
    if (state.operations.some((operation) => operation.id === operationId)) {
      throw ApplicationFailure.create({ type: 'DuplicateOperation', message: operationId, nonRetryable: true });
    }
  };
  // Called from validators, which a replay does not run, and from handlers only in runs that took
  // the patch for it (run.ts rechecksKeysAfterAuthorization); the details name the kind the key
  // was first used for.
  const rejectKeyOfAnotherKind = (operationIds: readonly string[] | undefined) => {
    const earlier = state.operations.find((operation) => operationIds?.includes(operation.id));
    if (earlier)
      throw ApplicationFailure.create({
        type: 'DuplicateOperation',
        message: earlier.id,
        details: [earlier.kind],
        nonRetryable: true,
      });
  };
  for (const kind of ['capture', 'void', 'refund'] as const) {
    setHandler(
      updatesByKind[kind],
      (request: OperationUpdateInput): Promise<OperationOutcome> =>
        readModel.answer(async () => {
          if (run.authorizationPhase === 'RUNNING') {
            // The validator left the amounts to be judged here (see below); runOperation plans again.
            await condition(() => run.authorizationPhase !== 'RUNNING');
            // Operations sent meanwhile passed their validators before this one was recorded: the
            // first of them to run holds the key, whatever its kind.
            rejectDuplicate(request.operation_id);
            if (run.rechecksKeysAfterAuthorization) rejectKeyOfAnotherKind(request.same_key_operation_ids);
          }
          const operation = await runOperation(run, kind, request, 'MERCHANT', request.operation_id, {
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
          rejectKeyOfAnotherKind(request.same_key_operation_ids);
          // Core hands Updates to the workflow before the activity results of the same activation:
          // while an authorization attempt is in flight, its answer may already be in history (and
          // shown by the projection) without being applied yet. Judging the amounts now would refuse
          // a capture of money the merchant is told is authorized; the handler judges them once the
          // attempt has an outcome.
          if (run.authorizationPhase === 'RUNNING') return;
          assertOperationPossible(run, kind, request);
        },
      },
    );
  }
}
