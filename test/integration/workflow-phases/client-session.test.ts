// The client session workflow (workflows/client-session/client-session.ts) with a scripted partner
// behind the payment it starts: its transitions, the Updates it refuses, the payment's first
// outcome it answers the shopper with, and its expiry.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WithStartWorkflowOperation, type WorkflowHandle } from '@temporalio/client';
import {
  abortClientSessionUpdate,
  openClientSessionUpdate,
  readClientSessionUpdate,
  reserveClientSessionPaymentUpdate,
  submitClientSessionUpdate,
} from '../../../workflows/client-session/messages';
import { clientSessionWorkflowId } from '../../../workflows/client-session/id';
import type { ClientSessionState } from '../../../workflows/client-session/types';
import { paymentWorkflowId } from '../../../workflows/payment/ids';
import {
  awaitAuthorizationUpdate,
  partnerNotificationSignal,
  paymentChangedSignal,
} from '../../../workflows/payment/messages';
import { paymentWorkflow } from '../../../workflows/payment/payment';
import type { AuthorizationLegState, PaymentWorkflowInput } from '../../../workflows/payment/types';
import { eventually } from '../../support/api-client';
import { cardLeg, everyEvent, giftCardLeg } from './payment-states';
import { phaseWorkerForThisFile } from './phase-worker';
import { refusal } from './update-refusal';
import { approved, authenticatedAndApproved, authorizeResult, pendingForShopper, refused } from './scripted-partner';
import { clientSessionWorkflow } from '../../../workflows/client-session/client-session';

const phases = phaseWorkerForThisFile();

type Session = WorkflowHandle<typeof clientSessionWorkflow>;

/** A session as the API creates it, expiring in `ttlMs` (a day unless said). */
function newSession(ttlMs = 24 * 3600 * 1000): ClientSessionState {
  const id = randomUUID();
  const now = Date.now();
  return {
    id,
    entity_id: randomUUID(),
    status: 'CREATED',
    version: 1,
    amount: 2599,
    currency: 'EUR',
    capture_mode: 'MANUAL',
    integration_mode: 'HOSTED_PAGE',
    allow_future_usage: false,
    order: { reference: `order-${id.slice(0, 8)}` },
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + ttlMs).toISOString(),
    shopper_redirection_url: 'https://shop.example/return',
    eligible_solutions: [{ partner: 'sandbox-card', method: 'creditcard' }],
    links: {
      self: `http://127.0.0.1:1/v2/client-sessions/${id}`,
      abort: `http://127.0.0.1:1/v2/client-sessions/${id}/abort`,
    },
  };
}

async function startSession(session: ClientSessionState, paymentStartRepairMs?: number): Promise<Session> {
  return phases.start(
    clientSessionWorkflow,
    {
      session,
      webhook: everyEvent,
      webhookRetry: { initialIntervalMs: 100 },
      ...(paymentStartRepairMs === undefined ? {} : { paymentStartRepairMs }),
    },
    clientSessionWorkflowId(session.id),
  );
}

/** The session as it stands, read as the API reads a running one: by Update. */
const read = (handle: Session, session: ClientSessionState) =>
  handle.executeUpdate(readClientSessionUpdate, { args: [{ entity_id: session.entity_id }] });

/** Submits the shopper's choice; the payment it starts is terminated after the test. */
function submit(handle: Session, session: ClientSessionState, legs: AuthorizationLegState[]) {
  const paymentId = randomUUID();
  phases.track(paymentWorkflowId(paymentId));
  return handle.executeUpdate(submitClientSessionUpdate, {
    args: [{ entity_id: session.entity_id, payment_id: paymentId, legs, publicUrl: 'http://127.0.0.1:1' }],
  });
}

/**
 * The shopper's choice as the API sends it: the session is reserved for the payment. The API of
 * this release also says it will tell the session of the first outcome (`tellsFirstOutcome`).
 */
function reserve(
  handle: Session,
  session: ClientSessionState,
  legs: AuthorizationLegState[],
  paymentId: string = randomUUID(),
  tellsFirstOutcome = false,
) {
  phases.track(paymentWorkflowId(paymentId));
  return handle.executeUpdate(reserveClientSessionPaymentUpdate, {
    args: [
      {
        entity_id: session.entity_id,
        payment_id: paymentId,
        legs,
        publicUrl: 'http://127.0.0.1:1',
        ...(tellsFirstOutcome ? { tells_first_outcome: true } : {}),
      },
    ],
  });
}

