// A payment the shopper allowed to be reused (allow_future_usage), for a known customer
// (customer.reference), leaves what its partners can reuse in that customer's wallet: the next
// checkout offers it in one step. A failed save never fails the payment.
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { walletEntryOf, type WalletEntry } from '../../domain/wallet-save';
import type { PaymentRun } from './run';

const { saveToWallet } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 10 },
});

/** What this payment would save: nothing unless future usage was allowed for a known customer. */
export function walletEntriesOf(run: PaymentRun): { owner: string; entries: WalletEntry[] } | undefined {
  const owner = run.state.customer?.reference || undefined;
  if (!run.state.allow_future_usage || owner === undefined) return undefined;
  const now = Date.now();
  const entries = run.state.legs.map((leg) => walletEntryOf(leg, now)).filter((entry) => entry !== undefined);
  return entries.length > 0 ? { owner, entries } : undefined;
}

export async function saveToCustomerWallet(
  run: PaymentRun,
  saving: { owner: string; entries: WalletEntry[] },
): Promise<void> {
  for (const entry of saving.entries) {
    try {
      await saveToWallet({
        entity_id: run.state.entity_id,
        owner_reference: saving.owner,
        payment_id: run.state.id,
        entry,
      });
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      // The money is authorized either way: the shopper types the card again next time.
    }
  }
}
