// The 11 event types and their names are defined with the other value sets in domain/enums.
import type { WebhookEventType } from '../domain/enums';

export type { WebhookEventType };

/** A subscription as the workflow carries it: header values stay encrypted in Temporal's history. */
export interface WebhookSubscription {
  url: string;
  event_types: WebhookEventType[];
  headers_encrypted?: string;
}

export interface WebhookResource {
  type: 'client_session' | 'payment';
  id: string;
  version: number;
}

export interface WebhookEvent {
  id: string;
  event_type: WebhookEventType;
  created_at: string;
  entity_id: string;
  resource: WebhookResource;
  /** The operation or partner transaction an operation-level or partner-level event is about. */
  related?: { operation_id?: string; partner_transaction_id?: string };
  data: unknown;
}
