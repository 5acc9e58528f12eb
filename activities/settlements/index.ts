// The settlement import's activities (workflows/settlements): which of a partner's batches are new,
// the import of one (import-batch.ts), and what each entity is told of it.
import { ApplicationFailure } from '@temporalio/activity';
import type { Sql } from '../../db/connection';
import { findReportWebhook } from '../../db/report-webhooks';
import {
  doneBatches,
  lastImportedBatch,
  markAnnounced,
  settlementOfEntity,
  type ImportSummary,
} from '../../db/settlements';
import { PERMANENT_FAILURE, type PartnerAdapter, type PartnerRegistry } from '../../partners';
import type { Settlement } from '../../api/schemas/v2/reports';
import { rethrowForTemporal } from '../payments/partner-calls';
import type { WebhookSubscription } from '../webhook-types';
import { importSettlementFile } from './import-batch';

/** Listing starts this long before the last batch imported: a batch the partner made late is still found. */
const LISTING_OVERLAP_MS = 24 * 3600 * 1000;

export interface SettlementActivityDependencies {
  sql: Sql;
  /** Opens the reports webhook's url (db/report-webhooks.ts). */
  encryptionKey: Buffer;
  partners: PartnerRegistry;
  /** platform/config.ts settlementClockMarginMs. */
  settlementClockMarginMs: number;
}

export function createSettlementActivities(deps: SettlementActivityDependencies) {
  function settlingPartner(partner: string): Required<Pick<PartnerAdapter, 'settlementBatches' | 'settlementFile'>> {
    let adapter: PartnerAdapter;
    try {
      adapter = deps.partners.partnerFor(partner);
    } catch (error) {
      throw ApplicationFailure.nonRetryable(String(error), PERMANENT_FAILURE.unknownPartner);
    }
    const { settlementBatches, settlementFile } = adapter;
    if (!settlementBatches || !settlementFile)
      throw ApplicationFailure.nonRetryable(`${partner} publishes no settlement files`, PERMANENT_FAILURE.request);
    return { settlementBatches: settlementBatches.bind(adapter), settlementFile: settlementFile.bind(adapter) };
  }

  return {
    /** The partner's batches not imported and announced yet, oldest first. */
    async listSettlementBatches({ partner }: { partner: string }): Promise<string[]> {
      const adapter = settlingPartner(partner);
      const last = await lastImportedBatch(deps.sql, partner);
      const since = last ? new Date(Date.parse(last) - LISTING_OVERLAP_MS).toISOString() : undefined;
      try {
        const batches = await adapter.settlementBatches(since ? { since } : {});
        const done = await doneBatches(
          deps.sql,
          partner,
          batches.map((batch) => batch.batch_id),
        );
        return batches.map((batch) => batch.batch_id).filter((id) => !done.has(id));
      } catch (error) {
        rethrowForTemporal(error);
      }
    },

    async importSettlementBatch({
      partner,
      batch_id,
    }: {
      partner: string;
      batch_id: string;
    }): Promise<ImportSummary & { already_imported: boolean }> {
      const adapter = settlingPartner(partner);
      try {
        const file = await adapter.settlementFile(batch_id);
        return await importSettlementFile(deps.sql, partner, file, { clockMarginMs: deps.settlementClockMarginMs });
      } catch (error) {
        rethrowForTemporal(error);
      }
    },

    async markSettlementAnnounced({ settlement_id }: { settlement_id: string }): Promise<void> {
      await markAnnounced(deps.sql, settlement_id);
    },

    /** What the entity is told of a settlement, and where; null when it subscribed to none of it. */
    async settlementEvent({
      settlement_id,
      entity_id,
    }: {
      settlement_id: string;
      entity_id: string;
    }): Promise<{ subscription: WebhookSubscription; settlement: Settlement } | null> {
      const webhook = await findReportWebhook(deps.sql, deps.encryptionKey, entity_id);
      if (!webhook?.event_types.includes('SETTLEMENT_COMPLETED')) return null;
      const settlement = await settlementOfEntity(deps.sql, entity_id, settlement_id);
      if (!settlement) return null;
      return {
        subscription: {
          url: webhook.url,
          event_types: [...webhook.event_types],
          ...(webhook.headers_encrypted ? { headers_encrypted: webhook.headers_encrypted } : {}),
        },
        settlement,
      };
    },
  };
}