/** The names of the signals a workflow sent to others, and those it received, in order. */
async function signalsOf(workflowId: string): Promise<{ sent: number; received: string[] }> {
  const { events } = await phases.client.workflow.getHandle(workflowId).fetchHistory();
  return {
    sent: (events ?? []).filter((event) => event.signalExternalWorkflowExecutionInitiatedEventAttributes).length,
    received: (events ?? []).flatMap((event) => event.workflowExecutionSignaledEventAttributes?.signalName ?? []),
  };
}

/** What the API does with a reservation: starts the payment and waits for its first outcome (Update-with-Start). */
function startReserved(start: PaymentWorkflowInput) {
  return phases.client.workflow.executeUpdateWithStart(awaitAuthorizationUpdate, {
    args: [{ entity_id: start.payment.entity_id }],
    startWorkflowOperation: new WithStartWorkflowOperation(paymentWorkflow, {
      workflowId: paymentWorkflowId(start.payment.id),
      taskQueue: phases.taskQueue,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [start],
    }),
  });
}

const sessionEvents = () =>
  phases.recorded.delivered.map((event) => [
    event.event_type,
    event.resource.version,
    (event.data as ClientSessionState).status,
  ]);

describe('client session: transitions', () => {
  it('moves to CHOICE_IN_PROGRESS when the shopper opens it, once', async () => {
    const session = newSession();
    const handle = await startSession(session);

    const opened = await handle.executeUpdate(openClientSessionUpdate, { args: [{ entity_id: session.entity_id }] });
    const reopened = await handle.executeUpdate(openClientSessionUpdate, { args: [{ entity_id: session.entity_id }] });

    expect([opened.status, opened.version]).toEqual(['CHOICE_IN_PROGRESS', 2]);
    expect([reopened.status, reopened.version]).toEqual(['CHOICE_IN_PROGRESS', 2]);
    await expect.poll(sessionEvents, { timeout: 30_000 }).toEqual([['PAYMENT', 2, 'CHOICE_IN_PROGRESS']]);
  });

  it('ends when the merchant aborts it', async () => {
    const session = newSession();
    const handle = await startSession(session);

    const aborted = await handle.executeUpdate(abortClientSessionUpdate, {
      args: [{ entity_id: session.entity_id, status: 'ABORTED_BY_MERCHANT' }],
    });
    const ended = await handle.result();

    expect(aborted.status).toBe('ABORTED_BY_MERCHANT');
    expect(ended.status).toBe('ABORTED_BY_MERCHANT');
    expect(sessionEvents()).toEqual([['PAYMENT', 2, 'ABORTED_BY_MERCHANT']]);
  });

  it('refuses another entity as if the session did not exist', async () => {
    const session = newSession();
    const handle = await startSession(session);

    const stranger = await refusal(
      handle.executeUpdate(abortClientSessionUpdate, {
        args: [{ entity_id: randomUUID(), status: 'ABORTED_BY_MERCHANT' }],
      }),
    );

    expect(stranger).toEqual({ type: 'NotFound', message: 'client session not found' });
    expect((await read(handle, session)).status).toBe('CREATED');
  });
});

describe('client session: submission', () => {
  it('starts the payment and answers its first outcome; an authorized session ends', async () => {
    const session = newSession();
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());
    const handle = await startSession(session);

    const submitted = await submit(handle, session, [card]);
    const ended = await handle.result();

    expect(submitted.session.status).toBe('SUBMITTED');
    expect(submitted.payment.authorization?.status).toBe('AUTHORIZED');
    expect(submitted.payment.client_session_id).toBe(session.id);
    expect(submitted.session.payment_id).toBe(submitted.payment.id);
    expect(ended.authorization?.status).toBe('AUTHORIZED');
    expect(phases.partner.calls.map((call) => call.leg)).toEqual([card.id]);
  });

  it('refuses parts that do not add up to the session amount, and stays open', async () => {
    const session = newSession();
    const handle = await startSession(session);

    const wrong = await refusal(submit(handle, session, [cardLeg(2000)]));

    expect(wrong).toEqual({
      type: 'InvalidSubmission',
      message: 'the parts add up to 2000, the session amount is 2599',
    });
    expect((await read(handle, session)).status).toBe('CREATED');
    expect(phases.partner.calls).toEqual([]);
  });

  it('lets the shopper pay again after a refusal, and refuses a second payment while one is in progress', async () => {
    const session = newSession();
    const [refusedCard, giftCard, card] = [cardLeg(2599), giftCardLeg(1000), cardLeg(1599)];
    phases.partner
      .onAuthorize(refusedCard.id, refused())
      .onAuthorize(giftCard.id, approved())
      .onAuthorize(card.id, pendingForShopper(true))
      .onStatus(card.id, pendingForShopper(true));
    const handle = await startSession(session);

    const first = await submit(handle, session, [refusedCard]);
    const second = await submit(handle, session, [giftCard, card]);
    const third = await refusal(submit(handle, session, [cardLeg(2599)]));

    expect([first.session.status, first.payment.authorization?.status]).toEqual(['SUBMITTED', 'REFUSED']);
    expect([second.session.status, second.payment.authorization?.status]).toEqual(['SUBMITTED', 'PENDING']);
    expect(second.payment.id).not.toBe(first.payment.id);
    expect(third).toEqual({
      type: 'AlreadySubmitted',
      message: 'the client session already has a payment in progress or authorized',
    });
    const abort = await refusal(
      handle.executeUpdate(abortClientSessionUpdate, {
        args: [{ entity_id: session.entity_id, status: 'ABORTED_BY_CUSTOMER' }],
      }),
    );
    expect(abort).toEqual({
      type: 'InvalidTransition',
      message: 'the client session is SUBMITTED and its payment is PENDING; it cannot become ABORTED_BY_CUSTOMER',
    });
  });
});

