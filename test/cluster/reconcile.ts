// After the faults: what the sandbox partners' own ledger recorded, what the API says about each
// payment, and what the merchant's webhook endpoint received, held against what each order asked
// for. Any difference is a problem; none means no effect lost, none doubled, every event told.
import type { LedgerEntry } from '../../partners/sandbox-network/schemas';
import type { Order } from './orders';

export interface Expected {
  authorize: number;
  capture: number;
  void: number;
  refund: number;
}

/** What the partner must have recorded for an order: amounts per entry type, one entry each. */
export function expectedEffects(order: Order): Expected {
  switch (order.kind) {
    case 'checkout':
      return { authorize: order.amount, capture: order.amount, void: 0, refund: order.refund };
    case 'automatic':
      return { authorize: order.amount, capture: order.amount, void: 0, refund: 0 };
    case 'void':
      return { authorize: order.amount, capture: 0, void: order.amount, refund: 0 };
  }
}

const ledgerType = { authorize: 'AUTHORIZE', capture: 'CAPTURE', void: 'VOID', refund: 'REFUND' } as const;
const apiOperations = { capture: 'captures', void: 'voids', refund: 'refunds' } as const;
const apiTotals = { capture: 'total_captured', void: 'total_voided', refund: 'total_refunded' } as const;

