import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';

/** The failure type a workflow's Update validator or handler raised, if that is what failed. */
export function updateFailure(error: unknown): { type: string | undefined; message: string } | undefined {
  if (!(error instanceof WorkflowUpdateFailedError)) return undefined;
  const cause = error.cause;
  if (cause instanceof ApplicationFailure) return { type: cause.type ?? undefined, message: cause.message };
  return { type: undefined, message: cause?.message ?? error.message };
}

export function isWorkflowNotFound(error: unknown): boolean {
  return error instanceof WorkflowNotFoundError;
}
