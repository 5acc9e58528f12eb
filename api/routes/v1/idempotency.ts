// v1's x-idempotency-key: a repeated request gets the first answer again, for 14 days, from the
// records of db/v1-idempotency.ts. Only answers worth repeating are kept (2xx, and validate's 207
// and 409, which report the payment its key made, refused or not); a failure is released so that the retry runs again, and a run whose process died holds its key only for a
// lease. The run again must then not act twice: the routes hand the gateways a key derived from
// the v1 one (gatewayKeyOf), from which sessions, payments and operations take their ids, and
// answer what the first run made when the gateway says it exists already (madeOnce).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sql } from '../../../db/connection';
import {
  claimV1Idempotency,
  completeV1Idempotency,
  isV1IdempotencyKey,
  releaseV1Idempotency,
  V1_IDEMPOTENCY_HEADER,
  v1RequestFingerprint,
} from '../../../db/v1-idempotency';
import { HttpProblem } from '../../errors/problem';

export interface V1Answer {
  status: number;
  body: unknown;
  /**
   * Kept whatever its status: the answer reports what the request made (validate's 409 is a payment
   * refused, not a request that failed), so the same key with another body is a conflict, not a run.
   */
  reportsWhatWasMade?: boolean;
}

/** The request's idempotency key, when it has a well-formed one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[V1_IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (!isV1IdempotencyKey(key)) {
    throw new HttpProblem(400, 'invalid_request', 'x-idempotency-key must be 1 to 255 printable ASCII characters', [
      { pointer: '/headers/x-idempotency-key', detail: 'is malformed' },
    ]);
  }
  return key;
}

/**
 * Runs `run` once per idempotency key and answers its result, or the first result again. Headers
 * an answer implies (a created session's Location) come from `headersOf`, so that a repeat, which
 * only the status and body were kept of, carries them too.
 */
export async function answerOnce(
  deps: { sql: Sql; encryptionKey: Buffer },
  request: FastifyRequest,
  reply: FastifyReply,
  entityId: string,
  run: () => Promise<V1Answer>,
  headersOf: (answer: V1Answer) => Record<string, string> = () => ({}),
): Promise<FastifyReply> {
  const send = (answer: V1Answer) => reply.status(answer.status).headers(headersOf(answer)).send(answer.body);
  const key = idempotencyKeyOf(request);
  if (key === undefined) return send(await run());
  const fingerprint = v1RequestFingerprint(deps.encryptionKey, {
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    body: request.body,
  });
  const claim = await claimV1Idempotency(deps.sql, deps.encryptionKey, { entityId, key, fingerprint });
  if (claim.status === 'replay') {
    reply.header('idempotent-replayed', 'true');
    return send({ status: claim.statusCode, body: claim.body });
  }
  if (claim.status === 'in_flight')
    throw new HttpProblem(
      409,
      'idempotency_in_flight',
      'a request with this x-idempotency-key is still in progress; retry it shortly',
    );
  if (claim.status === 'mismatch')
    throw new HttpProblem(409, 'idempotency_mismatch', 'this x-idempotency-key was used for another request');
  let answer: V1Answer;
  try {
    answer = await run();
  } catch (error) {
    await releaseV1Idempotency(deps.sql, claim.claim).catch(() => undefined);
    throw error;
  }
  if ((answer.status >= 200 && answer.status < 300) || answer.reportsWhatWasMade) {
    await completeV1Idempotency(deps.sql, deps.encryptionKey, claim.claim, {
      statusCode: answer.status,
      body: answer.body,
    });
  } else {
    await releaseV1Idempotency(deps.sql, claim.claim);
  }
  return send(answer);
}

/** The key the gateways derive session, payment and operation ids from, when the request has one. */
export function gatewayKeyOf(request: FastifyRequest): string | undefined {
  const key = idempotencyKeyOf(request);
  return key === undefined ? undefined : `v1/${key}`;
}

/**
 * `make`, unless a gateway answers that this key made it already (409 naming the resource): then
 * what `found` reads of that resource, so a run again answers what the first run made.
 */
export async function madeOnce<T>(make: () => Promise<T>, found: (resourceId: string) => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    const made =
      error instanceof HttpProblem && error.code === 'idempotency_conflict' ? error.extra?.resource_id : undefined;
    if (made === undefined) throw error;
    return found(made);
  }
}
