// Imports a partner's settlement batches: the one it announced (a notification, gateway/settlements)
// or, run by the partner's daily schedule (temporal/schedules.ts), every batch not imported yet. A
// workflow so that each import, its outcome and its retries show in the Temporal UI, and a run
// missed while every worker was down happens at the next tick. Each batch is imported by one
// activity in one database transaction (activities/settlements/import-batch.ts): retried after a
// crash, it records nothing twice. Each entity with lines in a batch is then told by a workflow of
// its own, whose webhook retries (up to 3 days) never hold the next import back.
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, startChild, WorkflowIdReusePolicy } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { WebhookRetrySettings } from '../webhook-outbox';
import { settlementNotificationWorkflowId } from './ids';
import { settlementNotificationWorkflow } from './notification';

const { listSettlementBatches, markSettlementAnnounced } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes', maximumAttempts: 20 },
});

const { importSettlementBatch } = proxyActivities<Activities>({
  // A day's file of a busy partner is read and written in one go.
  startToCloseTimeout: '15 minutes',
  retry: {
    initialInterval: '10 seconds',
    maximumInterval: '5 minutes',
    maximumAttempts: 20,
    nonRetryableErrorTypes: ['PartnerRequestError', 'UnknownPartnerError'],
  },
});

export interface SettlementImportInput {
  partner: string;
  /** The batch a partner announced; without it, every batch of the partner not imported yet. */
  batch_id?: string;
  webhookRetry: WebhookRetrySettings;
}

export interface SettlementImportResult {
  partner: string;
  batches: Awaited<ReturnType<Activities['importSettlementBatch']>>[];
}

export async function settlementImportWorkflow(input: SettlementImportInput): Promise<SettlementImportResult> {
  const batchIds = input.batch_id ? [input.batch_id] : await listSettlementBatches({ partner: input.partner });
  const batches: SettlementImportResult['batches'] = [];
  for (const batchId of batchIds) {
    const imported = await importSettlementBatch({ partner: input.partner, batch_id: batchId });
    for (const entityId of imported.entities) {
      try {
        await startChild(settlementNotificationWorkflow, {
          workflowId: settlementNotificationWorkflowId(imported.settlement_id, entityId),
          args: [{ settlement_id: imported.settlement_id, entity_id: entityId, webhookRetry: input.webhookRetry }],
          parentClosePolicy: ParentClosePolicy.ABANDON,
          // An entity is told of a settlement once, whichever import gets there first.
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    }
    await markSettlementAnnounced({ settlement_id: imported.settlement_id });
    batches.push(imported);
  }
  return { partner: input.partner, batches };
}
