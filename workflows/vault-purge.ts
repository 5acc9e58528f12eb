// Run by the hourly schedule of temporal/schedules.ts: one purge of both vaults. A workflow rather
// than a timer in some process, so that each run, its outcome and its retries show in the Temporal
// UI, and a run missed while every worker was down happens at the next tick.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { VaultPurgeResult } from '../activities/vault/purge-vaults';

const { purgeVaults } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '10 seconds', maximumInterval: '5 minutes', maximumAttempts: 10 },
});

export async function vaultPurgeWorkflow(): Promise<VaultPurgeResult> {
  return purgeVaults();
}
