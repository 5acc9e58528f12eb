// The payment process (workflows/payment/payment.ts), whole, with scripted partners: what it does
// on its own between the phases: AUTOMATIC capture right after authorization, compensation after
// a refusal, the wallet save, the first answer the API waits for, and when it ends.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { updateFailure } from '../../../api/temporal/workflow-errors';
import { awaitAuthorizationUpdate, captureUpdate, voidUpdate } from '../../../workflows/payment/messages';
import { eventually } from '../../support/api-client';
import { cardLeg, giftCardLeg, paymentState, phaseInput } from './payment-states';
import { phaseWorkerForThisFile } from './phase-worker';
import { approved, pendingForShopper, refused, succeeded } from './scripted-partner';
import { paymentProcess } from './workflows/phases';

const phases = phaseWorkerForThisFile();

/** A refund window of a second: a payment with refundable money ends soon after it is captured. */
const shortRefundWindow = { windows: { refundWindowMs: 1_000 } };

const sent = () => phases.partner.calls.map(({ call, leg, amount }) => ({ call, leg, amount }));

describe('the payment process', () => {
  it('captures everything right after authorization in AUTOMATIC mode, triggered by the authorization', async () => {
    const [giftCard, card] = [giftCardLeg(1000), cardLeg(1599)];
    phases.partner
      .onAuthorize(giftCard.id, approved())
      .onAuthorize(card.id, approved())
      .onOperation(giftCard.id, 'capture', succeeded())
      .onOperation(card.id, 'capture', succeeded());

    const payment = await (
      await phases.start(
        paymentProcess,
        phaseInput(paymentState([giftCard, card], { capture_mode: 'AUTOMATIC' }), shortRefundWindow),
      )
    ).result();

    expect(sent()).toEqual([
      { call: 'authorize', leg: giftCard.id, amount: 1000 },
      { call: 'authorize', leg: card.id, amount: 1599 },
      { call: 'capture', leg: giftCard.id, amount: 1000 },
      { call: 'capture', leg: card.id, amount: 1599 },
    ]);
    expect(payment.captures).toHaveLength(1);
    expect(payment.captures[0]).toMatchObject({ amount: 2599, triggered_by: 'AUTHORIZATION', status: 'SUCCESS' });
    expect(payment.amounts).toMatchObject({ available_to_capture: 0, available_to_refund: 2599 });
  });

  it('captures nothing on its own in MANUAL mode', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());

    const payment = await (
      await phases.start(paymentProcess, phaseInput(paymentState([card]), shortRefundWindow))
    ).result();

    expect(sent()).toEqual([{ call: 'authorize', leg: card.id, amount: 2599 }]);
    expect(payment.captures).toEqual([]);
    expect(payment.amounts.available_to_capture).toBe(2599);
  });

  it('gives back what an earlier leg holds after a refusal, captures nothing, and ends once no money can move', async () => {
    const [giftCard, card] = [giftCardLeg(1000), cardLeg(1599)];
    phases.partner
      .onAuthorize(giftCard.id, approved())
      .onAuthorize(card.id, refused())
      .onOperation(giftCard.id, 'void', succeeded());

    // The domain's refund window: the run ends because nothing can move, not because time ran out.
    const payment = await (
      await phases.start(paymentProcess, phaseInput(paymentState([giftCard, card], { capture_mode: 'AUTOMATIC' })))
    ).result();

    expect(sent()).toEqual([
      { call: 'authorize', leg: giftCard.id, amount: 1000 },
      { call: 'authorize', leg: card.id, amount: 1599 },
      { call: 'void', leg: giftCard.id, amount: 1000 },
    ]);
    expect(payment.authorization?.status).toBe('REFUSED');
    expect(payment.captures).toEqual([]);
    expect(payment.voids.map(({ amount, triggered_by, status }) => ({ amount, triggered_by, status }))).toEqual([
      { amount: 1000, triggered_by: 'ORCHESTRATOR', status: 'SUCCESS' },
    ]);
  });

  it('answers the API once the authorization has a first outcome, a leg waiting for its shopper included', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, pendingForShopper(true)).onStatus(card.id, pendingForShopper(true));
    const state = paymentState([card]);
    const handle = await phases.start(paymentProcess, phaseInput(state));

    const first = await handle.executeUpdate(awaitAuthorizationUpdate, { args: [{ entity_id: state.entity_id }] });

    expect(first.authorization?.status).toBe('PENDING');
    expect(first.redirection?.href).toContain(card.id);
    expect(sent()).toEqual([{ call: 'authorize', leg: card.id, amount: 2599 }]);
  });

  it('runs one of two operations of different kinds sent with one key while the authorization was in flight', async () => {
    const card = cardLeg(2599);
    // The local call outlasts its timeout (workflows/payment/partner-calls.ts QUICK_CALL_TIMEOUT) and
    // the activity after it takes its time: the authorization spans workflow tasks, so the two
    // Updates below are validated while it runs, neither seeing the other.
    phases.partner
      .onAuthorize(card.id, approved())
      .onOperation(card.id, 'capture', succeeded())
      .onOperation(card.id, 'void', succeeded())
      .answerSlowly(6_000, 1_500);
    const state = paymentState([card]);
    const handle = await phases.start(paymentProcess, phaseInput(state));
    // The ids the API derives from one key for each kind (api/gateway/payments.ts): each Update
    // names the other kinds' ids, as the API sends them.
    const ids = { capture: randomUUID(), void: randomUUID(), refund: randomUUID() };
    const sameKey = (kind: keyof typeof ids) =>
      Object.entries(ids).flatMap(([other, id]) => (other === kind ? [] : [id]));
    await eventually(async () => (phases.partner.local.length === 2 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 50,
      what: 'the authorization sent again as an activity',
    });
    expect(phases.partner.local).toEqual([true, false]);

    const outcomes = await Promise.allSettled([
      handle.executeUpdate(captureUpdate, {
        args: [
          {
            entity_id: state.entity_id,
            operation_id: ids.capture,
            same_key_operation_ids: sameKey('capture'),
            amount: 1000,
          },
        ],
      }),
      handle.executeUpdate(voidUpdate, {
        args: [
          { entity_id: state.entity_id, operation_id: ids.void, same_key_operation_ids: sameKey('void'), amount: 1000 },
        ],
      }),
    ]);

    const done = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [updateFailure(outcome.reason)] : [],
    );
    expect(done).toHaveLength(1);
    expect(refusals.map((failure) => [failure?.type, failure?.message])).toEqual([
      ['DuplicateOperation', done[0]?.operation_id],
    ]);
    expect(sent().filter(({ call }) => call !== 'authorize')).toHaveLength(1);
    const { payment } = done[0]!;
    expect(payment.captures.length + payment.voids.length).toBe(1);
    await phases.replay(handle);
  }, 30_000);

  it('saves the reusable token to the customer wallet, and a failed save never fails the payment', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, { status: 'AUTHORIZED', partner_token: 'ptok_reusable' });
    phases.recorded.failWalletSaves();
    const state = paymentState([card], { allow_future_usage: true, customer: { reference: 'customer-42' } });

    const payment = await (await phases.start(paymentProcess, phaseInput(state, shortRefundWindow))).result();

    expect(
      phases.recorded.walletSaves.map(({ owner_reference, payment_id, entry }) => [
        owner_reference,
        payment_id,
        entry.value,
      ]),
    ).toEqual([['customer-42', state.id, 'ptok_reusable']]);
    expect(payment.authorization?.status).toBe('AUTHORIZED');
    expect(payment.authorization?.partner_transactions[0]?.partner_token).toBe('ptok_reusable');
  });

  it('records one patch marker in a new run, whatever patches it takes, the wallet save included', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, { status: 'AUTHORIZED', partner_token: 'ptok_reusable' });
    const state = paymentState([card], { allow_future_usage: true, customer: { reference: 'customer-7' } });
    const handle = await phases.start(paymentProcess, phaseInput(state, shortRefundWindow));
    const payment = await handle.result();

    const { events } = await handle.fetchHistory();
    const markers = (events ?? []).filter((event) => event.markerRecordedEventAttributes);
    const upserts = (events ?? []).filter((event) => event.upsertWorkflowSearchAttributesEventAttributes);
    expect(markers.map((event) => event.markerRecordedEventAttributes?.markerName)).toEqual([
      'core_patch',
      // The authorization, called locally first (workflows/payment/partner-calls.ts).
      'core_local_activity',
    ]);
    expect(upserts).toHaveLength(1);
    // The run took every patch: fingerprints kept, the wallet saved (an activity: nobody waits on it).
    expect(phases.recorded.walletSaves.map(({ payment_id }) => payment_id)).toEqual([state.id]);
    expect(payment.authorization?.status).toBe('AUTHORIZED');
    const scheduled = (events ?? []).flatMap(
      (event) => event.activityTaskScheduledEventAttributes?.activityType?.name ?? [],
    );
    expect(scheduled).not.toContain('authorizeLeg');
    expect(scheduled).toContain('saveToWallet');
  });
});
