// The API's way to the settlement imports: a partner announced a settlement file (its
// notification), and the import starts now rather than at the partner's daily schedule. Its
// workflow id names the batch, so an announcement repeated (the partner retries, or announces to
// several addresses) finds the import started or done.
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { FastifyBaseLogger } from 'fastify';
import { settlementImportWorkflowId } from '../../workflows/settlements/ids';
import { settlementImportWorkflow } from '../../workflows/settlements/import';
import type { GatewayDependencies } from './dependencies';

export class SettlementGateway {
  constructor(private readonly deps: GatewayDependencies) {}

  async partnerSettled(partner: string, partnerBatchId: string, log: FastifyBaseLogger): Promise<void> {
    try {
      await this.deps.temporal.workflow.start(settlementImportWorkflow, {
        workflowId: settlementImportWorkflowId(partner, partnerBatchId),
        taskQueue: this.deps.config.taskQueue,
        args: [
          {
            partner,
            batch_id: partnerBatchId,
            webhookRetry: { initialIntervalMs: this.deps.config.webhookRetryInitialIntervalMs },
          },
        ],
        workflowIdConflictPolicy: 'FAIL',
        // An import that failed for good may be started again by the next announcement.
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      });
      log.info({ partner, settlement_batch_id: partnerBatchId }, 'settlement import started');
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
}
