// The 11 event types and their names are defined with the other value sets in domain/enums.
import type { WebhookEventType } from '../domain/enums';
import type { WebhookEvent } from '../api/schemas/v2/webhook-event';

export type { WebhookEventType };

/** A subscription as the workflow carries it: header values stay encrypted in Temporal's history. */
export interface WebhookSubscription {
  url: string;
  event_types: WebhookEventType[];
  headers_encrypted?: string;
  /**
   * `v1-action-result`: a v1 session's `hook`, told of each partner transaction's change as a v1
   * ActionResult signed with the deployment's RSA key (activities/webhooks/deliver.ts).
   */
  format?: 'v1-action-result';
}

// The envelope is the documented schema's (api/schemas/v2/webhook-event.ts): what is posted is what the OpenAPI document says.
export type { WebhookEvent } from '../api/schemas/v2/webhook-event';
export type WebhookResource = WebhookEvent['resource'];
