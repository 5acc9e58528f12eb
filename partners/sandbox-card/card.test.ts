import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationNews, type AuthorizeRequest, type AuthorizeResult, type CardInstrument } from '../partner';
import { startSandboxNetwork, type SandboxNetwork } from '../sandbox-network/server';
import { startNotificationReceiver, submitPage, type NotificationReceiver } from '../sandbox-network/testing';
import { SandboxCardAdapter } from '.';

let network: SandboxNetwork;
let receiver: NotificationReceiver;
let card: SandboxCardAdapter;

beforeAll(async () => {
  network = await startSandboxNetwork({ notify: { retryDelayMs: 20 } });
  receiver = await startNotificationReceiver();
  card = new SandboxCardAdapter({ baseUrl: network.url, timeoutMs: 5_000 });
});
afterAll(async () => {
  await network.close();
  await receiver.close();
});

const RETURN_URL = 'http://127.0.0.1:9/return?session=abc';

function request(number: string, overrides: Partial<CardInstrument> = {}, amount = 2_500): AuthorizeRequest {
  return {
    idempotency_key: `payment/${randomUUID()}/auth/1`,
    amount,
    currency: 'EUR',
    method: 'creditcard',
    instrument: {
      type: 'card',
      number,
      expiry_month: '12',
      expiry_year: '2034',
      cvv: '123',
      holder_name: 'Ada Lovelace',
      ...overrides,
    },
    order_reference: 'order-42',
    return_url: RETURN_URL,
    notification_url: receiver.url,
  };
}

