// Compensation: after one leg failed (or held less than asked), what the other legs hold is given
// back, voided while uncaptured, refunded once captured, with triggered_by ORCHESTRATOR. Anything
// still in flight is waited for: a capture that turns out to have succeeded must be refunded too.
import { condition, sleep, uuid4 } from '@temporalio/workflow';
import { compensationPlan, unwindPlan } from '../../domain/payment-compensation';
import { runOperation } from './operations';
import type { PaymentRun } from './run';
import { ledgerOf } from './view';

export async function compensate(run: PaymentRun): Promise<void> {
  const { state } = run;
  let pauseMs = 5_000;
  for (let round = 0; round < 30; round += 1) {
    const ledger = ledgerOf(state);
    const plan = state.refusal ? unwindPlan(ledger) : compensationPlan(ledger);
    if (plan.voids.length === 0 && plan.refunds.length === 0) {
      if (plan.unsettled.length === 0) return;
      const seen = state.version;
      await condition(() => state.version !== seen, '1 hour');
      continue;
    }
    if (round > 0) {
      // A partner refused to give the money back: try again later, not in a tight loop.
      await sleep(pauseMs);
      pauseMs = Math.min(pauseMs * 2, 3_600_000);
    }
    for (const allocation of plan.voids) {
      await runOperation(
        run,
        'void',
        { amount: allocation.amount, partner_transaction_id: allocation.authorization_id },
        'ORCHESTRATOR',
        uuid4(),
      );
    }
    for (const allocation of plan.refunds) {
      await runOperation(
        run,
        'refund',
        { amount: allocation.amount, partner_transaction_id: allocation.authorization_id },
        'ORCHESTRATOR',
        uuid4(),
      );
    }
  }
}
