// The bench's webhook endpoint: test/support's merchant endpoint on 127.0.0.1, answering every
// delivery 204 at once, read as arrivals, so that the delay from a payment's change to its first
// webhook can be measured where a merchant would see it. Signatures are not checked (timing needs
// none) and nothing of a delivery is logged.
import {
  startWebhookReceiver as startMerchantEndpoint,
  type ReceivedWebhook,
} from '../../test/support/webhook-receiver';
import { Samples } from './stats';

export interface Arrival {
  resourceType: string;
  resourceId: string;
  eventType: string;
  /** The event's created_at (the workflow's time of the change), ms since the epoch. */
  createdAt: number;
  /** Date.now() when the delivery's request arrived. */
  arrivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  readonly arrivals: Arrival[];
  /** Deliveries whose body was not an event this receiver understands. */
  malformed(): number;
  close(): Promise<void>;
}

/** A delivery as an arrival; undefined when its body is not an event. */
function arrivalOf(delivery: ReceivedWebhook): Arrival | undefined {
  const event = delivery.json;
  const createdAt = Date.parse(event?.created_at);
  if (typeof event?.resource?.id !== 'string' || !Number.isFinite(createdAt)) return undefined;
  return {
    resourceType: String(event.resource.type),
    resourceId: event.resource.id,
    eventType: String(event.event_type),
    createdAt,
    arrivedAt: delivery.arrivedAt,
  };
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const endpoint = await startMerchantEndpoint(() => 204);
  const arrivals = () => endpoint.received.map(arrivalOf);
  return {
    url: endpoint.url,
    get arrivals() {
      return arrivals().filter((arrival): arrival is Arrival => arrival !== undefined);
    },
    malformed: () => arrivals().filter((arrival) => arrival === undefined).length,
    close: endpoint.close,
  };
}

export interface FirstDeliveries {
  /** Arrival of each payment's first event minus the event's created_at (the change, as the workflow timed it). */
  afterChange: Samples;
  /** The same arrival minus when the submission's answer (the authorization the event tells of) reached the client. */
  afterAnswer: Samples;
  /** Payments of which no event arrived. */
  missing: number;
}

/** Per payment, its first event to arrive, against the change it tells of and the answer that told the client. */
export function firstDeliveries(
  arrivals: readonly Arrival[],
  payments: ReadonlyArray<{ paymentId: string; authorizedAnswerAt: number }>,
): FirstDeliveries {
  const first = new Map<string, Arrival>();
  for (const arrival of arrivals) {
    if (arrival.resourceType !== 'payment') continue;
    const seen = first.get(arrival.resourceId);
    if (!seen || arrival.arrivedAt < seen.arrivedAt) first.set(arrival.resourceId, arrival);
  }
  const afterChange = new Samples();
  const afterAnswer = new Samples();
  let missing = 0;
  for (const payment of payments) {
    const arrival = first.get(payment.paymentId);
    if (!arrival) {
      missing += 1;
      continue;
    }
    afterChange.add(arrival.arrivedAt - arrival.createdAt);
    afterAnswer.add(arrival.arrivedAt - payment.authorizedAnswerAt);
  }
  return { afterChange, afterAnswer, missing };
}

/** Waits (at most `timeoutMs`) until every payment has had an event. */
export async function awaitFirstDeliveries(
  receiver: WebhookReceiver,
  paymentIds: readonly string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const seen = new Set(receiver.arrivals.filter((a) => a.resourceType === 'payment').map((a) => a.resourceId));
    if (paymentIds.every((id) => seen.has(id))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
