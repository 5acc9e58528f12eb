import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Sql } from '../../db/connection';
import { findWebhookSecret } from '../../db/merchants';
import { decrypt } from '../../platform/secrets';
import { httpTransport } from '../../platform/http-transport';
import type { WebhookEvent, WebhookSubscription } from '../webhook-types';
import { signatureHeader, signWebhook } from './signature';
import { v1NotificationKeyPair } from '../../db/notification-key';
import { transactionParents } from '../../db/projections';
import { recordDeliveryAttempt } from '../../db/webhook-delivery-attempts';
import { v1ActionResult } from '../../api/routes/v1/action-results';
import { signV1Notification, v1SignatureHeader } from './v1-notification-signature';

export interface WebhookHeader {
  name: string;
  values: string[];
}

export interface DeliverWebhookInput {
  subscription: WebhookSubscription;
  event: WebhookEvent;
  workflowId: string;
}

const timeoutMs = 10_000;

/** What a v1 hook is told: the changed partner transaction as an ActionResult, read from the event's payment. */
async function v1ActionResultOf(deps: { sql: Sql }, event: WebhookEvent) {
  const transactionId = event.related?.partner_transaction_id;
  if (event.resource.type !== 'payment' || !transactionId || !('captures' in event.data)) return undefined;
  const payment = event.data;
  return v1ActionResult(
    payment,
    payment.client_session_id,
    transactionId,
    await transactionParents(deps.sql, payment.id),
  );
}

/**
 * One delivery attempt. A non-2xx answer or a network error throws a retryable failure so that
 * the activity's retry policy supplies the backoff; every attempt is recorded either way.
 */
export function createDeliverWebhook(deps: { sql: Sql; encryptionKey: Buffer }) {
  return async function deliverWebhook({
    subscription,
    event,
  }: DeliverWebhookInput): Promise<{ status: number; attempt: number }> {
    const attempt = Context.current().info.attempt;
    const sealedSecret = await findWebhookSecret(deps.sql, event.entity_id);
    if (!sealedSecret)
      throw ApplicationFailure.nonRetryable(`entity ${event.entity_id} no longer exists`, 'EntityGone');
    const secret = decrypt(deps.encryptionKey, sealedSecret);
    const extraHeaders: WebhookHeader[] = subscription.headers_encrypted
      ? JSON.parse(decrypt(deps.encryptionKey, subscription.headers_encrypted))
      : [];

    // By lower-case name, so that a merchant's header never doubles one of ours.
    const headers: Record<string, string> = {};
    for (const header of extraHeaders) headers[header.name.toLowerCase()] = header.values.join(', ');
    headers['content-type'] = 'application/json';
    headers['user-agent'] = 'Tessera-Webhooks/1.0';
    headers['tessera-event-id'] = event.id;
    headers['tessera-event-type'] = event.event_type;
    headers['tessera-delivery-attempt'] = String(attempt);
    let body: string;
    if (subscription.format === 'v1-action-result') {
      const result = await v1ActionResultOf(deps, event);
      // The partner transaction is not one of this payment's (cannot happen): nothing to tell.
      if (!result) return { status: 0, attempt };
      body = JSON.stringify(result);
      const keys = await v1NotificationKeyPair(deps.sql, deps.encryptionKey);
      headers[v1SignatureHeader] = signV1Notification(keys.privateKeyPem, body);
    } else {
      body = JSON.stringify(event);
      headers[signatureHeader] = signWebhook(secret, body, Math.floor(Date.now() / 1000));
    }

    const started = performance.now();
    let status: number | undefined;
    let error: string | undefined;
    try {
      // A redirection is not followed: it is an answer other than 2xx, and the attempt failed.
      const response = await httpTransport(subscription.url, { method: 'POST', headers, body, timeoutMs });
      status = response.status;
      await response.discard();
      if (!response.ok) error = `receiver answered HTTP ${status}`;
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : 'network error';
    }
    const durationMs = Math.round(performance.now() - started);

    await recordDeliveryAttempt(deps.sql, deps.encryptionKey, {
      eventId: event.id,
      entityId: event.entity_id,
      resourceType: event.resource.type,
      resourceId: event.resource.id,
      eventType: event.event_type,
      url: subscription.url,
      attempt,
      statusCode: status,
      error,
      durationMs,
    });

    if (error !== undefined) throw ApplicationFailure.retryable(error, 'WebhookDeliveryFailed');
    return { status: status ?? 0, attempt };
  };
}
