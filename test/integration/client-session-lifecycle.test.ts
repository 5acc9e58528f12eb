// Durable behaviour of the client session workflow: expiry timer, webhooks with retries and
// signatures, and a worker restarted mid-way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../activities/webhooks/signature';
import type { TesseraClient, V2Components } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { readClientSessionProjection } from '../../db/projections';
import { deliveryAttemptsOf } from '../../db/webhook-delivery-attempts';
import { openClientSessionUpdate } from '../../workflows/client-session/messages';
import { clientSessionWorkflowId } from '../../workflows/client-session/id';
import { defaultWorkerTuning } from '../../temporal/worker-tuning';
import { call, eventually, sessionApplication } from '../support/api-client';
import { vaultCard } from '../support/payments';
import { runOperatorScript } from '../support/operator-script';
import { startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

let stack: Stack;
let merchant: CreatedMerchant;
let tessera: TesseraClient;

beforeAll(async () => {
  stack = await startStack({ sessionTtlSeconds: 3, webhookRetryInitialIntervalMs: 200 });
  merchant = await stack.createMerchant();
  tessera = stack.client({ accessToken: await stack.accessToken(merchant) });
});
afterAll(async () => stack?.close());

const create = async (body: V2Components['schemas']['ClientSessionApplication']) => {
  const created = await tessera.v2.POST('/v2/client-sessions', { body });
  return { status: created.response.status, session: created.data! };
};
const read = async (id: string) =>
  (await tessera.v2.GET('/v2/client-sessions/{id}', { params: { path: { id } } })).data;
const abort = (id: string, status: 'ABORTED_BY_MERCHANT' | 'ABORTED_BY_CUSTOMER') =>
  tessera.v2.POST('/v2/client-sessions/{id}/abort', { params: { path: { id } }, body: { status } });

describe('client session lifecycle', () => {
  it('expires on its durable timer and then refuses an abort', async () => {
    const before = Date.now();
    const { session: created } = await create(sessionApplication(merchant.entity_id));
    const ttl = Date.parse(created.expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(2900);
    expect(ttl).toBeLessThanOrEqual(3000 + (Date.now() - before));
    const expired = await eventually(
      async () => {
        const answer = await read(created.id);
        return answer?.status === 'EXPIRED' ? answer : undefined;
      },
      { what: 'EXPIRED', timeoutMs: 20_000 },
    );
    expect(expired.status).toBe('EXPIRED');
    const refused = await abort(created.id, 'ABORTED_BY_MERCHANT');
    expect(refused.response.status).toBe(400);
    expect(refused.error?.detail).toMatch(/EXPIRED/);
    // The read model is written after the workflow's state moves, so it may lag the read above.
    const projection = await eventually(
      async () => {
        const [row] = await stack.sql<{ status: string; version: number }[]>`
          select status, version from client_session_projections where id = ${created.id}`;
        return row?.status === 'EXPIRED' ? row : undefined;
      },
      { what: 'EXPIRED in the read model', timeoutMs: 10_000 },
    );
    expect(projection).toMatchObject({ status: 'EXPIRED', version: 2 });
  });

  it('takes neither a payment nor an abort past its expiry, while a refused payment keeps it running', async () => {
    // Every delivery fails: the session keeps retrying its webhooks after expiry, so it still runs.
    const receiver = await startWebhookReceiver(() => 500);
    try {
      const { session: created } = await create(
        sessionApplication(merchant.entity_id, { webhook: { url: receiver.url } }),
      );
      const submit = async (number: string) =>
        call(stack.baseUrl, 'POST', `/checkout/v1/sessions/${created.id}/payments`, {
          apiKey: merchant.publishable_key,
          body: {
            split: [
              {
                amount: created.amount,
                partner: 'sandbox-card',
                method: 'creditcard',
                vault_form_token: await vaultCard(stack, merchant, number),
              },
            ],
          },
        });
      const refused = await submit('4000000000000002');
      expect(refused.body.payment.authorization.status).toBe('REFUSED');
      await new Promise((resolve) => setTimeout(resolve, Date.parse(created.expires_at) - Date.now() + 300));
      const handle = stack.temporal.workflow.getHandle(clientSessionWorkflowId(created.id));
      expect((await handle.describe()).status.name).toBe('RUNNING');

      const late = await submit('4242424242424242');
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ error: 'session_expired' });
      expect(late.body.detail).toBe(`the client session expired at ${created.expires_at}; it can no longer be paid`);
      const aborted = await abort(created.id, 'ABORTED_BY_MERCHANT');
      expect(aborted.response.status).toBe(400);
      expect(aborted.error?.detail).toBe(
        `the client session expired at ${created.expires_at}; it cannot become ABORTED_BY_MERCHANT`,
      );
      expect(await read(created.id)).toMatchObject({ status: 'SUBMITTED', authorization: { status: 'REFUSED' } });
      await handle.terminate('the test is done with it');
    } finally {
      await receiver.close();
    }
  });

  it('delivers signed webhooks in order, retrying after the receiver answers 500', async () => {
    // The receiver fails the first two attempts, then accepts everything.
    const receiver = await startWebhookReceiver((index) => (index < 2 ? 500 : 200));
    try {
      const { status, session: created } = await create(
        sessionApplication(merchant.entity_id, {
          webhook: {
            url: `${receiver.url}?token=s3cret-in-url`,
            headers: [{ name: 'x-shop-auth', values: ['s3cret-value'] }],
          },
        }),
      );
      expect(status).toBe(201);
      const handle = stack.temporal.workflow.getHandle(clientSessionWorkflowId(created.id));
      await handle.executeUpdate(openClientSessionUpdate, { args: [{ entity_id: merchant.entity_id }] });
      const aborted = await abort(created.id, 'ABORTED_BY_CUSTOMER');
      expect(aborted.response.status).toBe(200);

      const accepted = await eventually(
        async () => {
          const ok = receiver.received.filter((delivery) => delivery.answeredWith === 200);
          return ok.length === 2 ? ok : undefined;
        },
        { what: 'two accepted deliveries', timeoutMs: 30_000 },
      );

      // In order per resource: the second event waited for the first one's retries.
      expect(accepted.map((delivery) => delivery.json.data.status)).toEqual([
        'CHOICE_IN_PROGRESS',
        'ABORTED_BY_CUSTOMER',
      ]);
      expect(receiver.received.slice(0, 3).map((delivery) => delivery.json.data.status)).toEqual([
        'CHOICE_IN_PROGRESS',
        'CHOICE_IN_PROGRESS',
        'CHOICE_IN_PROGRESS',
      ]);
      const first = accepted[0]!;
      expect(first.json).toMatchObject({
        event_type: 'PAYMENT',
        entity_id: merchant.entity_id,
        resource: { type: 'client_session', id: created.id },
      });
      expect(first.headers['x-shop-auth']).toBe('s3cret-value');
      expect(first.headers['tessera-event-id']).toBe(first.json.id);
      expect(first.headers['tessera-delivery-attempt']).toBe('3');
      const verified = verifyWebhook(
        merchant.webhook_secret,
        first.body,
        String(first.headers['tessera-signature']),
        Math.floor(Date.now() / 1000),
      );
      expect(verified.valid).toBe(true);
      expect(
        verifyWebhook(
          'whsec_wrong',
          first.body,
          String(first.headers['tessera-signature']),
          Math.floor(Date.now() / 1000),
        ).valid,
      ).toBe(false);

      // An attempt is recorded once the receiver has answered it (activities/webhooks/deliver.ts):
      // the last one may still be on its way to the database when the receiver holds it.
      const attempts = await eventually(
        async () => {
          const rows = await stack.sql<{ attempt: number; status_code: number; succeeded: boolean }[]>`
            select attempt, status_code, succeeded from webhook_delivery_attempts
            where resource_id = ${created.id} order by id`;
          return rows.length >= 4 ? rows : undefined;
        },
        { what: 'four recorded attempts' },
      );
      expect(attempts).toEqual([
        { attempt: 1, status_code: 500, succeeded: false },
        { attempt: 2, status_code: 500, succeeded: false },
        { attempt: 3, status_code: 200, succeeded: true },
        { attempt: 1, status_code: 200, succeeded: true },
      ]);
      // The url may carry a credential too: the log keeps its origin in clear, the rest sealed.
      const logged = await stack.sql<{ url: string; url_sealed: string }[]>`
        select url, url_sealed from webhook_delivery_attempts where resource_id = ${created.id}`;
      expect(new Set(logged.map((row) => row.url))).toEqual(new Set([new URL(receiver.url).origin]));
      expect(logged.some((row) => row.url_sealed.includes('s3cret'))).toBe(false);
      const opened = await deliveryAttemptsOf(stack.sql, stack.config.encryptionKey, created.id);
      expect(opened.map((row) => row.url)).toEqual(Array(4).fill(`${receiver.url}?token=s3cret-in-url`));
      // An operator opens them with the deployment's key.
      const listed: { attempt: number; url: string; statusCode: number }[] = await runOperatorScript(
        stack,
        'webhook-attempts.ts',
        ['--resource', created.id],
      );
      expect(listed.map(({ attempt, url, statusCode }) => ({ attempt, url, statusCode }))).toEqual(
        opened.map(({ attempt, url, statusCode }) => ({ attempt, url, statusCode })),
      );
      // Header values the merchant gave are not stored in clear anywhere we own.
      const [row] = await stack.sql`select sealed_body from client_session_projections where id = ${created.id}`;
      expect(row?.sealed_body).not.toContain('s3cret-value');
      const stored = await readClientSessionProjection(stack.sql, stack.config.encryptionKey, created.id);
      expect(stored?.id).toBe(created.id);
      expect(JSON.stringify(stored)).not.toContain('s3cret-value');
    } finally {
      await receiver.close();
    }
  });

  it('records network errors as failed attempts and keeps retrying', async () => {
    const receiver = await startWebhookReceiver();
    const url = receiver.url;
    await receiver.close(); // nothing listens there now: connection refused
    const { session: created } = await create(sessionApplication(merchant.entity_id, { webhook: { url } }));
    await abort(created.id, 'ABORTED_BY_MERCHANT');
    const attempts = await eventually(
      async () => {
        const rows = await stack.sql<{ attempt: number; error: string; succeeded: boolean }[]>`
        select attempt, error, succeeded from webhook_delivery_attempts where resource_id = ${created.id} order by id`;
        return rows.length >= 2 ? rows : undefined;
      },
      { what: 'two failed attempts' },
    );
    expect(attempts.every((row) => !row.succeeded && row.error.length > 0)).toBe(true);
    await stack.temporal.workflow.getHandle(clientSessionWorkflowId(created.id)).terminate('test cleanup');
  });

  it('loses nothing when the worker restarts mid-way', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await stack.stopWorker();
      // The API starts workflows without a worker; the session exists at once.
      const { status, session: created } = await create(
        sessionApplication(merchant.entity_id, { webhook: { url: receiver.url } }),
      );
      expect(status).toBe(201);
      // An Update sent while no worker runs waits for one rather than failing.
      const pendingAbort = abort(created.id, 'ABORTED_BY_MERCHANT');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await stack.startWorker();
      const aborted = await pendingAbort;
      expect(aborted.response.status).toBe(200);
      expect(aborted.data?.status).toBe('ABORTED_BY_MERCHANT');

      // Restart again while the webhook delivery and projection may still be in flight.
      await stack.restartWorker();
      await eventually(async () => (receiver.received.length === 1 ? true : undefined), {
        what: 'webhook after restart',
      });
      const projection = await eventually(
        async () => {
          const [row] = await stack.sql`select status from client_session_projections where id = ${created.id}`;
          return row?.status === 'ABORTED_BY_MERCHANT' ? row : undefined;
        },
        { what: 'projection' },
      );
      expect(projection.status).toBe('ABORTED_BY_MERCHANT');
      expect((await read(created.id))?.status).toBe('ABORTED_BY_MERCHANT');
      // Exactly one event for the one change, despite two restarts.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('answers the stack trace queries only on a worker that records stack traces, for workflows already waiting too', async () => {
    const { session: created } = await create(sessionApplication(merchant.entity_id));
    const handle = stack.temporal.workflow.getHandle(clientSessionWorkflowId(created.id));
    // By default the workflow threads record no stack (temporal/worker-tuning.ts says why).
    await expect(handle.query<string>('__stack_trace')).rejects.toThrow(/stack traces are not enabled/);
    await expect(handle.query('__enhanced_stack_trace')).rejects.toThrow(/stack traces are not enabled/);

    // A worker started with them replays the waiting session's history and so records its stacks.
    await stack.restartWorker({ ...defaultWorkerTuning, workflowStackTraces: true });
    const trace = await handle.query<string>('__stack_trace');
    // One stack per promise the session waits on; the SDK drops its own hook's two frames.
    const stacks = trace.split('\n\n').filter((one) => one.trim() !== '');
    expect(stacks.length).toBeGreaterThan(0);
    for (const one of stacks) {
      const frames = one.split('\n').filter((line) => line.trim().startsWith('at '));
      expect(frames.length, one).toBeGreaterThan(0);
      expect(frames.length, one).toBeLessThanOrEqual(defaultWorkerTuning.workflowStackFrames - 2);
    }
    expect(trace).toMatch(/clientSessionWorkflow/);
    expect(trace).toMatch(/read-model\.ts/);
    // The same stacks, located in the workflows' sources (the promise hook formats them only when
    // a query asks: patches/@temporalio+worker+1.24.0.patch).
    const enhanced = await handle.query<{ stacks: { locations: { file_path?: string; function_name?: string }[] }[] }>(
      '__enhanced_stack_trace',
    );
    expect(enhanced.stacks).toHaveLength(stacks.length);
    const locations = enhanced.stacks.flatMap((one) => one.locations);
    expect(locations).toContainEqual(expect.objectContaining({ function_name: 'clientSessionWorkflow' }));
    expect(locations.some((location) => location.file_path?.endsWith('workflows/read-model.ts'))).toBe(true);
    await abort(created.id, 'ABORTED_BY_MERCHANT');
    await stack.restartWorker();
  });
});
