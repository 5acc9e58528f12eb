// The settlement workflows' ids: one import per partner batch announced (a repeated announcement
// finds it started), one delivery of SETTLEMENT_COMPLETED per settlement and entity.
export const settlementImportWorkflowId = (partner: string, partnerBatchId: string) =>
  `settlement-import/${partner}/${partnerBatchId}`;
export const settlementNotificationWorkflowId = (settlementId: string, entityId: string) =>
  `settlement-notification/${settlementId}/${entityId}`;
