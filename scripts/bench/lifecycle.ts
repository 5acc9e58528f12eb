// The full lifecycle over HTTP, as a merchant's back end and a shopper's browser drive it:
// create a client session, submit a card, have it authorized, capture it. Or a payment lifecycle,
// what a merchant's server does without a session: tokenize, POST /v2/payments, capture.
import type { CreatedMerchant } from '../../db/merchants';
import type { Mark } from './anatomy';
import type { HttpAnswer, HttpClient } from './http';
import { elapsedMs, now, Recorder } from './stats';

export const amount = 2599;
const approvedCard = '4242424242424242';

/** The shopper's browser tokenizes the approved card with the publishable key (widget.data's). */
export function tokenizeApprovedCard(http: HttpClient, merchant: CreatedMerchant): Promise<HttpAnswer> {
  return http.request('POST', '/v2/vault/cards', {
    headers: { 'x-api-key': merchant.publishable_key },
    json: { number: approvedCard, expiry_month: '12', expiry_year: '30', cvv: '123', holder_name: 'Camille Martin' },
  });
}

/**
 * How the card is submitted once tokenized: on the session, as the hosted page and the widget do
 * (POST /checkout/v1/sessions/{id}/payments with the publishable key: an Update reserves the session,
 * then the api starts the payment with an Update-with-Start), or by the merchant's server
 * (POST /v2/payments with the token).
 */
export type SubmissionMode = 'session' | 'payments';

export const submissionCall: Record<SubmissionMode, { key: string; label: string }> = {
  session: { key: 'submit', label: 'POST /checkout/v1/sessions/{id}/payments' },
  payments: { key: 'payment', label: 'POST /v2/payments' },
};

/** Whether the api serves the session submission path (its route is hidden from the OpenAPI documents). */
export async function hasSessionSubmission(http: HttpClient): Promise<boolean> {
  const answer = await http.request('OPTIONS', '/checkout/v1/sessions/00000000-0000-4000-8000-000000000000/payments');
  return answer.status === 204;
}

export interface LifecycleContext {
  http: HttpClient;
  merchant: CreatedMerchant;
  /** Bearer access token with both scopes. */
  token: string;
  submission: SubmissionMode;
  /** When given, each call's send and answer times (wall clock, ms) for the anatomy. */
  marks?: Mark[];
}

/** What one lifecycle does, beyond tokenizing the card and having it authorized. */
export interface LifecyclePlan {
  /** A checkout (a client session first, the card submitted as the context's submission says) or a payment lifecycle (no session, POST /v2/payments). */
  session: boolean;
  /**
   * capture: the whole amount. capture-refund-void: part of it, then a refund of part of what was
   * captured and a void of the rest, so that each operation of the API is measured once.
   */
  settle: 'capture' | 'capture-refund-void';
  /** Subscribe the session (or the payment) to webhooks at this URL. */
  webhookUrl?: string;
}

export const checkoutPlan: LifecyclePlan = { session: true, settle: 'capture' };
export const paymentPlan: LifecyclePlan = { session: false, settle: 'capture' };

/** Amounts of the capture-refund-void lifecycle: each leaves something for the next. */
export const partial = { capture: 1500, refund: 500, void: amount - 1500 } as const;

export interface LifecycleIds {
  sessionId: string | undefined;
  paymentId: string;
  /** Date.now() when the submission's answer arrived (the payment was authorized by then): the clock of webhooks' created_at. */
  authorizedAnswerAt: number;
}

