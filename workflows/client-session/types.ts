import type { ClientSession, ThreeDsAuthenticationOptions } from '../../api/schemas/v2';
import type { WebhookSubscription } from '../../activities/webhook-types';
import type { WebhookRetrySettings } from '../webhook-outbox';

/**
 * The session exactly as the API shows it, plus what it does not show. The API computes every
 * presentation field (links, widget) once at creation, so a query answers without further work.
 */
export type ClientSessionState = ClientSession & {
  /** Grows with every change; orders writes of the read model (not shown in answers). */
  version: number;
  /** The merchant's 3-D Secure preferences, applied to card entries submitted on the session (not shown in answers). */
  three_ds_authentication_options?: ThreeDsAuthenticationOptions;
};

export interface ClientSessionWorkflowInput {
  session: ClientSessionState;
  webhook?: WebhookSubscription;
  webhookRetry: WebhookRetrySettings;
  /**
   * How long a reserved payment may wait for the API to start it before the session starts it
   * itself (an API that died between the two calls); 10 s when absent. Tests shorten it.
   */
  paymentStartRepairMs?: number;
}
