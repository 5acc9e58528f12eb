import { isGrpcServiceError, ServiceError, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { FieldError } from '../errors/problem';

function isFieldErrors(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'pointer' in item && 'detail' in item)
  );
}

/**
 * The failure a workflow's Update validator or handler raised, with the field errors it carried
 * and its details as they came (a refused refresh carries the payment in them).
 */
export function updateFailure(
  error: unknown,
): { type: string | undefined; message: string; errors?: FieldError[]; details: readonly unknown[] } | undefined {
  if (!(error instanceof WorkflowUpdateFailedError)) return undefined;
  const cause = error.cause;
  if (cause instanceof ApplicationFailure) {
    const details = cause.details ?? [];
    const first = details[0];
    return {
      type: cause.type ?? undefined,
      message: cause.message,
      ...(isFieldErrors(first) ? { errors: first } : {}),
      details,
    };
  }
  return { type: undefined, message: cause?.message ?? error.message, details: [] };
}

export function isWorkflowNotFound(error: unknown): boolean {
  return error instanceof WorkflowNotFoundError;
}

/**
 * The workflow cannot answer because its worker cannot rebuild it: its history no longer replays
 * (Temporal's nondeterminism error, TMPRL1100). Retrying does not help; an operator must reset
 * the workflow. The fault matrix (test/faults) met one such history after the Temporal server was
 * killed while a payment's first Update was in flight.
 */
export function isWorkflowUnreplayable(error: unknown): boolean {
  return error instanceof Error && error.message.includes('[TMPRL1100]');
}

/**
 * An Update the server admitted to a run that then closed before taking it: the payment continued
 * as new (workflows/payment/payment.ts) in the same moment. Nothing of it was recorded, and its
 * Update id is derived from the request, so sending it again, to the new run, is safe.
 * (test/integration/continue-as-new.test.ts sees it under a server suggesting continue-as-new
 * every few events; in production a payment continues as new after thousands.)
 */
function isUpdateAbortedByRunEnd(error: unknown): boolean {
  const FAILED_PRECONDITION = 9; // gRPC status code
  return error instanceof ServiceError && isGrpcServiceError(error.cause) && error.cause.code === FAILED_PRECONDITION;
}

/** Runs an Update, again (a few times, within about a second) when the run closed under it. */
export async function updateAcrossRuns<T>(update: () => Promise<T>): Promise<T> {
  for (const pauseMs of [50, 200, 800]) {
    try {
      return await update();
    } catch (error) {
      if (!isUpdateAbortedByRunEnd(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  return update();
}