export async function accessToken(http: HttpClient, merchant: CreatedMerchant): Promise<string> {
  const answer = await http.request('POST', '/oauth/token', {
    headers: {
      authorization: `Basic ${Buffer.from(`${merchant.client_id}:${merchant.client_secret}`).toString('base64')}`,
    },
    form: 'grant_type=client_credentials',
  });
  if (answer.status !== 200 || typeof answer.body?.access_token !== 'string') {
    throw new Error(`POST /oauth/token answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return answer.body.access_token;
}

function brief(answer: HttpAnswer): string {
  const body = answer.body;
  const detail = typeof body === 'object' && body ? (body.detail ?? body.title ?? JSON.stringify(body)) : String(body);
  return `HTTP ${answer.status} ${String(detail).slice(0, 200)}`;
}

/** One timed call: a non-2xx answer, an unexpected body or a network error counts as an error. */
const wallClock = () => performance.timeOrigin + performance.now();

async function timed(
  context: LifecycleContext,
  recorder: Recorder,
  call: string,
  label: string,
  send: () => Promise<HttpAnswer>,
  check: (answer: HttpAnswer) => string | undefined = () => undefined,
): Promise<HttpAnswer | undefined> {
  context.marks?.push({ at: wallClock(), label: `--> ${label}` });
  const started = now();
  let answer: HttpAnswer;
  try {
    answer = await send();
  } catch (error) {
    recorder.error(call, (error as Error).message);
    return undefined;
  }
  const ms = elapsedMs(started);
  context.marks?.push({ at: wallClock(), label: `<-- ${answer.status} ${label} (${ms.toFixed(1)} ms)` });
  if (answer.status < 200 || answer.status > 299) {
    recorder.error(call, brief(answer));
    return undefined;
  }
  const problem = check(answer);
  if (problem) {
    recorder.error(call, problem);
    return undefined;
  }
  recorder.record(call, ms);
  return answer;
}

let sequence = 0;

/** Runs one lifecycle; records each call; undefined when a call failed (the rest is skipped). */
export async function lifecycle(
  context: LifecycleContext,
  recorder: Recorder,
  plan: LifecyclePlan = checkoutPlan,
): Promise<LifecycleIds | undefined> {
  const { http, merchant } = context;
  const bearer = { authorization: `Bearer ${context.token}` };
  const reference = `bench-${process.pid}-${++sequence}`;
  const submission: SubmissionMode = plan.session ? context.submission : 'payments';
  const started = now();

  // What a session and a payment are both created with.
  const purchase = {
    entity_id: merchant.entity_id,
    amount,
    currency: 'EUR',
    order: { reference, net_amount: amount },
    shopper_redirection_url: 'https://shop.example/return',
    ...(plan.webhookUrl ? { webhook: { url: plan.webhookUrl } } : {}),
  };

  let sessionId: string | undefined;
  if (plan.session) {
    const session = await timed(context, recorder, 'session', 'POST /v2/client-sessions', () =>
      http.request('POST', '/v2/client-sessions', { headers: bearer, json: purchase }),
    );
    if (!session) return undefined;
    sessionId = session.body.id;
  }

  // The shopper's browser tokenizes the card with the publishable key from widget.data...
  const submissionStarted = now();
  const vault = await timed(
    context,
    recorder,
    'vault',
    'POST /v2/vault/cards',
    () => tokenizeApprovedCard(http, merchant),
    (answer) => (typeof answer.body?.vault_form_token === 'string' ? undefined : 'no vault_form_token in the answer'),
  );
  if (!vault) return undefined;
  // ...and submits it on the session (or the merchant's server pays with the token).
  const split = [
    { amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: vault.body.vault_form_token },
  ];
  const call = submissionCall[submission];
  const authorized = (payment: any) =>
    payment?.authorization?.status === 'AUTHORIZED'
      ? undefined
      : `authorization ${payment?.authorization?.status ?? 'missing'}`;
  const submitted =
    submission === 'session'
      ? await timed(
          context,
          recorder,
          call.key,
          call.label,
          () =>
            http.request('POST', `/checkout/v1/sessions/${sessionId}/payments`, {
              headers: { 'x-api-key': merchant.publishable_key },
              json: { split },
            }),
          (answer) =>
            authorized(answer.body?.payment) ??
            (answer.body?.session?.status === 'SUBMITTED' ? undefined : `session ${answer.body?.session?.status}`),
        )
      : await timed(
          context,
          recorder,
          call.key,
          call.label,
          () => http.request('POST', '/v2/payments', { headers: bearer, json: { ...purchase, split } }),
          (answer) => authorized(answer.body),
        );
  if (!submitted) return undefined;
  const authorizedAnswerAt = Date.now();
  recorder.record('submission', elapsedMs(submissionStarted));
  const paymentId: string = submission === 'session' ? submitted.body.payment.id : submitted.body.id;

  const operate = (kind: 'capture' | 'void' | 'refund', value: number, left: [string, number]) =>
    timed(
      context,
      recorder,
      kind,
      `POST /v2/payments/{id}/${kind}s`,
      () => http.request('POST', `/v2/payments/${paymentId}/${kind}s`, { headers: bearer, json: { amount: value } }),
      (answer) =>
        answer.body?.amounts?.[left[0]] === left[1]
          ? undefined
          : `${left[0]} ${answer.body?.amounts?.[left[0]]} after the ${kind}, expected ${left[1]}`,
    );
  if (plan.settle === 'capture') {
    if (!(await operate('capture', amount, ['available_to_capture', 0]))) return undefined;
  } else {
    if (!(await operate('capture', partial.capture, ['available_to_capture', partial.void]))) return undefined;
    if (!(await operate('refund', partial.refund, ['available_to_refund', partial.capture - partial.refund])))
      return undefined;
    if (!(await operate('void', partial.void, ['available_to_void', 0]))) return undefined;
  }
  recorder.record('lifecycle', elapsedMs(started));
  return { sessionId, paymentId, authorizedAnswerAt };
}

export interface LoadResult {
  concurrency: number;
  completed: number;
  attempted: number;
  seconds: number;
  perSecond: number;
  recorder: Recorder;
  last: LifecycleIds | undefined;
}

/**
 * `concurrency` loops of lifecycles until `durationMs` has passed (or `maxLifecycles` have started);
 * lifecycles in flight at the deadline finish and count, over the time they took. The calls go to
 * `recorder` when given (a phase run in stretches), else to a new one.
 */
export async function runLifecycles(
  context: LifecycleContext,
  options: {
    concurrency: number;
    durationMs: number;
    maxLifecycles?: number;
    plan?: LifecyclePlan;
    recorder?: Recorder;
  },
): Promise<LoadResult> {
  const recorder = options.recorder ?? new Recorder();
  const deadline = Date.now() + options.durationMs;
  const started = now();
  let attempted = 0;
  let completed = 0;
  let last: LifecycleIds | undefined;
  const loop = async () => {
    while (Date.now() < deadline && (options.maxLifecycles === undefined || attempted < options.maxLifecycles)) {
      attempted += 1;
      const ids = await lifecycle(context, recorder, options.plan);
      if (ids) {
        completed += 1;
        last = ids;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  return loadResult(
    { concurrency: options.concurrency, completed, attempted, recorder, last },
    elapsedMs(started) / 1000,
  );
}

/** Stretches of one phase, run apart, as one result: their counts and seconds added up. */
export function combinedResult(stretches: readonly LoadResult[], recorder: Recorder): LoadResult {
  const sum = (figure: (stretch: LoadResult) => number) => stretches.reduce((total, s) => total + figure(s), 0);
  return loadResult(
    {
      concurrency: stretches[0]?.concurrency ?? 0,
      completed: sum((s) => s.completed),
      attempted: sum((s) => s.attempted),
      recorder,
      last: stretches.findLast((s) => s.last !== undefined)?.last,
    },
    sum((s) => s.seconds),
  );
}

/** A phase's figures from its counts and the seconds it took. */
export function loadResult(counts: Omit<LoadResult, 'seconds' | 'perSecond'>, seconds: number): LoadResult {
  return { ...counts, seconds, perSecond: counts.completed / seconds };
}
