// Delivers notifications to the notification_url an authorize call gave (an authorization settled
// later, a dispute opened or moved, a settlement file ready): signed POST (signature.ts), retried with exponential backoff while the receiver answers
// non-2xx or not at all, up to maxAttempts; every attempt is kept for GET /notifications.
import { randomBytes } from 'node:crypto';
import { SIGNATURE_HEADER, signatureHeader } from '../sandbox-common/signature';
import type { NotificationDelivery, NotificationNews, WireNotification } from './schemas';

export interface NotifierOptions {
  secret: string;
  /** Total attempts, first included. */
  maxAttempts: number;
  /** Delay before the 2nd attempt; doubles after each failure. */
  retryDelayMs: number;
  /** Per attempt. */
  timeoutMs: number;
}

export class Notifier {
  private deliveries: NotificationDelivery[] = [];
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<AbortController>();
  private closed = false;
  /** Bumped by reset(): attempts of an older generation stop. */
  private generation = 0;
  /** Told of each new delivery and each attempt, with the body sent (the ledger store keeps both). */
  onChange: ((delivery: NotificationDelivery, payload: string) => void) | undefined;

  constructor(private readonly options: NotifierOptions) {}

  /**
   * Deliveries of an earlier run: those still pending go on where they stopped (their next
   * attempt now), so an outcome decided before a restart still reaches the orchestrator.
   */
  resume(stored: readonly { delivery: NotificationDelivery; payload: string }[]): void {
    for (const { delivery, payload } of stored) {
      this.deliveries.push(delivery);
      if (delivery.state === 'pending') void this.attempt(delivery, payload, this.generation);
    }
  }

  list(): NotificationDelivery[] {
    return this.deliveries;
  }

  send(url: string, news: NotificationNews): void {
    const notification: WireNotification = {
      id: `ntf_${randomBytes(12).toString('hex')}`,
      created_at: new Date().toISOString(),
      ...news,
    };
    const about =
      news.type === 'settlement.available'
        ? { partner_reference: news.settlement.batch_id, status: 'AVAILABLE' as const }
        : news.type === 'dispute.updated'
          ? { partner_reference: news.dispute.reference, status: news.dispute.status }
          : { partner_reference: news.authorization.reference, status: news.authorization.status };
    const delivery: NotificationDelivery = {
      id: notification.id,
      url,
      ...about,
      state: 'pending',
      attempts: [],
    };
    this.deliveries.push(delivery);
    const payload = JSON.stringify(notification);
    this.onChange?.(delivery, payload);
    void this.attempt(delivery, payload, this.generation);
  }

  private async attempt(delivery: NotificationDelivery, body: string, generation: number): Promise<void> {
    const stale = () => this.closed || generation !== this.generation;
    if (stale()) return;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), this.options.timeoutMs);
    this.inFlight.add(controller);
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(this.options.secret, body, Math.floor(Date.now() / 1000)),
        },
        body,
        signal: controller.signal,
      });
      httpStatus = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = e instanceof Error ? e.name : 'error';
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    if (stale()) return;
    delivery.attempts.push({ at: new Date().toISOString(), http_status: httpStatus, error });
    if (httpStatus !== null && httpStatus >= 200 && httpStatus < 300) {
      delivery.state = 'delivered';
      this.onChange?.(delivery, body);
      return;
    }
    const n = delivery.attempts.length;
    if (n >= this.options.maxAttempts) {
      delivery.state = 'failed';
      this.onChange?.(delivery, body);
      return;
    }
    this.onChange?.(delivery, body);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.attempt(delivery, body, generation);
      },
      this.options.retryDelayMs * 2 ** (n - 1),
    );
    this.timers.add(timer);
  }

  /** Forgets deliveries and stops pending retries. */
  reset(): void {
    this.generation++;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.inFlight) c.abort();
    this.deliveries = [];
  }

  close(): void {
    this.closed = true;
    this.reset();
  }
}
