/**
 * API v1 idempotency records: a request with an `x-idempotency-key` header gets the first answer to
 * that key again, for {@link V1_IDEMPOTENCY_RETENTION_DAYS} days (documented in web/src/docs/content/integrate/api-v1/index.mdx, "Idempotency").
 *
 * Protocol (the route, around its handler):
 *
 *   const fingerprint = v1RequestFingerprint(encryptionKey, { method, path, body });
 *   const claim = await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint });
 *   switch (claim.status) {
 *     case 'claimed':   run the request; then completeV1Idempotency(sql, encryptionKey, claim.claim, { statusCode, body })
 *                       for an answer to keep (2xx, and 4xx/409 outcomes of the payment), or
 *                       releaseV1Idempotency(sql, claim.claim) when it failed without an answer (5xx, a crash
 *                       is covered by the lease), so that a retry runs it again;
 *     case 'replay':    answer claim.statusCode with claim.body, as is;
 *     case 'in_flight': another request with this key is still running after waiting `waitMs`:
 *                       answer 409 ALREADY_EXISTS ("a request with this idempotency key is in progress; retry");
 *     case 'mismatch':  the key was used for a different request: answer 409 ALREADY_EXISTS too.
 *   }
 *
 * Concurrency: the claim is one `insert … on conflict do update … where <claim is free>`, so of two
 * concurrent requests exactly one gets 'claimed'; the other polls the row for up to `waitMs`
 * (default 2 s: most v1 calls finish within it, so the duplicate gets the real answer) and then
 * answers 'in_flight'. A claim holds a lease (default 60 s): a process that died mid-request does
 * not lock the key for 14 days, and its late completion is refused (the claim id no longer matches).
 * A record older than the retention period is free again even before the purge deletes it.
 *
 * Stored: the fingerprint as a keyed HMAC (POS bodies carry gift card numbers) and the answer
 * encrypted (an ActionResult has no card data, but plugin_result.token is a reusable partner token).
 *
 *   purgeV1Idempotency(sql) → number of records deleted; the lead schedules it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from './connection';
import { decrypt, encrypt } from '../platform/secrets';

export const V1_IDEMPOTENCY_RETENTION_DAYS = 14;
export const V1_IDEMPOTENCY_HEADER = 'x-idempotency-key';
const DEFAULT_LEASE_SECONDS = 60;
const DEFAULT_WAIT_MS = 2000;
const POLL_INTERVAL_MS = 50;

/**
 * Printable ASCII, 1 to 255 characters: what the route accepts in the header (400 otherwise). A
 * space may stand inside a key ("order 123 capture"), never at its ends, which HTTP drops.
 */
export function isV1IdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 255 && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);
}

/** JSON with object keys sorted, so that two serializations of one body give one fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What identifies "the same request" for a key: method, path and body (after JSON parsing). */
export function v1RequestFingerprint(
  encryptionKey: Buffer,
  request: { method: string; path: string; body: unknown },
): Buffer {
  // A key of its own, derived from the platform key, so the fingerprint cannot serve as anything else.
  const fingerprintKey = createHmac('sha256', encryptionKey).update('tessera v1 idempotency fingerprint').digest();
  return createHmac('sha256', fingerprintKey)
    .update(`${request.method.toUpperCase()}\n${request.path}\n${canonicalJson(request.body)}`)
    .digest();
}

export interface V1IdempotencyClaim {
  entityId: string;
  key: string;
  claimId: string;
}

export type V1IdempotencyClaimResult =
  | { status: 'claimed'; claim: V1IdempotencyClaim }
  | { status: 'replay'; statusCode: number; body: unknown }
  | { status: 'in_flight' }
  | { status: 'mismatch' };

export interface ClaimInput {
  entityId: string;
  key: string;
  fingerprint: Buffer;
  /** How long the claim holds before another request may take it over. Default 60 s. */
  leaseSeconds?: number;
  /** How long to wait for a concurrent request with the same key to finish. Default 2000 ms. */
  waitMs?: number;
}

