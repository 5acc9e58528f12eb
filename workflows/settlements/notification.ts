// Tells one entity that a settlement of its was imported: SETTLEMENT_COMPLETED at its reports
// webhook (PUT /v2/reports/webhook), signed and retried like every webhook (workflows/webhook-outbox.ts),
// its data the settlement as GET /v2/reports/settlements/{id} shows it without its lines.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { WebhookOutbox, type WebhookRetrySettings } from '../webhook-outbox';

const { settlementEvent } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes', maximumAttempts: 20 },
});

export interface SettlementNotificationInput {
  settlement_id: string;
  entity_id: string;
  webhookRetry: WebhookRetrySettings;
}

export async function settlementNotificationWorkflow(input: SettlementNotificationInput): Promise<{ told: boolean }> {
  const event = await settlementEvent({ settlement_id: input.settlement_id, entity_id: input.entity_id });
  if (!event) return { told: false };
  const outbox = new WebhookOutbox(input.entity_id, event.subscription, input.webhookRetry);
  outbox.publish('SETTLEMENT_COMPLETED', { type: 'settlement', id: input.settlement_id, version: 1 }, event.settlement);
  await outbox.drain();
  return { told: true };
}
