// How a phase test reads a workflow's refusal of an Update: as the API reads it
// (api/temporal/workflow-errors.ts), by the failure's type and message.
import { expect } from 'vitest';
import { updateFailure } from '../../../api/temporal/workflow-errors';

/** The workflow's refusal of an Update: its failure type and message. Fails the test if it was accepted. */
export async function refusal(update: Promise<unknown>): Promise<{ type: string | undefined; message: string }> {
  const error = await update.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  const failure = updateFailure(error);
  expect(failure, `an Update refused, not ${String(error)}`).toBeDefined();
  return { type: failure?.type, message: failure?.message ?? '' };
}
