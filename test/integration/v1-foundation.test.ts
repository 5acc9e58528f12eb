/**
 * The API v1 foundation against real PostgreSQL: the deployment's notification key pair (created
 * once, race-safe, private key encrypted), its public route and `merchant:create` printing it, and
 * the v1 idempotency records (claim → complete, replay, concurrent claims, lease, retention, purge).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '../../db/connection';
import { v1NotificationKeyPair, v1NotificationPublicKey } from '../../db/notification-key';
import {
  claimV1Idempotency,
  completeV1Idempotency,
  purgeV1Idempotency,
  releaseV1Idempotency,
  v1RequestFingerprint,
  type V1IdempotencyClaimResult,
} from '../../db/v1-idempotency';
import { signV1Notification, verifyV1Notification } from '../../activities/webhooks/v1-notification-signature';
import { projectRoot } from '../../platform/config';
import { startStack, type Stack } from '../support/stack';

const run = promisify(execFile);

let stack: Stack;
let sql: Sql;
let encryptionKey: Buffer;

beforeAll(async () => {
  stack = await startStack();
  sql = stack.sql;
  encryptionKey = stack.config.encryptionKey;
});

afterAll(async () => {
  await stack?.close();
});

describe('the v1 notification key pair', () => {
  it('is created once even when many processes ask at the same moment', async () => {
    // Separate connections, as separate api and worker processes would have.
    const connections = Array.from({ length: 4 }, () => connect(stack.config.databaseUrl ?? '', { max: 1 }));
    try {
      const pairs = await Promise.all(
        connections.map((connection) => v1NotificationKeyPair(connection, encryptionKey)),
      );
      expect(new Set(pairs.map((pair) => pair.publicKeyPem)).size).toBe(1);
      expect(new Set(pairs.map((pair) => pair.privateKeyPem)).size).toBe(1);
    } finally {
      await Promise.all(connections.map((connection) => connection.end({ timeout: 5 })));
    }
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from v1_notification_keys`;
    expect(row?.count).toBe(1);
  });

  it('is an RSA-2048 pair whose signatures verify, with the private key stored encrypted', async () => {
    const pair = await v1NotificationKeyPair(sql, encryptionKey);
    expect(pair.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(pair.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    const body = '{"transaction_id":"x","status":{"state":"SUCCESS"}}';
    expect(verifyV1Notification(pair.publicKeyPem, body, signV1Notification(pair.privateKeyPem, body))).toBe(true);
    expect(Buffer.from(signV1Notification(pair.privateKeyPem, body), 'base64')).toHaveLength(256);

    const [row] = await sql<
      { private_key_pem_encrypted: string }[]
    >`select private_key_pem_encrypted from v1_notification_keys`;
    expect(row?.private_key_pem_encrypted).not.toContain('PRIVATE KEY');
    expect(row?.private_key_pem_encrypted.startsWith('v1.')).toBe(true);
    // Another platform key cannot open it.
    await expect(v1NotificationKeyPair(sql, Buffer.alloc(32, 7))).rejects.toThrow();
  });

  it('is published at GET /payment/v1/notification-public-key, without credentials', async () => {
    const publicKey = await v1NotificationPublicKey(sql, encryptionKey);
    const json = await fetch(`${stack.baseUrl}/payment/v1/notification-public-key`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toEqual({ public_key: publicKey });

    const pem = await fetch(`${stack.baseUrl}/payment/v1/notification-public-key`, {
      headers: { accept: 'application/x-pem-file' },
    });
    expect(pem.status).toBe(200);
    expect(pem.headers.get('content-type')).toMatch(/^application\/x-pem-file/);
    expect(await pem.text()).toBe(publicKey);
  });

  it('is documented as a deprecated operation of the v1 OpenAPI document only', async () => {
    const v1 = (await (await fetch(`${stack.baseUrl}/openapi/v1.json`)).json()) as {
      paths: Record<string, { get?: { deprecated?: boolean } }>;
    };
    expect(v1.paths['/payment/v1/notification-public-key']?.get?.deprecated).toBe(true);
    const v2 = (await (await fetch(`${stack.baseUrl}/openapi/v2.json`)).json()) as { paths: Record<string, unknown> };
    expect(v2.paths['/payment/v1/notification-public-key']).toBeUndefined();
  });

  it('is printed by merchant:create --json as notification_public_key', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(projectRoot, 'scripts', 'merchant-create.ts'), '--name', 'V1 shop', '--json'],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATABASE_URL: stack.config.databaseUrl,
          TESSERA_ENCRYPTION_KEY: encryptionKey.toString('base64'),
        },
        timeout: 60_000,
      },
    );
    const printed = JSON.parse(stdout.trim()) as Record<string, string>;
    expect(printed.notification_public_key).toBe(await v1NotificationPublicKey(sql, encryptionKey));
    expect(printed.entity_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('v1 idempotency records', () => {
  const entityId = randomUUID();
  const request = (body: unknown) =>
    v1RequestFingerprint(encryptionKey, {
      method: 'POST',
      path: `/payment/v1/${entityId}/transactions/t/capture`,
      body,
    });
  const claimed = (result: V1IdempotencyClaimResult) => {
    if (result.status !== 'claimed') throw new Error(`expected a claim, got ${result.status}`);
    return result.claim;
  };

  it('fingerprints a body independently of key order, and tells different bodies apart', () => {
    expect(
      request({ amount: 10, order: { currency_code: 'EUR', amount: 25 } }).equals(
        request({ order: { amount: 25, currency_code: 'EUR' }, amount: 10 }),
      ),
    ).toBe(true);
    expect(request({ amount: 10 }).equals(request({ amount: '10' }))).toBe(false);
  });

  it('gives the first answer again, as is, and refuses the key for another request', async () => {
    const key = `key-${randomUUID()}`;
    const fingerprint = request({ amount: 10 });
    const claim = claimed(await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint }));
    const answer = { transaction_id: randomUUID(), plugin_result: { amount: 10, token: 'sbx_tok_secret' } };
    expect(await completeV1Idempotency(sql, encryptionKey, claim, { statusCode: 200, body: answer })).toBe(true);

    expect(await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint })).toEqual({
      status: 'replay',
      statusCode: 200,
      body: answer,
    });
    expect(
      await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint: request({ amount: 11 }) }),
    ).toEqual({ status: 'mismatch' });
    // The same key of another entity is another record.
    expect((await claimV1Idempotency(sql, encryptionKey, { entityId: randomUUID(), key, fingerprint })).status).toBe(
      'claimed',
    );

    const [row] = await sql<{ response_body_encrypted: string }[]>`
      select response_body_encrypted from v1_idempotency_records where entity_id = ${entityId} and idempotency_key = ${key}`;
    expect(row?.response_body_encrypted).not.toContain('sbx_tok_secret');
  });

  it('lets exactly one of many concurrent requests run; the others get its answer once it completes', async () => {
    const key = `key-${randomUUID()}`;
    const fingerprint = request({ amount: 20 });
    const attempts = Array.from({ length: 8 }, () =>
      claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint, waitMs: 5000 }),
    );
    // The winner completes shortly after; the others are still waiting.
    const first = await Promise.race(attempts);
    const claim = claimed(first);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      await completeV1Idempotency(sql, encryptionKey, claim, { statusCode: 409, body: { global_status: 'ERROR' } }),
    ).toBe(true);
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.status === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'replay')).toEqual(
      Array(7).fill({ status: 'replay', statusCode: 409, body: { global_status: 'ERROR' } }),
    );
  });

  it('answers in_flight when the first request does not finish within the wait', async () => {
    const key = `key-${randomUUID()}`;
    const fingerprint = request({ amount: 30 });
    const claim = claimed(await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint }));
    const started = Date.now();
    expect(await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint, waitMs: 300 })).toEqual({
      status: 'in_flight',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // Released (the request failed without an answer): a retry runs it.
    await releaseV1Idempotency(sql, claim);
    expect((await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint, waitMs: 0 })).status).toBe(
      'claimed',
    );
  });

  it('lets a request take over a claim whose lease expired; the late holder cannot complete', async () => {
    const key = `key-${randomUUID()}`;
    const fingerprint = request({ amount: 40 });
    const stale = claimed(
      await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint, leaseSeconds: 0.2 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fresh = claimed(await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint, waitMs: 0 }));
    expect(await completeV1Idempotency(sql, encryptionKey, stale, { statusCode: 200, body: { from: 'stale' } })).toBe(
      false,
    );
    expect(await completeV1Idempotency(sql, encryptionKey, fresh, { statusCode: 200, body: { from: 'fresh' } })).toBe(
      true,
    );
    expect(await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint })).toEqual({
      status: 'replay',
      statusCode: 200,
      body: { from: 'fresh' },
    });
  });

  it('forgets a key after 14 days, and the purge deletes only what is older', async () => {
    const oldKey = `old-${randomUUID()}`;
    const recentKey = `recent-${randomUUID()}`;
    const fingerprint = request({ amount: 50 });
    for (const key of [oldKey, recentKey]) {
      const claim = claimed(await claimV1Idempotency(sql, encryptionKey, { entityId, key, fingerprint }));
      await completeV1Idempotency(sql, encryptionKey, claim, { statusCode: 200, body: { key } });
    }
    await sql`update v1_idempotency_records set claimed_at = now() - interval '14 days 1 minute' where idempotency_key = ${oldKey}`;
    await sql`update v1_idempotency_records set claimed_at = now() - interval '13 days 23 hours' where idempotency_key = ${recentKey}`;

    expect((await claimV1Idempotency(sql, encryptionKey, { entityId, key: recentKey, fingerprint })).status).toBe(
      'replay',
    );
    // Past retention the key is free again, before any purge.
    const reclaimed = claimed(
      await claimV1Idempotency(sql, encryptionKey, { entityId, key: oldKey, fingerprint: request({ amount: 51 }) }),
    );
    await releaseV1Idempotency(sql, reclaimed);

    const another = `old-${randomUUID()}`;
    const claim = claimed(await claimV1Idempotency(sql, encryptionKey, { entityId, key: another, fingerprint }));
    await completeV1Idempotency(sql, encryptionKey, claim, { statusCode: 200, body: {} });
    await sql`update v1_idempotency_records set claimed_at = now() - interval '15 days' where idempotency_key = ${another}`;
    expect(await purgeV1Idempotency(sql)).toBe(1);
    const keys = (
      await sql<
        { idempotency_key: string }[]
      >`select idempotency_key from v1_idempotency_records where entity_id = ${entityId}`
    ).map((r) => r.idempotency_key);
    expect(keys).toContain(recentKey);
    expect(keys).not.toContain(another);
  });
});
