// The worker's activities, built around their dependencies so tests can give each worker its own.
import type { Sql } from '../db/connection';
import type { WebhookPrivateAddresses } from '../platform/config';
import { DEFAULT_SETTLEMENT_CLOCK_MARGIN_MS } from '../domain/settlement-matching';
import type { PartnerRegistry } from '../partners';
import { notifyClientSession } from './client-sessions/notify-client-session';
import { createPartnerCallActivities } from './payments/partner-calls';
import { createProjectionActivities } from './projections';
import { createPurgeVaults } from './vault/purge-vaults';
import { createPurgeV1IdempotencyRecords } from './v1/purge-idempotency-records';
import { createPurgeWalletSessions } from './wallet/purge-wallet-sessions';
import { createSettlementActivities } from './settlements';
import { createSaveToWallet } from './wallet/save-to-wallet';
import { createDeliverWebhook } from './webhooks/deliver';
import { createPurgeWebhookDeliveryAttempts } from './webhooks/purge-delivery-attempts';
import { createSealReportWebhookUrls } from './settlements/seal-report-webhook-urls';

export interface ActivityDependencies {
  sql: Sql;
  encryptionKey: Buffer;
  partners: PartnerRegistry;
  /** platform/config.ts webhookPrivateAddresses: whether webhooks may go to loopback and private networks. */
  webhookPrivateAddresses: WebhookPrivateAddresses;
  /** platform/config.ts settlementClockMarginMs; its default when not given. */
  settlementClockMarginMs?: number;
}

export function createActivities(deps: ActivityDependencies) {
  return {
    deliverWebhook: createDeliverWebhook(deps),
    notifyClientSession,
    purgeVaults: createPurgeVaults(deps),
    purgeV1IdempotencyRecords: createPurgeV1IdempotencyRecords(deps),
    purgeWalletSessions: createPurgeWalletSessions(deps),
    purgeWebhookDeliveryAttempts: createPurgeWebhookDeliveryAttempts(deps),
    saveToWallet: createSaveToWallet(deps),
    sealReportWebhookUrls: createSealReportWebhookUrls(deps),
    ...createProjectionActivities(deps),
    ...createPartnerCallActivities(deps),
    ...createSettlementActivities({
      sql: deps.sql,
      encryptionKey: deps.encryptionKey,
      partners: deps.partners,
      settlementClockMarginMs: deps.settlementClockMarginMs ?? DEFAULT_SETTLEMENT_CLOCK_MARGIN_MS,
    }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
