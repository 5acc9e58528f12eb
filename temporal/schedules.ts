// Schedules the worker makes sure exist when it starts. Creating one that exists already is a
// no-op, so any number of workers may start at once. Ids carry the task queue: deployments that
// share a namespace (each with its own database) each purge their own vault.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { vaultPurgeWorkflow } from '../workflows/vault-purge';

export const vaultPurgeScheduleId = (taskQueue: string) => `tessera/vault-purge/${taskQueue}`;

export async function ensureSchedules(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: vaultPurgeScheduleId(taskQueue),
      spec: { intervals: [{ every: '1 hour' }] },
      action: {
        type: 'startWorkflow',
        workflowType: vaultPurgeWorkflow,
        taskQueue,
        workflowExecutionTimeout: '30 minutes',
      },
      // A purge still running when the next is due makes the next one pointless.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}
