// Authorization: each leg is sent to its partner in order; a leg waiting for its shopper (3DS, a
// wallet, a lender) or whose answer was lost is settled by notification, status poll or re-send
// with the same idempotency key; legs after a failure are never sent.
import { condition } from '@temporalio/workflow';
import { firstPollDelayMs, nextPollDelayMs, settlementDeadlineMs } from '../../domain/payment-windows';
import type { AuthorizeResult } from '../../partners/partner';
import { applyAuthorizeResult } from './apply-partner-answer';
import { authorizationIdempotencyKey } from './ids';
import { authorizationStatusAtPartner, authorizeAtPartner, permanentFailureOf } from './partner-calls';
import type { PaymentRun } from './run';
import type { AuthorizationLegState } from './types';

/** Records a partner's answer for a leg (first answer, poll or notification), announcing what changed. */
export function recordAuthorization(run: PaymentRun, leg: AuthorizationLegState, result: AuthorizeResult): void {
  const before = { partner_status: leg.partner_status, redirected: leg.redirection !== undefined };
  const { statusChanged, authenticationChanged } = applyAuthorizeResult(leg, result, run.now(), {
    keepFingerprint: run.keepsCardFingerprints,
  });
  // The same status with another partner status or without its redirection: the shopper is done
  // at the partner, whose decision is awaited. A merchant told nothing would not know.
  const movedOn =
    run.announcesEveryLegMove &&
    (before.partner_status !== leg.partner_status || before.redirected !== (leg.redirection !== undefined));
  if (run.announcesEveryLegMove && refuseShortAuthorization(run, leg)) {
    run.changed({ leg, legAuthentication: authenticationChanged });
    return;
  }
  if (statusChanged || authenticationChanged || movedOn) run.changed({ leg, legAuthentication: authenticationChanged });
}

/**
 * A leg authorized for less than it asked (a gift card's balance short of its amount) refuses the
 * payment, its partial hold released by the compensation: whether it was so, once recorded.
 */
function refuseShortAuthorization(run: PaymentRun, leg: AuthorizationLegState): boolean {
  if (leg.status !== 'AUTHORIZED' || leg.authorized_amount >= leg.amount) return false;
  run.state.refusal = `${leg.partner} authorized ${leg.authorized_amount} of ${leg.amount}`;
  leg.partner_status_description = `${run.state.refusal}: the payment is refused and the partial hold released`;
  return true;
}

async function attemptAuthorization(run: PaymentRun, leg: AuthorizationLegState): Promise<void> {
  const { state, input } = run;
  try {
    const result = await authorizeAtPartner(run, {
      entity_id: state.entity_id,
      idempotency_key: authorizationIdempotencyKey(state.id, leg.id),
      partner: leg.partner,
      method: leg.method,
      amount: leg.amount,
      currency: state.currency,
      instrument: leg.instrument,
      order_reference: state.order.reference,
      ...(state.customer ? { customer: state.customer } : {}),
      ...(leg.three_ds ? { three_ds: leg.three_ds } : {}),
      // Asked of every partner call of such a payment: the partner answers a reusable token.
      ...(state.allow_future_usage ? { save_for_future_usage: true } : {}),
      return_url: `${input.publicUrl}/v2/payments/${state.id}/return?leg=${leg.id}`,
      notification_url: `${input.publicUrl}/partners/${leg.partner}/notifications`,
    });
    recordAuthorization(run, leg, result);
  } catch (error) {
    const permanent = permanentFailureOf(error);
    leg.status = permanent ? 'ERROR' : 'UNCERTAIN';
    leg.partner_status_description = permanent
      ? permanent.message
      : 'the partner did not answer; the outcome will be settled with the same idempotency key';
    leg.updated_at = run.now();
    run.changed({ leg });
  }
}

/** Asks the partner about a leg that is not final; a leg that never got an answer is re-sent. */
export async function pollLeg(run: PaymentRun, leg: AuthorizationLegState): Promise<void> {
  if (leg.status !== 'PENDING' && leg.status !== 'UNCERTAIN') return;
  if (!leg.partner_reference) return attemptAuthorization(run, leg);
  try {
    recordAuthorization(
      run,
      leg,
      // The entity finds its own account at partners that need one; only the activity's input grows,
      // the commands stay the same, so recorded histories replay unchanged.
      await authorizationStatusAtPartner(run, {
        entity_id: run.state.entity_id,
        partner: leg.partner,
        partner_reference: leg.partner_reference,
      }),
    );
  } catch {
    // Still no answer: the next poll tries again.
  }
}

async function settle(run: PaymentRun, leg: AuthorizationLegState): Promise<void> {
  const unsettled = () => leg.status === 'PENDING' || leg.status === 'UNCERTAIN';
  if (leg.status !== 'PENDING' && leg.status !== 'UNCERTAIN') return;
  const deadline = settlementDeadlineMs(leg.status, Date.now());
  let delayMs = firstPollDelayMs(leg.status);
  while (unsettled()) {
    if (await condition(() => !unsettled(), delayMs)) return;
    await pollLeg(run, leg);
    if (unsettled() && Date.now() >= deadline) {
      // The shopper walked away (or the partner never settled): nothing was authorized.
      leg.status = 'ABORTED';
      leg.partner_status_description = 'not completed in time';
      delete leg.redirection;
      leg.updated_at = run.now();
      run.changed({ leg });
      return;
    }
    delayMs = nextPollDelayMs(delayMs);
  }
}

/** Sends every leg in order until one fails; settles the authorization for good. */
export async function authorizeLegs(run: PaymentRun): Promise<void> {
  const { state } = run;
  for (const leg of state.legs) {
    if (leg.status === 'NEW') await attemptAuthorization(run, leg);
    if (leg.status === 'PENDING' || leg.status === 'UNCERTAIN') {
      run.authorizationPhase = 'WAITING';
      await settle(run, leg);
      run.authorizationPhase = 'RUNNING';
    }
    if (leg.status !== 'AUTHORIZED') break;
    if (leg.authorized_amount < leg.amount) {
      // Announced already, when recorded, in runs that take the patch for it (run.ts).
      if (!run.announcesEveryLegMove) {
        refuseShortAuthorization(run, leg);
        run.changed({ leg });
      }
      break;
    }
  }
  // Legs after a failure are never sent to their partner.
  for (const leg of state.legs) {
    if (leg.status === 'NEW') {
      leg.status = 'ABORTED';
      leg.updated_at = run.now();
      run.changed({ leg });
    }
  }
  state.authorization_settled = true;
  run.authorizationPhase = 'DONE';
  run.changed({});
}
