import { afterEach, describe, expect, it } from 'vitest';
import { firstDeliveries, startWebhookReceiver, type Arrival, type WebhookReceiver } from './webhook-receiver';

const at = (resourceId: string, createdAt: number, arrivedAt: number, resourceType = 'payment'): Arrival => ({
  resourceType,
  resourceId,
  eventType: 'PAYMENT',
  createdAt,
  arrivedAt,
});

describe('first deliveries', () => {
  it("time each payment's first event to arrive against its change and against the submission's answer", () => {
    const result = firstDeliveries(
      [
        at('p1', 1_000, 1_090),
        // A later event of the same payment, and one that arrived later still but was created earlier.
        at('p1', 1_100, 1_120),
        at('p2', 2_000, 2_030),
        at('p2', 1_990, 2_200),
        // The session's events are not the payment's.
        at('p1', 900, 950, 'client_session'),
      ],
      [
        { paymentId: 'p1', authorizedAnswerAt: 1_040 },
        { paymentId: 'p2', authorizedAnswerAt: 2_050 },
        { paymentId: 'p3', authorizedAnswerAt: 3_000 },
      ],
    );
    expect(result.afterChange.count).toBe(2);
    expect(result.afterChange.percentile(0)).toBe(30);
    expect(result.afterChange.percentile(100)).toBe(90);
    // p2's delivery beat the answer that told the client of the authorization.
    expect(result.afterAnswer.percentile(0)).toBe(-20);
    expect(result.afterAnswer.percentile(100)).toBe(50);
    expect(result.missing).toBe(1);
  });
});

describe('the webhook receiver', () => {
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
  });

  it('answers 204 on loopback and notes what arrived when', async () => {
    receiver = await startWebhookReceiver();
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const before = Date.now();
    const event = {
      id: '6f1c8a5e-3a52-4b8e-9d0e-1a2b3c4d5e6f',
      event_type: 'PAYMENT',
      created_at: new Date(before - 5).toISOString(),
      resource: { type: 'payment', id: 'a4d2c3b1-0000-4000-8000-000000000001', version: 2 },
    };
    const answer = await fetch(receiver.url, { method: 'POST', body: JSON.stringify(event) });
    expect(answer.status).toBe(204);
    const garbage = await fetch(receiver.url, { method: 'POST', body: 'not json' });
    expect(garbage.status).toBe(204);
    expect(receiver.arrivals).toHaveLength(1);
    const [arrival] = receiver.arrivals;
    expect(arrival).toMatchObject({
      resourceType: 'payment',
      resourceId: event.resource.id,
      eventType: 'PAYMENT',
      createdAt: before - 5,
    });
    expect(arrival!.arrivedAt).toBeGreaterThanOrEqual(before);
    expect(receiver.malformed()).toBe(1);
  });
});
