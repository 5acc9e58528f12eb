// The v1 lifecycle as an e-commerce plugin drives it, for comparison with v2's: create the session
// at the host root with a plugin's body (numeric strings), tokenize the card, validate, capture.
// Same workflows underneath: the difference is what v1 adds (decimal amounts, ActionResults, the
// transaction index, idempotency records).
import type { HttpAnswer } from './http';
import {
  amount,
  loadResult,
  tokenizeApprovedCard,
  type LifecycleContext,
  type LifecycleIds,
  type LoadResult,
} from './lifecycle';
import { elapsedMs, now, Recorder } from './stats';

const major = (minor: number) => (minor / 100).toFixed(4);
let sequence = 0;

async function timed(
  recorder: Recorder,
  call: string,
  send: () => Promise<HttpAnswer>,
  check: (answer: HttpAnswer) => string | undefined,
): Promise<HttpAnswer | undefined> {
  const started = now();
  let answer: HttpAnswer;
  try {
    answer = await send();
  } catch (error) {
    recorder.error(call, error instanceof Error ? error.message : String(error));
    return undefined;
  }
  const ms = elapsedMs(started);
  const problem =
    answer.status < 200 || answer.status > 299
      ? `HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`
      : check(answer);
  if (problem) {
    recorder.error(call, problem);
    return undefined;
  }
  recorder.record(call, ms);
  return answer;
}

export async function v1Lifecycle(context: LifecycleContext, recorder: Recorder): Promise<LifecycleIds | undefined> {
  const { http, merchant } = context;
  const entity = merchant.entity_id;
  const started = now();
  const session = await timed(
    recorder,
    'v1 session',
    () =>
      http.request('POST', `/${entity}/sessions/create`, {
        headers: { authorization: `Bearer ${context.token}` },
        json: {
          amount: major(amount),
          order: {
            reference: `bench-v1-${process.pid}-${++sequence}`,
            redirection: 'https://shop.example/return',
            amount: major(amount),
            currency_code: 'EUR',
          },
        },
      }),
    (answer) => (typeof answer.body?.id === 'string' ? undefined : 'no session id'),
  );
  if (!session) return undefined;
  const vault = await timed(
    recorder,
    'v1 vault',
    () => tokenizeApprovedCard(http, merchant),
    (answer) => (typeof answer.body?.vault_form_token === 'string' ? undefined : 'no vault_form_token'),
  );
  if (!vault) return undefined;
  const validated = await timed(
    recorder,
    'v1 validate',
    () =>
      http.request('POST', `/${entity}/sessions/${session.body.id}/validate`, {
        headers: { 'x-api-key': merchant.publishable_key },
        json: [
          {
            partner: 'sandbox-card',
            method: 'creditcard',
            amount: major(amount),
            payment_data: { token: vault.body.vault_form_token },
          },
        ],
      }),
    (answer) => (answer.body?.global_status === 'SUCCESS' ? undefined : `global_status ${answer.body?.global_status}`),
  );
  if (!validated) return undefined;
  const authorizedAnswerAt = Date.now();
  const authorization: string = validated.body.results[0].id;
  const capture = await timed(
    recorder,
    'v1 capture',
    () =>
      http.request('POST', `/${entity}/transactions/${authorization}/capture`, {
        headers: { authorization: `Bearer ${context.token}` },
        json: { amount: major(amount) },
      }),
    (answer) => (answer.body?.status?.state === 'SUCCESS' ? undefined : `capture ${answer.body?.status?.state}`),
  );
  if (!capture) return undefined;
  recorder.record('v1 lifecycle', elapsedMs(started));
  return { sessionId: session.body.id, paymentId: authorization, authorizedAnswerAt };
}

/** Stretches of v1 lifecycles the bench runs, each followed or preceded by one of v2 checkouts. */
export const stretchesOfEachApi = 3;

/**
 * Which API each stretch drives, `stretches` of each: v1, v2, v2, v1, v1, v2… Each pair mirrors the
 * one before it, so a machine that slows (or speeds up) steadily over the phase weighs on both alike.
 */
export function interleavedOrder(stretches: number): Array<'v1' | 'v2'> {
  return Array.from({ length: 2 * stretches }, (_, index) => (((index + 1) >> 1) % 2 === 0 ? 'v1' : 'v2'));
}

/** `concurrency` loops of v1 lifecycles for `durationMs`, as runLifecycles does for v2. */
export async function runV1Lifecycles(
  context: LifecycleContext,
  options: { concurrency: number; durationMs: number; recorder?: Recorder },
): Promise<LoadResult> {
  const recorder = options.recorder ?? new Recorder();
  const deadline = Date.now() + options.durationMs;
  const started = now();
  let attempted = 0;
  let completed = 0;
  const loop = async () => {
    while (Date.now() < deadline) {
      attempted += 1;
      if (await v1Lifecycle(context, recorder)) completed += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  return loadResult(
    { concurrency: options.concurrency, completed, attempted, recorder, last: undefined },
    elapsedMs(started) / 1000,
  );
}
