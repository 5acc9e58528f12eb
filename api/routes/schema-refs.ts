import { Ref } from '../schemas/typebox';
import { IdempotencyConflict, Problem } from '../schemas/v2';

/** The documented error answers of a v2 route, each with its problem+json shape. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, status === 409 ? Ref(IdempotencyConflict) : Ref(Problem)]));
}
