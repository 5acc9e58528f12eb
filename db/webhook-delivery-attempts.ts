// The log of webhook delivery attempts (activities/webhooks/deliver.ts writes one row per attempt).
// A webhook's url may carry the merchant's credentials, so each row keeps it sealed and only its
// origin in clear (db/migrations/017_webhook_delivery_attempts_sealed.sql); the log is kept for
// WEBHOOK_DELIVERY_ATTEMPT_RETENTION_DAYS, then the hourly purge (workflows/vault-purge.ts)
// deletes it.
import type { Sql } from './connection';
import { decrypt, encrypt } from '../platform/secrets';

/** Long enough to answer a merchant's question about last month's deliveries; documented in the webhooks guide. */
export const WEBHOOK_DELIVERY_ATTEMPT_RETENTION_DAYS = 30;

export interface DeliveryAttempt {
  eventId: string;
  entityId: string;
  resourceType: string;
  resourceId: string;
  eventType: string;
  url: string;
  attempt: number;
  statusCode: number | undefined;
  error: string | undefined;
  durationMs: number;
}

export interface RecordedDeliveryAttempt {
  eventId: string;
  eventType: string;
  attempt: number;
  attemptedAt: Date;
  url: string;
  statusCode: number | null;
  error: string | null;
  succeeded: boolean;
  durationMs: number;
}

/** What the log keeps in clear of a url: its scheme, host and port, never a user, path or query. */
export function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    // A scheme without an origin (never a webhook's: they are http or https) says "null".
    return origin === 'null' ? 'unknown' : origin;
  } catch {
    return 'unknown';
  }
}

/** The sealed url names its event and attempt: a ciphertext copied to another row does not open. */
function sealUrl(key: Buffer, eventId: string, attempt: number, url: string): string {
  return encrypt(key, JSON.stringify({ e: eventId, a: attempt, u: url }));
}

function openUrl(key: Buffer, eventId: string, attempt: number, sealed: string): string {
  const opened: unknown = JSON.parse(decrypt(key, sealed));
  if (typeof opened !== 'object' || opened === null || !('e' in opened) || !('a' in opened) || !('u' in opened))
    throw new Error('a sealed webhook url does not open');
  if (opened.e !== eventId || opened.a !== attempt || typeof opened.u !== 'string')
    throw new Error('a sealed webhook url belongs to another delivery attempt');
  return opened.u;
}

export async function recordDeliveryAttempt(sql: Sql, key: Buffer, attempt: DeliveryAttempt): Promise<void> {
  await sql`
    insert into webhook_delivery_attempts
      (event_id, entity_id, resource_type, resource_id, event_type, url, url_sealed, attempt, status_code, error,
       succeeded, duration_ms)
    values (${attempt.eventId}, ${attempt.entityId}, ${attempt.resourceType}, ${attempt.resourceId},
            ${attempt.eventType}, ${originOf(attempt.url)}, ${sealUrl(key, attempt.eventId, attempt.attempt, attempt.url)},
            ${attempt.attempt}, ${attempt.statusCode ?? null}, ${attempt.error ?? null}, ${attempt.error === undefined},
            ${attempt.durationMs})`;
}

/** A resource's attempts in the order they were made, urls opened (`npm run webhooks:attempts`). */
export async function deliveryAttemptsOf(
  sql: Sql,
  key: Buffer,
  resourceId: string,
): Promise<RecordedDeliveryAttempt[]> {
  const rows = await sql<
    {
      event_id: string;
      event_type: string;
      attempt: number;
      attempted_at: Date;
      url: string;
      url_sealed: string | null;
      status_code: number | null;
      error: string | null;
      succeeded: boolean;
      duration_ms: number;
    }[]
  >`
    select event_id::text, event_type, attempt, attempted_at, url, url_sealed, status_code, error, succeeded, duration_ms
    from webhook_delivery_attempts where resource_id = ${resourceId} order by id`;
  return rows.map((row) => ({
    eventId: row.event_id,
    eventType: row.event_type,
    attempt: row.attempt,
    attemptedAt: row.attempted_at,
    // A row the purge has not sealed yet still holds its whole url in clear.
    url: row.url_sealed === null ? row.url : openUrl(key, row.event_id, row.attempt, row.url_sealed),
    statusCode: row.status_code,
    error: row.error,
    succeeded: row.succeeded,
    durationMs: row.duration_ms,
  }));
}

/**
 * Seals the urls of rows written in clear (before db/migrations/017_webhook_delivery_attempts_sealed.sql,
 * or by a worker of that release during a deploy), a batch per statement, at most `maxBatches` a
 * run (the rest waits for the next); returns how many.
 */
export async function sealClearDeliveryUrls(
  sql: Sql,
  key: Buffer,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 1_000;
  const maxBatches = options.maxBatches ?? 100;
  let sealed = 0;
  for (let run = 0; run < maxBatches; run += 1) {
    const rows = await sql<{ id: string; event_id: string; attempt: number; url: string }[]>`
      select id::text, event_id::text, attempt, url from webhook_delivery_attempts
      where url_sealed is null order by id limit ${batch}`;
    if (rows.length === 0) break;
    const values = rows.map((row) => [row.id, sealUrl(key, row.event_id, row.attempt, row.url), originOf(row.url)]);
    const updated = await sql`
      update webhook_delivery_attempts set url_sealed = sealed.url_sealed, url = sealed.origin
      from (values ${sql(values)}) as sealed (id, url_sealed, origin)
      where webhook_delivery_attempts.id = sealed.id::bigint and webhook_delivery_attempts.url_sealed is null`;
    sealed += updated.count;
    if (rows.length < batch) break;
  }
  return sealed;
}

export interface DeliveryAttemptPurgeOptions {
  retentionDays?: number;
  /** Rows deleted per statement: each batch is a short transaction of its own. */
  batch?: number;
  /** At most this many batches a run; what is left waits for the next run. */
  maxBatches?: number;
}

/** Deletes attempts older than the retention period, a batch per statement; returns how many. */
export async function purgeDeliveryAttempts(sql: Sql, options: DeliveryAttemptPurgeOptions = {}): Promise<number> {
  const retentionDays = options.retentionDays ?? WEBHOOK_DELIVERY_ATTEMPT_RETENTION_DAYS;
  const batch = options.batch ?? 10_000;
  const maxBatches = options.maxBatches ?? 100;
  let deleted = 0;
  for (let run = 0; run < maxBatches; run += 1) {
    const removed = await sql`
      delete from webhook_delivery_attempts where id in (
        select id from webhook_delivery_attempts
        where attempted_at < now() - make_interval(days => ${retentionDays})
        limit ${batch})`;
    deleted += removed.count;
    if (removed.count < batch) break;
  }
  return deleted;
}