interface RecordRow {
  request_fingerprint: Buffer;
  status_code: number | null;
  response_body_encrypted: string | null;
}

export async function claimV1Idempotency(
  sql: Sql,
  encryptionKey: Buffer,
  input: ClaimInput,
): Promise<V1IdempotencyClaimResult> {
  const claimId = randomUUID();
  const leaseSeconds = input.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const deadline = Date.now() + (input.waitMs ?? DEFAULT_WAIT_MS);
  for (;;) {
    const claimed = await sql<{ claim_id: string }[]>`
      insert into v1_idempotency_records (entity_id, idempotency_key, request_fingerprint, claim_id, lease_expires_at)
      values (${input.entityId}, ${input.key}, ${input.fingerprint}, ${claimId}, now() + make_interval(secs => ${leaseSeconds}))
      on conflict (entity_id, idempotency_key) do update set
        request_fingerprint = excluded.request_fingerprint,
        claim_id = excluded.claim_id,
        claimed_at = now(),
        lease_expires_at = excluded.lease_expires_at,
        status_code = null,
        response_body_encrypted = null,
        completed_at = null
      where v1_idempotency_records.claimed_at < now() - make_interval(days => ${V1_IDEMPOTENCY_RETENTION_DAYS})
         or (v1_idempotency_records.status_code is null and v1_idempotency_records.lease_expires_at < now())
      returning claim_id`;
    if (claimed[0]?.claim_id === claimId)
      return { status: 'claimed', claim: { entityId: input.entityId, key: input.key, claimId } };

    const [row] = await sql<RecordRow[]>`
      select request_fingerprint, status_code, response_body_encrypted
      from v1_idempotency_records
      where entity_id = ${input.entityId} and idempotency_key = ${input.key}`;
    // Released between the two statements: claim again.
    if (!row) continue;
    if (!row.request_fingerprint.equals(input.fingerprint)) return { status: 'mismatch' };
    if (row.status_code !== null && row.response_body_encrypted !== null) {
      return {
        status: 'replay',
        statusCode: row.status_code,
        body: JSON.parse(decrypt(encryptionKey, row.response_body_encrypted)),
      };
    }
    if (Date.now() >= deadline) return { status: 'in_flight' };
    await sleep(POLL_INTERVAL_MS);
  }
}

/**
 * Records the answer of a claimed request. False when the claim was lost (its lease expired and
 * another request took the key over): that request's answer is the one kept.
 */
export async function completeV1Idempotency(
  sql: Sql,
  encryptionKey: Buffer,
  claim: V1IdempotencyClaim,
  answer: { statusCode: number; body: unknown },
): Promise<boolean> {
  const updated = await sql`
    update v1_idempotency_records
    set status_code = ${answer.statusCode},
        response_body_encrypted = ${encrypt(encryptionKey, JSON.stringify(answer.body ?? null))},
        completed_at = now()
    where entity_id = ${claim.entityId} and idempotency_key = ${claim.key} and claim_id = ${claim.claimId} and status_code is null`;
  return updated.count === 1;
}

/** Gives the key up after a request that produced no answer worth repeating, so a retry runs again. */
export async function releaseV1Idempotency(sql: Sql, claim: V1IdempotencyClaim): Promise<void> {
  await sql`
    delete from v1_idempotency_records
    where entity_id = ${claim.entityId} and idempotency_key = ${claim.key} and claim_id = ${claim.claimId} and status_code is null`;
}

/** Deletes records past the retention period; returns how many. */
export async function purgeV1Idempotency(sql: Sql, retentionDays = V1_IDEMPOTENCY_RETENTION_DAYS): Promise<number> {
  const deleted = await sql`
    delete from v1_idempotency_records
    where claimed_at < now() - make_interval(days => ${retentionDays})`;
  return deleted.count;
}
