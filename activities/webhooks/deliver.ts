import { ApplicationFailure, Context, log } from '@temporalio/activity';
import type { Sql } from '../../db/connection';
import { findWebhookSecret } from '../../db/merchants';
import { decrypt } from '../../platform/secrets';
import type { WebhookPrivateAddresses } from '../../platform/config';
import { httpTransport } from '../../platform/http-transport';
import { PrivateAddressError } from '../../platform/outbound-addresses';
import type { WebhookEvent, WebhookSubscription } from '../webhook-types';
import { signatureHeader, signWebhook } from './signature';
import { v1NotificationKeyPair } from '../../db/notification-key';
import { transactionParents } from '../../db/projections';
import { recordDeliveryAttempt } from '../../db/webhook-delivery-attempts';
import { v1ActionResult } from '../../api/routes/v1/action-results';
import { signV1Notification, v1SignatureHeader } from './v1-notification-signature';
import { unsendableWebhookHeaderReason } from '../../domain/validation/webhook-headers';

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
export function createDeliverWebhook(deps: {
  sql: Sql;
  encryptionKey: Buffer;
  /** platform/config.ts webhookPrivateAddresses. */
  webhookPrivateAddresses: WebhookPrivateAddresses;
}) {
  return async function deliverWebhook({
    subscription,
    event,
  }: DeliverWebhookInput): Promise<{ status: number; attempt: number; leftOutHeaders?: string[] }> {
    const attempt = Context.current().info.attempt;
    const sealedSecret = await findWebhookSecret(deps.sql, event.entity_id);
    if (!sealedSecret)
      throw ApplicationFailure.nonRetryable(`entity ${event.entity_id} no longer exists`, 'EntityGone');
    const secret = decrypt(deps.encryptionKey, sealedSecret);
    const extraHeaders: WebhookHeader[] = subscription.headers_encrypted
      ? JSON.parse(decrypt(deps.encryptionKey, subscription.headers_encrypted))
      : [];

    // By lower-case name, so that a merchant's header never doubles one of ours. A header the api
    // accepted before it refused such headers (a CR or LF in a value, a name of the connection's
    // or Tessera's own such as host) is left out: sent, it would fail every attempt for 3 days and
    // hold back the resource's later events, or override what Tessera decides. Why is logged, told
    // in a failed attempt's error and returned (the activity's result, in the Temporal UI), by the
    // header's name only: its value may be a credential.
    const headers: Record<string, string> = {};
    const leftOut: string[] = [];
    for (const header of extraHeaders) {
      const unsendable = unsendableWebhookHeaderReason(header);
      if (unsendable === undefined) {
        headers[header.name.toLowerCase()] = header.values.join(', ');
        continue;
      }
      leftOut.push(`header ${JSON.stringify(header.name)} left out: ${unsendable}`);
      log.warn('webhook header left out', { eventId: event.id, header: header.name, reason: unsendable });
    }
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
    let refusedAddress = false;
    try {
      // A redirection is not followed: it is an answer other than 2xx, and the attempt failed.
      const response = await httpTransport(subscription.url, {
        method: 'POST',
        headers,
        body,
        timeoutMs,
        publicAddressesOnly: deps.webhookPrivateAddresses === 'refuse',
      });
      status = response.status;
      await response.discard();
      if (!response.ok) error = `receiver answered HTTP ${status}`;
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : 'network error';
      refusedAddress = cause instanceof PrivateAddressError;
    }
    if (error !== undefined && leftOut.length > 0) error = `${error} (${leftOut.join('; ')})`;
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

    // An address refused now is refused at every retry: the resource's next events go on.
    if (refusedAddress) throw ApplicationFailure.nonRetryable(error ?? 'private address', 'WebhookAddressRefused');
    if (error !== undefined) throw ApplicationFailure.retryable(error, 'WebhookDeliveryFailed');
    return { status: status ?? 0, attempt, ...(leftOut.length > 0 ? { leftOutHeaders: leftOut } : {}) };
  };
}
