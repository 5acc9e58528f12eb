// The hourly purge (workflows/vault-purge.ts) seals the reports webhooks' urls that a release
// before db/migrations/018_report_webhooks_url_sealed.sql saved in clear only, so that the next
// release can keep only their origin in clear.
import type { Sql } from '../../db/connection';
import { sealClearReportWebhookUrls } from '../../db/report-webhooks';

export function createSealReportWebhookUrls(deps: { sql: Sql; encryptionKey: Buffer }) {
  return async function sealReportWebhookUrls(): Promise<number> {
    return sealClearReportWebhookUrls(deps.sql, deps.encryptionKey);
  };
}
