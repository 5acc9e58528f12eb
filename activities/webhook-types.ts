// The 11 event types and their names are defined with the other value sets in domain/enums.
import type { WebhookEventType } from '../domain/enums';
import type { WebhookEvent } from '../api/schemas/v2/webhook-event';

export type { WebhookEventType };

/** A subscription as the workflow carries it: header values stay encrypted in Temporal's history. */
export interface WebhookSubscription {
  url: string;
  event_types: WebhookEventType[];
  headers_encrypted?: string;
}

// The envelope is the documented schema's (api/schemas/v2/webhook-event.ts): what is posted is what the OpenAPI document says.
export type { WebhookEvent } from '../api/schemas/v2/webhook-event';
export type WebhookResource = WebhookEvent['resource'];
