// Tells the client session a payment was submitted from that the payment's authorization moved.
//
// Only payments started before the patch 'no-local-activities' call it, as a local activity: it
// saved them the workflow task a signal from workflow code costs when the server confirms delivery,
// but local activities are not replay-safe next to Updates (workflows/payment/partner-calls.ts), so
// newer runs signal from workflow code. A replay may send it again: the session keeps the latest
// payment it was told of, so a repeat changes nothing.
import { getClient } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { Payment } from '../../api/schemas/v2';
import { paymentChangedSignal } from '../../workflows/payment/messages';

export async function notifyClientSession(input: {
  workflowId: string;
  payment: Payment;
}): Promise<'told' | 'session-ended'> {
  try {
    await getClient().workflow.getHandle(input.workflowId).signal(paymentChangedSignal, input.payment);
    return 'told';
  } catch (error) {
    // The session has completed (authorized, or expired): the payment goes on without it.
    if (error instanceof WorkflowNotFoundError) return 'session-ended';
    throw error;
  }
}
