import { Type } from 'typebox';
import { errorResponse } from '../errors/documented-errors';
import { Ref } from '../schemas/typebox';
import { IdempotencyConflict, Problem } from '../schemas/v2';

/**
 * The documented error answers of a v2 route, each as the application/problem+json it is sent as;
 * a 409 is a repeated idempotency key, naming the resource already created.
 */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      status === 409
        ? {
            description: 'The idempotency key was already used: resource_id names what it created.',
            content: { 'application/problem+json': { schema: Ref(IdempotencyConflict) } },
          }
        : errorResponse('problem', status),
    ]),
  );
}

/**
 * The 429 of a rate-limited route (api/rate-limits.ts): a problem+json, which every API family's
 * document shows as such, and the Retry-After header a client waits on.
 */
export function rateLimitedResponse(what: string) {
  return {
    429: {
      description: `Too many requests: ${what}. Send again after the number of seconds in Retry-After.`,
      headers: {
        'retry-after': { type: 'integer', minimum: 1, description: 'Seconds until the limit lets a request through.' },
      },
      content: { 'application/problem+json': { schema: Ref(Problem) } },
    },
  };
}

/** The x-idempotency-key header of a v2 creation, naming what a repeat answers 409 about. */
export function idempotencyHeaders(what: string) {
  return Type.Object({
    'x-idempotency-key': Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: `Makes the request safe to repeat: the same key answers 409 with the resource_id of the ${what} already created. Idempotency-Key, the header's standard name, is read as this one.`,
      }),
    ),
  });
}
