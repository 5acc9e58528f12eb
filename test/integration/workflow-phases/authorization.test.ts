// The authorization phase (workflows/payment/authorization.ts) on its own: legs sent in order to a
// scripted partner, never after a failure; what waits for the shopper settled by notification, by
// poll or at its deadline; what has no answer re-sent with the same idempotency key.
import { describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { partnerNotificationSignal } from '../../../workflows/payment/messages';
import type { AuthorizationLegState } from '../../../workflows/payment/types';
import { eventually } from '../../support/api-client';
import { cardLeg, giftCardLeg, paymentState, phaseInput, walletLeg } from './payment-states';
import { phaseWorkerForThisFile } from './phase-worker';
import {
  approved,
  approvedFor,
  authenticatedAndApproved,
  authorizeResult,
  noAnswer,
  pendingForShopper,
  permanentFailure,
  refused,
  unavailable,
  unknownAtPartner,
} from './scripted-partner';
import { authorizationPhase, readPhaseUpdate, type PhaseInput } from './workflows/phases';

const phases = phaseWorkerForThisFile();

const authorize = (input: PhaseInput) => phases.start(authorizationPhase, input);

/** Waits until the partner's answer shows the leg in this status, as the API would read it. */
async function untilLeg(handle: WorkflowHandle<typeof authorizationPhase>, leg: AuthorizationLegState, status: string) {
  return eventually(
    async () => {
      const payment = await handle.executeUpdate(readPhaseUpdate);
      const shown = payment.authorization?.partner_transactions.find((tx) => tx.id === leg.id);
      // A leg not sent yet shows PENDING too, with no word from its partner.
      return shown?.status === status && shown.partner_status_description !== undefined ? payment : undefined;
    },
    { what: `leg ${leg.id} ${status}`, timeoutMs: 30_000 },
  );
}

describe('authorization: legs in order', () => {
  it('sends each leg in order with its own idempotency key, and authorizes once every leg holds its amount', async () => {
    const [giftCard, card] = [giftCardLeg(1000), cardLeg(1599)];
    phases.partner.onAuthorize(giftCard.id, approved()).onAuthorize(card.id, approved());

    const { state, payment } = await (await authorize(phaseInput(paymentState([giftCard, card])))).result();

    expect(phases.partner.calls.map(({ call, leg, amount }) => ({ call, leg, amount }))).toEqual([
      { call: 'authorize', leg: giftCard.id, amount: 1000 },
      { call: 'authorize', leg: card.id, amount: 1599 },
    ]);
    const [first, second] = phases.partner.calls;
    expect(first?.idempotency_key).not.toBe(second?.idempotency_key);
    expect(state.legs.map((leg) => [leg.status, leg.authorized_amount])).toEqual([
      ['AUTHORIZED', 1000],
      ['AUTHORIZED', 1599],
    ]);
    expect(state.authorization_settled).toBe(true);
    expect(payment.authorization?.status).toBe('AUTHORIZED');
    expect(payment.amounts.available_to_capture).toBe(2599);
  });

  it('never sends the legs after a refused one: they are aborted and the payment is refused', async () => {
    const [giftCard, card] = [giftCardLeg(1000), cardLeg(1599)];
    phases.partner.onAuthorize(giftCard.id, refused('INSUFFICIENT_FUNDS')).onAuthorize(card.id, approved());

    const { state, payment } = await (await authorize(phaseInput(paymentState([giftCard, card])))).result();

    expect(phases.partner.calls.map((call) => call.leg)).toEqual([giftCard.id]);
    expect(state.legs.map((leg) => leg.status)).toEqual(['REFUSED', 'ABORTED']);
    expect(state.legs[0]?.refusal_reason).toBe('INSUFFICIENT_FUNDS');
    expect(payment.authorization?.status).toBe('REFUSED');
    expect(state.authorization_settled).toBe(true);
  });

  it('records a permanent failure as ERROR without retrying it, and sends no later leg', async () => {
    const [card, giftCard] = [cardLeg(1599), giftCardLeg(1000)];
    phases.partner.onAuthorize(card.id, permanentFailure(), approved()).onAuthorize(giftCard.id, approved());

    const { state, payment } = await (await authorize(phaseInput(paymentState([card, giftCard])))).result();

    expect(phases.partner.calls.map((call) => call.leg)).toEqual([card.id]);
    expect(state.legs.map((leg) => leg.status)).toEqual(['ERROR', 'ABORTED']);
    expect(state.legs[0]?.partner_status_description).toMatch(/malformed/);
    expect(payment.authorization?.status).toBe('ERROR');
  });

  it('refuses the payment when a gift card holds less than asked, and never sends the card', async () => {
    const [giftCard, card] = [giftCardLeg(1000), cardLeg(1599)];
    phases.partner.onAuthorize(giftCard.id, approvedFor(600)).onAuthorize(card.id, approved());

    const { state, payment } = await (await authorize(phaseInput(paymentState([giftCard, card])))).result();

    expect(phases.partner.calls.map((call) => call.leg)).toEqual([giftCard.id]);
    expect(state.legs.map((leg) => [leg.status, leg.authorized_amount])).toEqual([
      ['AUTHORIZED', 600],
      ['ABORTED', 0],
    ]);
    expect(state.refusal).toBe('sandbox-giftcard authorized 600 of 1000');
    expect(payment.authorization?.status).toBe('REFUSED');
    // What the gift card holds is still held: the compensation phase gives it back.
    expect(payment.amounts.available_to_void).toBe(600);
  });
});

describe('authorization: a leg waiting for its shopper', () => {
  it('is settled by the partner notification, then the next leg is sent', async () => {
    const [card, giftCard] = [cardLeg(1599), giftCardLeg(1000)];
    phases.partner
      .onAuthorize(card.id, pendingForShopper(true))
      // Polls find the shopper still on the challenge page.
      .onStatus(card.id, pendingForShopper(true))
      .onAuthorize(giftCard.id, approved());
    const handle = await authorize(
      phaseInput(paymentState([card, giftCard]), {
        windows: { poll: { pendingFirst: 200, uncertainFirst: 200, longest: 400 } },
      }),
    );

    const waiting = await untilLeg(handle, card, 'PENDING');
    expect(waiting.redirection?.href).toContain(card.id);
    expect(waiting.authentication?.status).toBe('PENDING');
    expect(phases.partner.callsOf('authorize').map((call) => call.leg)).toEqual([card.id]);

    await handle.signal(partnerNotificationSignal, {
      leg_id: card.id,
      result: authorizeResult(card, 'EUR', authenticatedAndApproved()),
    });
    const { state, payment } = await handle.result();

    expect(state.legs.map((leg) => leg.status)).toEqual(['AUTHORIZED', 'AUTHORIZED']);
    expect(payment.redirection).toBeUndefined();
    expect(payment.authentication).toMatchObject({ status: 'SUCCESS', flow: 'CHALLENGE', eci: '05' });
    expect(phases.partner.callsOf('authorize').map((call) => call.leg)).toEqual([card.id, giftCard.id]);
  });

  it('is settled by a status poll when no notification comes', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, pendingForShopper()).onStatus(card.id, pendingForShopper(), approved());

    const handle = await authorize(
      phaseInput(paymentState([card]), { windows: { poll: { pendingFirst: 200, uncertainFirst: 200, longest: 400 } } }),
    );
    const { state, payment } = await handle.result();

    expect(phases.partner.calls.map((call) => call.call)).toEqual(['authorize', 'status', 'status']);
    expect(state.legs[0]?.status).toBe('AUTHORIZED');
    expect(payment.authorization?.status).toBe('AUTHORIZED');
  });

  it('is aborted at its deadline, and the legs after it are never sent', async () => {
    const [wallet, card] = [walletLeg(1000), cardLeg(1599)];
    phases.partner
      .onAuthorize(wallet.id, pendingForShopper())
      .onStatus(wallet.id, pendingForShopper())
      .onAuthorize(card.id, approved());
    const shopperWindowMs = 1_500;

    const startedAt = Date.now();
    const handle = await authorize(
      phaseInput(paymentState([wallet, card]), {
        windows: { shopperWindowMs, poll: { pendingFirst: 300, uncertainFirst: 300, longest: 300 } },
      }),
    );
    const { state, payment } = await handle.result();

    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(shopperWindowMs);
    expect(state.legs.map((leg) => leg.status)).toEqual(['ABORTED', 'ABORTED']);
    expect(state.legs[0]?.partner_status_description).toBe('not completed in time');
    expect(state.legs[0]?.redirection).toBeUndefined();
    expect(phases.partner.callsOf('status').length).toBeGreaterThan(0);
    expect(phases.partner.callsOf('authorize').map((call) => call.leg)).toEqual([wallet.id]);
    expect(payment.authorization?.status).toBe('ABORTED');
  });
});

