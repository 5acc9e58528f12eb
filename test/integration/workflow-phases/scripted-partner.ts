// A partner whose answers each test writes down: the partner-call activities
// (activities/payments/partner-calls.ts) replaced, leg by leg, by scripted answers, and every call
// kept in order so that a test can say what was sent, when, and with which idempotency key.
import { ApplicationFailure, Context, sleep } from '@temporalio/activity';
import type { Activities } from '../../../activities';
import type { Currency } from '../../../domain/currency';
import type { OperationKind } from '../../../domain/payment-ledger';
import { PERMANENT_FAILURE, type ReasonCode } from '../../../partners/catalog';
import { NO_AMOUNTS, type AuthorizeResult, type OperationResult } from '../../../partners/partner';
import { parseAuthorizationIdempotencyKey } from '../../../workflows/payment/ids';

type PartnerCallActivities = Pick<Activities, 'authorizeLeg' | 'authorizationStatus' | 'operateLeg'>;

/**
 * What the activity does instead of answering:
 * - `unavailable`: no answer this time (a timeout, a 5xx); Temporal retries with the same key;
 * - `no-answer`: the call gave up without an answer. Live, that is its local attempt failing and
 *   the activity after it running out of retries after two minutes; the workflow sees the same
 *   thing, a failure that is not permanent. Both attempts get it: it counts as one answer;
 * - `permanent`: the partner refused the request itself (partners/partner.ts, rule 4).
 */
export type Failure = { fails: 'unavailable' | 'no-answer' | 'permanent' };

/** What the partner answers about an authorization (as the activity's result or in a notification). */
export type AuthorizationOutcome =
  | { status: 'AUTHORIZED'; amount?: number; partner_token?: string }
  | { status: 'REFUSED'; reason: ReasonCode }
  | { status: 'PENDING'; challenge: boolean; underReview?: boolean }
  | { status: 'UNCERTAIN' }
  | { status: 'AUTHENTICATED_AND_AUTHORIZED' };

export type AuthorizationAnswer = AuthorizationOutcome | Failure;

export type OperationAnswer = { status: 'SUCCESS' | 'FAILURE' | 'PENDING' | 'UNCERTAIN' } | Failure;

export const approved = (): AuthorizationOutcome => ({ status: 'AUTHORIZED' });
/** Approved for less than asked: a gift card short of its balance. */
export const approvedFor = (amount: number): AuthorizationOutcome => ({ status: 'AUTHORIZED', amount });
export const refused = (reason: ReasonCode = 'REJECTED_BANK'): AuthorizationOutcome => ({ status: 'REFUSED', reason });
/** Waiting for the shopper on the partner's page; `challenge`: a 3-D Secure challenge. */
export const pendingForShopper = (challenge = false): AuthorizationOutcome => ({ status: 'PENDING', challenge });
/** The shopper is done at the partner (a lender's form sent), whose decision is awaited: no redirection. */
export const pendingUnderReview = (): AuthorizationOutcome => ({
  status: 'PENDING',
  challenge: false,
  underReview: true,
});
/** The shopper passed the challenge and the issuer approved. */
export const authenticatedAndApproved = (): AuthorizationOutcome => ({ status: 'AUTHENTICATED_AND_AUTHORIZED' });
/** The partner itself does not know yet (its acquirer timed out). */
export const unknownAtPartner = (): AuthorizationOutcome => ({ status: 'UNCERTAIN' });
export const unavailable = (): Failure => ({ fails: 'unavailable' });
export const noAnswer = (): Failure => ({ fails: 'no-answer' });
export const permanentFailure = (): Failure => ({ fails: 'permanent' });
const isNoAnswer = (answer: unknown): boolean =>
  typeof answer === 'object' && answer !== null && 'fails' in answer && answer.fails === 'no-answer';

export const succeeded = (): OperationAnswer => ({ status: 'SUCCESS' });
export const failedAtPartner = (): OperationAnswer => ({ status: 'FAILURE' });
export const operationUnknownAtPartner = (): OperationAnswer => ({ status: 'UNCERTAIN' });

export interface PartnerCall {
  call: 'authorize' | 'status' | OperationKind;
  leg: string;
  idempotency_key?: string;
  amount?: number;
}

