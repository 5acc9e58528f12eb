// The shopper's path: a client session opened by the browser, a card submitted on it, the payment
// started as a child workflow, and the merchant told by signed webhooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { TesseraClient, V2Components } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { call, eventually, sessionApplication } from '../support/api-client';
import { completeShopperPage, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { schemaErrors } from '../../api/schemas/check';
import { WebhookEvent } from '../../api/schemas/v2';
import { WEBHOOK_EVENT_TYPES } from '../../domain/enums';

let stack: Stack;
let merchant: CreatedMerchant;
let tessera: TesseraClient;

beforeAll(async () => {
  stack = await startStack({ webhookRetryInitialIntervalMs: 200 });
  merchant = await stack.createMerchant();
  tessera = stack.client({ accessToken: await stack.accessToken(merchant) });
});
afterAll(async () => stack?.close());

// The shopper's browser speaks the checkout API, which is the widget's and not in the OpenAPI documents.
const browser = (method: string, path: string, body?: unknown) =>
  call(stack.baseUrl, method, path, { apiKey: merchant.publishable_key, ...(body ? { body } : {}) });
const cardEntry = (vaultToken: string, amount = 2599) => ({
  split: [{ amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: vaultToken }],
});

async function newSession(overrides: Partial<V2Components['schemas']['ClientSessionApplication']> = {}) {
  const created = await tessera.v2.POST('/v2/client-sessions', {
    body: sessionApplication(merchant.entity_id, { integration_mode: 'HOSTED_PAGE', ...overrides }),
  });
  expect(created.response.status).toBe(201);
  return created.data!;
}

describe('paying on a client session', () => {
  it('opens the session, submits a card and leaves the session SUBMITTED with an authorized payment', async () => {
    const session = await newSession();
    const opened = await browser('GET', `/checkout/v1/sessions/${session.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.status).toBe('CHOICE_IN_PROGRESS');
    expect(opened.headers.get('access-control-allow-origin')).toBe('*');

    const submitted = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4242424242424242')),
    );
    expect(submitted.status).toBe(201);
    expect(submitted.body.session).toMatchObject({ status: 'SUBMITTED', payment_id: submitted.body.payment.id });
    expect(submitted.body.payment).toMatchObject({
      client_session_id: session.id,
      amount: 2599,
      authorization: { status: 'AUTHORIZED' },
    });

    const read = await eventually(
      async () => {
        const answer = await tessera.v2.GET('/v2/client-sessions/{id}', { params: { path: { id: session.id } } });
        return answer.data?.authorization?.status === 'AUTHORIZED' ? answer.data : undefined;
      },
      { what: 'session authorization' },
    );
    expect(read.payment_id).toBe(submitted.body.payment.id);
    expect(read.links.payment).toBe(`${stack.baseUrl}/v2/payments/${submitted.body.payment.id}`);
    const payment = await tessera.v2.GET('/v2/payments/{id}', { params: { path: { id: submitted.body.payment.id } } });
    expect(payment.data?.client_session_id).toBe(session.id);
    const capture = await tessera.v2.POST('/v2/payments/{id}/captures', {
      params: { path: { id: submitted.body.payment.id } },
      body: { amount: 2599 },
    });
    expect(capture.response.status).toBe(201);
  });

  it('lets the shopper try another card after a refusal', async () => {
    const session = await newSession();
    const refused = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4000000000000002')),
    );
    expect(refused.body.payment.authorization.status).toBe('REFUSED');
    expect(refused.body.session.status).toBe('SUBMITTED');
    const retried = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '5555555555554444')),
    );
    expect(retried.status).toBe(201);
    expect(retried.body.payment.authorization.status).toBe('AUTHORIZED');
    expect(retried.body.payment.id).not.toBe(refused.body.payment.id);
    const third = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4242424242424242')),
    );
    expect(third.status).toBe(400);
  });

  it('lets the merchant abort a session after a refused payment, so that the shopper cannot pay it again', async () => {
    const session = await newSession();
    const abort = (status: 'ABORTED_BY_MERCHANT' | 'ABORTED_BY_CUSTOMER') =>
      tessera.v2.POST('/v2/client-sessions/{id}/abort', { params: { path: { id: session.id } }, body: { status } });
    const refused = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4000000000000002')),
    );
    expect(refused.body.payment.authorization.status).toBe('REFUSED');
    // The session hears of its payment's outcome by signal, after the shopper's answer.
    await eventually(
      async () => {
        const read = await tessera.v2.GET('/v2/client-sessions/{id}', { params: { path: { id: session.id } } });
        return read.data?.authorization?.status === 'REFUSED' ? read.data : undefined;
      },
      { what: 'the refusal on the session' },
    );
    const aborted = await abort('ABORTED_BY_MERCHANT');
    expect(aborted.response.status).toBe(200);
    expect(aborted.data).toMatchObject({ status: 'ABORTED_BY_MERCHANT', payment_id: refused.body.payment.id });
    const again = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4242424242424242')),
    );
    expect(again.status).toBe(400);
    const twice = await abort('ABORTED_BY_CUSTOMER');
    expect(twice.response.status).toBe(400);
    expect(twice.error?.detail).toMatch(/ABORTED_BY_MERCHANT/);

    const paid = await newSession();
    const authorized = await browser(
      'POST',
      `/checkout/v1/sessions/${paid.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4242424242424242')),
    );
    expect(authorized.body.payment.authorization.status).toBe('AUTHORIZED');
    const refusedAbort = await tessera.v2.POST('/v2/client-sessions/{id}/abort', {
      params: { path: { id: paid.id } },
      body: { status: 'ABORTED_BY_MERCHANT' },
    });
    expect(refusedAbort.response.status).toBe(400);
    expect(refusedAbort.error?.detail).toMatch(/SUBMITTED/);
  });

  it("tells a submission repeated with its spent token that the session is paid, and refuses that token's second payment at the vault", async () => {
    const token = await vaultCard(stack, merchant, '4242424242424242');
    const session = await newSession();
    const paid = await browser('POST', `/checkout/v1/sessions/${session.id}/payments`, cardEntry(token));
    expect(paid.body.payment.authorization.status).toBe('AUTHORIZED');
    // The browser sends it again (its answer lost): the session says it is paid.
    const repeated = await browser('POST', `/checkout/v1/sessions/${session.id}/payments`, cardEntry(token));
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe('session_already_submitted');

    // On another session the token pays nothing: the vault refuses it before the partner is asked.
    const other = await newSession();
    const again = await browser('POST', `/checkout/v1/sessions/${other.id}/payments`, cardEntry(token));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.payment.authorization.status).toBe('ERROR');
    expect(again.body.payment.authorization.partner_transactions[0].partner_status_description).toContain(
      'used by another payment',
    );
  });

  it('returns a 3DS redirection, then sends the shopper back with the session status signed', async () => {
    const session = await newSession();
    const submitted = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4000002760003184')),
    );
    expect(submitted.body.payment.authorization.status).toBe('PENDING');
    const done = await completeShopperPage(submitted.body.payment.redirection.href, 'complete');
    const back = await fetch(done.headers.get('location')!, { redirect: 'manual' });
    const jws = new URL(back.headers.get('location')!).searchParams.get('purse-redirection-data')!;
    const claims = JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      client_session_id: session.id,
      payment_id: submitted.body.payment.id,
      authorization_status: 'AUTHORIZED',
      client_session_status: 'SUBMITTED',
    });
  });

  it('refuses a solution the session does not offer, an aborted session and a wrong amount', async () => {
    const jpy = await newSession({ currency: 'JPY', amount: 1000, order: { reference: 'jpy', net_amount: 1000 } });
    const notOffered = await browser('POST', `/checkout/v1/sessions/${jpy.id}/payments`, {
      split: [{ amount: 1000, partner: 'sandbox-instalments', method: '3x' }],
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.errors[0].pointer).toBe('/split/0/method');

    const session = await newSession();
    const short = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4242424242424242'), 1000),
    );
    expect(short.status).toBe(400);
    await tessera.v2.POST('/v2/client-sessions/{id}/abort', {
      params: { path: { id: session.id } },
      body: { status: 'ABORTED_BY_CUSTOMER' },
    });
    const aborted = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4242424242424242')),
    );
    expect(aborted.status).toBe(400);
    expect((await browser('GET', `/checkout/v1/sessions/${session.id}`)).body.status).toBe('ABORTED_BY_CUSTOMER');
  });

  it("refuses a shopper's entry naming an authorization the merchant holds, and pays nothing", async () => {
    // An authorization of the merchant's, whose reference and token its payment shows.
    const held = await tessera.v2.POST('/v2/payments', {
      body: {
        entity_id: merchant.entity_id,
        amount: 2599,
        currency: 'EUR',
        order: { reference: 'held-by-merchant' },
        split: [
          {
            amount: 2599,
            partner: 'sandbox-card',
            method: 'creditcard',
            vault_form_token: await vaultCard(stack, merchant, '4242424242424242'),
          },
        ],
      },
    });
    expect(held.response.status).toBe(201);
    const authorization = held.data!.authorization!.partner_transactions[0]!;
    const session = await newSession();
    for (const [field, value] of [
      ['parent_partner_reference', authorization.partner_reference],
      ['parent_payment_id', held.data!.id],
      ['parent_partner_transaction_id', authorization.id],
    ] as const) {
      const refused = await browser('POST', `/checkout/v1/sessions/${session.id}/payments`, {
        split: [{ amount: 2599, partner: 'sandbox-card', method: 'creditcard', [field]: value }],
      });
      expect(refused.status, field).toBe(400);
      expect(refused.body.errors, field).toEqual([{ pointer: `/split/0/${field}`, detail: expect.any(String) }]);
    }
    expect((await browser('GET', `/checkout/v1/sessions/${session.id}`)).body.status).toBe('CHOICE_IN_PROGRESS');
    const payment = await tessera.v2.GET('/v2/payments/{id}', { params: { path: { id: held.data!.id } } });
    expect(payment.data!.overview).toMatchObject({ captured: 'NOT', voided: 'NOT' });
  });

  it('gives the hosted page its session and the publishable key from its own address', async () => {
    const session = await newSession();
    const page = await call(stack.baseUrl, 'GET', `/checkout/v1/entities/${merchant.entity_id}/sessions/${session.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      publishable_key: merchant.publishable_key,
      session: { id: session.id, status: 'CHOICE_IN_PROGRESS' },
    });
    const other = await stack.createMerchant('Elsewhere');
    expect(
      (await call(stack.baseUrl, 'GET', `/checkout/v1/entities/${other.entity_id}/sessions/${session.id}`)).status,
    ).toBe(404);
  });

  it("tells the shopper's browser what the page shows, never the customer's identity, the webhook or a partner token", async () => {
    const session = await newSession({
      allow_future_usage: true,
      customer: {
        reference: 'CUST-PRIVATE',
        email: 'camille@example.com',
        locale: 'fr-FR',
        national_identifier: '1 90 04 75 123 456 78',
        birth_date: '1990-04-21',
      },
      order: {
        reference: 'private-order',
        net_amount: 2599,
        shipments: [
          {
            net_amount: 2599,
            shipping_address: { first_name: 'Camille', address_lines: ['12 rue Secrète'], city: 'Paris' },
            item_lines: [
              { name: 'Desk lamp', quantity: 1, unit_gross_price: 2599, net_amount: 2599, seller_name: 'S' },
            ],
          },
        ],
      },
      webhook: { url: 'https://hooks.shop.example/in/w3bh00k-path-token?key=w3bh00k-query-token' },
      three_ds_authentication_options: { challenge_indicator: 'CHALLENGE_REQUESTED_BY_MERCHANT' },
    });
    const page = await call(stack.baseUrl, 'GET', `/checkout/v1/entities/${merchant.entity_id}/sessions/${session.id}`);
    const opened = await browser('GET', `/checkout/v1/sessions/${session.id}`);
    for (const answer of [page, opened]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    for (const shown of [page.body.session, opened.body]) {
      expect(shown.customer).toEqual({ reference: 'CUST-PRIVATE', email: 'camille@example.com', locale: 'fr-FR' });
      expect(shown.order).toEqual({
        reference: 'private-order',
        net_amount: 2599,
        shipments: [
          {
            net_amount: 2599,
            item_lines: [{ name: 'Desk lamp', quantity: 1, unit_gross_price: 2599, net_amount: 2599 }],
          },
        ],
      });
    }
    const paid = await browser(
      'POST',
      `/checkout/v1/sessions/${session.id}/payments`,
      cardEntry(await vaultCard(stack, merchant, '4242424242424242')),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.headers.get('cache-control')).toBe('no-store');
    expect(paid.body.payment.authorization.status).toBe('AUTHORIZED');
    const said = JSON.stringify(paid.body);
    for (const secret of ['w3bh00k', 'national_identifier', 'birth_date', 'Secrète', 'partner_token', '"split"'])
      expect(said, secret).not.toContain(secret);
    // The merchant's server still reads the token.
    const payment = await tessera.v2.GET('/v2/payments/{id}', { params: { path: { id: paid.body.payment.id } } });
    expect(payment.data!.authorization!.partner_transactions[0]!.partner_token).toEqual(expect.any(String));
  });

  it("keeps another entity's publishable key out", async () => {
    const session = await newSession();
    const other = await stack.createMerchant('Other');
    const answer = await call(stack.baseUrl, 'GET', `/checkout/v1/sessions/${session.id}`, {
      apiKey: other.publishable_key,
    });
    expect(answer.status).toBe(404);
  });

  // The submission reads the session and what its entries name at once (api/routes/checkout/sessions.ts):
  // a session the key cannot see still answers 404, whatever the entries name, and nothing is paid.
  it('answers 404 to a submission on a session it cannot see, whatever the entries name', async () => {
    const card = await vaultCard(stack, merchant, '4242424242424242');
    for (const entry of [cardEntry(card), cardEntry('not-a-vault-token')]) {
      const missing = await browser('POST', `/checkout/v1/sessions/${randomUUID()}/payments`, entry);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ status: 404 });
    }
    const other = await stack.createMerchant('Another shop');
    const elsewhere = await call(stack.baseUrl, 'POST', `/checkout/v1/sessions/${(await newSession()).id}/payments`, {
      apiKey: other.publishable_key,
      body: cardEntry(await vaultCard(stack, other, '4242424242424242')),
    });
    expect(elsewhere.status).toBe(404);
    // The card stays unused: the session's own shopper pays with it.
    const session = await newSession();
    const paid = await browser('POST', `/checkout/v1/sessions/${session.id}/payments`, cardEntry(card));
    expect(paid.status).toBe(201);
    expect(paid.body.payment.authorization.status).toBe('AUTHORIZED');
  });
});

describe('payment webhooks', () => {
  it('tells the merchant about the payment, its authorization and each operation, signed and in order', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const all = [...WEBHOOK_EVENT_TYPES];
      // Every event of a payment nobody disputes (disputes.test.ts has the others).
      const expected = all.filter((type) => !type.startsWith('DISPUTE_'));
      const vaultToken = await vaultCard(stack, merchant, '4000000000003220');
      const created = await tessera.v2.POST('/v2/payments', {
        body: {
          entity_id: merchant.entity_id,
          amount: 5000,
          currency: 'EUR',
          order: { reference: 'hooks-1', net_amount: 5000 },
          webhook: { url: receiver.url, event_types: all },
          split: [{ amount: 5000, partner: 'sandbox-card', method: 'creditcard', vault_form_token: vaultToken }],
        },
      });
      expect(created.response.status).toBe(201);
      expect(created.data?.webhook?.url).toBe(receiver.url);
      const path = { path: { id: created.data!.id } };
      await tessera.v2.POST('/v2/payments/{id}/captures', { params: path, body: { amount: 3000 } });
      await tessera.v2.POST('/v2/payments/{id}/voids', { params: path, body: { amount: 2000 } });
      await tessera.v2.POST('/v2/payments/{id}/refunds', { params: path, body: { amount: 1000 } });
      const types = await eventually(
        async () => {
          const seen = new Set(receiver.received.map((delivery) => delivery.json.event_type));
          return expected.every((type) => seen.has(type)) ? seen : undefined;
        },
        { what: 'every event type', timeoutMs: 20_000 },
      );
      expect([...types].sort()).toEqual([...expected].sort());
      const versions = receiver.received.map((delivery) => delivery.json.resource.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      // Every body is what the v2 OpenAPI document's webhooks section promises.
      for (const delivery of receiver.received) expect(schemaErrors(WebhookEvent, delivery.json)).toEqual([]);
      const capture = receiver.received.find((delivery) => delivery.json.event_type === 'PARTNER_TRANSACTION_CAPTURE')!;
      expect(capture.json.related.operation_id).toBeDefined();
      expect(capture.json.related.partner_transaction_id).toBeDefined();
    } finally {
      await receiver.close();
    }
  });
});
