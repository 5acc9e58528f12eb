// The legacy error shape that the wallet and v1 APIs answer: ApiError {timestamp, error_code,
// message, request_id, status, path, error}, error_code from the documented catalogue. The shape and
// the catalogue are the documented schema's (api/schemas/v2/errors.ts).
import type { ApiError, ApiErrorCode } from '../schemas/v2/errors';
import { reasonPhrase } from './reason-phrases';

export type { ApiErrorCode };
export type ApiErrorBody = ApiError;

export function defaultApiErrorCode(status: number): ApiErrorCode {
  if (status === 401 || status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'ALREADY_EXISTS';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 501) return 'NOT_IMPLEMENTED';
  if (status >= 500) return 'INTERNAL_SERVER_ERROR';
  return 'BAD_REQUEST';
}

export function apiErrorBody(input: {
  status: number;
  code?: ApiErrorCode;
  message: string;
  requestId: string;
  path: string;
}): ApiErrorBody {
  return {
    timestamp: new Date().toISOString(),
    error_code: input.code ?? defaultApiErrorCode(input.status),
    message: input.message,
    request_id: input.requestId,
    status: input.status,
    path: input.path,
    error: reasonPhrase(input.status),
  };
}
