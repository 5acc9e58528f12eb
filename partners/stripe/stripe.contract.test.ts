// The Stripe adapter against stripe-mock, Stripe's official mock server: every request the adapter
// makes is checked there against Stripe's published OpenAPI document (and its pinned API version,
// -strict-version-check), so a parameter Stripe does not take, a wrong type or a wrong path fails
// here. stripe-mock answers fixtures and keeps no state; the behaviour that needs state (a capture
// after an authorization, declines, 3-D Secure, replayed keys) is tested through the simulator of
// test/support/stripe-simulator.ts, which puts every request through stripe-mock first.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeMock, type StripeMock } from '../../test/support/stripe-mock';
import { startStripeSimulator, type StripeSimulator } from '../../test/support/stripe-simulator';
import { authorizationNews, type AuthorizeRequest, type PartnerAccount } from '../partner';
import { httpTransport, type HttpTransport } from '../../platform/http-transport';
import { StripeAdapter, type StripeCardData } from '.';
import { STRIPE_API_VERSION } from './client';
import { stripeSignatureHeader } from './webhook-signature';

let mock: StripeMock;
let sim: StripeSimulator;

beforeAll(async () => {
  mock = await startStripeMock();
  sim = await startStripeSimulator({ stripeMockUrl: mock.url });
}, 600_000);
afterAll(async () => {
  await sim?.close();
  await mock?.close();
});

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  params: URLSearchParams;
}

/** The adapter's transport, recording what it sends (the body is read from the form it built). */
function recording() {
  const sent: Sent[] = [];
  const recordingTransport: HttpTransport = async (target, request) => {
    const url = new URL(target);
    sent.push({
      method: request.method,
      path: url.pathname,
      headers: { ...request.headers },
      params: new URLSearchParams(request.method === 'POST' ? request.body : url.search),
    });
    return httpTransport(target, request);
  };
  return { sent, transport: recordingTransport };
}

const ENTITY = '5b1f6f8e-3f0a-4c55-9a43-2f0d7c1e9a01';
const WEBHOOK_SECRET = 'whsec_contracttest0123456789';

function account(
  cardData: StripeCardData = 'raw',
  secretKey = `sk_test_${randomUUID().replaceAll('-', '')}`,
): PartnerAccount {
  return {
    entity_id: ENTITY,
    credentials: { secret_key: secretKey, webhook_secret: WEBHOOK_SECRET, card_data: cardData },
  };
}

function adapterOn(url: string, cardData: StripeCardData = 'raw', secretKey?: string) {
  const recorder = recording();
  const adapter = new StripeAdapter(account(cardData, secretKey), {
    apiUrl: url,
    timeoutMs: 5_000,
    transport: recorder.transport,
  });
  return { adapter, sent: recorder.sent };
}

