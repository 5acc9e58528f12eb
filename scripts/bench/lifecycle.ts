// The full lifecycle over HTTP, as a merchant's back end and a shopper's browser drive it:
// create a client session, submit a card, have it authorized, capture it.
import type { CreatedMerchant } from '../../db/merchants';
import type { Mark } from './anatomy';
import type { HttpAnswer, HttpClient } from './http';
import { elapsedMs, now, Recorder } from './stats';

export const amount = 2599;
export const approvedCard = '4242424242424242';

/**
 * How the card is submitted once tokenized: on the session, as the hosted page and the widget do
 * (POST /checkout/v1/sessions/{id}/payments with the publishable key: the session workflow starts
 * the payment as a child workflow), or by the merchant's server (POST /v2/payments with the token).
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

export interface LifecycleIds {
  sessionId: string;
  paymentId: string;
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
export async function lifecycle(context: LifecycleContext, recorder: Recorder): Promise<LifecycleIds | undefined> {
  const { http, merchant } = context;
  const bearer = { authorization: `Bearer ${context.token}` };
  const reference = `bench-${process.pid}-${++sequence}`;
  const started = now();

  const session = await timed(context, recorder, 'session', 'POST /v2/client-sessions', () =>
    http.request('POST', '/v2/client-sessions', {
      headers: bearer,
      json: {
        entity_id: merchant.entity_id,
        amount,
        currency: 'EUR',
        order: { reference, net_amount: amount },
        shopper_redirection_url: 'https://shop.example/return',
      },
    }),
  );
  if (!session) return undefined;
  const sessionId: string = session.body.id;

  // The shopper's browser tokenizes the card with the publishable key from widget.data...
  const submissionStarted = now();
  const vault = await timed(
    context,
    recorder,
    'vault',
    'POST /v2/vault/cards',
    () =>
      http.request('POST', '/v2/vault/cards', {
        headers: { 'x-api-key': merchant.publishable_key },
        json: {
          number: approvedCard,
          expiry_month: '12',
          expiry_year: '30',
          cvv: '123',
          holder_name: 'Camille Martin',
        },
      }),
    (answer) => (typeof answer.body?.vault_form_token === 'string' ? undefined : 'no vault_form_token in the answer'),
  );
  if (!vault) return undefined;
  // ...and submits it on the session (or the merchant's server pays with the token).
  const split = [
    { amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: vault.body.vault_form_token },
  ];
  const call = submissionCall[context.submission];
  const authorized = (payment: any) =>
    payment?.authorization?.status === 'AUTHORIZED'
      ? undefined
      : `authorization ${payment?.authorization?.status ?? 'missing'}`;
  const submitted =
    context.submission === 'session'
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
          () =>
            http.request('POST', '/v2/payments', {
              headers: bearer,
              json: {
                entity_id: merchant.entity_id,
                amount,
                currency: 'EUR',
                order: { reference, net_amount: amount },
                shopper_redirection_url: 'https://shop.example/return',
                split,
              },
            }),
          (answer) => authorized(answer.body),
        );
  if (!submitted) return undefined;
  recorder.record('submission', elapsedMs(submissionStarted));
  const paymentId: string = context.submission === 'session' ? submitted.body.payment.id : submitted.body.id;

  const capture = await timed(
    context,
    recorder,
    'capture',
    'POST /v2/payments/{id}/captures',
    () => http.request('POST', `/v2/payments/${paymentId}/captures`, { headers: bearer, json: { amount } }),
    (answer) =>
      answer.body?.amounts?.available_to_capture === 0
        ? undefined
        : `available_to_capture ${answer.body?.amounts?.available_to_capture} after the capture`,
  );
  if (!capture) return undefined;
  recorder.record('lifecycle', elapsedMs(started));
  return { sessionId, paymentId };
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
 * lifecycles in flight at the deadline finish and count, over the time they took.
 */
export async function runLifecycles(
  context: LifecycleContext,
  options: { concurrency: number; durationMs: number; maxLifecycles?: number },
): Promise<LoadResult> {
  const recorder = new Recorder();
  const deadline = Date.now() + options.durationMs;
  const started = now();
  let attempted = 0;
  let completed = 0;
  let last: LifecycleIds | undefined;
  const loop = async () => {
    while (Date.now() < deadline && (options.maxLifecycles === undefined || attempted < options.maxLifecycles)) {
      attempted += 1;
      const ids = await lifecycle(context, recorder);
      if (ids) {
        completed += 1;
        last = ids;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = elapsedMs(started) / 1000;
  return {
    concurrency: options.concurrency,
    completed,
    attempted,
    seconds,
    perSecond: completed / seconds,
    recorder,
    last,
  };
}
