// Where a capture's time goes, at concurrency 1. The same capture is sent three ways, one after the
// other on the same server: over HTTP as a merchant sends it (HTTP, authentication, the Update, the
// read model), as the api's Update alone, straight from this process to the payment's workflow
// (the workflow and its partner call, no api), and as the bare Update running one local activity
// (the engine's own round trip). The differences are the api's share and the payment's share.
import { randomUUID } from 'node:crypto';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { paymentWorkflowId } from '../../workflows/payment/ids';
import { captureUpdate } from '../../workflows/payment/messages';
import { finish, startProbe } from './bare';
import { amount, tokenizeApprovedCard, type LifecycleContext } from './lifecycle';
import { localActivityUpdate, noopUpdate } from './workflows';
import { elapsedMs, now, Recorder } from './stats';

export const captureWays = {
  http: 'capture over HTTP      POST /v2/payments/{id}/captures',
  update: "the api's Update alone, sent straight to the payment",
  bare: 'bare Update + local activity',
} as const;
export type CaptureWay = keyof typeof captureWays;

/**
 * A payment's answer and read model hold every capture made on it, so a payment serves two rounds
 * (four captures) and the next round takes a new one: a payment of a hundred captures would measure
 * the size of its documents, not a capture.
 */
const roundsPerPayment = 2;
export const maxCaptureSplitRounds = 2_000;

/**
 * `rounds` rounds (at most maxCaptureSplitRounds), each a capture of 1 over HTTP, one by Update, and
 * one bare Update with a local activity, in an order that turns each round so that none always
 * comes first. Errors are recorded, not thrown.
 */
export async function captureSplit(
  context: LifecycleContext,
  client: Client,
  bareQueue: string | undefined,
  rounds: number,
): Promise<Recorder> {
  const recorder = new Recorder();
  const { http, merchant } = context;
  const bearer = { authorization: `Bearer ${context.token}` };
  let payment: { id: string; handle: WorkflowHandle } | undefined;
  const newPayment = async () => {
    const vault = await tokenizeApprovedCard(http, merchant);
    const created = await http.request('POST', '/v2/payments', {
      headers: bearer,
      json: {
        entity_id: merchant.entity_id,
        amount,
        currency: 'EUR',
        order: { reference: `bench-capture-split-${randomUUID()}`, net_amount: amount },
        shopper_redirection_url: 'https://shop.example/return',
        split: [
          { amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: vault.body?.vault_form_token },
        ],
      },
    });
    if (created.status !== 201 || created.body?.authorization?.status !== 'AUTHORIZED')
      throw new Error(`the payment to capture from was not authorized: HTTP ${created.status}`);
    const id: string = created.body.id;
    payment = { id, handle: client.workflow.getHandle(paymentWorkflowId(id)) };
  };
  const probe = bareQueue ? await startProbe(client, bareQueue, `bench-capture-split-${randomUUID()}`) : undefined;
  // Its first workflow task settled, as the payment's is.
  await probe?.executeUpdate(noopUpdate);

  const time = async (way: CaptureWay, send: () => Promise<boolean>) => {
    const started = now();
    try {
      if (await send()) recorder.record(way, elapsedMs(started));
      else recorder.error(way, 'the capture was not made');
    } catch (error) {
      recorder.error(way, String(error));
    }
  };
  const ways: Record<CaptureWay, () => Promise<boolean>> = {
    http: async () => {
      if (!payment) return false;
      const answer = await http.request('POST', `/v2/payments/${payment.id}/captures`, {
        headers: bearer,
        json: { amount: 1 },
      });
      return answer.status === 201;
    },
    update: async () => {
      if (!payment) return false;
      const outcome = await payment.handle.executeUpdate(captureUpdate, {
        args: [{ amount: 1, entity_id: merchant.entity_id, operation_id: randomUUID() }],
      });
      return outcome.payment.id === payment.id;
    },
    bare: async () => (probe ? (await probe.executeUpdate(localActivityUpdate)) > 0 : false),
  };
  const order: CaptureWay[] = probe ? ['http', 'update', 'bare'] : ['http', 'update'];
  try {
    for (let round = 0; round < Math.min(rounds, maxCaptureSplitRounds); round += 1) {
      if (round % roundsPerPayment === 0) {
        try {
          await newPayment();
        } catch (error) {
          recorder.error('http', String(error));
          return recorder;
        }
      }
      for (let i = 0; i < order.length; i += 1) {
        const way = order[(round + i) % order.length]!;
        await time(way, ways[way]);
      }
    }
  } finally {
    if (probe) await finish(client, probe.workflowId);
  }
  return recorder;
}
