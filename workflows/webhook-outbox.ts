// Delivers a resource's webhook events in order, one at a time, each as an activity whose retry
// policy does the backoff (up to 3 days). Pending deliveries and their attempts are then visible
// on the owning workflow in the Temporal UI, at the cost of no extra workflow per event.
import { condition, proxyActivities, uuid4, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { WebhookEvent, WebhookEventType, WebhookSubscription, WebhookResource } from '../activities/webhook-types';
import { snapshot } from './snapshot';

export interface WebhookRetrySettings {
  initialIntervalMs: number;
}

export class WebhookOutbox {
  private readonly pending: WebhookEvent[] = [];
  private readonly deliver;
  private readonly done: Promise<void>;
  private closed = false;

  constructor(
    private readonly entityId: string,
    private readonly subscription: WebhookSubscription | undefined,
    retry: WebhookRetrySettings,
    carriedOver: readonly WebhookEvent[] = [],
  ) {
    this.pending.push(...carriedOver);
    this.deliver = proxyActivities<Activities>({
      startToCloseTimeout: '30 seconds',
      scheduleToCloseTimeout: '3 days',
      retry: { initialInterval: retry.initialIntervalMs, backoffCoefficient: 2, maximumInterval: '1 hour' },
    }).deliverWebhook;
    this.done = this.run();
  }

  /** False when nobody subscribed: callers can skip building the events' bodies. */
  get subscribed(): boolean {
    return this.subscription !== undefined && this.subscription.event_types.length > 0;
  }

  publish(
    eventType: WebhookEventType,
    resource: WebhookResource,
    data: WebhookEvent['data'],
    related?: WebhookEvent['related'],
  ): void {
    if (!this.subscription || !this.subscription.event_types.includes(eventType)) return;
    this.pending.push({
      ...(related ? { related } : {}),
      id: uuid4(),
      event_type: eventType,
      created_at: new Date().toISOString(),
      entity_id: this.entityId,
      resource,
      // A snapshot: later changes to the resource must not alter an event already queued.
      data: snapshot(data),
    });
  }

  /** Resolves once every queued event was delivered or gave up after its retries. */
  async drain(): Promise<void> {
    this.closed = true;
    await this.done;
  }

  /** Events not yet delivered, to carry across continue-as-new. */
  undelivered(): WebhookEvent[] {
    return [...this.pending];
  }

  private async run(): Promise<void> {
    for (;;) {
      await condition(() => this.pending.length > 0 || this.closed);
      const event = this.pending[0];
      if (!event) return;
      const subscription = this.subscription;
      if (subscription) {
        try {
          await this.deliver({ subscription, event, workflowId: workflowInfo().workflowId });
        } catch {
          // Gave up after 3 days of retries: every attempt is recorded, and later events must
          // still go out rather than wait forever behind a dead one.
        }
      }
      this.pending.shift();
    }
  }
}