describe('sandbox-card test numbers', () => {
  it.each([
    ['4242424242424242', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['378282246310005', 'AMERICAN_EXPRESS'],
    ['4111111111111111', 'VISA'], // any other Luhn-valid number approves
  ] as const)('%s approves on %s', async (number, network) => {
    const result = await card.authorize(request(number, number.startsWith('37') ? { cvv: '1234' } : {}));
    expect(result).toMatchObject({
      type: 'authorization',
      status: 'AUTHORIZED',
      requested_amount: 2_500,
      authorized_amount: 2_500,
      currency: 'EUR',
      partner_status: 'APPROVED',
      refusal_reason: null,
      redirection: null,
      authentication: null,
      card: {
        bin: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        network,
        expiry_month: '12',
        expiry_year: '34',
        holder_name: 'Ada Lovelace',
      },
      amounts: { authorized: 2_500, available_to_capture: 2_500, available_to_void: 2_500, available_to_refund: 0 },
    });
    expect(result.partner_reference).toMatch(/^auth_/);
    expect(result.partner_additional_data.authorization_code).toMatch(/^\d{6}$/);
  });

  it.each([
    ['4000000000000002', 'REJECTED_BANK'],
    ['4000000000009995', 'INSUFFICIENT_FUNDS'],
    ['4000000000000069', 'CARD_EXPIRED'],
    ['4242424242424241', 'WRONG_CARD_DATA'], // Luhn-invalid
  ] as const)('%s is refused with %s', async (number, reason) => {
    const result = await card.authorize(request(number));
    expect(result).toMatchObject({
      status: 'REFUSED',
      authorized_amount: 0,
      refusal_reason: reason,
      redirection: null,
    });
    expect(result.partner_status_description).not.toBe('');
  });

  it('refuses an expiry date in the past, and nonsense expiry or CVV as wrong card data', async () => {
    expect(
      (await card.authorize(request('4242424242424242', { expiry_month: '01', expiry_year: '20' }))).refusal_reason,
    ).toBe('CARD_EXPIRED');
    expect((await card.authorize(request('4242424242424242', { expiry_month: '13' }))).refusal_reason).toBe(
      'WRONG_CARD_DATA',
    );
    expect((await card.authorize(request('4242424242424242', { cvv: '12a' }))).refusal_reason).toBe('WRONG_CARD_DATA');
  });

  it('uses CARTE_BANCAIRE when the shopper selects it on a co-badged card', async () => {
    const result = await card.authorize(request('4242424242424242', { selected_network: 'CARTE_BANCAIRE' }));
    expect(result.card?.network).toBe('CARTE_BANCAIRE');
  });

  it('4000000000003220 passes 3-D Secure frictionless', async () => {
    const result = await card.authorize(request('4000000000003220'));
    expect(result.status).toBe('AUTHORIZED');
    expect(result.authentication).toMatchObject({
      status: 'SUCCESS',
      flow: 'FRICTIONLESS',
      eci: '05',
      version: '2.2.0',
      challenge_data: null,
    });
    expect(result.authentication?.ds_transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.redirection).toBeNull();
  });

  it('keeps no card number in any answer, the ledger or notifications', async () => {
    const numbers = ['4242424242424242', '4000002760003184', '4000000000000002'];
    const answers: AuthorizeResult[] = [];
    for (const n of numbers) answers.push(await card.authorize(request(n)));
    const ledger = await (await fetch(`${network.url}/ledger`)).text();
    const everything = JSON.stringify(answers) + ledger + JSON.stringify(network.notifications());
    for (const n of numbers) expect(everything).not.toContain(n);
    expect(ledger).toContain('"last_four_digits":"4242"');
  });
});

describe('3-D Secure challenge (4000002760003184)', () => {
  async function challenge() {
    const result = await card.authorize(request('4000002760003184'));
    expect(result).toMatchObject({
      status: 'PENDING',
      authorized_amount: 0,
      partner_status: 'CHALLENGE_REQUIRED',
      authentication: { status: 'PENDING', flow: 'CHALLENGE', eci: null },
      redirection: { method: 'GET', media_type: null, body: null },
    });
    expect(result.redirection?.href).toBe(`${network.url}/acs/${result.partner_reference}`);
    const creq = JSON.parse(Buffer.from(result.authentication?.challenge_data ?? '', 'base64url').toString());
    expect(creq).toMatchObject({ messageType: 'CReq', acsTransID: result.authentication?.acs_transaction_id });
    return result;
  }

  it('completing the ACS page authorizes, notifies the orchestrator and sends the browser back', async () => {
    const pending = await challenge();
    const before = receiver.received.length;
    const submission = await submitPage(pending.redirection!.href, 'complete');
    expect(submission.html).toContain('<html lang="en">');
    expect(submission.html).toContain('ending in 3184');
    expect(submission.html).not.toContain('4000002760003184');
    expect(submission.status).toBe(303);
    const location = new URL(submission.location!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9/return');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      session: 'abc',
      partner_reference: pending.partner_reference,
      status: 'AUTHORIZED',
    });

    const delivered = await receiver.waitForDelivered(before + 1);
    const notification = authorizationNews(card.parseNotification(delivered.at(-1)!));
    expect(notification.idempotency_key).toMatch(/^payment\/.+\/auth\/1$/);
    expect(notification.result).toMatchObject({
      partner_reference: pending.partner_reference,
      status: 'AUTHORIZED',
      authorized_amount: 2_500,
      redirection: null,
      authentication: { status: 'SUCCESS', flow: 'CHALLENGE', eci: '05', challenge_data: null },
    });
    expect(await card.status({ partner_reference: pending.partner_reference })).toMatchObject({ status: 'AUTHORIZED' });

    // The page is answered once: showing it again says so; submitting again changes nothing.
    const again = await fetch(pending.redirection!.href);
    expect(await again.text()).toContain('already been answered');
    const resubmit = await fetch(pending.redirection!.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=fail',
      redirect: 'manual',
    });
    expect(resubmit.status).toBe(303);
    expect(await card.status({ partner_reference: pending.partner_reference })).toMatchObject({ status: 'AUTHORIZED' });
    expect(
      network.ledger({ authorization_reference: pending.partner_reference, type: 'AUTHORIZATION_UPDATE' }),
    ).toHaveLength(1);
  });

  it('failing the challenge refuses the authorization', async () => {
    const pending = await challenge();
    const before = receiver.received.length;
    const submission = await submitPage(pending.redirection!.href, 'fail');
    expect(new URL(submission.location!).searchParams.get('status')).toBe('REFUSED');
    const delivered = await receiver.waitForDelivered(before + 1);
    expect(authorizationNews(card.parseNotification(delivered.at(-1)!)).result).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
      authentication: { status: 'FAILURE', flow: 'CHALLENGE' },
    });
  });

  it('without a return_url the ACS shows a result page instead of redirecting', async () => {
    const { return_url: _, ...noReturn } = request('4000002760003184');
    const pending = await card.authorize(noReturn);
    const submission = await submitPage(pending.redirection!.href, 'complete');
    expect(submission.status).toBe(200);
    expect(submission.answer).toContain('status AUTHORIZED');
  });

  it('answers 404 for an unknown or non-challenge transaction', async () => {
    const approved = await card.authorize(request('4242424242424242'));
    expect((await fetch(`${network.url}/acs/${approved.partner_reference}`)).status).toBe(404);
    expect((await fetch(`${network.url}/acs/auth_unknown`)).status).toBe(404);
  });
});