/** The partner's reference of a leg's authorization, as this partner gives it. */
export const partnerReferenceOf = (legId: string) => `auth-${legId}`;

const legOfReference = (reference: string) => reference.replace(/^auth-/, '');

function fail(failure: Failure, what: string): never {
  if (failure.fails === 'unavailable') throw ApplicationFailure.retryable(`${what}: no answer`, 'PartnerUnavailable');
  if (failure.fails === 'no-answer') throw ApplicationFailure.nonRetryable(`${what}: gave up`, 'PartnerUnavailable');
  throw ApplicationFailure.nonRetryable(`${what}: malformed`, PERMANENT_FAILURE.request);
}

/** The partner's AuthorizeResult for a leg: what the activity returns, or a notification carries. */
export function authorizeResult(
  leg: { id: string; amount: number },
  currency: Currency,
  answer: AuthorizationOutcome,
): AuthorizeResult {
  const authorized =
    answer.status === 'AUTHORIZED'
      ? (answer.amount ?? leg.amount)
      : answer.status === 'AUTHENTICATED_AND_AUTHORIZED'
        ? leg.amount
        : 0;
  const status = answer.status === 'AUTHENTICATED_AND_AUTHORIZED' ? 'AUTHORIZED' : answer.status;
  const challenged =
    (answer.status === 'PENDING' && answer.challenge) || answer.status === 'AUTHENTICATED_AND_AUTHORIZED';
  return {
    type: 'authorization',
    status,
    requested_amount: leg.amount,
    authorized_amount: authorized,
    currency,
    partner_reference: partnerReferenceOf(leg.id),
    partner_status: answer.status === 'PENDING' && answer.underReview ? 'under_review' : status.toLowerCase(),
    partner_status_description: `scripted ${status.toLowerCase()}`,
    partner_token: answer.status === 'AUTHORIZED' && answer.partner_token ? answer.partner_token : null,
    refusal_reason: answer.status === 'REFUSED' ? answer.reason : null,
    card: null,
    authentication: challenged
      ? {
          status: answer.status === 'PENDING' ? 'PENDING' : 'SUCCESS',
          flow: 'CHALLENGE',
          eci: answer.status === 'PENDING' ? null : '05',
          version: '2.2.0',
          ds_transaction_id: `ds-${leg.id}`,
          acs_transaction_id: `acs-${leg.id}`,
          challenge_data: answer.status === 'PENDING' ? 'Y3JlcQ' : null,
        }
      : null,
    redirection:
      answer.status === 'PENDING' && !answer.underReview
        ? { href: `http://127.0.0.1:1/shopper/${leg.id}`, method: 'GET', media_type: null, body: null }
        : null,
    partner_additional_data: {},
    amounts: {
      authorized,
      captured: 0,
      voided: 0,
      refunded: 0,
      available_to_capture: authorized,
      available_to_void: authorized,
      available_to_refund: 0,
    },
  };
}

export class ScriptedPartner {
  /** Every call, in the order the partner received them. */
  readonly calls: PartnerCall[] = [];
  /** Whether each call of `calls` came as a local activity (workflows/payment/partner-calls.ts). */
  readonly local: boolean[] = [];
  /** The most local calls the partner ever had in flight at once. */
  mostLocalCallsAtOnce = 0;
  private localCallsInFlight = 0;
  private readonly delaysMs: number[] = [];
  private readonly amounts = new Map<string, { amount: number; currency: Currency }>();
  private readonly authorizations = new Map<string, AuthorizationAnswer[]>();
  private readonly statuses = new Map<string, AuthorizationAnswer[]>();
  private readonly operationAnswers = new Map<string, OperationAnswer[]>();

  /** How the leg's authorize calls are answered, one answer per call; the last one repeats. */
  onAuthorize(legId: string, ...answers: AuthorizationAnswer[]): this {
    this.authorizations.set(legId, answers);
    return this;
  }

  /** How status polls of the leg's authorization are answered; the last answer repeats. */
  onStatus(legId: string, ...answers: AuthorizationAnswer[]): this {
    this.statuses.set(legId, answers);
    return this;
  }

  /** How the captures, voids or refunds of this kind on the leg are answered; the last answer repeats. */
  onOperation(legId: string, kind: OperationKind, ...answers: OperationAnswer[]): this {
    this.operationAnswers.set(`${kind}:${legId}`, answers);
    return this;
  }

