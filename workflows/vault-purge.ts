// Run by the hourly schedule of temporal/schedules.ts: one purge of both vaults, and of what else
// is kept for a limited time (v1 idempotency records, expired wallet sessions, the webhook delivery
// log), and the sealing of what an earlier release kept in clear. A workflow rather than a timer in
// some process, so that each run, its outcome and its retries show in the Temporal UI, and a run
// missed while every worker was down happens at the next tick.
import { patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { VaultPurgeResult } from '../activities/vault/purge-vaults';
import type { DeliveryAttemptPurgeResult } from '../activities/webhooks/purge-delivery-attempts';

const {
  purgeVaults,
  purgeV1IdempotencyRecords,
  purgeWalletSessions,
  purgeWebhookDeliveryAttempts,
  sealReportWebhookUrls,
} = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '10 seconds', maximumInterval: '5 minutes', maximumAttempts: 10 },
});

export interface PurgeResult extends VaultPurgeResult {
  v1_idempotency_records?: number;
  wallet_sessions?: number;
  webhook_delivery_attempts?: DeliveryAttemptPurgeResult;
  /** Reports webhooks whose url only the clear column held (db/report-webhooks.ts). */
  report_webhook_urls_sealed?: number;
}

export async function vaultPurgeWorkflow(): Promise<PurgeResult> {
  const result: PurgeResult = await purgeVaults();
  // Each step below was added after the purge shipped: a run recorded before a step replays
  // without that step's activity.
  if (!patched('purge-v1-idempotency-records')) return result;
  result.v1_idempotency_records = await purgeV1IdempotencyRecords();
  if (patched('purge-wallet-sessions')) result.wallet_sessions = await purgeWalletSessions();
  if (patched('purge-webhook-delivery-attempts'))
    result.webhook_delivery_attempts = await purgeWebhookDeliveryAttempts();
  if (patched('seal-report-webhook-urls')) result.report_webhook_urls_sealed = await sealReportWebhookUrls();
  return result;
}