describe('acquirer timeout (4000000000000119)', () => {
  it('answers UNCERTAIN, and the first status poll settles it as AUTHORIZED', async () => {
    const call = request('4000000000000119');
    const uncertain = await card.authorize(call);
    expect(uncertain).toMatchObject({
      status: 'UNCERTAIN',
      authorized_amount: 0,
      partner_status: 'ACQUIRER_TIMEOUT',
      redirection: null,
    });

    const settled = await card.status({ partner_reference: uncertain.partner_reference });
    expect(settled).toMatchObject({ type: 'authorization', status: 'AUTHORIZED', authorized_amount: 2_500 });
    // Retrying authorize with the same key replays the first answer; only status tells the outcome.
    expect(await card.authorize(call)).toEqual(uncertain);
    expect(
      network.ledger({ authorization_reference: uncertain.partner_reference }).map((e) => `${e.type}:${e.status}`),
    ).toEqual(['AUTHORIZE:UNCERTAIN', 'AUTHORIZATION_UPDATE:AUTHORIZED']);
  });

  it('stays UNCERTAIN while polled before uncertainSettleMs', async () => {
    const slow = await startSandboxNetwork({ uncertainSettleMs: 60_000 });
    try {
      const adapter = new SandboxCardAdapter({ baseUrl: slow.url });
      const uncertain = await adapter.authorize(request('4000000000000119'));
      expect(await adapter.status({ partner_reference: uncertain.partner_reference })).toMatchObject({
        status: 'UNCERTAIN',
      });
    } finally {
      await slow.close();
    }
  });
});

describe('saved cards', () => {
  it('gives a reusable token when asked, and authorizes with it later without the card', async () => {
    const first = await card.authorize({ ...request('4242424242424242'), save_for_future_usage: true });
    expect(first).toMatchObject({ status: 'AUTHORIZED', partner_token: expect.stringMatching(/^ctok_/) });
    const again = await card.authorize({
      ...request('4242424242424242'),
      instrument: { type: 'partner_token', partner_token: first.partner_token! },
    });
    expect(again).toMatchObject({
      status: 'AUTHORIZED',
      card: { last_four_digits: '4242' },
      partner_token: first.partner_token,
    });
  });

  it('gives no token unless asked, and refuses an unknown one', async () => {
    expect((await card.authorize(request('4242424242424242'))).partner_token ?? undefined).toBeUndefined();
    const unknown = await card.authorize({
      ...request('4242424242424242'),
      instrument: { type: 'partner_token', partner_token: 'ctok_unknown' },
    });
    expect(unknown).toMatchObject({ status: 'REFUSED' });
  });
});
