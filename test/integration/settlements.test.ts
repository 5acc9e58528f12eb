// Settlements end to end: the sandbox settles what it captured and refunded, with its fees, and
// announces the file; Tessera imports it through its workflow, holds every line against its own
// transactions and records the batch, the fees and the mismatches (a line for a transaction it does
// not know, a line for another amount, money moved that no line settles); the merchant reads them
// and is told by SETTLEMENT_COMPLETED. An import that dies before or after its commit, retried by
// Temporal, records nothing twice.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ApplicationFailure } from '@temporalio/activity';
import type { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { partnersFor } from '../../activities/partners-config';
import { importSettlementFile } from '../../activities/settlements/import-batch';
import { verifyWebhook } from '../../activities/webhooks/signature';
import { schemaErrors } from '../../api/schemas/check';
import { SettlementDetails, WebhookEvent } from '../../api/schemas/v2';
import type { CreatedMerchant } from '../../db/merchants';
import { createWorker } from '../../temporal/worker';
import { settlementImportWorkflowId } from '../../workflows/settlements/ids';
import { call, eventually } from '../support/api-client';
import { cardPayment, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

let stack: Stack;
let worker: { worker: Worker; connection: NativeConnection; done: Promise<void> };
let merchant: CreatedMerchant;
let other: CreatedMerchant;
let token: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

/** How the next import fails, once, as a worker dying at that moment would make it. */
let nextImportDies: 'before commit' | 'after commit' | undefined;
/** What the database held after each attempt of an import that died. */
const afterDeath: { batches: number; lines: number }[] = [];

beforeAll(async () => {
  // Tessera's own worker, but for the import activity, which can be told to die once.
  stack = await startStack({ inProcessWorker: false, webhookRetryInitialIntervalMs: 200 });
  const activities = createActivities({
    sql: stack.sql,
    encryptionKey: stack.config.encryptionKey,
    webhookPrivateAddresses: stack.config.webhookPrivateAddresses,
    partners: partnersFor(stack.config),
    settlementClockMarginMs: 0,
  });
  const partners = partnersFor(stack.config);
  const counts = async (batchId: string) => {
    const [row] = await stack.sql<{ batches: number; lines: number }[]>`
      select count(distinct b.id)::int as batches, count(l.line_number)::int as lines
      from settlement_batches b left join settlement_lines l on l.settlement_id = b.id
      where b.partner_batch_id = ${batchId}`;
    return row!;
  };
  const importSettlementBatch: typeof activities.importSettlementBatch = async (input) => {
    const dies = nextImportDies;
    if (!dies) return activities.importSettlementBatch(input);
    nextImportDies = undefined;
    const file = await partners.partnerFor(input.partner).settlementFile!(input.batch_id);
    await importSettlementFile(stack.sql, input.partner, file, {
      clockMarginMs: 0,
      beforeCommit: () => {
        if (dies === 'before commit') throw new Error('the worker died before the commit');
      },
    }).catch(() => undefined);
    afterDeath.push(await counts(input.batch_id));
    throw ApplicationFailure.retryable(`the worker died ${dies}`);
  };
  const made = await createWorker({
    address: stack.config.temporalAddress,
    namespace: stack.config.temporalNamespace,
    taskQueue: stack.config.taskQueue,
    activities: { ...activities, importSettlementBatch },
    payloadKeys: stack.config,
    workflowBundle: { codePath: inject('workflowBundlePath') },
  });
  worker = { ...made, done: made.worker.run() };

  merchant = await stack.createMerchant('Settled shop');
  other = await stack.createMerchant('Other settled shop');
  token = await stack.accessToken(merchant);
  receiver = await startWebhookReceiver();
  const webhook = await api('PUT', '/v2/reports/webhook', {
    url: receiver.url,
    headers: [{ name: 'X-Finance', values: ['s3cret'] }],
  });
  expect(webhook.status).toBe(200);
  expect(webhook.body).toEqual({
    url: receiver.url,
    event_types: ['SETTLEMENT_COMPLETED'],
    headers: [{ name: 'X-Finance', values: ['[redacted]'] }],
  });
  // Saved sealed too, which is what the deliveries below open (db/report-webhooks.ts).
  const [saved] = await stack.sql<{ url_sealed: string | null }[]>`
    select url_sealed from report_webhooks where entity_id = ${merchant.entity_id}`;
  expect(saved?.url_sealed).toEqual(expect.stringMatching(/\S/));
  expect(saved?.url_sealed).not.toContain(new URL(receiver.url).pathname);
}, 180_000);
afterAll(async () => {
  worker?.worker.shutdown();
  await worker?.done;
  await worker?.connection.close();
  await stack?.close();
  await receiver?.close();
});

function api(method: string, path: string, body?: unknown, as = token) {
  return call(stack.baseUrl, method, path, { token: as, ...(body !== undefined ? { body } : {}) });
}

async function capturedPayment(amount: number, owner = merchant): Promise<any> {
  const as = owner === merchant ? token : await stack.accessToken(owner);
  const created = await api(
    'POST',
    '/v2/payments',
    cardPayment(owner.entity_id, await vaultCard(stack, owner, '4242424242424242'), { amount }),
    as,
  );
  expect(created.status).toBe(201);
  const captured = await api('POST', `/v2/payments/${created.body.id}/captures`, { amount }, as);
  expect(captured.status).toBe(201);
  return captured.body;
}

const captureReference = (payment: any) => payment.captures[0].partner_transactions[0].partner_reference;

/** Settles now at the sandbox and waits for Tessera to have imported the batch: its details. */
async function settledAndImported(options: Parameters<Stack['sandbox']['settle']>[0] = {}): Promise<any> {
  // The sandbox settles what happened strictly before its cut-off, the moment of the call: a capture
  // answered within the same millisecond would wait for the next batch. Every transaction made
  // so far is settled here.
  const madeBy = Date.now();
  while (Date.now() <= madeBy) await new Promise((resolve) => setTimeout(resolve, 1));
  const [batch] = await stack.sandbox.settle({ partner: 'sandbox-card', ...options });
  expect(batch).toBeDefined();
  return eventually(
    async () => {
      const list = await api('GET', '/v2/reports/settlements?partner=sandbox-card&limit=50');
      const found = list.body.items.find((item: any) => item.partner_batch_id === batch!.batch_id);
      return found ? (await api('GET', `/v2/reports/settlements/${found.id}`)).body : undefined;
    },
    { what: `the import of ${batch!.batch_id}`, timeoutMs: 60_000, intervalMs: 250 },
  );
}

describe('a settlement that matches', () => {
  let settlement: any;

  it('pays captures and takes back refunds, less the fees, every line matched', async () => {
    const sold = await capturedPayment(10_000);
    const refunded = await api('POST', `/v2/payments/${sold.id}/refunds`, { amount: 2500 });
    expect(refunded.status).toBe(201);
    settlement = await settledAndImported();
    expect(schemaErrors(SettlementDetails, settlement)).toEqual([]);
    expect(settlement).toMatchObject({
      partner: 'sandbox-card',
      currency: 'EUR',
      line_count: 2,
      gross_amount: 7500,
      fee_amount: 25 + 120 + 10,
      net_amount: 7500 - 155,
      mismatch_count: 0,
      open_mismatch_count: 0,
      mismatches: [],
    });
    expect(settlement.partner_batch_id).toMatch(/^stl_/);
    const [capture, refund] = settlement.lines;
    expect(capture).toMatchObject({
      line_number: 1,
      type: 'CAPTURE',
      partner_reference: captureReference(sold),
      gross_amount: 10_000,
      fee_amount: 145,
      net_amount: 9855,
      match: 'MATCHED',
      transaction_id: sold.captures[0].partner_transactions[0].id,
      payment_id: sold.id,
      order_reference: sold.order_reference,
    });
    expect(refund).toMatchObject({
      type: 'REFUND',
      gross_amount: -2500,
      fee_amount: 10,
      net_amount: -2510,
      match: 'MATCHED',
    });
  });

  it('is told to the merchant at its reports webhook, signed, once', async () => {
    const told = await eventually(
      async () => receiver.received.find((delivery) => delivery.json.resource.id === settlement.id),
      { what: 'SETTLEMENT_COMPLETED', timeoutMs: 30_000 },
    );
    expect(told.json).toMatchObject({
      event_type: 'SETTLEMENT_COMPLETED',
      entity_id: merchant.entity_id,
      resource: { type: 'settlement', id: settlement.id, version: 1 },
      data: { id: settlement.id, net_amount: settlement.net_amount, fee_amount: settlement.fee_amount },
    });
    expect(told.json.data.lines).toBeUndefined();
    expect(schemaErrors(WebhookEvent, told.json)).toEqual([]);
    expect(told.headers['x-finance']).toBe('s3cret');
    const verified = verifyWebhook(
      merchant.webhook_secret,
      told.body,
      String(told.headers['tessera-signature']),
      Math.floor(Date.now() / 1000),
    );
    expect(verified.valid).toBe(true);
  });

  it('is the entity’s own: another entity neither lists nor reads it', async () => {
    const otherToken = await stack.accessToken(other);
    const list = await api('GET', '/v2/reports/settlements', undefined, otherToken);
    expect(list.body.items.map((item: any) => item.id)).not.toContain(settlement.id);
    expect((await api('GET', `/v2/reports/settlements/${settlement.id}`, undefined, otherToken)).status).toBe(404);
  });

  it('downloads its lines as CSV', async () => {
    const response = await fetch(`${stack.baseUrl}/v2/reports/settlements/${settlement.id}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'line_number,type,partner_reference,authorization_reference,gross_amount,fee_amount,net_amount,currency,transaction_date,match,transaction_id,payment_id,order_reference',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(',REFUND,');
  });
});

describe('a settlement with each kind of mismatch', () => {
  let first: any;
  let adjusted: any;
  let omitted: any;
  let elsewhere: any;

  it('records an unknown transaction, an amount difference and a missing line, each owned by its entity', async () => {
    adjusted = await capturedPayment(5000);
    omitted = await capturedPayment(3000);
    elsewhere = await api(
      'POST',
      '/v2/payments',
      cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '5555555555554444'), { amount: 4000 }),
    );
    // Captured in the partner's back office, behind Tessera's back.
    const authorization = elsewhere.body.authorization.partner_transactions[0].partner_reference;
    const backOffice = await fetch(`${stack.sandbox.url}/v1/authorizations/${authorization}/captures`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `back-office-${randomBytes(4).toString('hex')}`,
      },
      body: JSON.stringify({ amount: 4000, currency: 'EUR' }),
    });
    expect(backOffice.status).toBe(201);
    const unknownReference = (await backOffice.json()).reference;

    first = await settledAndImported({
      omit: [captureReference(omitted)],
      adjust: [{ reference: captureReference(adjusted), gross_amount: 4900 }],
    });
    expect(first.mismatch_count).toBe(3);
    expect(first.open_mismatch_count).toBe(3);
    const byKind = Object.fromEntries(first.mismatches.map((mismatch: any) => [mismatch.kind, mismatch]));
    expect(byKind.AMOUNT_DIFFERENCE).toMatchObject({
      transaction_id: adjusted.captures[0].partner_transactions[0].id,
      payment_id: adjusted.id,
      expected_amount: 5000,
      settled_amount: 4900,
      description: 'expected 5000 EUR, the partner settled 4900 EUR',
    });
    expect(byKind.UNKNOWN_TRANSACTION).toMatchObject({
      transaction_id: null,
      payment_id: elsewhere.body.id,
      partner_reference: unknownReference,
      expected_amount: null,
      settled_amount: 4000,
    });
    expect(byKind.MISSING_LINE).toMatchObject({
      line_number: null,
      transaction_id: omitted.captures[0].partner_transactions[0].id,
      payment_id: omitted.id,
      expected_amount: 3000,
      settled_amount: null,
      resolved_at: null,
    });
    const matches = Object.fromEntries(first.lines.map((line: any) => [line.partner_reference, line.match]));
    expect(matches).toEqual({
      [captureReference(adjusted)]: 'AMOUNT_DIFFERENCE',
      [unknownReference]: 'UNKNOWN_TRANSACTION',
    });
  });

  it('resolves the missing line once a later batch settles it', async () => {
    const later = await settledAndImported();
    expect(later.lines.map((line: any) => [line.partner_reference, line.match])).toEqual([
      [captureReference(omitted), 'MATCHED'],
    ]);
    expect(later.mismatches).toEqual([]);
    const again = (await api('GET', `/v2/reports/settlements/${first.id}`)).body;
    expect(again.open_mismatch_count).toBe(2);
    expect(again.mismatches.find((mismatch: any) => mismatch.kind === 'MISSING_LINE')).toMatchObject({
      resolved_by_settlement_id: later.id,
      resolved_at: expect.any(String),
    });
  });

  it('lists settlements newest first, a page at a time', async () => {
    const everything = (await api('GET', '/v2/reports/settlements?limit=50')).body.items;
    expect(everything.length).toBeGreaterThanOrEqual(3);
    const periods = everything.map((item: any) => item.period_end);
    expect([...periods].sort().reverse()).toEqual(periods);
    const firstPage = await api('GET', '/v2/reports/settlements?limit=2');
    const secondPage = await api('GET', `/v2/reports/settlements?limit=2&cursor=${firstPage.body.next_cursor}`);
    expect([...firstPage.body.items, ...secondPage.body.items].map((item: any) => item.id)).toEqual(
      everything.slice(0, 2 + secondPage.body.items.length).map((item: any) => item.id),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await api('GET', `/v2/reports/settlements?settled_from=${today}&currency=EUR`)).body.items.length).toBe(
      everything.length,
    );
    expect((await api('GET', '/v2/reports/settlements?settled_to=2000-01-01')).body.items).toEqual([]);
  });
});

describe('an import retried after a crash', () => {
  async function tables() {
    const [row] = await stack.sql<{ batches: number; lines: number; mismatches: number; shares: number }[]>`
      select (select count(*)::int from settlement_batches) as batches,
             (select count(*)::int from settlement_lines) as lines,
             (select count(*)::int from settlement_mismatches) as mismatches,
             (select count(*)::int from settlement_entities) as shares`;
    return row!;
  }

  for (const moment of ['before commit', 'after commit'] as const) {
    it(`records nothing twice when the worker dies ${moment}`, async () => {
      await capturedPayment(2000);
      await capturedPayment(1000, other);
      const before = await tables();
      const told = receiver.received.length;
      afterDeath.length = 0;
      nextImportDies = moment;
      const settlement = await settledAndImported();
      expect(afterDeath).toEqual([moment === 'before commit' ? { batches: 0, lines: 0 } : { batches: 1, lines: 2 }]);
      expect(settlement.line_count).toBe(1);
      expect(await tables()).toEqual({
        batches: before.batches + 1,
        lines: before.lines + 2,
        mismatches: before.mismatches,
        shares: before.shares + 2,
      });
      const result = await stack.temporal.workflow
        .getHandle(settlementImportWorkflowId('sandbox-card', settlement.partner_batch_id))
        .result();
      expect(result.batches).toEqual([
        expect.objectContaining({
          settlement_id: settlement.id,
          already_imported: moment === 'after commit',
          line_count: 2,
          mismatches: {},
          entities: [merchant.entity_id, other.entity_id].sort(),
        }),
      ]);
      // Its merchant is told once.
      await eventually(async () => (receiver.received.length > told ? true : undefined), { what: 'the event' });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.received.filter((delivery) => delivery.json.resource.id === settlement.id)).toHaveLength(1);
    }, 120_000);
  }
});