function cardRequest(number = '4242424242424242', overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  return {
    idempotency_key: `payment/${randomUUID()}/auth/${randomUUID()}`,
    amount: 2_500,
    currency: 'EUR',
    method: 'creditcard',
    instrument: {
      type: 'card',
      number,
      expiry_month: '12',
      expiry_year: '34',
      cvv: '123',
      holder_name: 'Ada Lovelace',
    },
    order_reference: 'order-42',
    customer: { reference: 'cust-7', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    return_url: 'http://127.0.0.1:9/v2/payments/p/return?leg=l',
    notification_url: 'http://127.0.0.1:9/partners/stripe/notifications',
    ...overrides,
  };
}

const operation = (reference: string, amount: number) => ({
  idempotency_key: `payment/${randomUUID()}/capture/${randomUUID()}/${randomUUID()}`,
  partner_reference: reference,
  amount,
  currency: 'EUR' as const,
});

describe('stripe against stripe-mock: every request is one Stripe accepts', () => {
  it("authorizes with the vault's card: a PaymentMethod, then a PaymentIntent confirmed with manual capture", async () => {
    const { adapter, sent } = adapterOn(mock.url);
    const request = cardRequest();
    const result = await adapter.authorize(request);

    expect(result).toMatchObject({ type: 'authorization', requested_amount: 2_500, currency: 'EUR' });
    expect(result.partner_reference).toMatch(/^pi_/);
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/payment_methods',
      'POST /v1/payment_intents',
    ]);
    const [method, intent] = sent;
    expect(method!.headers['idempotency-key']).toBe(`${request.idempotency_key}/payment-method`);
    expect(Object.fromEntries(method!.params)).toMatchObject({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
      'billing_details[name]': 'Ada Lovelace',
    });
    expect(intent!.headers['idempotency-key']).toBe(request.idempotency_key);
    expect(Object.fromEntries(intent!.params)).toMatchObject({
      amount: '2500',
      currency: 'eur',
      capture_method: 'manual',
      confirm: 'true',
      'payment_method_types[0]': 'card',
      return_url: request.return_url,
      'metadata[tessera_idempotency_key]': request.idempotency_key,
      'metadata[tessera_entity_id]': ENTITY,
      'metadata[tessera_card_bin]': '424242',
      'payment_method_options[card][request_three_d_secure]': 'automatic',
    });
    expect(intent!.params.get('payment_method')).toMatch(/^pm_/);
    for (const call of sent) {
      expect(call.headers['stripe-version']).toBe(STRIPE_API_VERSION);
      expect(call.headers.authorization).toMatch(/^Bearer sk_test_/);
    }
  });

  it("with test payment methods, sends Stripe's test PaymentMethod and no card data at all", async () => {
    const { adapter, sent } = adapterOn(mock.url, 'test_payment_methods');
    await adapter.authorize(cardRequest('4000000000009995'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.get('payment_method')).toBe('pm_card_chargeDeclinedInsufficientFunds');
    expect([...sent[0]!.params.keys()].some((key) => key.startsWith('card['))).toBe(false);
    await expect(adapter.authorize(cardRequest('4111111111111111'))).rejects.toMatchObject({
      name: 'PartnerRequestError',
      code: 'not_a_test_card',
      retryable: false,
    });
  });

  it('asks for a challenge when Tessera asks the issuer for one', async () => {
    const { adapter, sent } = adapterOn(mock.url, 'test_payment_methods');
    await adapter.authorize(
      cardRequest('4242424242424242', { three_ds: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' } }),
    );
    expect(sent[0]!.params.get('payment_method_options[card][request_three_d_secure]')).toBe('challenge');
  });

  it('for future usage, makes a Customer and sets setup_future_usage: the PaymentMethod is the partner token', async () => {
    const { adapter, sent } = adapterOn(mock.url);
    const request = cardRequest('4242424242424242', { save_for_future_usage: true });
    await adapter.authorize(request);
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/payment_methods',
      'POST /v1/customers',
      'POST /v1/payment_intents',
    ]);
    expect(sent[1]!.headers['idempotency-key']).toBe(`${request.idempotency_key}/customer`);
    expect(Object.fromEntries(sent[1]!.params)).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      'metadata[tessera_customer_reference]': 'cust-7',
    });
    expect(sent[2]!.params.get('setup_future_usage')).toBe('off_session');
    expect(sent[2]!.params.get('customer')).toMatch(/^cus_/);
    // Whether the answer's PaymentMethod becomes the token needs an authorized PaymentIntent: below, with state.
  });

  it("pays with a saved card off session: reads the PaymentMethod's Customer, sends no return_url nor 3DS request", async () => {
    const { adapter, sent } = adapterOn(mock.url);
    await adapter.authorize(
      cardRequest('', { instrument: { type: 'partner_token', partner_token: 'pm_1Pgc7BB7WZ01zgkW' } }),
    );
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/payment_methods/pm_1Pgc7BB7WZ01zgkW',
      'POST /v1/payment_intents',
    ]);
    expect(sent[0]!.headers['idempotency-key']).toBeUndefined();
    const params = Object.fromEntries(sent[1]!.params);
    expect(params).toMatchObject({ off_session: 'true', payment_method: 'pm_1Pgc7BB7WZ01zgkW' });
    expect(params.return_url).toBeUndefined();
    expect(params['payment_method_options[card][request_three_d_secure]']).toBeUndefined();
  });

  it('captures part of an authorization under the operation key', async () => {
    const { adapter, sent } = adapterOn(mock.url);
    const request = operation('pi_3Pgc7B', 1_500);
    const result = await adapter.capture(request);
    expect(result).toMatchObject({ type: 'capture', authorization_reference: expect.stringMatching(/^pi_/) });
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_3Pgc7B/capture' });
    expect(sent[0]!.headers['idempotency-key']).toBe(request.idempotency_key);
    expect(sent[0]!.params.get('amount_to_capture')).toBe('1500');
  });

  it('voids after reading the PaymentIntent; with nothing authorized (the fixture), no cancel is sent', async () => {
    const { adapter, sent } = adapterOn(mock.url);
    const result = await adapter.void(operation('pi_3Pgc7B', 2_500));
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /v1/payment_intents/pi_3Pgc7B']);
    expect(result).toMatchObject({ type: 'void', status: 'FAILURE', refusal_reason: 'BAD_REQUEST' });
  });

  it('refunds part of a PaymentIntent', async () => {
    const { adapter, sent } = adapterOn(mock.url);
    const request = operation('pi_3Pgc7B', 700);
    const result = await adapter.refund(request);
    expect(result).toMatchObject({ type: 'refund', status: 'SUCCESS', processed_amount: 700 });
    expect(result.partner_reference).toMatch(/^re_/);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(Object.fromEntries(sent[0]!.params)).toMatchObject({ payment_intent: 'pi_3Pgc7B', amount: '700' });
    expect(sent[0]!.headers['idempotency-key']).toBe(request.idempotency_key);
  });

  it('reads the status of a PaymentIntent and of a Refund', async () => {
    const { adapter, sent } = adapterOn(mock.url);
    expect(await adapter.status({ partner_reference: 'pi_3Pgc7B' })).toMatchObject({ type: 'authorization' });
    expect(await adapter.status({ partner_reference: 're_3Pgc7B' })).toMatchObject({ type: 'refund' });
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/payment_intents/pi_3Pgc7B',
      'GET /v1/refunds/re_3Pgc7B',
    ]);
  });

  it('a key Stripe refuses (stripe-mock takes test keys only) is a request error, never retried', async () => {
    const { adapter } = adapterOn(mock.url, 'raw', 'sk_live_notatestkey');
    const refused = adapter.authorize(cardRequest());
    await expect(refused).rejects.toMatchObject({ name: 'PartnerRequestError', httpStatus: 401, retryable: false });
    await expect(refused).rejects.toThrow(/Stripe refused the entity's API key/);
    await expect(refused).rejects.not.toThrow(/sk_live/);
  });

  it('no Stripe at the address is no answer: retryable', async () => {
    const { adapter } = adapterOn('http://127.0.0.1:1');
    await expect(adapter.status({ partner_reference: 'pi_3Pgc7B' })).rejects.toMatchObject({
      name: 'PartnerUnavailableError',
      failure: 'network',
      retryable: true,
    });
  });
});

