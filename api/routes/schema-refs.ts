import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { IdempotencyConflict, Problem } from '../schemas/v2';

/**
 * A `$ref` to a registered schema that keeps the schema's static type, so a route's body stays
 * typed while the OpenAPI document shows `#/components/schemas/<$id>` instead of inlining it.
 */
export function ref<T extends TSchema & { $id?: string }>(schema: T) {
  if (!schema.$id) throw new Error('only schemas with an $id can be referenced');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id));
}

/** The documented error answers of a v2 route, each with its problem+json shape. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, status === 409 ? ref(IdempotencyConflict) : ref(Problem)]));
}
