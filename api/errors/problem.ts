// application/problem+json (RFC 9457) as the v2 API answers every error. `errors[].pointer` is a
// JSON pointer to the offending field of the request body, so a client can show it next to it.
// The shapes are the documented schemas' (api/schemas/v2/errors.ts), so what is sent is what the
// OpenAPI document says.
import type { ApiErrorCode, FieldError, IdempotencyConflict, Problem } from '../schemas/v2/errors';
import { reasonPhrase } from './reason-phrases';

export type { FieldError };
export type ProblemBody = Problem & Partial<Pick<IdempotencyConflict, 'resource_id'>>;

/** A problem the API reports on purpose. Anything else that escapes a handler is a 500. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    /** Machine-readable code, stable across releases (e.g. `invalid_request`, `idempotency_conflict`). */
    readonly code: string,
    detail: string,
    readonly errors?: FieldError[],
    readonly extra?: { resource_id?: string; headers?: Record<string, string>; apiErrorCode?: ApiErrorCode },
  ) {
    super(detail);
  }

  /** The code of the catalogue an ApiError answer shows (v1, wallet); otherwise the one its status implies. */
  get apiErrorCode(): ApiErrorCode | undefined {
    return this.extra?.apiErrorCode ?? apiErrorCodeOf[this.code];
  }
}

/** Problems the gateways raise that the legacy catalogue names more precisely than their status does. */
const apiErrorCodeOf: Readonly<Record<string, ApiErrorCode>> = {
  session_already_submitted: 'SESSION_ALREADY_SUBMITTED_ERROR',
  idempotency_conflict: 'ALREADY_EXISTS',
};

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new HttpProblem(400, 'invalid_request', detail, errors);
export const notFound = (what: string) => new HttpProblem(404, 'not_found', `${what} not found`);
export const forbidden = (detail: string) => new HttpProblem(403, 'forbidden', detail);

export function problemBody(input: {
  status: number;
  code: string;
  detail: string;
  instance: string;
  requestId: string;
  errors?: FieldError[];
  resourceId?: string;
}): ProblemBody {
  return {
    type: `https://tessera.dev/problems/${input.code.replaceAll('_', '-')}`,
    title: reasonPhrase(input.status),
    status: input.status,
    detail: input.detail,
    instance: input.instance,
    error: input.code,
    ...(input.errors && input.errors.length > 0 ? { errors: input.errors } : {}),
    request_id: input.requestId,
    ...(input.resourceId ? { resource_id: input.resourceId } : {}),
  };
}
