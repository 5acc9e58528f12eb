// The payment's other activities, recorded instead of done: webhook deliveries to the merchant,
// read-model writes and wallet saves. A test reads what the workflow asked for, in order, and
// can make a delivery or a save fail.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Activities } from '../../../activities';
import type { WebhookEvent, WebhookEventType } from '../../../activities/webhook-types';
import type { Payment } from '../../../api/schemas/v2';
import type { ClientSessionState } from '../../../workflows/client-session/types';

type RecordedCalls = Pick<
  Activities,
  'deliverWebhook' | 'savePaymentProjection' | 'saveClientSessionProjection' | 'saveToWallet'
>;
type SaveToWalletInput = Parameters<Activities['saveToWallet']>[0];

export interface DeliveryAttempt {
  event: WebhookEvent;
  attempt: number;
  delivered: boolean;
}

export class RecordedActivities {
  /** Every delivery attempt, in the order the merchant's endpoint would have seen them. */
  readonly attempts: DeliveryAttempt[] = [];
  readonly paymentProjections: Payment[] = [];
  readonly sessionProjections: ClientSessionState[] = [];
  readonly walletSaves: SaveToWalletInput[] = [];
  private readonly failingDeliveries = new Map<WebhookEventType, { times: number; giveUp: boolean }>();
  private walletSavesFail = false;

  /** The events the merchant received, in order. */
  get delivered(): WebhookEvent[] {
    return this.attempts.filter((attempt) => attempt.delivered).map((attempt) => attempt.event);
  }

  /**
   * The merchant's endpoint fails the first `times` deliveries of this event type; `giveUp`: the
   * delivery is given up at once, as after its three days of retries.
   */
  failDeliveries(type: WebhookEventType, times: number, options: { giveUp?: boolean } = {}): this {
    this.failingDeliveries.set(type, { times, giveUp: options.giveUp ?? false });
    return this;
  }

  failWalletSaves(): this {
    this.walletSavesFail = true;
    return this;
  }

  // The activities, as the worker calls them.

  readonly deliverWebhook: RecordedCalls['deliverWebhook'] = async ({ event }) => {
    const attempt = Context.current().info.attempt;
    const failing = this.failingDeliveries.get(event.event_type);
    const fails = failing !== undefined && failing.times > 0;
    if (failing && fails) failing.times -= 1;
    this.attempts.push({ event, attempt, delivered: !fails });
    if (fails && failing.giveUp) throw ApplicationFailure.nonRetryable('the endpoint is gone', 'Gone');
    if (fails) throw ApplicationFailure.retryable('the endpoint answered 500', 'WebhookRejected');
    return { status: 200, attempt };
  };

  readonly savePaymentProjection: RecordedCalls['savePaymentProjection'] = async ({ payment }) => {
    this.paymentProjections.push(payment);
  };

  readonly saveClientSessionProjection: RecordedCalls['saveClientSessionProjection'] = async ({ session }) => {
    this.sessionProjections.push(session);
  };

  readonly saveToWallet: RecordedCalls['saveToWallet'] = async (input) => {
    this.walletSaves.push(input);
    if (this.walletSavesFail) throw ApplicationFailure.nonRetryable('the wallet is unavailable', 'WalletDown');
    return { wallet_token_id: `wt-${this.walletSaves.length}` };
  };
}
