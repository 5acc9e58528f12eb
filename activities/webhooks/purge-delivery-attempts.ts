// The webhook delivery log is kept WEBHOOK_DELIVERY_ATTEMPT_RETENTION_DAYS; the hourly purge
// (workflows/vault-purge.ts) deletes older attempts, then seals the urls of rows a worker of an
// earlier release wrote in clear (db/webhook-delivery-attempts.ts).
import type { Sql } from '../../db/connection';
import { purgeDeliveryAttempts, sealClearDeliveryUrls } from '../../db/webhook-delivery-attempts';

export interface DeliveryAttemptPurgeResult {
  deleted: number;
  urls_sealed: number;
}

export function createPurgeWebhookDeliveryAttempts(deps: { sql: Sql; encryptionKey: Buffer }) {
  return async function purgeWebhookDeliveryAttempts(): Promise<DeliveryAttemptPurgeResult> {
    // Deleted first: what is past its retention is not worth sealing.
    const deleted = await purgeDeliveryAttempts(deps.sql);
    const urlsSealed = await sealClearDeliveryUrls(deps.sql, deps.encryptionKey);
    return { deleted, urls_sealed: urlsSealed };
  };
}
