import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { FieldError } from '../errors/problem';

function isFieldErrors(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'pointer' in item && 'detail' in item)
  );
}

/** The failure a workflow's Update validator or handler raised, with the field errors it carried. */
export function updateFailure(
  error: unknown,
): { type: string | undefined; message: string; errors?: FieldError[] } | undefined {
  if (!(error instanceof WorkflowUpdateFailedError)) return undefined;
  const cause = error.cause;
  if (cause instanceof ApplicationFailure) {
    const first = cause.details?.[0];
    return {
      type: cause.type ?? undefined,
      message: cause.message,
      ...(isFieldErrors(first) ? { errors: first } : {}),
    };
  }
  return { type: undefined, message: cause?.message ?? error.message };
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
