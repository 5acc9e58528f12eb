import { Type } from 'typebox';
import { Ref } from '../schemas/typebox';
import { IdempotencyConflict, Problem } from '../schemas/v2';

/** The documented error answers of a v2 route, each with its problem+json shape. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, status === 409 ? Ref(IdempotencyConflict) : Ref(Problem)]),
  );
}

/** The x-idempotency-key header of a v2 creation, naming what a repeat answers 409 about. */
export function idempotencyHeaders(what: string) {
  return Type.Object({
    'x-idempotency-key': Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: `Makes the request safe to repeat: the same key answers 409 with the resource_id of the ${what} already created.`,
      }),
    ),
  });
}