describe('client session: submission reserved, payment started by the API', () => {
  it('hands back the payment to start, answers a retry with the same reservation, and follows the payment to its outcome', async () => {
    const session = newSession();
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());
    const handle = await startSession(session);
    const paymentId = randomUUID();

    const reserved = await reserve(handle, session, [card], paymentId);
    const again = await reserve(handle, session, [card], paymentId);
    const payment = await startReserved(reserved.payment_start);
    const ended = await handle.result();

    expect([reserved.session.status, reserved.session.payment_id]).toEqual(['SUBMITTED', paymentId]);
    expect(reserved.payment_start).toMatchObject({
      payment: { id: paymentId, client_session_id: session.id, amount: 2599, order: session.order },
      parentSessionWorkflowId: clientSessionWorkflowId(session.id),
      webhookSubscription: everyEvent,
    });
    expect(again).toEqual(reserved);
    expect(payment.authorization?.status).toBe('AUTHORIZED');
    expect([ended.status, ended.authorization?.status, ended.payment_id]).toEqual([
      'SUBMITTED',
      'AUTHORIZED',
      paymentId,
    ]);
    expect(phases.partner.calls.map((call) => call.leg)).toEqual([card.id]);
    // The API writes the session from the payment's first answer; the session does not write it again.
    expect(phases.recorded.sessionProjections).toEqual([]);
  });

  it('starts the payment itself when nobody did, once: a late start by the API joins it', async () => {
    const session = newSession();
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());
    const handle = await startSession(session, 300);

    const reserved = await reserve(handle, session, [card]);
    const ended = await handle.result();
    const late = await startReserved(reserved.payment_start);

    expect(ended.authorization?.status).toBe('AUTHORIZED');
    expect(late).toMatchObject({ id: reserved.payment_start.payment.id, authorization: { status: 'AUTHORIZED' } });
    expect(phases.partner.calls.map((call) => call.leg)).toEqual([card.id]);
    // Nobody answered the shopper with this outcome: the session writes it.
    expect(phases.recorded.sessionProjections.at(-1)?.authorization?.status).toBe('AUTHORIZED');
  });

  it('judges a new choice once the news of the refused payment has come, and refuses another while one is in progress', async () => {
    const session = newSession();
    const [refusedCard, card] = [cardLeg(2599), cardLeg(2599)];
    phases.partner
      .onAuthorize(refusedCard.id, refused())
      .onAuthorize(card.id, pendingForShopper(true))
      .onStatus(card.id, pendingForShopper(true));
    const handle = await startSession(session);

    const first = await reserve(handle, session, [refusedCard]);
    const refusedPayment = await startReserved(first.payment_start);
    // At once, as a shopper told of the refusal would: the session may not have the news yet.
    const second = await reserve(handle, session, [card]);
    const pending = await startReserved(second.payment_start);
    const third = await refusal(reserve(handle, session, [cardLeg(2599)]));
    const reused = await refusal(reserve(handle, session, [cardLeg(2599)], first.payment_start.payment.id));

    expect(refusedPayment.authorization?.status).toBe('REFUSED');
    expect(second.session.payment_id).toBe(second.payment_start.payment.id);
    expect(pending.authorization?.status).toBe('PENDING');
    expect(third).toEqual({
      type: 'AlreadySubmitted',
      message: 'the client session already has a payment in progress or authorized',
    });
    expect(reused?.type).toBe('AlreadySubmitted');
    expect(phases.partner.calls.map((call) => call.leg)).toEqual([refusedCard.id, card.id]);
  });
});

