// A merchant's webhook as the owning workflow carries it: header values may be credentials for the
// merchant's endpoint, so they enter workflow history encrypted and are shown redacted.
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
