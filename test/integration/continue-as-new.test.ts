// A payment lives up to 13 months and may take many operations: before its history grows large it
// continues as new (workflows/payment/payment.ts), carrying its state and the webhook events not yet
// delivered. Here a Temporal server suggests it after a few events, so every payment continues as
// new again and again while the merchant operates it; nothing may be lost on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { WEBHOOK_EVENT_TYPES } from '../../domain/enums';
import type { DevServer } from '../../temporal/dev-server';
import { paymentWorkflowId } from '../../workflows/payment/ids';
import { call, eventually } from '../support/api-client';
import { startContinueAsNewServer } from '../support/infrastructure';
import { cardPayment, vaultCard } from '../support/payments';
import { providedInfrastructure, startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

let temporal: DevServer;
let stack: Stack;
let merchant: CreatedMerchant;
let token: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  temporal = await startContinueAsNewServer(20);
  stack = await startStack({ infrastructure: { ...providedInfrastructure(), temporalAddress: temporal.address } });
  merchant = await stack.createMerchant('Long-lived payments');
  token = await stack.accessToken(merchant);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
  await temporal?.stop();
});

const operate = (id: string, kind: string, amount: number, key: string) =>
  call(stack.baseUrl, 'POST', `/v2/payments/${id}/${kind}`, {
    token,
    body: { amount },
    headers: { 'x-idempotency-key': key },
  });

describe('a payment that continues as new', () => {
  it('keeps its money, its spent idempotency keys and its webhooks across runs', async () => {
    const created = await call(stack.baseUrl, 'POST', '/v2/payments', {
      token,
      body: cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'), {
        amount: 10_000,
        webhook: { url: receiver.url, event_types: [...WEBHOOK_EVENT_TYPES] },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.id;
    for (let i = 1; i <= 4; i += 1) {
      const capture = await operate(id, 'captures', 1000, `capture-${i}`);
      expect(capture.status, JSON.stringify(capture.body)).toBe(201);
    }
    for (let i = 1; i <= 2; i += 1) {
      const refund = await operate(id, 'refunds', 750, `refund-${i}`);
      expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    }
    // A key spent in an earlier run stays spent.
    const repeated = await operate(id, 'captures', 1000, 'capture-1');
    expect(repeated.status).toBe(409);

    const runs: { runId: string; status: string }[] = [];
    for await (const run of stack.temporal.workflow.list({ query: `WorkflowId = '${paymentWorkflowId(id)}'` }))
      runs.push({ runId: run.runId, status: run.status.name });
    expect(runs.length, JSON.stringify(runs)).toBeGreaterThanOrEqual(2);
    expect(runs.filter((run) => run.status === 'CONTINUED_AS_NEW').length).toBe(runs.length - 1);

    const read = await call(stack.baseUrl, 'GET', `/v2/payments/${id}`, { token });
    expect(read.body.amounts).toMatchObject({
      total_authorized: 10_000,
      total_captured: 4000,
      total_refunded: 1500,
      available_to_capture: 6000,
      available_to_refund: 2500,
    });
    expect(read.body.captures.map((capture: { status: string }) => capture.status)).toEqual(Array(4).fill('SUCCESS'));

    // Every operation's event reached the merchant, whichever run recorded it.
    const delivered = await eventually(
      async () => {
        const types = receiver.received
          .filter((delivery) => delivery.json.resource?.id === id || JSON.stringify(delivery.json).includes(id))
          .map((delivery) => delivery.json.event_type as string);
        const count = (type: string) => types.filter((candidate) => candidate === type).length;
        return count('CAPTURE') >= 4 && count('REFUND') >= 2 ? types : undefined;
      },
      { what: 'the webhooks of every operation', timeoutMs: 30_000 },
    );
    expect(delivered).toContain('AUTHORIZATION');
  });
});
