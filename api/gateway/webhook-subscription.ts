// A merchant's webhook as the owning workflow carries it: header values may be credentials for the
// merchant's endpoint, so they enter workflow history encrypted and are shown redacted. A v1
// session's hook is a subscription too, whose deliveries are v1 ActionResults.
import type { WebhookSubscription } from '../../activities/webhook-types';
import { withWebhookDefaults } from '../../domain/defaults';
import { encrypt } from '../../platform/secrets';
import type { Webhook } from '../schemas/v2';

export function webhookSubscriptionOf(
  webhook: Webhook | undefined,
  encryptionKey: Buffer,
): WebhookSubscription | undefined {
  if (!webhook) return undefined;
  const { url, event_types, headers } = withWebhookDefaults(webhook);
  return {
    url,
    event_types: [...event_types],
    ...(headers && headers.length > 0 ? { headers_encrypted: encrypt(encryptionKey, JSON.stringify(headers)) } : {}),
  };
}

/** The events a v1 session's hook is told of: each change of a partner transaction. */
const V1_HOOK_EVENTS = [
  'PARTNER_TRANSACTION_AUTHORIZATION',
  'PARTNER_TRANSACTION_CAPTURE',
  'PARTNER_TRANSACTION_VOID',
  'PARTNER_TRANSACTION_REFUND',
] as const;

/** A v1 session's `hook`: told of the same events, as signed ActionResults (activities/webhooks/deliver.ts). */
export const v1HookSubscription = (hook: string): WebhookSubscription => ({
  url: hook,
  event_types: [...V1_HOOK_EVENTS],
  format: 'v1-action-result',
});

export function redactedWebhook(webhook: Webhook): Webhook {
  return {
    ...webhook,
    ...(webhook.headers
      ? {
          headers: webhook.headers.map((header) => ({
            name: header.name,
            values: header.values.map(() => '[redacted]'),
          })),
        }
      : {}),
  };
}
