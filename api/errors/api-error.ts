// The legacy error shape that the wallet and v1 APIs answer: ApiError {timestamp, error_code,
// message, request_id, status, path, error}, error_code from the spec's catalogue.
export const apiErrorCodes = [
  'FORBIDDEN', 'INTERNAL_SERVER_ERROR', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'NOT_IMPLEMENTED', 'NOT_FOUND',
  'ALREADY_EXISTS', 'NO_SUCH_EXPERIENCE', 'EXPERIENCE_NOT_ELIGIBLE', 'UNAUTHORIZED_OUTGOING_CALL',
  'AUTHORIZE_NOT_ALLOWED', 'PLUGIN_UNHANDLED_ERROR', 'PLUGIN_WORKFLOW_ERROR', 'PLUGIN_INPUT_ERROR',
  'CREATE_ROOT_ENTITY_ERROR', 'ENTITY_SHOULD_HAVE_NAME_ERROR', 'ENTITY_SHOULD_HAVE_PARENT_ERROR',
  'ENTITY_NOT_FOUND_ERROR', 'TRANSACTION_NOT_FOUND_ERROR', 'SESSION_ALREADY_SUBMITTED_ERROR',
  'CREDIT_ALREADY_COMMITTED_ERROR', 'CREDIT_NOT_COMMITTED',
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export interface ApiErrorBody {
  timestamp: string;
  error_code: ApiErrorCode;
  message: string;
  request_id: string;
  status: number;
  path: string;
  error: string;
}

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  413: 'Payload Too Large', 415: 'Unsupported Media Type', 500: 'Internal Server Error', 501: 'Not Implemented',
  503: 'Service Unavailable', 504: 'Gateway Timeout',
};

export function defaultApiErrorCode(status: number): ApiErrorCode {
  if (status === 401 || status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'ALREADY_EXISTS';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 501) return 'NOT_IMPLEMENTED';
  if (status >= 500) return 'INTERNAL_SERVER_ERROR';
  return 'BAD_REQUEST';
}

export function apiErrorBody(input: { status: number; code?: ApiErrorCode; message: string; requestId: string; path: string }): ApiErrorBody {
  return {
    timestamp: new Date().toISOString(),
    error_code: input.code ?? defaultApiErrorCode(input.status),
    message: input.message,
    request_id: input.requestId,
    status: input.status,
    path: input.path,
    error: reasonPhrases[input.status] ?? 'Error',
  };
}
