import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGrpcServiceError, ServiceError } from '@temporalio/client';
import { apiErrorBody, type ApiErrorCode } from './api-error';
import { HttpProblem, problemBody, type FieldError } from './problem';
import { fieldErrorsFromAjv } from './validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `api-error`: the route answers failures in the legacy ApiError shape (v1 served at the host root). */
    errorShape?: 'api-error';
  }
}

/**
 * v1 and the wallet API keep their legacy ApiError shape; everything else answers problem+json.
 * A route says so in its config; a path with no route (a 404) is judged by its prefix.
 */
function usesLegacyErrors(request: FastifyRequest, path: string): boolean {
  return (
    request.routeOptions.config?.errorShape === 'api-error' ||
    /^\/wallet(\/|$)/.test(path) ||
    path.startsWith('/payment/v1/')
  );
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  input: {
    status: number;
    code: string;
    detail: string;
    errors?: FieldError[];
    resourceId?: string;
    headers?: Record<string, string>;
    apiErrorCode?: ApiErrorCode;
  },
) {
  for (const [name, value] of Object.entries(input.headers ?? {})) reply.header(name, value);
  const path = request.url.split('?')[0] ?? request.url;
  if (usesLegacyErrors(request, path)) {
    const details = input.errors?.map((e) => `${e.pointer} ${e.detail}`).join('; ');
    return reply
      .status(input.status)
      .type('application/json')
      .send(
        apiErrorBody({
          status: input.status,
          ...(input.apiErrorCode ? { code: input.apiErrorCode } : {}),
          message: details ? `${input.detail}: ${details}` : input.detail,
          requestId: request.id,
          path,
        }),
      );
  }
  return reply
    .status(input.status)
    .type('application/problem+json')
    .send(
      problemBody({
        status: input.status,
        code: input.code,
        detail: input.detail,
        instance: path,
        requestId: request.id,
        ...(input.errors ? { errors: input.errors } : {}),
        ...(input.resourceId ? { resourceId: input.resourceId } : {}),
      }),
    );
}

const frameworkCodes: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', detail: 'send application/json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_request', detail: 'the JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_json', detail: 'the body is not valid JSON' },
};

/**
 * gRPC answers of the Temporal server that say "not now" rather than "no": overloaded, timed out,
 * unreachable, or a workflow whose last task failed and is being retried (FAILED_PRECONDITION on an
 * Update while the worker recovers; seen during the durability test). The same request succeeds later.
 */
const transientGrpcCodes = new Set([4, 8, 9, 14]);
function isTransientTemporalError(error: unknown): boolean {
  return isGrpcServiceError(error) && transientGrpcCodes.has(error.code);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) {
      return sendError(request, reply, {
        status: error.status,
        code: error.code,
        detail: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.extra?.resource_id ? { resourceId: error.extra.resource_id } : {}),
        ...(error.extra?.headers ? { headers: error.extra.headers } : {}),
        ...(error.apiErrorCode ? { apiErrorCode: error.apiErrorCode } : {}),
      });
    }
    if (error.validation) {
      const errors = fieldErrorsFromAjv(error.validation, error.validationContext ?? 'body');
      return sendError(request, reply, {
        status: 400,
        code: 'invalid_request',
        detail: 'the request is invalid',
        errors,
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit;
      return sendError(request, reply, {
        status: 413,
        code: 'payload_too_large',
        detail: `the request body exceeds ${limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MiB` : `${limit / 1024} KiB`}`,
      });
    }
    const known = error.code ? frameworkCodes[error.code] : undefined;
    if (known)
      return sendError(request, reply, { status: error.statusCode ?? 400, code: known.code, detail: known.detail });
    // A SyntaxError from the JSON parser carries statusCode 400 on some versions.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, { status: error.statusCode, code: 'invalid_request', detail: error.message });
    }
    if (error instanceof ServiceError || isTransientTemporalError(error)) {
      // Temporal is unreachable, overloaded, or the workflow is recovering from a crashed worker:
      // nothing was lost, and the same request (with its idempotency key) can simply be repeated.
      request.log.warn({ err: error.message }, 'temporal unavailable');
      return sendError(request, reply, {
        status: 503,
        code: 'temporarily_unavailable',
        detail:
          'the payment engine is busy or recovering; retry the same request (with the same x-idempotency-key) shortly',
        headers: { 'retry-after': '2' },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, {
      status: 500,
      code: 'internal_error',
      detail: 'an unexpected error occurred; quote the request_id to support',
    });
  });
}