  /** The next calls each take this long to answer, one delay per call, in order. */
  answerSlowly(...delaysMs: number[]): this {
    this.delaysMs.push(...delaysMs);
    return this;
  }

  /** The calls of one kind, in order. */
  callsOf(call: PartnerCall['call']): PartnerCall[] {
    return this.calls.filter((entry) => entry.call === call);
  }

  // The activities, as the worker calls them.

  readonly authorizeLeg: PartnerCallActivities['authorizeLeg'] = async (input) => {
    const leg = parseAuthorizationIdempotencyKey(input.idempotency_key)?.legId ?? 'unknown';
    await this.receive({ call: 'authorize', leg, idempotency_key: input.idempotency_key, amount: input.amount });
    this.amounts.set(leg, { amount: input.amount, currency: input.currency });
    return this.answerAuthorization(leg, this.next(this.authorizations, leg), `authorize ${leg}`);
  };

  readonly authorizationStatus: PartnerCallActivities['authorizationStatus'] = async (input) => {
    const leg = legOfReference(input.partner_reference);
    await this.receive({ call: 'status', leg });
    return this.answerAuthorization(leg, this.next(this.statuses, leg), `status of ${leg}`);
  };

  readonly operateLeg: PartnerCallActivities['operateLeg'] = async (input) => {
    const leg = legOfReference(input.authorization_reference);
    await this.receive({ call: input.kind, leg, idempotency_key: input.idempotency_key, amount: input.amount });
    const answer = this.next(this.operationAnswers, `${input.kind}:${leg}`);
    if (answer === undefined) return fail(permanentFailure(), `unscripted ${input.kind} of ${leg}`);
    if ('fails' in answer) return fail(answer, `${input.kind} of ${leg}`);
    const processed = answer.status === 'SUCCESS' ? input.amount : 0;
    const result: OperationResult = {
      type: input.kind,
      status: answer.status,
      partner_reference: `${input.kind}-${input.idempotency_key}`,
      authorization_reference: input.authorization_reference,
      requested_amount: input.amount,
      processed_amount: processed,
      currency: input.currency,
      partner_status: answer.status.toLowerCase(),
      partner_status_description: `scripted ${answer.status.toLowerCase()}`,
      refusal_reason: answer.status === 'FAILURE' ? 'REJECTED_BANK' : null,
      // Not read by the workflow: the payment's ledger is its own record.
      authorization_amounts: NO_AMOUNTS,
    };
    return result;
  };

  /** The answer to this call; a local attempt that gets no answer leaves it for the activity after it. */
  private next<T>(script: Map<string, (T | Failure)[]>, key: string): T | Failure | undefined {
    const answers = script.get(key);
    if (!answers || answers.length === 0) return undefined;
    const [answer] = answers;
    const keptForTheActivity = isNoAnswer(answer) && Context.current().info.isLocal;
    return answers.length > 1 && !keptForTheActivity ? answers.shift() : answer;
  }

  /** Notes the call, then takes the time the script gives it before it is answered. */
  private async receive(call: PartnerCall): Promise<void> {
    const local = Context.current().info.isLocal;
    this.calls.push(call);
    this.local.push(local);
    const delayMs = this.delaysMs.shift() ?? 0;
    if (!local) {
      if (delayMs > 0) await sleep(delayMs);
      return;
    }
    this.localCallsInFlight += 1;
    this.mostLocalCallsAtOnce = Math.max(this.mostLocalCallsAtOnce, this.localCallsInFlight);
    try {
      if (delayMs > 0) await sleep(delayMs);
    } finally {
      this.localCallsInFlight -= 1;
    }
  }

  private answerAuthorization(leg: string, answer: AuthorizationAnswer | undefined, what: string): AuthorizeResult {
    if (answer === undefined) return fail(permanentFailure(), `unscripted ${what}`);
    if ('fails' in answer) return fail(answer, what);
    const asked = this.amounts.get(leg);
    if (!asked) return fail(permanentFailure(), `${what}: never authorized here`);
    return authorizeResult({ id: leg, amount: asked.amount }, asked.currency, answer);
  }
}
