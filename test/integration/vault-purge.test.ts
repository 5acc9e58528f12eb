import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { CreatedMerchant } from '../../db/merchants';
import { findReportWebhook } from '../../db/report-webhooks';
import { findVaultedCard } from '../../db/vault';
import { deliveryAttemptsOf } from '../../db/webhook-delivery-attempts';
import { sha256 } from '../../platform/secrets';
import { ensureSchedules, vaultPurgeScheduleId } from '../../temporal/schedules';
import { vaultPurgeWorkflow } from '../../workflows/vault-purge';
import { call, eventually } from '../support/api-client';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Purge shop');
});
afterAll(async () => {
  await stack?.temporal.schedule
    .getHandle(vaultPurgeScheduleId(stack.config.taskQueue))
    .delete()
    .catch(() => undefined);
  await stack?.close();
});

async function vaultedCard(): Promise<string> {
  const answer = await call(stack.baseUrl, 'POST', '/v2/vault/cards', {
    headers: { 'x-api-key': merchant.api_key },
    body: { number: '4242424242424242', expiry_month: '09', expiry_year: '38', cvv: '123' },
  });
  expect(answer.status).toBe(201);
  return answer.body.vault_form_token;
}

describe('the vault purge', () => {
  it('deletes expired unused tokens and used ones past retention, on the hourly schedule the worker ensures', async () => {
    const neverUsed = await vaultedCard();
    const usedLongAgo = await vaultedCard();
    const fresh = await vaultedCard();
    await stack.sql`update vaulted_cards set created_at = now() - interval '3 hours', expires_at = now() - interval '2 hours' where token_hash = ${sha256(neverUsed)}`;
    await stack.sql`update vaulted_cards set used_at = now() - interval '2 days' where token_hash = ${sha256(usedLongAgo)}`;

    // Started twice, as two workers would: one schedule.
    const settings = { webhookRetryInitialIntervalMs: stack.config.webhookRetryInitialIntervalMs };
    await ensureSchedules(stack.temporal, stack.config.taskQueue, settings);
    await ensureSchedules(stack.temporal, stack.config.taskQueue, settings);
    const schedule = stack.temporal.schedule.getHandle(vaultPurgeScheduleId(stack.config.taskQueue));
    const described = await schedule.describe();
    expect(described.spec.intervals).toMatchObject([{ every: 3_600_000 }]);
    expect(described.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'vaultPurgeWorkflow',
      taskQueue: stack.config.taskQueue,
    });

    await schedule.trigger();
    const started = await eventually(
      async () => (await schedule.describe()).info.recentActions[0]?.action.workflow.workflowId,
      { what: 'a purge run', timeoutMs: 20_000 },
    );
    const result = await stack.temporal.workflow.getHandle(started).result();
    expect(result.cards).toBeGreaterThanOrEqual(2);

    expect(await findVaultedCard(stack.sql, merchant.entity_id, neverUsed)).toEqual({ status: 'not_found' });
    expect(await findVaultedCard(stack.sql, merchant.entity_id, usedLongAgo)).toEqual({ status: 'not_found' });
    expect((await findVaultedCard(stack.sql, merchant.entity_id, fresh)).status).toBe('found');
  });

  it('runs as a workflow whose answer counts what it deleted', async () => {
    const result = await stack.temporal.workflow.execute(vaultPurgeWorkflow, {
      taskQueue: stack.config.taskQueue,
      workflowId: `vault-purge-test/${randomUUID()}`,
    });
    expect(result).toEqual({
      cards: expect.any(Number),
      gift_cards: expect.any(Number),
      v1_idempotency_records: expect.any(Number),
      wallet_sessions: expect.any(Number),
      webhook_delivery_attempts: { deleted: expect.any(Number), urls_sealed: expect.any(Number) },
      report_webhook_urls_sealed: expect.any(Number),
    });
  });

  it('deletes v1 idempotency records past their 14 days, and keeps younger ones', async () => {
    const insert = (key: string, age: string) => stack.sql`
      insert into v1_idempotency_records (entity_id, idempotency_key, request_fingerprint, claim_id, claimed_at, lease_expires_at, status_code, response_body_encrypted)
      values (${merchant.entity_id}, ${key}, ${Buffer.alloc(32)}, ${randomUUID()}, now() - ${age}::interval, now(), 200, 'sealed')`;
    await insert('old-key', '15 days');
    await insert('young-key', '13 days');
    const result = await stack.temporal.workflow.execute(vaultPurgeWorkflow, {
      taskQueue: stack.config.taskQueue,
      workflowId: `vault-purge-test/${randomUUID()}`,
    });
    expect(result.v1_idempotency_records).toBe(1);
    const keys = await stack.sql<
      { idempotency_key: string }[]
    >`select idempotency_key from v1_idempotency_records where entity_id = ${merchant.entity_id}`;
    expect(keys.map((row) => row.idempotency_key)).toEqual(['young-key']);
  });

  it('deletes expired wallet sessions, and keeps live ones', async () => {
    const open = (owner: string, expiresIn: string) => stack.sql`
      insert into wallet_sessions (id, entity_id, owner_reference, created_at, expires_at)
      values (${randomUUID()}, ${merchant.entity_id}, ${owner}, now() - interval '2 hours', now() + ${expiresIn}::interval)`;
    await open('purge-expired', '-1 hour');
    await open('purge-live', '20 minutes');
    const result = await stack.temporal.workflow.execute(vaultPurgeWorkflow, {
      taskQueue: stack.config.taskQueue,
      workflowId: `vault-purge-test/${randomUUID()}`,
    });
    expect(result.wallet_sessions).toBeGreaterThanOrEqual(1);
    const owners = await stack.sql<
      { owner_reference: string }[]
    >`select owner_reference from wallet_sessions where entity_id = ${merchant.entity_id} and owner_reference like 'purge-%'`;
    expect(owners.map((row) => row.owner_reference)).toEqual(['purge-live']);
  });

  it('deletes webhook delivery attempts past their 30 days, and seals the urls an earlier release left in clear', async () => {
    const resourceId = randomUUID();
    const withToken = 'https://hooks.example.com/t/k3y-in-path?auth=k3y-in-query';
    // As a worker of the release before wrote them: the whole url in clear, nothing sealed.
    const attempt = (attempt: number, age: string) => stack.sql`
      insert into webhook_delivery_attempts
        (event_id, entity_id, resource_type, resource_id, event_type, url, attempt, status_code, succeeded, duration_ms, attempted_at)
      values (${randomUUID()}, ${merchant.entity_id}, 'payment', ${resourceId}, 'PAYMENT', ${withToken}, ${attempt}, 200, true, 12,
              now() - ${age}::interval)`;
    await attempt(1, '31 days');
    await attempt(2, '29 days');
    await attempt(3, '1 minute');
    const result = await stack.temporal.workflow.execute(vaultPurgeWorkflow, {
      taskQueue: stack.config.taskQueue,
      workflowId: `vault-purge-test/${randomUUID()}`,
    });
    expect(result.webhook_delivery_attempts?.deleted).toBeGreaterThanOrEqual(1);
    expect(result.webhook_delivery_attempts?.urls_sealed).toBeGreaterThanOrEqual(2);

    const rows = await stack.sql<{ attempt: number; url: string; url_sealed: string | null }[]>`
      select attempt, url, url_sealed from webhook_delivery_attempts where resource_id = ${resourceId} order by attempt`;
    expect(rows.map((row) => [row.attempt, row.url])).toEqual([
      [2, 'https://hooks.example.com'],
      [3, 'https://hooks.example.com'],
    ]);
    expect(rows.every((row) => row.url_sealed !== null && !row.url_sealed.includes('k3y'))).toBe(true);
    const opened = await deliveryAttemptsOf(stack.sql, stack.config.encryptionKey, resourceId);
    expect(opened.map((row) => row.url)).toEqual([withToken, withToken]);

    // A sealed url names its attempt: copied onto another row, it does not open there.
    await stack.sql`
      update webhook_delivery_attempts set url_sealed = (
        select url_sealed from webhook_delivery_attempts where resource_id = ${resourceId} and attempt = 3)
      where resource_id = ${resourceId} and attempt = 2`;
    await expect(deliveryAttemptsOf(stack.sql, stack.config.encryptionKey, resourceId)).rejects.toThrow(
      'belongs to another delivery attempt',
    );
  });

  it('seals the reports webhook urls an earlier release saved in clear only', async () => {
    const other = await stack.createMerchant('Purge shop, reports elsewhere');
    const withToken = 'https://reports.example.com/in/r3p-in-path?auth=r3p-in-query';
    // As an api process of the release before saved them: the url in clear, nothing sealed.
    for (const entityId of [merchant.entity_id, other.entity_id])
      await stack.sql`
        insert into report_webhooks (entity_id, url, event_types) values (${entityId}, ${withToken}, '{SETTLEMENT_COMPLETED}')
        on conflict (entity_id) do update set url = excluded.url, url_sealed = null`;
    const result = await stack.temporal.workflow.execute(vaultPurgeWorkflow, {
      taskQueue: stack.config.taskQueue,
      workflowId: `vault-purge-test/${randomUUID()}`,
    });
    expect(result.report_webhook_urls_sealed).toBeGreaterThanOrEqual(2);

    const rows = await stack.sql<{ url_sealed: string | null }[]>`
      select url_sealed from report_webhooks where entity_id in (${merchant.entity_id}, ${other.entity_id})`;
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.url_sealed !== null && !row.url_sealed.includes('r3p'))).toBe(true);
    // Readers open the sealed url, not the clear column the next release will empty.
    await stack.sql`update report_webhooks set url = 'https://reports.example.com' where entity_id = ${merchant.entity_id}`;
    expect((await findReportWebhook(stack.sql, stack.config.encryptionKey, merchant.entity_id))?.url).toBe(withToken);

    // A sealed url names its entity: copied onto another entity's row, it does not open there.
    await stack.sql`
      update report_webhooks set url_sealed = (select url_sealed from report_webhooks where entity_id = ${merchant.entity_id})
      where entity_id = ${other.entity_id}`;
    await expect(findReportWebhook(stack.sql, stack.config.encryptionKey, other.entity_id)).rejects.toThrow(
      "belongs to another entity's webhook",
    );
    await stack.sql`delete from report_webhooks where entity_id in (${merchant.entity_id}, ${other.entity_id})`;
  });
});
