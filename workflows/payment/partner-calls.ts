// How the payment workflow calls its partners: first as local activities, then as activities.
//
// A local activity runs inside the workflow task that decided the call, so the partner's answer
// costs no extra round trip through the Temporal server: that round trip and its dispatch were
// most of a capture's latency. Its result is recorded with the task's completion; a worker that
// dies before then runs the call again on replay with the same idempotency key, and the partner
// answers that repeat with its first answer (partners/partner.ts, the retry contract).
//
// A partner that has not answered after the quick attempt is called again as a regular activity,
// still with the same key: a long outage then backs off durably, shows as a pending activity in
// the Temporal UI, and no longer holds the workflow task, so queries and Updates are answered.
// The quick attempt is bounded well under the 8 s after which the worker heartbeats its workflow
// task: a task split that way around an Update in flight has been seen (SDK 1.24, after a worker
// crash) to leave that Update unanswerable on replay.
//
// What the orchestrator does on its own once an authorization has an outcome (an AUTOMATIC
// capture, a compensation, re-sending an operation whose outcome is unknown) goes straight to a
// regular activity: nobody waits on it, and it then never shares a workflow task with the answer
// of the Update that waited for the authorization.
import { ActivityFailure, ApplicationFailure, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
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

const durable = proxyActivities<PartnerCalls>({
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
});

/** A failure no retry can cure: the partner refused the request itself, or the instrument is gone. */
export function permanentFailureOf(error: unknown): ApplicationFailure | undefined {
  const failure = error instanceof ActivityFailure ? error.cause : undefined;
  return failure instanceof ApplicationFailure &&
    typeof failure.type === 'string' &&
    PERMANENT_FAILURE_TYPES.includes(failure.type)
    ? failure
    : undefined;
}

async function quickThenDurable<T>(quickCall: () => Promise<T>, durableCall: () => Promise<T>): Promise<T> {
  try {
    return await quickCall();
  } catch (error) {
    if (permanentFailureOf(error)) throw error;
    return durableCall();
  }
}

export function authorizeAtPartner(input: AuthorizeLegInput): Promise<AuthorizeResult> {
  return quickThenDurable(
    () => quick.authorizeLeg(input),
    () => durable.authorizeLeg(input),
  );
}

/** `answering`: somebody waits on the call (an Update); `orchestrated`: the orchestrator's own follow-up. */
export type PartnerCallMode = 'answering' | 'orchestrated';

export function operateAtPartner(input: OperateLegInput, how: PartnerCallMode): Promise<OperationResult> {
  if (how === 'orchestrated') return durable.operateLeg(input);
  return quickThenDurable(
    () => quick.operateLeg(input),
    () => durable.operateLeg(input),
  );
}

export function authorizationStatusAtPartner(input: AuthorizationStatusInput): Promise<AuthorizeResult> {
  return quickThenDurable(
    () => quick.authorizationStatus(input),
    () => durable.authorizationStatus(input),
  );
}
