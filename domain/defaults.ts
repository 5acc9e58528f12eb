import {
  DEFAULT_ALLOW_FUTURE_USAGE,
  DEFAULT_CAPTURE_MODE,
  DEFAULT_INTEGRATION_MODE,
  DEFAULT_WEBHOOK_EVENT_TYPES,
  type CaptureMode,
  type IntegrationMode,
  type PaymentWebhookEventType,
} from './enums';

/**
 * The documented defaults of a session application. Fastify's Ajv already fills them in
 * (`useDefaults`), but a session built elsewhere (v1 adapter, tests) gets them here, and
 * the result's type says they are present.
 */
export function withClientSessionDefaults<
  T extends { capture_mode?: CaptureMode; integration_mode?: IntegrationMode; allow_future_usage?: boolean },
>(app: T): T & { capture_mode: CaptureMode; integration_mode: IntegrationMode; allow_future_usage: boolean } {
  return {
    ...app,
    capture_mode: app.capture_mode ?? DEFAULT_CAPTURE_MODE,
    integration_mode: app.integration_mode ?? DEFAULT_INTEGRATION_MODE,
    allow_future_usage: app.allow_future_usage ?? DEFAULT_ALLOW_FUTURE_USAGE,
  };
}

/** Payments have no integration mode. */
export function withPaymentDefaults<T extends { capture_mode?: CaptureMode; allow_future_usage?: boolean }>(
  body: T,
): T & { capture_mode: CaptureMode; allow_future_usage: boolean } {
  return {
    ...body,
    capture_mode: body.capture_mode ?? DEFAULT_CAPTURE_MODE,
    allow_future_usage: body.allow_future_usage ?? DEFAULT_ALLOW_FUTURE_USAGE,
  };
}

/** A webhook without event_types is notified of PAYMENT events. */
export function withWebhookDefaults<T extends { event_types?: readonly PaymentWebhookEventType[] }>(
  webhook: T,
): T & { event_types: readonly PaymentWebhookEventType[] } {
  return { ...webhook, event_types: webhook.event_types ?? DEFAULT_WEBHOOK_EVENT_TYPES };
}
