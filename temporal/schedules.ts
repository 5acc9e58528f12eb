// Schedules the worker makes sure exist when it starts. Creating one that exists already is a
// no-op, so any number of workers may start at once. Ids carry the task queue: deployments that
// share a namespace (each with its own database) each run their own.
//
// - the hourly vault purge (workflows/vault-purge.ts);
// - the daily settlement import of each partner that publishes settlement files
//   (workflows/settlements/import.ts), at 02:00 UTC, after the partners' midnight cut-off; a
//   partner announcing a file starts its import at once, and this run catches up on any missed.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { SETTLING_PARTNERS } from '../partners/catalog';
import { settlementImportWorkflow } from '../workflows/settlements/import';
import { vaultPurgeWorkflow } from '../workflows/vault-purge';

export const vaultPurgeScheduleId = (taskQueue: string) => `tessera/vault-purge/${taskQueue}`;
export const settlementImportScheduleId = (partner: string, taskQueue: string) =>
  `tessera/settlement-import/${partner}/${taskQueue}`;

export interface ScheduleSettings {
  /** config.webhookRetryInitialIntervalMs: the SETTLEMENT_COMPLETED deliveries' first retry. */
  webhookRetryInitialIntervalMs: number;
}

async function ensure(create: () => Promise<unknown>): Promise<void> {
  try {
    await create();
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}

export async function ensureSchedules(client: Client, taskQueue: string, settings: ScheduleSettings): Promise<void> {
  await ensure(() =>
    client.schedule.create({
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
    }),
  );
  for (const partner of SETTLING_PARTNERS) {
    await ensure(() =>
      client.schedule.create({
        scheduleId: settlementImportScheduleId(partner, taskQueue),
        spec: { calendars: [{ hour: 2, minute: 0 }] },
        action: {
          type: 'startWorkflow',
          workflowType: settlementImportWorkflow,
          taskQueue,
          args: [{ partner, webhookRetry: { initialIntervalMs: settings.webhookRetryInitialIntervalMs } }],
          workflowExecutionTimeout: '6 hours',
        },
        // An import still running when the next is due would import the same batches: the next
        // run, a day later, finds what this one left.
        policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
      }),
    );
  }
}
