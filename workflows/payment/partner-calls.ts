// How the payment workflow calls its partners: as activities, each with its idempotency key, so a
// retry after a lost answer or a dead worker can only ever get the partner's first answer
// (partners/partner.ts, the retry contract).
//
// Runs started before the patch in payment.ts (`run.usesLocalActivities`) first tried each call as
// a local activity, inside the workflow task that decided it, and fell back to an activity after
// 5 s. That saved a round trip per call, but it is not replay-safe in SDK 1.24: a workflow task
// that holds local activities is several activations, and which jobs share an activation on replay
// (two polls answering in the other order, a signal that came in while a call ran, an Update in
// flight) is not what it was live. The fault matrix (test/faults) found payments whose histories no
// longer replayed: stuck for good at the next worker restart. Activities make every task one
// activation, as the server recorded it. Those older runs keep their path, so their histories
// replay.
//
// What the orchestrator does on its own once an authorization has an outcome (an AUTOMATIC
// capture, a compensation, re-sending an operation whose outcome is unknown) always went straight
// to an activity: nobody waits on it.
import {
  ActivityFailure,
  ApplicationFailure,
  proxyActivities,
  proxyLocalActivities,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type {
  AuthorizationStatusInput,
  AuthorizeLegInput,
  OperateLegInput,
} from '../../activities/payments/partner-calls';
import type { AuthorizeResult, OperationResult } from '../../partners/partner';
import { PERMANENT_FAILURE_TYPES } from '../../partners/catalog';

type PartnerCalls = Pick<Activities, 'authorizeLeg' | 'operateLeg' | 'authorizationStatus'>;

const quick = proxyLocalActivities<PartnerCalls>({
  startToCloseTimeout: '5 seconds',
  retry: { maximumAttempts: 1 },
});

/** How a partner is called from a workflow: retried within a window, never past a permanent refusal. */
export const DURABLE_PARTNER_CALL: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  // Past this window the outcome is unknown: the leg becomes UNCERTAIN and is settled later with
  // the same idempotency key, so giving up here never loses or doubles money.
  scheduleToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    nonRetryableErrorTypes: [...PERMANENT_FAILURE_TYPES],
  },
};

const durable = proxyActivities<PartnerCalls>(DURABLE_PARTNER_CALL);

/** A failure no retry can cure: the partner refused the request itself, or the instrument is gone. */
export function permanentFailureOf(error: unknown): ApplicationFailure | undefined {
  const failure = error instanceof ActivityFailure ? error.cause : undefined;
  return failure instanceof ApplicationFailure &&
    typeof failure.type === 'string' &&
    PERMANENT_FAILURE_TYPES.includes(failure.type)
    ? failure
    : undefined;
}

/** The older runs' quick local attempt, then the activity with the same key (see above). */
async function quickThenDurable<T>(
  local: boolean,
  quickCall: () => Promise<T>,
  durableCall: () => Promise<T>,
): Promise<T> {
  if (!local) return durableCall();
  try {
    return await quickCall();
  } catch (error) {
    if (permanentFailureOf(error)) throw error;
    return durableCall();
  }
}

/** How a run calls its partners: locally first only for runs started before activities became the rule. */
export interface PartnerCallPolicy {
  readonly usesLocalActivities: boolean;
}

export function authorizeAtPartner(policy: PartnerCallPolicy, input: AuthorizeLegInput): Promise<AuthorizeResult> {
  return quickThenDurable(
    policy.usesLocalActivities,
    () => quick.authorizeLeg(input),
    () => durable.authorizeLeg(input),
  );
}

/** `answering`: somebody waits on the call (an Update); `orchestrated`: the orchestrator's own follow-up. */
export type PartnerCallMode = 'answering' | 'orchestrated';

export function operateAtPartner(
  policy: PartnerCallPolicy,
  input: OperateLegInput,
  how: PartnerCallMode,
): Promise<OperationResult> {
  return quickThenDurable(
    policy.usesLocalActivities && how === 'answering',
    () => quick.operateLeg(input),
    () => durable.operateLeg(input),
  );
}

export function authorizationStatusAtPartner(
  policy: PartnerCallPolicy,
  input: AuthorizationStatusInput,
): Promise<AuthorizeResult> {
  return quickThenDurable(
    policy.usesLocalActivities,
    () => quick.authorizationStatus(input),
    () => durable.authorizationStatus(input),
  );
}