describe('client session: the API tells it of the first outcome', () => {
  it('takes the first outcome from the API; the payment sends no signal for it', async () => {
    const session = newSession();
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());
    const handle = await startSession(session);

    const reserved = await reserve(handle, session, [card], randomUUID(), true);
    const payment = await startReserved(reserved.payment_start);
    await handle.signal(paymentChangedSignal, payment);
    const ended = await handle.result();

    expect(reserved.payment_start.apiTellsSessionOfFirstOutcome).toBe(true);
    expect([ended.status, ended.authorization?.status]).toEqual(['SUBMITTED', 'AUTHORIZED']);
    expect(await signalsOf(paymentWorkflowId(payment.id))).toEqual({ sent: 0, received: [] });
    // The API wrote the session from the payment's answer; the session does not write it again.
    expect(phases.recorded.sessionProjections).toEqual([]);
  });

  it('asks the payment when the API that was to tell it never did, and is told', async () => {
    const session = newSession();
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());
    const handle = await startSession(session, 300);

    const reserved = await reserve(handle, session, [card], randomUUID(), true);
    const payment = await startReserved(reserved.payment_start);
    const ended = await handle.result();

    expect([ended.status, ended.authorization?.status]).toEqual(['SUBMITTED', 'AUTHORIZED']);
    expect(await signalsOf(paymentWorkflowId(payment.id))).toEqual({ sent: 1, received: ['sessionAsksForNews'] });
    expect(phases.partner.calls.map((call) => call.leg)).toEqual([card.id]);
    // The repair path is recorded by no scenario of scripts/record-histories.ts: replayed here.
    await phases.replay(handle);
    await phases.replay(phases.client.workflow.getHandle(paymentWorkflowId(payment.id)));
  });

  it('keeps the newest news when the first outcome comes after a later change', async () => {
    const session = newSession();
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, pendingForShopper());
    const handle = await startSession(session);

    const reserved = await reserve(handle, session, [card], randomUUID(), true);
    const pending = await startReserved(reserved.payment_start);
    expect(pending.authorization?.status).toBe('PENDING');
    // What the payment would send after the shopper gave up, overtaking the API's news.
    const refusedLater = {
      ...pending,
      version: pending.version + 1,
      ...(pending.authorization ? { authorization: { ...pending.authorization, status: 'REFUSED' as const } } : {}),
    };
    await handle.signal(paymentChangedSignal, refusedLater);
    await handle.signal(paymentChangedSignal, pending);
    const shown = await read(handle, session);

    expect(shown.authorization?.status).toBe('REFUSED');
  });
});

describe('client session: expiry', () => {
  it('expires on its timer when nobody paid, and ends', async () => {
    const session = newSession(1_500);
    const handle = await startSession(session);
    await handle.executeUpdate(openClientSessionUpdate, { args: [{ entity_id: session.entity_id }] });

    const ended = await handle.result();

    expect(ended.status).toBe('EXPIRED');
    expect(sessionEvents()).toEqual([
      ['PAYMENT', 2, 'CHOICE_IN_PROGRESS'],
      ['PAYMENT', 3, 'EXPIRED'],
    ]);
    // Nobody asked for the expiry, so the workflow writes the read model itself.
    expect(phases.recorded.sessionProjections.at(-1)).toMatchObject({ status: 'EXPIRED', version: 3 });
  });

  it('does not expire a submitted session: it follows its payment to the outcome', async () => {
    const session = newSession(1_500);
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, pendingForShopper(true)).onStatus(card.id, pendingForShopper(true));
    const handle = await startSession(session);
    const submitted = await submit(handle, session, [card]);
    expect(submitted.payment.authorization?.status).toBe('PENDING');

    // Once its expiry timer has fired and the workflow has handled it, the session is still SUBMITTED.
    await eventually(
      async () => {
        const { events } = await handle.fetchHistory();
        const fired = events?.findIndex((event) => event.timerFiredEventAttributes) ?? -1;
        const handled = events?.slice(fired + 1).some((event) => event.workflowTaskCompletedEventAttributes);
        return fired >= 0 && handled ? true : undefined;
      },
      { what: 'the expiry timer handled', timeoutMs: 30_000, intervalMs: 250 },
    );
    expect((await read(handle, session)).status).toBe('SUBMITTED');

    await phases.client.workflow.getHandle(paymentWorkflowId(submitted.payment.id)).signal(partnerNotificationSignal, {
      leg_id: card.id,
      result: authorizeResult(card, 'EUR', authenticatedAndApproved()),
    });
    const ended = await handle.result();

    expect(ended.status).toBe('SUBMITTED');
    expect(ended.authorization?.status).toBe('AUTHORIZED');
    await eventually(
      async () =>
        phases.recorded.sessionProjections.at(-1)?.authorization?.status === 'AUTHORIZED' ? true : undefined,
      {
        what: 'the session read model told of the authorization',
      },
    );
  });
});