describe('stripe behaviour, on stripe-mock with state (every request still checked by stripe-mock)', () => {
  it('authorizes, captures part (Stripe releases the rest), refunds twice, and voids what was released', async () => {
    const { adapter } = adapterOn(sim.url);
    const authorized = await adapter.authorize(cardRequest('4242424242424242', { amount: 10_000 }));
    expect(authorized).toMatchObject({
      status: 'AUTHORIZED',
      authorized_amount: 10_000,
      partner_status: 'requires_capture',
      refusal_reason: null,
      redirection: null,
      card: {
        bin: '424242',
        last_four_digits: '4242',
        network: 'VISA',
        expiry_month: '12',
        expiry_year: '34',
        holder_name: 'Ada Lovelace',
      },
      amounts: { authorized: 10_000, available_to_capture: 10_000, captured: 0 },
    });
    const reference = authorized.partner_reference;

    const captured = await adapter.capture(operation(reference, 6_000));
    expect(captured).toMatchObject({
      type: 'capture',
      status: 'SUCCESS',
      processed_amount: 6_000,
      authorization_reference: reference,
      authorization_amounts: { captured: 6_000, voided: 4_000, available_to_capture: 0, available_to_refund: 6_000 },
    });
    expect(captured.partner_reference).toMatch(/^ch_/);

    // Several captures are not Stripe's (without multicapture): a definitive FAILURE, not an error.
    expect(await adapter.capture(operation(reference, 1_000))).toMatchObject({
      status: 'FAILURE',
      partner_status: 'payment_intent_unexpected_state',
      refusal_reason: 'BAD_REQUEST',
    });

    const first = await adapter.refund(operation(reference, 2_000));
    const second = await adapter.refund(operation(reference, 1_500));
    expect([first.status, second.status]).toEqual(['SUCCESS', 'SUCCESS']);
    expect(sim.refundsOf(reference).map((refund) => refund.amount)).toEqual([2_000, 1_500]);
    expect(await adapter.refund(operation(reference, 2_501))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'AMOUNT_EXCEEDED',
    });
    expect(await adapter.status({ partner_reference: second.partner_reference })).toMatchObject({
      type: 'refund',
      status: 'SUCCESS',
      requested_amount: 1_500,
    });

    expect(await adapter.void(operation(reference, 4_000))).toMatchObject({
      status: 'SUCCESS',
      partner_status: 'released_at_capture',
      processed_amount: 4_000,
    });
    expect(await adapter.void(operation(reference, 4_001))).toMatchObject({
      status: 'FAILURE',
      refusal_reason: 'AMOUNT_EXCEEDED',
    });
  });

  it('voids by cancelling the whole PaymentIntent, and refuses a partial void without calling Stripe', async () => {
    const { adapter, sent } = adapterOn(sim.url);
    const { partner_reference: reference } = await adapter.authorize(
      cardRequest('5555555555554444', { amount: 3_000 }),
    );
    const writes = () => sent.filter((call) => call.method === 'POST').length;
    const before = writes();
    expect(await adapter.void(operation(reference, 1_000))).toMatchObject({
      status: 'FAILURE',
      partner_status: 'partial_void_not_supported',
      refusal_reason: 'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
    });
    expect(writes()).toBe(before);
    const request = operation(reference, 3_000);
    expect(await adapter.void(request)).toMatchObject({
      status: 'SUCCESS',
      partner_status: 'canceled',
      processed_amount: 3_000,
    });
    expect(sim.paymentIntent(reference)?.status).toBe('canceled');
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${reference}/cancel` });
    expect(sent.at(-1)!.headers['idempotency-key']).toBe(request.idempotency_key);
    // Asked again (its answer lost), the void reads a cancelled PaymentIntent: the same outcome.
    expect(await adapter.void(request)).toMatchObject({ status: 'SUCCESS' });
  });

  it.each([
    ['4000000000009995', 'INSUFFICIENT_FUNDS', 'insufficient_funds'],
    ['4000000000000002', 'REJECTED_BANK', 'generic_decline'],
    ['4000000000000069', 'CARD_EXPIRED', 'expired_card'],
    ['4000000000000127', 'WRONG_CARD_DATA', 'incorrect_cvc'],
  ] as const)('a decline (%s) is a REFUSED answer with its reason, never an error', async (number, reason, status) => {
    const { adapter } = adapterOn(sim.url);
    const result = await adapter.authorize(cardRequest(number));
    expect(result).toMatchObject({
      status: 'REFUSED',
      refusal_reason: reason,
      partner_status: status,
      authorized_amount: 0,
    });
    expect(result.partner_reference).toMatch(/^pi_/);
  });

  it('a card number Stripe rejects when making the PaymentMethod is refused too, with no reference at Stripe', async () => {
    const { adapter } = adapterOn(sim.url);
    expect(await adapter.authorize(cardRequest('42'))).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'WRONG_CARD_DATA',
      partner_reference: '',
    });
  });

  it("3-D Secure: requires_action is Tessera's redirection; after the challenge, a status read is AUTHORIZED", async () => {
    const { adapter } = adapterOn(sim.url);
    const pending = await adapter.authorize(cardRequest('4000002760003184'));
    expect(pending).toMatchObject({
      status: 'PENDING',
      partner_status: 'requires_action',
      authentication: { status: 'PENDING', flow: 'CHALLENGE' },
      redirection: { href: `${sim.url}/3ds/${pending.partner_reference}`, method: 'GET', media_type: null, body: null },
    });
    const back = await sim.completeChallenge(pending.partner_reference, 'complete');
    expect(back.startsWith('http://127.0.0.1:9/v2/payments/p/return?leg=l&payment_intent=')).toBe(true);
    expect(await adapter.status({ partner_reference: pending.partner_reference })).toMatchObject({
      status: 'AUTHORIZED',
      authentication: { status: 'SUCCESS', flow: 'CHALLENGE', eci: '05', version: '2.2.0' },
      card: { bin: '400000', last_four_digits: '3184' },
    });

    const failed = await adapter.authorize(cardRequest('4000002760003184'));
    await sim.completeChallenge(failed.partner_reference, 'fail');
    expect(await adapter.status({ partner_reference: failed.partner_reference })).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
      authentication: { status: 'FAILURE' },
    });
  });

  it('saves the card for future usage, and pays with it later off session', async () => {
    const { adapter } = adapterOn(sim.url);
    const first = await adapter.authorize(cardRequest('4242424242424242', { save_for_future_usage: true }));
    expect(first.partner_token).toMatch(/^pm_/);
    const later = await adapter.authorize(
      cardRequest('', { instrument: { type: 'partner_token', partner_token: first.partner_token! }, amount: 990 }),
    );
    expect(later).toMatchObject({ status: 'AUTHORIZED', authorized_amount: 990 });
    expect(sim.paymentIntent(later.partner_reference)?.customer).toBe(
      sim.paymentIntent(first.partner_reference)?.customer,
    );
  });

  it('an answer lost after Stripe authorized: the retry sends the same keys and bodies and gets the first answer', async () => {
    const { adapter } = adapterOn(sim.url);
    const request = cardRequest('4242424242424242', { amount: 4_200 });
    sim.addFault({ method: 'POST', pathPrefix: '/v1/payment_intents', fault: 'drop', phase: 'after' });
    await expect(adapter.authorize(request)).rejects.toMatchObject({
      name: 'PartnerUnavailableError',
      retryable: true,
    });
    sim.addFault({ method: 'POST', pathPrefix: '/v1/payment_intents', fault: '500', phase: 'before' });
    await expect(adapter.authorize(request)).rejects.toMatchObject({
      name: 'PartnerUnavailableError',
      httpStatus: 500,
    });
    const result = await adapter.authorize(request);
    expect(result).toMatchObject({ status: 'AUTHORIZED', authorized_amount: 4_200 });
    expect(sim.paymentIntentsWithKey(request.idempotency_key)).toHaveLength(1);
    const intents = sim.requests().filter((call) => call.idempotency_key === request.idempotency_key);
    expect(intents.map((call) => call.replayed)).toEqual([false, false, true]);
  });

  it('the same key with another body is refused by Stripe: a request error, not retried', async () => {
    const { adapter } = adapterOn(sim.url);
    const request = cardRequest('4242424242424242');
    await adapter.authorize(request);
    await expect(adapter.authorize({ ...request, amount: request.amount + 1 })).rejects.toMatchObject({
      name: 'PartnerRequestError',
      code: 'idempotency_key_reused',
      retryable: false,
    });
  });
});

describe('stripe webhook events', () => {
  const { adapter } = adapterOn('http://127.0.0.1:1');
  const now = () => Math.floor(Date.now() / 1000);
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id: 'evt_1', object: 'event', type, created: now(), data: { object } });
  const intent = (metadata: Record<string, string>, extra: Record<string, unknown> = {}) => ({
    object: 'payment_intent',
    id: 'pi_1',
    amount: 2_000,
    amount_capturable: 2_000,
    amount_received: 0,
    currency: 'eur',
    status: 'requires_capture',
    metadata,
    latest_charge: 'ch_1',
    payment_method: 'pm_1',
    ...extra,
  });
  const signed = (body: string, secret = WEBHOOK_SECRET, at = now()) => ({
    body,
    headers: { 'stripe-signature': stripeSignatureHeader(secret, body, at) },
  });
  const key = `payment/${randomUUID()}/auth/${randomUUID()}`;

  it("gives the authorization's outcome and the key Tessera sent, once the signature is checked", () => {
    const body = event(
      'payment_intent.amount_capturable_updated',
      intent({ tessera_idempotency_key: key, tessera_entity_id: ENTITY }),
    );
    expect(adapter.parseNotification(signed(body))).toMatchObject({
      partner: 'stripe',
      idempotency_key: key,
      result: { status: 'AUTHORIZED', partner_reference: 'pi_1', authorized_amount: 2_000, currency: 'EUR' },
    });
    const failed = event(
      'payment_intent.payment_failed',
      intent(
        { tessera_idempotency_key: key, tessera_entity_id: ENTITY },
        {
          status: 'requires_payment_method',
          last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
        },
      ),
    );
    expect(authorizationNews(adapter.parseNotification(signed(failed))).result).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'INSUFFICIENT_FUNDS',
    });
  });

  it("acknowledges, without a notification, what is not an authorization of this entity's", () => {
    const mine = { tessera_idempotency_key: key, tessera_entity_id: ENTITY };
    expect(adapter.parseNotification(signed(event('charge.refunded', { object: 'charge', id: 'ch_1' })))).toBeNull();
    expect(adapter.parseNotification(signed(event('payment_intent.succeeded', intent({}))))).toBeNull();
    expect(
      adapter.parseNotification(
        signed(event('payment_intent.succeeded', intent({ ...mine, tessera_entity_id: randomUUID() }))),
      ),
    ).toBeNull();
  });

  it('refuses an event signed with another secret, too old, tampered with, or not an event', () => {
    const body = event('payment_intent.succeeded', intent({ tessera_idempotency_key: key, tessera_entity_id: ENTITY }));
    expect(() => adapter.parseNotification(signed(body, 'whsec_someoneelse'))).toThrow(/mismatch/);
    expect(() => adapter.parseNotification(signed(body, WEBHOOK_SECRET, now() - 301))).toThrow(/stale/);
    const { headers } = signed(body);
    expect(() => adapter.parseNotification({ body: body.replace('2000', '2001'), headers })).toThrow(/mismatch/);
    expect(() => adapter.parseNotification({ body, headers: {} })).toThrow(/missing/);
    expect(() => adapter.parseNotification(signed('{"hello":1}'))).toThrow(/invalid_body/);
  });
});
