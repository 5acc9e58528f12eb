// What a payment tells its merchant (workflows/payment/run.ts `changed`, delivered by
// workflows/webhook-outbox.ts): each change emits its events in a fixed order, each event carries
// the payment as it was at that change, and deliveries reach the merchant in that order, a failed
// one retried before the next.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../../activities/webhook-types';
import type { Payment } from '../../../api/schemas/v2';
import { captureUpdate, partnerNotificationSignal } from '../../../workflows/payment/messages';
import { authorized, cardLeg, everyEvent, giftCardLeg, paymentState, phaseInput } from './payment-states';
import { phaseWorkerForThisFile } from './phase-worker';
import {
  approved,
  approvedFor,
  authenticatedAndApproved,
  authorizeResult,
  pendingForShopper,
  pendingUnderReview,
  succeeded,
} from './scripted-partner';
import { authorizationPhase, finishPhaseSignal, operationsPhase } from './workflows/phases';

const phases = phaseWorkerForThisFile();

const types = (events: WebhookEvent[]) => events.map((event) => event.event_type);
const asPayment = (event: WebhookEvent | undefined) => event?.data as Payment;

describe('events of the authorization', () => {
  it('announces an approved leg, then the authorization, then the payment', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());
    const state = paymentState([card]);

    await (await phases.start(authorizationPhase, phaseInput(state, { webhookSubscription: everyEvent }))).result();

    const events = phases.recorded.delivered;
    expect(types(events)).toEqual(['PARTNER_TRANSACTION_AUTHORIZATION', 'AUTHORIZATION', 'PAYMENT', 'PAYMENT']);
    expect(events[0]?.related).toEqual({ partner_transaction_id: card.id });
    expect(events.map((event) => event.resource)).toEqual([
      { type: 'payment', id: state.id, version: 1 },
      { type: 'payment', id: state.id, version: 1 },
      { type: 'payment', id: state.id, version: 1 },
      { type: 'payment', id: state.id, version: 2 },
    ]);
    expect(asPayment(events[1])?.authorization?.status).toBe('AUTHORIZED');
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('announces the authentication when a challenge starts and when it ends, the authorization only when it moves', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, pendingForShopper(true)).onStatus(card.id, pendingForShopper(true));
    const handle = await phases.start(
      authorizationPhase,
      phaseInput(paymentState([card]), {
        webhookSubscription: everyEvent,
        windows: { poll: { pendingFirst: 200, uncertainFirst: 200, longest: 200 } },
      }),
    );
    const challenged = ['PARTNER_TRANSACTION_AUTHORIZATION', 'PARTNER_TRANSACTION_AUTHENTICATION', 'AUTHENTICATION'];
    await expect.poll(() => types(phases.recorded.delivered), { timeout: 30_000 }).toEqual([...challenged, 'PAYMENT']);
    // Polls that find the shopper still on the challenge page change nothing, so tell nothing.
    await expect.poll(() => phases.partner.callsOf('status').length, { timeout: 30_000 }).toBeGreaterThan(1);

    await handle.signal(partnerNotificationSignal, {
      leg_id: card.id,
      result: authorizeResult(card, 'EUR', authenticatedAndApproved()),
    });
    await handle.result();

    const events = phases.recorded.delivered;
    expect(types(events)).toEqual([...challenged, 'PAYMENT', ...challenged, 'AUTHORIZATION', 'PAYMENT', 'PAYMENT']);
    // Each event shows the payment as it was when it was emitted, not as it is now.
    expect(asPayment(events[3])?.authentication?.status).toBe('PENDING');
    expect(asPayment(events[3])?.redirection).toBeDefined();
    expect(asPayment(events[8])?.authentication?.status).toBe('SUCCESS');
    expect(asPayment(events[8])?.redirection).toBeUndefined();
  });

  it('announces a leg that moves on at its partner in the same status, in a run that takes the patch for it', async () => {
    const announced = async (announcesEveryLegMove: boolean) => {
      const card = cardLeg(2599);
      phases.partner
        .onAuthorize(card.id, pendingForShopper())
        .onStatus(card.id, pendingUnderReview(), pendingUnderReview(), approved());
      const state = paymentState([card]);
      await (
        await phases.start(
          authorizationPhase,
          phaseInput(state, {
            webhookSubscription: everyEvent,
            windows: { poll: { pendingFirst: 200, uncertainFirst: 200, longest: 200 } },
            announcesEveryLegMove,
          }),
        )
      ).result();
      return phases.recorded.delivered.filter((event) => event.resource.id === state.id);
    };

    const events = await announced(true);
    const pending = ['PARTNER_TRANSACTION_AUTHORIZATION', 'PAYMENT'];
    expect(types(events)).toEqual([
      ...pending,
      ...pending,
      'PARTNER_TRANSACTION_AUTHORIZATION',
      'AUTHORIZATION',
      'PAYMENT',
      'PAYMENT',
    ]);
    // The shopper is done at the partner: the payment no longer sends them there. The second poll,
    // which found it as it was, told nothing.
    expect(asPayment(events[1])?.redirection).toBeDefined();
    expect(asPayment(events[3])?.redirection).toBeUndefined();
    expect(asPayment(events[3])?.authorization?.partner_transactions[0]?.partner_status).toBe('under_review');
    expect(events[3]!.resource.version).toBe(events[1]!.resource.version + 1);

    // A run started before the patch keeps telling only the status' changes, as it was decided.
    expect(types(await announced(false))).toEqual([
      ...pending,
      'PARTNER_TRANSACTION_AUTHORIZATION',
      'AUTHORIZATION',
      'PAYMENT',
      'PAYMENT',
    ]);
  });

  it('announces a leg authorized for less than asked once, already refused, in a run that takes the patch for it', async () => {
    const announced = async (announcesEveryLegMove: boolean) => {
      const [giftCard, card] = [giftCardLeg(1000), cardLeg(1599)];
      phases.partner.onAuthorize(giftCard.id, approvedFor(600)).onAuthorize(card.id, approved());
      await (
        await phases.start(
          authorizationPhase,
          phaseInput(paymentState([giftCard, card]), { webhookSubscription: everyEvent, announcesEveryLegMove }),
        )
      ).result();
      return phases.recorded.delivered.filter(
        (event) =>
          event.event_type === 'PARTNER_TRANSACTION_AUTHORIZATION' &&
          event.related?.partner_transaction_id === giftCard.id,
      );
    };

    const once = await announced(true);
    expect(once).toHaveLength(1);
    expect(asPayment(once[0])?.authorization?.partner_transactions[0]?.partner_status_description).toContain(
      'the payment is refused and the partial hold released',
    );
    expect(await announced(false)).toHaveLength(2);
  });

  it('delivers only the event types the merchant subscribed to', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());

    await (
      await phases.start(
        authorizationPhase,
        phaseInput(paymentState([card]), { webhookSubscription: { ...everyEvent, event_types: ['AUTHORIZATION'] } }),
      )
    ).result();

    expect(types(phases.recorded.delivered)).toEqual(['AUTHORIZATION']);
  });
});

