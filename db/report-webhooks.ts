// Each entity's endpoint for report events (SETTLEMENT_COMPLETED): events about no single payment,
// so no payment's webhook can carry them. Header values may be credentials for the merchant's
// endpoint: stored encrypted (platform/secrets.ts), shown redacted, decrypted only to deliver.
import type { Sql } from './connection';
import type { ReportWebhookEventType } from '../domain/enums';

export interface StoredReportWebhook {
  url: string;
  event_types: ReportWebhookEventType[];
  headers_encrypted: string | null;
  header_names: string[];
}

export async function saveReportWebhook(sql: Sql, entityId: string, webhook: StoredReportWebhook): Promise<void> {
  await sql`
    insert into report_webhooks (entity_id, url, event_types, headers_encrypted, header_names)
    values (${entityId}, ${webhook.url}, ${webhook.event_types}, ${webhook.headers_encrypted}, ${webhook.header_names})
    on conflict (entity_id) do update set
      url = excluded.url, event_types = excluded.event_types, headers_encrypted = excluded.headers_encrypted,
      header_names = excluded.header_names, updated_at = now()`;
}

export async function findReportWebhook(sql: Sql, entityId: string): Promise<StoredReportWebhook | undefined> {
  const [row] = await sql<StoredReportWebhook[]>`
    select url, event_types, headers_encrypted, header_names from report_webhooks where entity_id = ${entityId}`;
  return row;
}

/** Whether there was one to delete. */
export async function deleteReportWebhook(sql: Sql, entityId: string): Promise<boolean> {
  const rows = await sql`delete from report_webhooks where entity_id = ${entityId} returning entity_id`;
  return rows.length > 0;
}
