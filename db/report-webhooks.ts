// Each entity's endpoint for report events (SETTLEMENT_COMPLETED): events about no single payment,
// so no payment's webhook can carry them. Header values may be credentials for the merchant's
// endpoint: stored encrypted (platform/secrets.ts), shown redacted, decrypted only to deliver. The
// url may carry credentials too: it is kept sealed, and for one more release also in clear for
// the readers of the release before (db/migrations/018_report_webhooks_url_sealed.sql).
import type { Sql } from './connection';
import type { ReportWebhookEventType } from '../domain/enums';
import { decrypt, encrypt } from '../platform/secrets';

export interface StoredReportWebhook {
  url: string;
  event_types: ReportWebhookEventType[];
  headers_encrypted: string | null;
  header_names: string[];
}

/** The sealed url names its entity: a ciphertext copied to another entity's row does not open. */
function sealUrl(key: Buffer, entityId: string, url: string): string {
  return encrypt(key, JSON.stringify({ e: entityId, u: url }));
}

function openUrl(key: Buffer, entityId: string, sealed: string): string {
  const opened: unknown = JSON.parse(decrypt(key, sealed));
  if (typeof opened !== 'object' || opened === null || !('e' in opened) || !('u' in opened))
    throw new Error('a sealed reports webhook url does not open');
  if (opened.e !== entityId || typeof opened.u !== 'string')
    throw new Error("a sealed reports webhook url belongs to another entity's webhook");
  return opened.u;
}

export async function saveReportWebhook(
  sql: Sql,
  key: Buffer,
  entityId: string,
  webhook: StoredReportWebhook,
): Promise<void> {
  // `url` in clear only until the next release (db/migrations/018_report_webhooks_url_sealed.sql).
  await sql`
    insert into report_webhooks (entity_id, url, url_sealed, event_types, headers_encrypted, header_names)
    values (${entityId}, ${webhook.url}, ${sealUrl(key, entityId, webhook.url)}, ${webhook.event_types},
            ${webhook.headers_encrypted}, ${webhook.header_names})
    on conflict (entity_id) do update set
      url = excluded.url, url_sealed = excluded.url_sealed, event_types = excluded.event_types,
      headers_encrypted = excluded.headers_encrypted, header_names = excluded.header_names, updated_at = now()`;
}

export async function findReportWebhook(
  sql: Sql,
  key: Buffer,
  entityId: string,
): Promise<StoredReportWebhook | undefined> {
  const [row] = await sql<(StoredReportWebhook & { url_sealed: string | null })[]>`
    select url, url_sealed, event_types, headers_encrypted, header_names from report_webhooks
    where entity_id = ${entityId}`;
  if (!row) return undefined;
  return {
    // A row saved by the release before, not sealed by the purge yet, holds its url in clear only.
    url: row.url_sealed === null ? row.url : openUrl(key, entityId, row.url_sealed),
    event_types: row.event_types,
    headers_encrypted: row.headers_encrypted,
    header_names: row.header_names,
  };
}

/** Whether there was one to delete. */
export async function deleteReportWebhook(sql: Sql, entityId: string): Promise<boolean> {
  const rows = await sql`delete from report_webhooks where entity_id = ${entityId} returning entity_id`;
  return rows.length > 0;
}

/**
 * Seals the urls of rows saved before db/migrations/018_report_webhooks_url_sealed.sql, or by an
 * api process of that release during a deploy; returns how many. One row per entity, so a run
 * takes them all, a batch per statement.
 */
export async function sealClearReportWebhookUrls(sql: Sql, key: Buffer, batch = 1_000): Promise<number> {
  let sealed = 0;
  // Bounded: each pass seals what it read or finds nothing left; a row saved clear meanwhile waits an hour.
  for (let pass = 0; pass < 1_000; pass += 1) {
    const rows = await sql<{ entity_id: string; url: string }[]>`
      select entity_id::text, url from report_webhooks where url_sealed is null order by entity_id limit ${batch}`;
    if (rows.length === 0) break;
    const values = rows.map((row) => [row.entity_id, row.url, sealUrl(key, row.entity_id, row.url)]);
    // Only a row whose url is still the one sealed: a save between the read and this update wins.
    const updated = await sql`
      update report_webhooks set url_sealed = sealed.url_sealed
      from (values ${sql(values)}) as sealed (entity_id, url, url_sealed)
      where report_webhooks.entity_id = sealed.entity_id::uuid and report_webhooks.url = sealed.url
        and report_webhooks.url_sealed is null`;
    sealed += updated.count;
    if (rows.length < batch) break;
  }
  return sealed;
}
