// How every v1 call is served: under /payment/v1 (documented, deprecated) and at the host root,
// where the most used e-commerce plugin resolves entity paths. At the root, entity, session and
// transaction ids must be UUIDs, so any other path (a docs page) falls through to the web app.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpProblem } from '../../errors/problem';
import { errorResponses } from '../../errors/documented-errors';
import { v1RouteSchema } from '../../schemas/v1';
import { withoutNulls } from './nulls-as-absent';

const UUID = '(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)';
/** Path parameters that are ids: constrained to UUIDs at the host root. */
const ID_PARAMS = ['entity', 'session', 'transaction'];

/** `/:entity/sessions/:session` → the root alias with each id constrained to a UUID. */
function rootPathOf(path: string): string {
  return path.replace(/:([a-z]+)/g, (whole, name: string) => (ID_PARAMS.includes(name) ? `${whole}${UUID}` : whole));
}

async function dropNulls(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined) request.body = withoutNulls(request.body);
}

/** Registers a v1 call at both of its addresses; `documented` is false for the host-root alias. */
export function atV1Paths(path: string, register: (url: string, documented: boolean) => void): void {
  register(`/payment/v1${path}`, true);
  register(rootPathOf(path), false);
}

/** What every v1 route's options share: legacy errors, nulls dropped, the alias hidden from documents. */
export function v1RouteOptions<S extends object>(documented: boolean, schema: S) {
  return {
    preValidation: dropNulls,
    schema: { ...v1RouteSchema(schema), ...(documented ? {} : { hide: true }) },
  };
}

export const v1ErrorShape = { errorShape: 'api-error' as const };

/** The documented error answers of a v1 route. */
export const ApiErrors = (...statuses: number[]) => errorResponses('v1-api-error', ...statuses);

/** The header of the calls that create something: documented with them (api/routes/v1/idempotency.ts checks it). */
export const V1IdempotencyHeaders = Type.Object({
  'x-idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        'Makes the call safe to repeat: for 14 days, the same key with the same request answers the first 2xx answer again (header idempotent-replayed: true); with another request it answers 409 ALREADY_EXISTS. 1 to 255 printable ASCII characters.',
    }),
  ),
});

/**
 * A problem of the gateways, whose field pointers name v2's body (`/split/0/vault_form_token`,
 * `/currency`), with each pointer renamed to the field of the v1 body that the caller sent.
 */
export function withV1Pointers(error: unknown, rename: (pointer: string) => string): unknown {
  if (!(error instanceof HttpProblem) || !error.errors) return error;
  const errors = error.errors.map((field) => ({ ...field, pointer: rename(field.pointer) }));
  return new HttpProblem(error.status, error.code, error.message, errors, error.extra);
}
