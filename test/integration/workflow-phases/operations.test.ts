// The merchant's operations (workflows/payment/operations.ts) on their own, sent as the API sends
// them: Updates to the payment's handlers (workflows/payment/handlers.ts). A capture, void or refund
// is planned across legs and refused beyond what is available before anything is recorded; a part
// whose outcome is unknown is settled later with the same idempotency key.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import {
  captureUpdate,
  partnerNotificationSignal,
  refundUpdate,
  voidUpdate,
} from '../../../workflows/payment/messages';
import type { OperationUpdateInput, PaymentState } from '../../../workflows/payment/types';
import { eventually } from '../../support/api-client';
import { authorized, cardLeg, giftCardLeg, paymentState, phaseInput } from './payment-states';
import { phaseWorkerForThisFile } from './phase-worker';
import { refusal } from './update-refusal';
import {
  authorizeResult,
  failedAtPartner,
  noAnswer,
  operationUnknownAtPartner,
  permanentFailure,
  refused,
  succeeded,
} from './scripted-partner';
import { finishPhaseSignal, operationsPhase, readPhaseUpdate } from './workflows/phases';

const phases = phaseWorkerForThisFile();

type Payment = WorkflowHandle<typeof operationsPhase>;
const updates = { capture: captureUpdate, void: voidUpdate, refund: refundUpdate } as const;

/** A gift card of 1000 and a card of 1599, both authorized, serving the merchant's operations. */
async function authorizedPayment(): Promise<{ handle: Payment; state: PaymentState; giftCard: string; card: string }> {
  const state = paymentState([authorized(giftCardLeg(1000)), authorized(cardLeg(1599))], { settled: true });
  const [giftCard, card] = state.legs.map((leg) => leg.id) as [string, string];
  return { handle: await phases.start(operationsPhase, phaseInput(state)), state, giftCard, card };
}

function operate(
  payment: { handle: Payment; state: PaymentState },
  kind: keyof typeof updates,
  request: Omit<OperationUpdateInput, 'entity_id' | 'operation_id'> & Partial<OperationUpdateInput>,
) {
  return payment.handle.executeUpdate(updates[kind], {
    args: [{ entity_id: payment.state.entity_id, operation_id: randomUUID(), ...request }],
  });
}

const sent = () => phases.partner.calls.map(({ call, leg, amount }) => ({ call, leg, amount }));

describe('operations: planned across legs', () => {
  it('captures from the legs in authorization order, one partner transaction per leg', async () => {
    const payment = await authorizedPayment();
    phases.partner
      .onOperation(payment.giftCard, 'capture', succeeded())
      .onOperation(payment.card, 'capture', succeeded());

    const { payment: after, operation_id } = await operate(payment, 'capture', { amount: 1500 });

    expect(sent()).toEqual([
      { call: 'capture', leg: payment.giftCard, amount: 1000 },
      { call: 'capture', leg: payment.card, amount: 500 },
    ]);
    const [first, second] = phases.partner.calls;
    expect(first?.idempotency_key).not.toBe(second?.idempotency_key);
    const capture = after.captures.find((operation) => operation.id === operation_id);
    expect(capture).toMatchObject({ amount: 1500, status: 'SUCCESS', triggered_by: 'MERCHANT' });
    expect(capture?.partner_transactions.map((tx) => [tx.authorization_partner_transaction_id, tx.amount])).toEqual([
      [payment.giftCard, 1000],
      [payment.card, 500],
    ]);
    expect(after.amounts).toMatchObject({ available_to_capture: 1099, available_to_refund: 1500 });
  });

  it('voids and refunds from the last leg first', async () => {
    const payment = await authorizedPayment();
    phases.partner
      .onOperation(payment.giftCard, 'capture', succeeded())
      .onOperation(payment.card, 'capture', succeeded())
      .onOperation(payment.card, 'refund', succeeded())
      .onOperation(payment.giftCard, 'refund', succeeded())
      .onOperation(payment.card, 'void', succeeded());

    await operate(payment, 'capture', { amount: 1500 });
    await operate(payment, 'refund', { amount: 700 });
    const { payment: after } = await operate(payment, 'void', { amount: 1099 });

    expect(sent().slice(2)).toEqual([
      { call: 'refund', leg: payment.card, amount: 500 },
      { call: 'refund', leg: payment.giftCard, amount: 200 },
      { call: 'void', leg: payment.card, amount: 1099 },
    ]);
    expect(after.amounts).toMatchObject({ available_to_capture: 0, available_to_void: 0, available_to_refund: 800 });
  });

  it('takes only from the leg the merchant names', async () => {
    const payment = await authorizedPayment();
    phases.partner.onOperation(payment.card, 'capture', succeeded());

    await operate(payment, 'capture', { amount: 1599, partner_transaction_id: payment.card });

    expect(sent()).toEqual([{ call: 'capture', leg: payment.card, amount: 1599 }]);
    const beyond = await refusal(operate(payment, 'capture', { amount: 1, partner_transaction_id: payment.card }));
    expect(beyond.message).toContain(
      `must not exceed 0, the amount available to capture on partner transaction ${payment.card}`,
    );
  });
});

