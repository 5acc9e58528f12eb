// The orders the cluster test drives, each as a merchant's back end and a shopper's browser would:
//   checkout   a client session, the card tokenized and submitted on it (the hosted page's calls),
//              captured by the merchant, and for every other one partly refunded;
//   automatic  POST /v2/payments with AUTOMATIC capture;
//   void       POST /v2/payments authorized only, then voided in full.
// Every creating call carries an x-idempotency-key and is retried under it; every wait is bounded.
import type { CreatedMerchant } from '../../db/merchants';
import type { MerchantClient } from './merchant-client';
import { retryable, type Answer } from './merchant-client';

export type OrderKind = 'checkout' | 'automatic' | 'void';

export interface Order {
  index: number;
  kind: OrderKind;
  amount: number;
  /** What the merchant refunds after the capture (checkout orders only, every other one). */
  refund: number;
  key: string;
  sessionId?: string;
  paymentId?: string;
  /** ms since the start of the run. */
  startedAt?: number;
  finishedAt?: number;
  error?: string;
}

export interface OrderContext {
  client: MerchantClient;
  merchant: CreatedMerchant;
  token: string;
  webhookUrl: string;
  deadline: number;
}

export function plannedOrders(count: number, runId: string): Order[] {
  const kinds: OrderKind[] = ['checkout', 'automatic', 'void'];
  return Array.from({ length: count }, (_, index) => {
    const kind = kinds[index % kinds.length]!;
    const amount = 1000 + index * 37;
    return {
      index,
      kind,
      amount,
      refund: kind === 'checkout' && index % 2 === 1 ? Math.floor(amount / 3) : 0,
      key: `cluster-${runId}-${index}`,
    };
  });
}

const everyEvent = [
  'PAYMENT',
  'AUTHORIZATION',
  'CAPTURE',
  'REFUND',
  'VOID',
  'PARTNER_TRANSACTION_AUTHORIZATION',
  'PARTNER_TRANSACTION_CAPTURE',
  'PARTNER_TRANSACTION_REFUND',
  'PARTNER_TRANSACTION_VOID',
];

function expect2xx(what: string, answer: Answer): any {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw new Error(`${what}: ${answer.status} ${answer.error ?? JSON.stringify(answer.body)?.slice(0, 300)}`);
}

/** A creating call: 201, or 409 naming what an earlier attempt under the same key created. */
async function create(context: OrderContext, what: string, path: string, key: string, body: unknown) {
  const answer = await context.client.call('POST', path, {
    body,
    headers: { authorization: `Bearer ${context.token}`, 'x-idempotency-key': key },
    deadline: context.deadline,
  });
  if (answer.status === 409 && typeof answer.body?.resource_id === 'string')
    return { id: answer.body.resource_id as string, body: undefined };
  const created = expect2xx(what, answer);
  return { id: created.id as string, body: created };
}

async function vaultCard(context: OrderContext): Promise<string> {
  const answer = await context.client.call('POST', '/v2/vault/cards', {
    body: {
      number: '4242424242424242',
      expiry_month: '12',
      expiry_year: '30',
      cvv: '123',
      holder_name: 'Camille Martin',
    },
    headers: { 'x-api-key': context.merchant.publishable_key },
    deadline: context.deadline,
  });
  return expect2xx('vault', answer).vault_form_token;
}

const authorized = (payment: any) => payment?.authorization?.status === 'AUTHORIZED';

async function waitFor(context: OrderContext, order: Order, what: string, done: (payment: any) => boolean) {
  // From the read model, as a merchant polling without loading the workflows.
  const answer = await context.client.poll(`/v2/payments/${order.paymentId}`, done, {
    headers: { authorization: `Bearer ${context.token}`, 'cache-control': 'max-age=3600' },
    deadline: context.deadline,
  });
  if (answer.status !== 200 || !done(answer.body))
    throw new Error(
      `payment ${order.paymentId}: not ${what} by the deadline (last ${answer.status} ${JSON.stringify(answer.body?.amounts)})`,
    );
}

/** The hosted page's submission, retried as the page would: a lost answer is found on the session. */
async function submitOnSession(context: OrderContext, order: Order): Promise<string> {
  const shopper = { 'x-api-key': context.merchant.publishable_key };
  for (let tries = 0; Date.now() < context.deadline; tries += 1) {
    const token = await vaultCard(context);
    const answer = await context.client.once('POST', `/checkout/v1/sessions/${order.sessionId}/payments`, {
      body: {
        split: [{ amount: order.amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: token }],
      },
      headers: shopper,
    });
    if (answer.status === 201) return answer.body.payment.id;
    if (!retryable(answer) && answer.status !== 400 && answer.status !== 409)
      throw new Error(`submission: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`);
    // No answer, or refused because an earlier attempt went through: the session says which.
    const session = await context.client.call('GET', `/checkout/v1/sessions/${order.sessionId}`, {
      headers: shopper,
      deadline: context.deadline,
    });
    if (session.status === 200 && session.body?.payment_id) return session.body.payment_id;
    await new Promise((resolve) => setTimeout(resolve, 300 * (tries + 1)));
  }
  throw new Error('submission: not accepted by the deadline');
}

export async function driveOrder(context: OrderContext, order: Order): Promise<void> {
  const base = {
    entity_id: context.merchant.entity_id,
    amount: order.amount,
    currency: 'EUR',
    order: { reference: order.key, net_amount: order.amount },
    shopper_redirection_url: 'https://shop.example/return',
    webhook: { url: context.webhookUrl, event_types: everyEvent },
  };
  order.startedAt = Date.now() - context.client.started;
  try {
    if (order.kind === 'checkout') {
      const session = await create(context, 'client session', '/v2/client-sessions', `${order.key}/session`, {
        ...base,
        capture_mode: 'MANUAL',
      });
      order.sessionId = session.id;
      order.paymentId = await submitOnSession(context, order);
    } else {
      const token = await vaultCard(context);
      const payment = await create(context, 'payment', '/v2/payments', `${order.key}/payment`, {
        ...base,
        capture_mode: order.kind === 'automatic' ? 'AUTOMATIC' : 'MANUAL',
        split: [{ amount: order.amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: token }],
      });
      order.paymentId = payment.id;
    }
    await waitFor(context, order, 'authorized', authorized);
    const operation = (noun: 'captures' | 'voids' | 'refunds', amount: number) =>
      create(context, noun, `/v2/payments/${order.paymentId}/${noun}`, `${order.key}/${noun}`, { amount });
    if (order.kind === 'checkout') {
      await operation('captures', order.amount);
      if (order.refund > 0) await operation('refunds', order.refund);
      await waitFor(
        context,
        order,
        'captured and refunded',
        (p) => p.amounts?.total_captured === order.amount && p.amounts?.total_refunded === order.refund,
      );
    } else if (order.kind === 'automatic') {
      await waitFor(context, order, 'captured', (p) => p.amounts?.total_captured === order.amount);
    } else {
      await operation('voids', order.amount);
      await waitFor(context, order, 'voided', (p) => p.amounts?.total_voided === order.amount);
    }
  } catch (error) {
    order.error = error instanceof Error ? error.message : String(error);
  } finally {
    order.finishedAt = Date.now() - context.client.started;
  }
}
