// How the payment workflow calls its partners. Every call carries its idempotency key, so a retry
// after a lost answer or a dead worker can only ever get the partner's first answer
// (partners/partner.ts, the retry contract).
//
// A call somebody waits on (the authorization the shopper's submission answers, a merchant's
// capture, void or refund, a status asked for by a read) is first tried as a local activity, inside
// the workflow task that decided it: no activity task, no second workflow task, two trips through
// the server fewer. A call that fails without a permanent refusal, or takes longer than
// QUICK_CALL_TIMEOUT, goes on as an activity with the same key and DURABLE_PARTNER_CALL's retries.
// What the orchestrator does on its own once an authorization has an outcome (an AUTOMATIC
// capture, a compensation, re-sending an operation whose outcome is unknown) goes straight to an
// activity: nobody waits on it.
//
// A run makes at most one local call at a time (LocalCallTurns). In SDK 1.24 a workflow task that
// holds local activities is several activations, and the results of several local activities in
// flight together reach the workflow one by one live but together on replay: an Update landed on
// the other side of some commands, the task failed for good, and the payment was stuck (the fault
// matrix in test/faults found it). One local call at a time makes each resolution its own
// activation, live and on replay alike, since the next call is only scheduled once the last one
// resolved. Which route a run takes is decided at its start (payment.ts):
// - 'local-first, one at a time': runs since the patch 'payment-patches-2026-11-27' (or a later one
//   that takes it, payment.ts);
// - 'activities': runs between the patches 'no-local-activities' and that one;
// - 'local-first': runs before 'no-local-activities', local calls in flight together, as they were
//   recorded, so that their histories replay.
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

/**
 * How long a local call may take before it goes on as an activity: well inside the workflow task's
 * 10 s timeout, so the task never needs a heartbeat (which would split it) while a call runs.
 */
export const QUICK_CALL_TIMEOUT = '5 seconds';

const quick = proxyLocalActivities<PartnerCalls>({
  startToCloseTimeout: QUICK_CALL_TIMEOUT,
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

/**
 * A failure no retry can cure: the partner refused the request itself, or the instrument is gone.
 * An activity's failure comes inside an ActivityFailure; a local activity's as the activity threw it.
 */
export function permanentFailureOf(error: unknown): ApplicationFailure | undefined {
  const failure = error instanceof ActivityFailure ? error.cause : error;
  return failure instanceof ApplicationFailure &&
    typeof failure.type === 'string' &&
    PERMANENT_FAILURE_TYPES.includes(failure.type)
    ? failure
    : undefined;
}

/**
 * One local call at a time in a run: each call starts when the one before it has settled, so no
 * two local activities of a run are ever in flight together (see above). Workflow code only: the
 * order of the turns is the order of the calls, the same on every replay.
 */
export class LocalCallTurns {
  private last: Promise<unknown> = Promise.resolve();

  take<T>(call: () => Promise<T>): Promise<T> {
    const turn = this.last.then(call);
    this.last = turn.catch(() => undefined);
    return turn;
  }
}

/** How a run calls its partners, decided once at its start (payment.ts). */
export type PartnerCallRoute = 'local-first, one at a time' | 'activities' | 'local-first';

export interface PartnerCallPolicy {
  readonly partnerCallRoute: PartnerCallRoute;
  readonly localCallTurns: LocalCallTurns;
}

/** The quick local attempt (in its turn, where the route has turns), then the activity with the same key. */
async function quickThenDurable<T>(
  policy: PartnerCallPolicy,
  quickCall: () => Promise<T>,
  durableCall: () => Promise<T>,
): Promise<T> {
  const route = policy.partnerCallRoute;
  if (route === 'activities') return durableCall();
  try {
    return await (route === 'local-first' ? quickCall() : policy.localCallTurns.take(quickCall));
  } catch (error) {
    // Runs of the route 'local-first' went on to the activity even after a permanent refusal of the
    // local call (they read only an ActivityFailure's cause): recorded so, they replay so.
    const permanent = route === 'local-first' ? error instanceof ActivityFailure : true;
    if (permanent && permanentFailureOf(error)) throw error;
    return durableCall();
  }
}

export function authorizeAtPartner(policy: PartnerCallPolicy, input: AuthorizeLegInput): Promise<AuthorizeResult> {
  return quickThenDurable(
    policy,
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
  if (how === 'orchestrated') return durable.operateLeg(input);
  return quickThenDurable(
    policy,
    () => quick.operateLeg(input),
    () => durable.operateLeg(input),
  );
}

export function authorizationStatusAtPartner(
  policy: PartnerCallPolicy,
  input: AuthorizationStatusInput,
): Promise<AuthorizeResult> {
  return quickThenDurable(
    policy,
    () => quick.authorizationStatus(input),
    () => durable.authorizationStatus(input),
  );
}