describe('operations: refused before anything is recorded', () => {
  it('refuses more than is available, and no partner is asked', async () => {
    const payment = await authorizedPayment();

    const capture = await refusal(operate(payment, 'capture', { amount: 2600 }));
    const refund = await refusal(operate(payment, 'refund', { amount: 1 }));

    expect(capture).toEqual({
      type: 'InvalidOperation',
      message: 'must not exceed 2599, the amount available to capture',
    });
    expect(refund).toEqual({ type: 'InvalidOperation', message: 'must not exceed 0, the amount available to refund' });
    expect(phases.partner.calls).toEqual([]);
    const shown = await payment.handle.executeUpdate(readPhaseUpdate);
    expect([shown.captures, shown.refunds, shown.version]).toEqual([[], [], payment.state.version]);
  });

  it('refuses an operation id it has seen, and another entity as if the payment did not exist', async () => {
    const payment = await authorizedPayment();
    phases.partner.onOperation(payment.giftCard, 'capture', succeeded());
    const operationId = randomUUID();

    await operate(payment, 'capture', { amount: 100, operation_id: operationId });
    const repeated = await refusal(operate(payment, 'capture', { amount: 100, operation_id: operationId }));
    const stranger = await refusal(operate(payment, 'capture', { amount: 100, entity_id: randomUUID() }));

    expect(repeated).toEqual({ type: 'DuplicateOperation', message: operationId });
    expect(stranger).toEqual({ type: 'NotFound', message: 'payment not found' });
    expect(phases.partner.calls).toHaveLength(1);
  });
});

describe('operations: outcomes', () => {
  it('gives the money back to what is available when the partner refuses the capture', async () => {
    const payment = await authorizedPayment();
    phases.partner.onOperation(payment.giftCard, 'capture', failedAtPartner());

    const { payment: after } = await operate(payment, 'capture', { amount: 1000 });

    expect(after.captures[0]?.status).toBe('FAILURE');
    expect(after.amounts).toMatchObject({ available_to_capture: 2599, available_to_refund: 0 });
  });

  it('fails the part a partner refused outright, and frees its amount, in a run that takes the patch for it', async () => {
    const state = paymentState([authorized(giftCardLeg(1000)), authorized(cardLeg(1599))], { settled: true });
    const [giftCard] = state.legs.map((leg) => leg.id) as [string, string];
    const handle = await phases.start(operationsPhase, phaseInput(state, { failsRefusedOperations: true }));
    phases.partner.onOperation(giftCard, 'capture', permanentFailure());

    const { payment: after } = await handle.executeUpdate(captureUpdate, {
      args: [{ entity_id: state.entity_id, operation_id: randomUUID(), amount: 1000 }],
    });

    expect(after.captures[0]?.status).toBe('FAILURE');
    expect(after.captures[0]?.partner_transactions[0]).toMatchObject({
      status: 'FAILURE',
      partner_status_description: expect.stringContaining('the partner refused the capture'),
    });
    expect(after.amounts).toMatchObject({ available_to_capture: 2599 });
    // Nothing is re-sent: the partner's answer stands.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sent().filter((call) => call.call === 'capture')).toHaveLength(1);
  });

  it('leaves a part a partner refused outright UNCERTAIN in a run started before that patch, as it was decided', async () => {
    const payment = await authorizedPayment();
    phases.partner.onOperation(payment.giftCard, 'capture', permanentFailure());

    const { payment: after } = await operate(payment, 'capture', { amount: 1000 });

    expect(after.captures[0]?.partner_transactions[0]?.status).toBe('UNCERTAIN');
    expect(after.amounts).toMatchObject({ available_to_capture: 1599 });
  });

  it('says CONFLICT when one leg captured and the other refused', async () => {
    const payment = await authorizedPayment();
    phases.partner
      .onOperation(payment.giftCard, 'capture', succeeded())
      .onOperation(payment.card, 'capture', failedAtPartner());

    const { payment: after } = await operate(payment, 'capture', { amount: 2599 });

    expect(after.captures[0]?.status).toBe('CONFLICT');
    expect(after.captures[0]?.partner_transactions.map((tx) => tx.status)).toEqual(['SUCCESS', 'FAILURE']);
    expect(after.amounts).toMatchObject({ available_to_capture: 1599, available_to_refund: 1000 });
  });

  it.each([
    // The local attempt and the activity after it, then the re-send.
    ['no answer came back', noAnswer(), [true, false, false]],
    // The partner's answer to the local call, then the re-send.
    ['the partner does not know yet', operationUnknownAtPartner(), [true, false]],
  ])('settles an UNCERTAIN part later with the same idempotency key (%s)', async (_why, firstAnswer, local) => {
    const payment = await authorizedPayment();
    phases.partner.onOperation(payment.card, 'capture', firstAnswer, succeeded());

    const answered = await operate(payment, 'capture', { amount: 1599, partner_transaction_id: payment.card });

    // The merchant is answered at once: the money is reserved while the outcome is unknown.
    expect(answered.payment.captures[0]?.status).toBe('UNCERTAIN');
    expect(answered.payment.amounts.available_to_capture).toBe(1000);
    const settled = await eventually(
      async () => {
        const shown = await payment.handle.executeUpdate(readPhaseUpdate);
        return shown.captures[0]?.status === 'SUCCESS' ? shown : undefined;
      },
      { what: 'the capture settled', timeoutMs: 30_000 },
    );
    const captures = phases.partner.callsOf('capture');
    expect(phases.partner.local).toEqual(local);
    expect(new Set(captures.map((call) => call.idempotency_key))).toEqual(new Set([captures[0]?.idempotency_key]));
    expect(settled.amounts).toMatchObject({ available_to_capture: 1000, available_to_refund: 1599 });

    await payment.handle.signal(finishPhaseSignal);
    const { state } = await payment.handle.result();
    expect(state.operations[0]?.partner_transactions[0]?.status).toBe('SUCCESS');
  });
});