/** The payment a partner call belongs to: every idempotency key Tessera sends starts `payment/<id>/`. */
export const ownerOf = (key: string | null) => (key ? /^payment\/([0-9a-f-]{36})\//.exec(key)?.[1] : undefined);

export interface LedgerFindings {
  problems: string[];
  /** Entries per type over the orders' payments, and the count expected. */
  counts: Record<keyof Expected, { found: number; expected: number }>;
  doubled: number;
  lost: number;
}

export function reconcileLedger(orders: Order[], finals: Map<number, any>, entries: LedgerEntry[]): LedgerFindings {
  const problems: string[] = [];
  const counts = {
    authorize: { found: 0, expected: 0 },
    capture: { found: 0, expected: 0 },
    void: { found: 0, expected: 0 },
    refund: { found: 0, expected: 0 },
  };
  let doubled = 0;
  let lost = 0;
  const ids = new Set(orders.map((order) => order.paymentId));
  for (const entry of entries)
    if (entry.idempotency_key?.startsWith('payment/') && !ids.has(ownerOf(entry.idempotency_key)))
      problems.push(`a partner effect of no order's payment: ${entry.type} ${entry.idempotency_key}`);

  for (const order of orders) {
    const fail = (what: string) =>
      problems.push(`order ${order.index} (${order.kind}, payment ${order.paymentId}): ${what}`);
    if (!order.paymentId) {
      fail('no payment');
      continue;
    }
    const mine = entries.filter((entry) => ownerOf(entry.idempotency_key) === order.paymentId);
    const expected = expectedEffects(order);
    const [authorization] = mine.filter((entry) => entry.type === 'AUTHORIZE');
    const view = finals.get(order.index);
    for (const kind of Object.keys(expected) as (keyof Expected)[]) {
      const found = mine.filter((entry) => entry.type === ledgerType[kind]);
      const wanted = expected[kind] > 0 ? 1 : 0;
      counts[kind].found += found.length;
      counts[kind].expected += wanted;
      if (found.length > wanted) doubled += found.length - wanted;
      if (found.length < wanted) lost += wanted - found.length;
      if (found.length !== wanted)
        fail(`${found.length} ${ledgerType[kind]} entries at the partner, ${wanted} expected`);
      const moved = found.filter((entry) => entry.status === 'AUTHORIZED' || entry.status === 'SUCCESS');
      const amount = moved.reduce((sum, entry) => sum + entry.processed_amount, 0);
      if (amount !== expected[kind])
        fail(`${ledgerType[kind]} moved ${amount} at the partner, ${expected[kind]} expected`);
      if (
        kind !== 'authorize' &&
        found.some((entry) => entry.authorization_reference !== authorization?.partner_reference)
      )
        fail(`a ${ledgerType[kind]} on another authorization than the payment's`);
      if (!view || kind === 'authorize') continue;
      // The API agrees with the partner: the same amount, the same partner references.
      if (view.amounts?.[apiTotals[kind]] !== expected[kind])
        fail(`API ${apiTotals[kind]} ${view.amounts?.[apiTotals[kind]]}, ${expected[kind]} expected`);
      const operations: any[] = view[apiOperations[kind]] ?? [];
      const references = operations.flatMap((operation) =>
        (operation.partner_transactions ?? []).map((transaction: any) => transaction.partner_reference),
      );
      if (JSON.stringify(references.sort()) !== JSON.stringify(found.map((entry) => entry.partner_reference).sort()))
        fail(
          `API ${apiOperations[kind]} name ${references.join(',') || 'nothing'}, the partner ${found.map((e) => e.partner_reference).join(',') || 'nothing'}`,
        );
      if (operations.some((operation) => operation.status !== 'SUCCESS'))
        fail(`API ${apiOperations[kind]} statuses ${operations.map((operation) => operation.status).join(',')}`);
    }
    if (!view) {
      fail('no final read of the payment');
      continue;
    }
    if (view.authorization?.status !== 'AUTHORIZED') fail(`API authorization ${view.authorization?.status}`);
    if (view.amounts?.total_authorized !== order.amount) fail(`API total_authorized ${view.amounts?.total_authorized}`);
    const leg = view.authorization?.partner_transactions ?? [];
    if (leg.length !== 1 || leg[0]?.partner_reference !== authorization?.partner_reference)
      fail("API authorization does not name the partner's");
  }
  return { problems, counts, doubled, lost };
}

export interface ReceivedEvent {
  id: string;
  type: string;
  resourceType: string;
  resourceId: string;
  version: number;
}

export interface AttemptRow {
  event_id: string;
  resource_id: string;
  event_type: string;
  succeeded: boolean;
}

export interface WebhookFindings {
  problems: string[];
  /** Distinct events Tessera attempted (webhook_delivery_attempts). */
  events: number;
  delivered: number;
  /** Deliveries the endpoint saw more than once (a retry after a lost answer): deduplicated on id. */
  duplicates: number;
  attempts: number;
  failedAttempts: number;
}

/**
 * Every event Tessera tried has reached the endpoint, and each payment's last version has: the
 * merchant knows the final state of every payment.
 */
export function reconcileWebhooks(
  orders: Order[],
  finals: Map<number, any>,
  received: ReceivedEvent[],
  attempts: AttemptRow[],
): WebhookFindings {
  const problems: string[] = [];
  const receivedIds = new Set(received.map((event) => event.id));
  const attempted = new Map<string, AttemptRow[]>();
  for (const row of attempts) attempted.set(row.event_id, [...(attempted.get(row.event_id) ?? []), row]);
  let delivered = 0;
  for (const [id, rows] of attempted) {
    const succeeded = rows.some((row) => row.succeeded);
    if (succeeded && receivedIds.has(id)) delivered += 1;
    else
      problems.push(
        `webhook ${rows[0]!.event_type} ${id} of ${rows[0]!.resource_id}: ${rows.length} attempts, ${succeeded ? 'succeeded but never received' : 'none succeeded'}`,
      );
  }
  for (const event of received)
    if (!attempted.has(event.id)) problems.push(`webhook ${event.id} received but not recorded as attempted`);
  for (const order of orders) {
    const view = finals.get(order.index);
    if (!view) continue;
    const versions = received.filter((event) => event.resourceId === order.paymentId).map((event) => event.version);
    const highest = versions.length > 0 ? Math.max(...versions) : 0;
    if (highest !== view.version)
      problems.push(
        `order ${order.index} (payment ${order.paymentId}): last webhook at version ${highest}, the payment is at ${view.version}`,
      );
  }
  return {
    problems,
    events: attempted.size,
    delivered,
    duplicates: received.length - receivedIds.size,
    attempts: attempts.length,
    failedAttempts: attempts.filter((row) => !row.succeeded).length,
  };
}