describe('authorization: an outcome nobody knows', () => {
  it('re-sends an authorization whose answer was lost with the same idempotency key', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, noAnswer(), approved());

    const handle = await authorize(
      phaseInput(paymentState([card]), { windows: { poll: { pendingFirst: 200, uncertainFirst: 200, longest: 400 } } }),
    );
    const { state } = await handle.result();

    const sent = phases.partner.callsOf('authorize');
    // The local attempt and the activity after it got no answer; the re-send, later, did.
    expect(phases.partner.local).toEqual([true, false, true]);
    expect(new Set(sent.map((call) => call.idempotency_key))).toEqual(new Set([sent[0]?.idempotency_key]));
    expect(state.legs[0]?.status).toBe('AUTHORIZED');
  });

  it('shows the leg UNCERTAIN while its outcome is unknown', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, noAnswer());

    const handle = await authorize(
      phaseInput(paymentState([card]), {
        windows: { poll: { pendingFirst: 60_000, uncertainFirst: 60_000, longest: 60_000 } },
      }),
    );

    const waiting = await untilLeg(handle, card, 'UNCERTAIN');
    expect(waiting.authorization?.status).toBe('UNCERTAIN');
    expect(waiting.authorization?.partner_transactions[0]?.partner_status_description).toMatch(/same idempotency key/);
  });

  it('retries an unanswered call with the same key before the leg becomes UNCERTAIN', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, unavailable(), approved());

    const { state } = await (await authorize(phaseInput(paymentState([card])))).result();

    const sent = phases.partner.callsOf('authorize');
    expect(sent.map((call) => call.idempotency_key)).toEqual([sent[0]?.idempotency_key, sent[0]?.idempotency_key]);
    expect(phases.partner.callsOf('status')).toEqual([]);
    expect(state.legs[0]?.status).toBe('AUTHORIZED');
  });

  it('polls, and does not re-send, a leg the partner itself does not know yet', async () => {
    const card = cardLeg(2599);
    phases.partner.onAuthorize(card.id, unknownAtPartner()).onStatus(card.id, unknownAtPartner(), approved());

    const handle = await authorize(
      phaseInput(paymentState([card]), { windows: { poll: { pendingFirst: 200, uncertainFirst: 200, longest: 400 } } }),
    );
    const { state } = await handle.result();

    expect(phases.partner.calls.map((call) => call.call)).toEqual(['authorize', 'status', 'status']);
    expect(state.legs[0]?.status).toBe('AUTHORIZED');
  });
});