describe('operations: the partner called locally, one call at a time', () => {
  it('answers two operations sent together, never two local calls at once, and its history replays', async () => {
    const payment = await authorizedPayment();
    phases.partner
      .onOperation(payment.card, 'capture', succeeded())
      .onOperation(payment.giftCard, 'void', succeeded())
      .answerSlowly(300, 300);

    const [capture, voided] = await Promise.all([
      operate(payment, 'capture', { amount: 1599, partner_transaction_id: payment.card }),
      operate(payment, 'void', { amount: 1000, partner_transaction_id: payment.giftCard }),
    ]);

    expect(capture.payment.captures).toHaveLength(1);
    expect(voided.payment.voids[0]?.status).toBe('SUCCESS');
    expect(phases.partner.local).toEqual([true, true]);
    expect(phases.partner.mostLocalCallsAtOnce).toBe(1);
    const { captures, voids } = await payment.handle.executeUpdate(readPhaseUpdate);
    expect([captures[0]?.status, voids[0]?.status]).toEqual(['SUCCESS', 'SUCCESS']);
    await payment.handle.signal(finishPhaseSignal);
    await payment.handle.result();
    await phases.replay(payment.handle);
  });

  it('goes on as an activity with the same key when the local call takes too long', async () => {
    const payment = await authorizedPayment();
    // Longer than the local call may take (workflows/payment/partner-calls.ts QUICK_CALL_TIMEOUT).
    phases.partner.onOperation(payment.card, 'capture', succeeded()).answerSlowly(6_000);

    const { payment: after } = await operate(payment, 'capture', {
      amount: 1599,
      partner_transaction_id: payment.card,
    });

    expect(after.captures[0]?.status).toBe('SUCCESS');
    expect(phases.partner.local).toEqual([true, false]);
    const [first, second] = phases.partner.callsOf('capture');
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
    await payment.handle.signal(finishPhaseSignal);
    await payment.handle.result();
    await phases.replay(payment.handle);
  }, 30_000);
});

describe('handlers: partner notifications', () => {
  it('never reopens a leg that is final', async () => {
    const payment = await authorizedPayment();
    const card = payment.state.legs[1]!;

    await payment.handle.signal(partnerNotificationSignal, {
      leg_id: card.id,
      result: authorizeResult(card, 'EUR', refused()),
    });
    await payment.handle.signal(finishPhaseSignal);
    const { state, payment: after } = await payment.handle.result();

    expect(state.legs[1]?.status).toBe('AUTHORIZED');
    expect(after.authorization?.status).toBe('AUTHORIZED');
    expect(state.version).toBe(payment.state.version);
  });
});
