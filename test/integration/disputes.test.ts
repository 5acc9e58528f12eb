// Disputes (chargebacks) end to end: the sandbox opens one on a captured payment made with a dispute
// card, notifies Tessera, the payment workflow records it and tells the merchant by signed webhooks,
// the merchant's evidence reaches the partner through the workflow, and the dispute is won or lost:
// in the payment's amounts, the transactions report and the partner's settlement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../activities/webhooks/signature';
import { schemaErrors } from '../../api/schemas/check';
import { WebhookEvent } from '../../api/schemas/v2';
import type { CreatedMerchant } from '../../db/merchants';
import { paymentWorkflowId } from '../../workflows/payment/ids';
import { call, eventually, type JsonResponse } from '../support/api-client';
import { cardPayment, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

const WON_CARD = '4000000000000259';
const LOST_CARD = '4000000000002685';
const DISPUTE_EVENTS = ['DISPUTE_OPENED', 'DISPUTE_UPDATED', 'DISPUTE_CLOSED'] as const;

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  stack = await startStack({
    webhookRetryInitialIntervalMs: 200,
    sandbox: { disputeOpenMs: 300, disputeDecisionMs: 1500 },
  });
  merchant = await stack.createMerchant('Disputed shop');
  token = await stack.accessToken(merchant);
  receiver = await startWebhookReceiver();
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(stack.baseUrl, method, path, {
    token,
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });

async function capturedPayment(card: string, amount: number): Promise<any> {
  const created = await api(
    'POST',
    '/v2/payments',
    cardPayment(merchant.entity_id, await vaultCard(stack, merchant, card), {
      amount,
      webhook: { url: receiver.url, event_types: ['PAYMENT', ...DISPUTE_EVENTS] },
    }),
  );
  expect(created.status).toBe(201);
  expect((await api('POST', `/v2/payments/${created.body.id}/captures`, { amount })).status).toBe(201);
  return created.body;
}

function paymentUntil(id: string, what: string, ready: (payment: any) => boolean): Promise<any> {
  return eventually(
    async () => {
      const read = await api('GET', `/v2/payments/${id}`);
      return read.status === 200 && ready(read.body) ? read.body : undefined;
    },
    { what, timeoutMs: 30_000, intervalMs: 200 },
  );
}

function disputeEventsOf(paymentId: string) {
  return receiver.received.filter(
    (delivery) =>
      delivery.json.resource.id === paymentId &&
      (DISPUTE_EVENTS as readonly string[]).includes(delivery.json.event_type),
  );
}

function expectSigned(delivery: { body: string; headers: Record<string, unknown> }) {
  const verified = verifyWebhook(
    merchant.webhook_secret,
    delivery.body,
    String(delivery.headers['tessera-signature']),
    Math.floor(Date.now() / 1000),
  );
  expect(verified.valid).toBe(true);
}

async function reportRow(paymentId: string, type: string): Promise<any> {
  const report = await api('GET', `/v2/reports/transactions?payment_id=${paymentId}&type=${type}`);
  expect(report.status).toBe(200);
  expect(report.body.items).toHaveLength(1);
  return report.body.items[0];
}

describe('a dispute opened, evidenced and won', () => {
  let payment: any;
  let dispute: any;
  let evidence: JsonResponse;

  it('is recorded on the payment, held back from refunds, and told to the merchant', async () => {
    payment = await capturedPayment(WON_CARD, 5000);
    const disputed = await paymentUntil(payment.id, 'the dispute opened', (read) => read.disputes?.length === 1);
    dispute = disputed.disputes[0];
    expect(dispute).toMatchObject({
      partner_transaction_id: payment.authorization.partner_transactions[0].id,
      partner: 'sandbox-card',
      method: 'creditcard',
      reason: 'FRAUDULENT',
      amount: 5000,
      currency: 'EUR',
      status: 'NEEDS_RESPONSE',
    });
    expect(dispute.partner_reference).toMatch(/^dsp_/);
    expect(Date.parse(dispute.evidence_due_at)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    expect(disputed.amounts).toMatchObject({
      total_captured: 5000,
      total_disputed: 5000,
      total_charged_back: 0,
      available_to_refund: 0,
    });
    expect(disputed.links.refund).toBeUndefined();
    // A refund now would pay the shopper twice if the dispute were lost.
    const refund = await api('POST', `/v2/payments/${payment.id}/refunds`, { amount: 1000 });
    expect(refund.status).toBe(400);

    const opened = await eventually(async () => disputeEventsOf(payment.id)[0], { what: 'DISPUTE_OPENED' });
    expect(opened.json).toMatchObject({
      event_type: 'DISPUTE_OPENED',
      resource: { type: 'payment', id: payment.id },
      related: { dispute_id: dispute.id },
    });
    expect(schemaErrors(WebhookEvent, opened.json)).toEqual([]);
    expectSigned(opened);
    expect(await reportRow(payment.id, 'DISPUTE')).toMatchObject({
      id: dispute.id,
      status: 'NEEDS_RESPONSE',
      reason: 'FRAUDULENT',
      amount: 5000,
      processed_amount: 0,
      authorization_id: dispute.partner_transaction_id,
      partner_reference: dispute.partner_reference,
    });
  });

  it('refuses evidence that says nothing, and for a dispute or payment that is not the merchant’s', async () => {
    const path = `/v2/payments/${payment.id}/disputes/${dispute.id}/evidence`;
    const empty = await api('POST', path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ pointer: '/text' })]);
    const unknown = await api('POST', `/v2/payments/${payment.id}/disputes/${crypto.randomUUID()}/evidence`, {
      text: 'x',
    });
    expect(unknown.status).toBe(404);
    const other = await stack.createMerchant('Someone else');
    const elsewhere = await call(stack.baseUrl, 'POST', path, {
      token: await stack.accessToken(other),
      body: { text: 'not mine' },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('forwards the evidence to the partner once, whatever the repeats of its key', async () => {
    const body = {
      text: 'Delivered on 2026-05-02 to the billing address, signed for by the cardholder.',
      files: [{ name: 'delivery-proof.pdf', url: 'https://files.shop.example/disputes/proof.pdf' }],
    };
    const path = `/v2/payments/${payment.id}/disputes/${dispute.id}/evidence`;
    evidence = await api('POST', path, body, { 'x-idempotency-key': `evidence-${dispute.id}` });
    expect(evidence.status).toBe(201);
    const evidenceId = evidence.headers.get('x-created-evidence-id');
    const sent = evidence.body.disputes[0];
    expect(sent.status).toBe('UNDER_REVIEW');
    expect(sent.evidence).toMatchObject({ id: evidenceId, status: 'SENT', text: body.text, files: body.files });

    const again = await api('POST', path, body, { 'x-idempotency-key': `evidence-${dispute.id}` });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'idempotency_conflict', resource_id: evidenceId });
    const another = await api('POST', path, { text: 'more' });
    expect(another.status).toBe(409);
    expect(another.body.error).toBe('evidence_not_accepted');

    const atPartner = await (await fetch(`${stack.sandbox.url}/v1/disputes/${dispute.partner_reference}`)).json();
    expect(atPartner.status).not.toBe('NEEDS_RESPONSE');
  });

  it('is won: the money is the merchant’s again, and every change was told in order', async () => {
    const won = await paymentUntil(payment.id, 'the dispute WON', (read) => read.disputes[0].status === 'WON');
    expect(won.disputes[0].closed_at).toBeDefined();
    expect(won.amounts).toMatchObject({ total_disputed: 0, total_charged_back: 0, available_to_refund: 5000 });
    const events = await eventually(
      async () => {
        const got = disputeEventsOf(payment.id);
        return got.some((delivery) => delivery.json.event_type === 'DISPUTE_CLOSED') ? got : undefined;
      },
      { what: 'DISPUTE_CLOSED' },
    );
    // Opened, then updated (the evidence recorded, then the partner has it: under review; a
    // notification may tell the same news once more), then closed.
    const types = events.map((delivery) => delivery.json.event_type);
    expect(types[0]).toBe('DISPUTE_OPENED');
    expect(types.filter((type) => type === 'DISPUTE_CLOSED')).toHaveLength(1);
    expect(types.filter((type) => type === 'DISPUTE_UPDATED').length).toBeGreaterThanOrEqual(2);
    for (const delivery of events) expectSigned(delivery);
    const versions = events.map((delivery) => delivery.json.resource.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(events.at(-1)!.json.data.disputes[0].status).toBe('WON');
    expect((await api('POST', `/v2/payments/${payment.id}/refunds`, { amount: 1000 })).status).toBe(201);
    expect(await reportRow(payment.id, 'DISPUTE')).toMatchObject({ status: 'WON', processed_amount: 0 });
  });
});

describe('a dispute lost', () => {
  let payment: any;

  it('takes the money back: charged back in the amounts, and the payment ends', async () => {
    payment = await capturedPayment(LOST_CARD, 3000);
    const opened = await paymentUntil(payment.id, 'the dispute opened', (read) => read.disputes?.length === 1);
    expect(opened.disputes[0]).toMatchObject({ reason: 'PRODUCT_NOT_RECEIVED', status: 'NEEDS_RESPONSE' });
    const submitted = await api('POST', `/v2/payments/${payment.id}/disputes/${opened.disputes[0].id}/evidence`, {
      text: 'Shipped with tracking 1Z999.',
    });
    expect(submitted.status).toBe(201);
    const lost = await paymentUntil(payment.id, 'the dispute LOST', (read) => read.disputes[0].status === 'LOST');
    expect(lost.amounts).toMatchObject({
      total_captured: 3000,
      total_refunded: 0,
      total_disputed: 0,
      total_charged_back: 3000,
      available_to_refund: 0,
    });
    const closed = await eventually(
      async () => disputeEventsOf(payment.id).find((delivery) => delivery.json.event_type === 'DISPUTE_CLOSED'),
      { what: 'DISPUTE_CLOSED' },
    );
    expect(closed.json.data.disputes[0].status).toBe('LOST');
    // Nothing can move any more: the workflow has ended.
    await eventually(
      async () => {
        const { status } = await stack.temporal.workflow.getHandle(paymentWorkflowId(payment.id)).describe();
        return status.name === 'COMPLETED' ? true : undefined;
      },
      { what: 'the payment workflow completed', timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(await reportRow(payment.id, 'DISPUTE')).toMatchObject({
      status: 'LOST',
      amount: 3000,
      processed_amount: 3000,
      reason: 'PRODUCT_NOT_RECEIVED',
    });
  });

  it('is settled by the partner as a chargeback, matched to the dispute', async () => {
    const [batch] = await stack.sandbox.settle({ partner: 'sandbox-card' });
    const settlement = await eventually(
      async () => {
        const list = await api('GET', '/v2/reports/settlements?partner=sandbox-card');
        const found = list.body.items?.find((item: any) => item.partner_batch_id === batch!.batch_id);
        return found ? (await api('GET', `/v2/reports/settlements/${found.id}`)).body : undefined;
      },
      { what: 'the settlement imported', timeoutMs: 30_000, intervalMs: 250 },
    );
    const disputeRow = await reportRow(payment.id, 'DISPUTE');
    const chargeback = settlement.lines.find((line: any) => line.type === 'CHARGEBACK');
    expect(chargeback).toMatchObject({
      gross_amount: -3000,
      fee_amount: 1500,
      net_amount: -4500,
      match: 'MATCHED',
      transaction_id: disputeRow.id,
      payment_id: payment.id,
    });
  });
});

describe('a dispute without evidence', () => {
  let expiring: Stack;
  let owner: CreatedMerchant;

  beforeAll(async () => {
    expiring = await startStack({ sandbox: { disputeOpenMs: 200, disputeEvidenceWindowMs: 4000 } });
    owner = await expiring.createMerchant('Silent shop');
  }, 120_000);
  afterAll(async () => expiring?.close());

  it('is lost at its deadline, after which no evidence is taken', async () => {
    const ownToken = await expiring.accessToken(owner);
    const ownApi = (method: string, path: string, body?: unknown) =>
      call(expiring.baseUrl, method, path, { token: ownToken, ...(body !== undefined ? { body } : {}) });
    const created = await ownApi(
      'POST',
      '/v2/payments',
      cardPayment(owner.entity_id, await vaultCard(expiring, owner, WON_CARD), { amount: 2000 }),
    );
    await ownApi('POST', `/v2/payments/${created.body.id}/captures`, { amount: 2000 });
    const lost = await eventually(
      async () => {
        const read = await ownApi('GET', `/v2/payments/${created.body.id}`);
        return read.body.disputes?.[0]?.status === 'LOST' ? read.body : undefined;
      },
      { what: 'the dispute lost at its deadline', timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(lost.disputes[0]).toMatchObject({ partner_status: 'EXPIRED' });
    expect(lost.amounts.total_charged_back).toBe(2000);
    const late = await ownApi('POST', `/v2/payments/${created.body.id}/disputes/${lost.disputes[0].id}/evidence`, {
      text: 'too late',
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('evidence_not_accepted');
  });
});
