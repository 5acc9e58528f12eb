// The client session, from creation to payment, expiry or abort. The workflow is the source of
// truth for the session's status; the API reads it by query and changes it by Update.
import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  defineQuery,
  defineUpdate,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { statusKey } from '../temporal/search-attributes';
import { isOpen, refuseTransition, type AbortStatus, type ClientSessionStatus } from '../domain/client-session-status';
import type { ClientSessionState, ClientSessionWorkflowInput } from './client-session-types';
import { WebhookOutbox } from './webhook-outbox';
import { snapshot } from './snapshot';

export const getClientSessionQuery = defineQuery<ClientSessionState>('getClientSession');
export const openClientSessionUpdate = defineUpdate<ClientSessionState>('openClientSession');
export const abortClientSessionUpdate = defineUpdate<ClientSessionState, [{ status: AbortStatus; entity_id: string }]>('abortClientSession');

const { saveClientSessionProjection } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumInterval: '30 seconds' },
});

export async function clientSessionWorkflow(input: ClientSessionWorkflowInput): Promise<ClientSessionState> {
  const session: ClientSessionState = input.session;
  let version = 1;
  let projectedVersion = 0;
  const outbox = new WebhookOutbox(session.entity_id, input.webhook, input.webhookRetry);

  const moveTo = (status: ClientSessionStatus): void => {
    const refusal = refuseTransition(session.status, status);
    if (refusal) throw ApplicationFailure.nonRetryable(refusal, 'InvalidTransition');
    if (session.status === status) return;
    session.status = status;
    version += 1;
    upsertSearchAttributes([{ key: statusKey, value: status }]);
    outbox.publish('PAYMENT', { type: 'client_session', id: session.id, version }, session);
  };

  setHandler(getClientSessionQuery, () => session);

  setHandler(
    openClientSessionUpdate,
    () => {
      moveTo('CHOICE_IN_PROGRESS');
      return session;
    },
    { validator: () => assertAllowed(session.status, 'CHOICE_IN_PROGRESS') },
  );

  setHandler(
    abortClientSessionUpdate,
    ({ status }) => {
      moveTo(status);
      return session;
    },
    {
      validator: ({ status, entity_id }) => {
        // The entity check lives here so that the API needs a single round trip to abort.
        if (entity_id !== session.entity_id) throw ApplicationFailure.create({ type: 'NotFound', message: 'client session not found', nonRetryable: true });
        assertAllowed(session.status, status);
      },
    },
  );

  // The read model follows the workflow, coalescing bursts of changes into one write.
  const projection = (async () => {
    for (;;) {
      await condition(() => version > projectedVersion || !isOpen(session.status));
      if (version > projectedVersion) {
        const written = { version, session: snapshot(session) };
        await saveClientSessionProjection(written);
        projectedVersion = written.version;
      }
      if (!isOpen(session.status) && projectedVersion === version) return;
    }
  })();

  const untilExpiry = Math.max(0, Date.parse(session.expires_at) - Date.now());
  const settled = await condition(() => !isOpen(session.status), untilExpiry);
  if (!settled) moveTo('EXPIRED');

  await condition(allHandlersFinished);
  await projection;
  await outbox.drain();
  return session;
}

function assertAllowed(from: ClientSessionStatus, to: ClientSessionStatus): void {
  const refusal = refuseTransition(from, to);
  if (refusal) throw ApplicationFailure.create({ type: 'InvalidTransition', message: refusal, nonRetryable: true });
}