describe('events of an operation', () => {
  it('announces the capture, each partner transaction, then the capture again once it has its outcome', async () => {
    const state = paymentState([authorized(giftCardLeg(1000)), authorized(cardLeg(1599))], { settled: true });
    const [giftCard, card] = state.legs;
    phases.partner.onOperation(giftCard!.id, 'capture', succeeded()).onOperation(card!.id, 'capture', succeeded());
    const handle = await phases.start(operationsPhase, phaseInput(state, { webhookSubscription: everyEvent }));

    const { operation_id } = await handle.executeUpdate(captureUpdate, {
      args: [{ entity_id: state.entity_id, operation_id: randomUUID(), amount: 2000 }],
    });
    await handle.signal(finishPhaseSignal);
    await handle.result();

    const events = phases.recorded.delivered;
    expect(types(events)).toEqual([
      'CAPTURE',
      'PAYMENT',
      'PARTNER_TRANSACTION_CAPTURE',
      'PAYMENT',
      'PARTNER_TRANSACTION_CAPTURE',
      'PAYMENT',
      'CAPTURE',
      'PAYMENT',
    ]);
    expect(events.filter((event) => event.event_type === 'CAPTURE').map((event) => event.related)).toEqual([
      { operation_id },
      { operation_id },
    ]);
    const capturedLegs = events
      .filter((event) => event.event_type === 'PARTNER_TRANSACTION_CAPTURE')
      .map((event) => event.related?.operation_id === operation_id && event.related.partner_transaction_id);
    const capture = asPayment(events.at(-1))?.captures[0];
    expect(capturedLegs).toEqual(capture?.partner_transactions.map((tx) => tx.id));
    expect(asPayment(events[0])?.captures[0]?.status).toBe('PENDING');
    expect(capture?.status).toBe('SUCCESS');
    // Versions only grow: a merchant keeping the highest it has seen never goes back.
    const versions = events.map((event) => event.resource.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });
});

describe('delivery to the merchant', () => {
  it('retries a failed delivery before any later event, so the merchant gets them in order', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());
    phases.recorded.failDeliveries('PARTNER_TRANSACTION_AUTHORIZATION', 2);

    await (
      await phases.start(authorizationPhase, phaseInput(paymentState([card]), { webhookSubscription: everyEvent }))
    ).result();

    expect(
      phases.recorded.attempts.map(({ event, attempt, delivered }) => [event.event_type, attempt, delivered]),
    ).toEqual([
      ['PARTNER_TRANSACTION_AUTHORIZATION', 1, false],
      ['PARTNER_TRANSACTION_AUTHORIZATION', 2, false],
      ['PARTNER_TRANSACTION_AUTHORIZATION', 3, true],
      ['AUTHORIZATION', 1, true],
      ['PAYMENT', 1, true],
      ['PAYMENT', 1, true],
    ]);
    // A retry is the same event: the merchant deduplicates on its id.
    const retried = new Set(phases.recorded.attempts.slice(0, 3).map((attempt) => attempt.event.id));
    expect(retried.size).toBe(1);
  });

  it('goes on with the next events once a delivery has been given up', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());
    phases.recorded.failDeliveries('AUTHORIZATION', 1, { giveUp: true });

    await (
      await phases.start(authorizationPhase, phaseInput(paymentState([card]), { webhookSubscription: everyEvent }))
    ).result();

    expect(types(phases.recorded.delivered)).toEqual(['PARTNER_TRANSACTION_AUTHORIZATION', 'PAYMENT', 'PAYMENT']);
    expect(phases.recorded.attempts.filter((attempt) => !attempt.delivered).map((a) => a.event.event_type)).toEqual([
      'AUTHORIZATION',
    ]);
  });

  it('sends nothing to a merchant who subscribed to nothing', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, approved());

    const { payment } = await (await phases.start(authorizationPhase, phaseInput(paymentState([card])))).result();

    expect(payment.authorization?.status).toBe('AUTHORIZED');
    expect(phases.recorded.attempts).toEqual([]);
  });
});
