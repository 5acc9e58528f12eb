/**
 * The 11 event types a webhook subscription may ask for. PAYMENT covers every status change of a
 * client session or payment; the others follow one kind of operation, either at operation level
 * or at the level of each partner transaction inside it.
 */
export const webhookEventTypes = [
  'PAYMENT',
  'AUTHORIZATION',
  'AUTHENTICATION',
  'CAPTURE',
  'REFUND',
  'VOID',
  'PARTNER_TRANSACTION_AUTHORIZATION',
  'PARTNER_TRANSACTION_AUTHENTICATION',
  'PARTNER_TRANSACTION_CAPTURE',
  'PARTNER_TRANSACTION_REFUND',
  'PARTNER_TRANSACTION_VOID',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

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
