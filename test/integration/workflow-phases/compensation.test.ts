// The compensation phase (workflows/payment/compensation.ts) on its own: once a leg failed, what
// the other legs hold is given back (voided while uncaptured, refunded once captured) by the
// orchestrator, after whatever is still in flight has settled.
import { describe, expect, it } from 'vitest';
import type { OperationState } from '../../../workflows/payment/types';
import { authorized, cardLeg, giftCardLeg, operationOn, paymentState, phaseInput, refusedLeg } from './payment-states';
import { phaseWorkerForThisFile } from './phase-worker';
import { failedAtPartner, succeeded } from './scripted-partner';
import { compensationPhase } from './workflows/phases';

const phases = phaseWorkerForThisFile();

const orchestrated = (operations: OperationState[]) =>
  operations
    .filter((operation) => operation.triggered_by === 'ORCHESTRATOR')
    .map(({ kind, amount, status, partner_transactions }) => ({
      kind,
      amount,
      status,
      legs: partner_transactions.map((tx) => tx.authorization_id),
    }));

describe('compensation', () => {
  it('voids what an earlier leg holds once a later leg is refused', async () => {
    const giftCard = authorized(giftCardLeg(1000));
    const card = refusedLeg(cardLeg(1599));
    phases.partner.onOperation(giftCard.id, 'void', succeeded());

    const { state, payment } = await (
      await phases.start(compensationPhase, phaseInput(paymentState([giftCard, card], { settled: true })))
    ).result();

    expect(phases.partner.calls.map(({ call, leg, amount }) => ({ call, leg, amount }))).toEqual([
      { call: 'void', leg: giftCard.id, amount: 1000 },
    ]);
    expect(orchestrated(state.operations)).toEqual([
      { kind: 'void', amount: 1000, status: 'SUCCESS', legs: [giftCard.id] },
    ]);
    expect(payment.amounts).toMatchObject({ available_to_capture: 0, available_to_void: 0, available_to_refund: 0 });
  });

  it('refunds what was captured and voids the rest', async () => {
    const giftCard = authorized(giftCardLeg(1000));
    const card = refusedLeg(cardLeg(1599));
    const capture = operationOn(giftCard, 'capture', 400);
    phases.partner.onOperation(giftCard.id, 'void', succeeded()).onOperation(giftCard.id, 'refund', succeeded());

    const { state, payment } = await (
      await phases.start(
        compensationPhase,
        phaseInput(paymentState([giftCard, card], { settled: true, operations: [capture] })),
      )
    ).result();

    expect(phases.partner.calls.map(({ call, amount }) => ({ call, amount }))).toEqual([
      { call: 'void', amount: 600 },
      { call: 'refund', amount: 400 },
    ]);
    expect(orchestrated(state.operations)).toEqual([
      { kind: 'void', amount: 600, status: 'SUCCESS', legs: [giftCard.id] },
      { kind: 'refund', amount: 400, status: 'SUCCESS', legs: [giftCard.id] },
    ]);
    expect(payment.amounts).toMatchObject({ available_to_void: 0, available_to_refund: 0 });
  });

  it('releases what a gift card short of its balance holds', async () => {
    const giftCard = authorized(giftCardLeg(1000), 600);
    const card = { ...cardLeg(1599), status: 'ABORTED' as const };
    phases.partner.onOperation(giftCard.id, 'void', succeeded());
    const state = {
      ...paymentState([giftCard, card], { settled: true }),
      refusal: 'sandbox-giftcard authorized 600 of 1000',
    };

    const outcome = await (await phases.start(compensationPhase, phaseInput(state))).result();

    expect(orchestrated(outcome.state.operations)).toEqual([
      { kind: 'void', amount: 600, status: 'SUCCESS', legs: [giftCard.id] },
    ]);
  });

  it('waits for a capture in flight, and refunds it once it turns out to have succeeded', async () => {
    const giftCard = authorized(giftCardLeg(1000));
    const card = refusedLeg(cardLeg(1599));
    const capture = operationOn(giftCard, 'capture', 1000, 'UNCERTAIN');
    phases.partner.onOperation(giftCard.id, 'capture', succeeded()).onOperation(giftCard.id, 'refund', succeeded());

    const { state } = await (
      await phases.start(
        compensationPhase,
        phaseInput(paymentState([giftCard, card], { settled: true, operations: [capture] })),
      )
    ).result();

    // Nothing was voided while the capture's outcome was unknown: it might have taken the money.
    expect(phases.partner.calls.map(({ call, amount }) => ({ call, amount }))).toEqual([
      { call: 'capture', amount: 1000 },
      { call: 'refund', amount: 1000 },
    ]);
    expect(state.operations[0]?.status).toBe('SUCCESS');
    expect(orchestrated(state.operations)).toEqual([
      { kind: 'refund', amount: 1000, status: 'SUCCESS', legs: [giftCard.id] },
    ]);
  });

  it('tries a void the partner refused again later', async () => {
    const giftCard = authorized(giftCardLeg(1000));
    const card = refusedLeg(cardLeg(1599));
    phases.partner.onOperation(giftCard.id, 'void', failedAtPartner(), succeeded());

    const { state } = await (
      await phases.start(compensationPhase, phaseInput(paymentState([giftCard, card], { settled: true })))
    ).result();

    expect(phases.partner.callsOf('void').map((call) => call.amount)).toEqual([1000, 1000]);
    expect(orchestrated(state.operations)).toEqual([
      { kind: 'void', amount: 1000, status: 'FAILURE', legs: [giftCard.id] },
      { kind: 'void', amount: 1000, status: 'SUCCESS', legs: [giftCard.id] },
    ]);
  });

  it('gives nothing back when every leg holds what was asked', async () => {
    const legs = [authorized(giftCardLeg(1000)), authorized(cardLeg(1599))];

    const { state } = await (
      await phases.start(compensationPhase, phaseInput(paymentState(legs, { settled: true })))
    ).result();

    expect(phases.partner.calls).toEqual([]);
    expect(state.operations).toEqual([]);
  });
});
