// v2 payments routed to Stripe through the real api, workflows and worker: an entity given its own
// Stripe account by `merchant:create --partner stripe`, and Stripe played by stripe-mock (Stripe's
// official mock server, which checks every request against Stripe's OpenAPI document) behind the
// simulator of test/support/stripe-simulator.ts, which keeps the state stripe-mock does not and
// signs webhook events with the entity's secret.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPaymentQuery } from '../../workflows/payment/messages';
import { paymentWorkflowId } from '../../workflows/payment/ids';
import { stripeSignatureHeader } from '../../partners/stripe/webhook-signature';
import type { TesseraClient, V2Components } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { eventually, sessionApplication } from '../support/api-client';
import { cardPayment, vaultCard } from '../support/payments';
import { runOperatorScript } from '../support/operator-script';
import { startStack, type Stack } from '../support/stack';
import { startStripeMock, type StripeMock } from '../support/stripe-mock';
import { startStripeSimulator, type StripeSimulator } from '../support/stripe-simulator';

let mock: StripeMock;
let stripe: StripeSimulator;
let stack: Stack;
let merchant: CreatedMerchant & {
  partners: { stripe: { notification_url: string; credentials: Record<string, string> } };
};
let tessera: TesseraClient;
const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;

/** A command-line script as an operator runs it, on the stack's database, with Stripe's keys in its environment. */
const runScript = (script: string, args: string[]): Promise<Record<string, any>> =>
  runOperatorScript(stack, script, args, {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_CARD_DATA: 'raw',
  });

/** `npm run merchant:create -- --name … --partner stripe --json`. */
const createStripeMerchant = async (name: string) =>
  (await runScript('merchant-create.ts', ['--name', name, '--partner', 'stripe'])) as typeof merchant;

beforeAll(async () => {
  mock = await startStripeMock();
  stripe = await startStripeSimulator({ stripeMockUrl: mock.url });
  stack = await startStack({ stripeApiUrl: stripe.url });
  merchant = await createStripeMerchant('Stripe shop');
  stripe.setWebhookEndpoint(secretKey, merchant.partners.stripe.notification_url, webhookSecret);
  tessera = stack.client({ accessToken: await stack.accessToken(merchant) });
}, 600_000);
afterAll(async () => {
  await stack?.close();
  await stripe?.close();
  await mock?.close();
});

type Schemas = V2Components['schemas'];
const stripePayment = async (number: string, overrides: Partial<Schemas['CreatePaymentRequest']> = {}) => {
  const amount = overrides.amount ?? 10_000;
  const vaulted = await vaultCard(stack, merchant, number);
  return tessera.v2.POST('/v2/payments', {
    body: cardPayment(merchant.entity_id, vaulted, {
      split: [{ amount, partner: 'stripe', method: 'creditcard', vault_form_token: vaulted }],
      ...overrides,
    }),
  });
};
const operationPaths = {
  captures: '/v2/payments/{id}/captures',
  voids: '/v2/payments/{id}/voids',
  refunds: '/v2/payments/{id}/refunds',
} as const;
const operate = (id: string, kind: 'captures' | 'voids' | 'refunds', amount: number) =>
  tessera.v2.POST(operationPaths[kind], { params: { path: { id } }, body: { amount } });
const partnerReferenceOf = (payment: Schemas['Payment']) =>
  payment.authorization?.partner_transactions[0]?.partner_reference ?? 'none';
/** The workflow's own view, without the refresh a plain GET would ask the partner for. */
const workflowView = (id: string) => stack.temporal.workflow.getHandle(paymentWorkflowId(id)).query(getPaymentQuery);

describe('a payment routed to Stripe', () => {
  it('authorizes, captures part, refunds twice and voids the rest, each once at Stripe under Tessera’s keys', async () => {
    const created = await stripePayment('4242424242424242');
    expect(created.response.status).toBe(201);
    const payment = created.data!;
    expect(payment.authorization?.status).toBe('AUTHORIZED');
    const [leg] = payment.authorization!.partner_transactions;
    expect(leg).toMatchObject({
      partner: 'stripe',
      method: 'creditcard',
      status: 'AUTHORIZED',
      partner_status: 'requires_capture',
      card: { bin: '424242', last_four_digits: '4242', selected_network: 'VISA' },
    });
    const intentId = leg!.partner_reference!;
    expect(intentId).toMatch(/^pi_/);
    const intent = stripe.paymentIntent(intentId)!;
    expect(intent).toMatchObject({ amount: 10_000, currency: 'eur', status: 'requires_capture' });
    const authorizeKey = `payment/${payment.id}/auth/${leg!.id}`;
    expect(intent.metadata).toMatchObject({
      tessera_idempotency_key: authorizeKey,
      tessera_entity_id: merchant.entity_id,
    });
    expect(stripe.paymentIntentsWithKey(authorizeKey)).toHaveLength(1);

    const capture = await operate(payment.id, 'captures', 6_000);
    expect(capture.response.status).toBe(201);
    expect(capture.data?.captures[0]).toMatchObject({ amount: 6_000, status: 'SUCCESS' });
    expect(stripe.paymentIntent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 6_000 });
    // Stripe released the 4,000 left: the payment shows them voided by the orchestrator, not capturable.
    expect(capture.data?.voids).toEqual([
      expect.objectContaining({ amount: 4_000, status: 'SUCCESS', triggered_by: 'ORCHESTRATOR' }),
    ]);
    expect(capture.data?.amounts).toMatchObject({
      total_captured: 6_000,
      total_voided: 4_000,
      available_to_capture: 0,
      available_to_void: 0,
      available_to_refund: 6_000,
    });
    expect((await operate(payment.id, 'voids', 1)).response.status).toBe(400);

    const first = await operate(payment.id, 'refunds', 2_000);
    const second = await operate(payment.id, 'refunds', 1_500);
    expect([first.response.status, second.response.status]).toEqual([201, 201]);
    expect(second.data?.refunds.map((refund) => refund.status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(second.data?.amounts).toMatchObject({ total_refunded: 3_500, available_to_refund: 2_500 });
    expect(stripe.refundsOf(intentId).map((refund) => refund.amount)).toEqual([2_000, 1_500]);

    // Every write carried an Idempotency-Key of Tessera's making, and none was executed twice.
    const writes = stripe
      .requests()
      .filter((request) => request.method === 'POST' && request.path !== '/v1/payment_methods');
    const ofThisPayment = writes.filter((request) => request.idempotency_key?.startsWith(`payment/${payment.id}/`));
    expect(ofThisPayment.map((request) => request.path)).toEqual([
      '/v1/payment_intents',
      `/v1/payment_intents/${intentId}/capture`,
      '/v1/refunds',
      '/v1/refunds',
    ]);
    expect(ofThisPayment.map((request) => request.idempotency_key)).toEqual([
      authorizeKey,
      expect.stringMatching(new RegExp(`^payment/${payment.id}/capture/`)),
      expect.stringMatching(new RegExp(`^payment/${payment.id}/refund/`)),
      expect.stringMatching(new RegExp(`^payment/${payment.id}/refund/`)),
    ]);
    expect(new Set(ofThisPayment.map((request) => request.idempotency_key)).size).toBe(4);
    expect(stripe.requests().every((request) => request.stripe_version === '2026-08-26.dahlia')).toBe(true);
  });

  it('voids a whole authorization by cancelling its PaymentIntent', async () => {
    const payment = (await stripePayment('5555555555554444', { amount: 3_000 })).data!;
    expect(payment.authorization?.status).toBe('AUTHORIZED');
    const voided = await operate(payment.id, 'voids', 3_000);
    expect(voided.data?.voids[0]).toMatchObject({ amount: 3_000, status: 'SUCCESS' });
    expect(stripe.paymentIntent(partnerReferenceOf(payment))?.status).toBe('canceled');
  });

  it('is refused with Stripe’s decline as the reason', async () => {
    const { response, data: body } = await stripePayment('4000000000009995');
    expect(response.status).toBe(201);
    expect(body?.authorization?.status).toBe('REFUSED');
    expect(body?.authorization?.partner_transactions[0]).toMatchObject({
      partner_status: 'insufficient_funds',
      partner_additional_data: { refusal_reason: 'INSUFFICIENT_FUNDS', stripe_decline_code: 'insufficient_funds' },
    });
    expect(body?.amounts.total_authorized).toBe(0);
  });

  it('authorizes once when Stripe’s answer is lost: the activity retries with the same key', async () => {
    stripe.addFault({ method: 'POST', pathPrefix: '/v1/payment_intents', fault: 'drop', phase: 'after' });
    const payment = (await stripePayment('4242424242424242', { amount: 4_200 })).data!;
    const leg = payment.authorization!.partner_transactions[0]!;
    const key = `payment/${payment.id}/auth/${leg.id}`;
    const settled =
      payment.authorization?.status === 'AUTHORIZED'
        ? payment
        : await eventually(
            async () => {
              const view = await workflowView(payment.id);
              return view.authorization?.status === 'AUTHORIZED' ? view : undefined;
            },
            { what: 'the retried authorization', timeoutMs: 60_000, intervalMs: 250 },
          );
    expect(settled.authorization!.status).toBe('AUTHORIZED');
    expect(stripe.paymentIntentsWithKey(key)).toHaveLength(1);
    const attempts = stripe.requests().filter((request) => request.idempotency_key === key);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.filter((request) => !request.replayed)).toHaveLength(1);
  });
});

describe('3-D Secure and webhook events', () => {
  it("redirects the shopper to Stripe's challenge; the signed event authorizes the payment before the shopper is back", async () => {
    const payment = (await stripePayment('4000002760003184', { amount: 2_500 })).data!;
    expect(payment.authorization?.status).toBe('PENDING');
    const intentId = partnerReferenceOf(payment);
    expect(payment.redirection).toMatchObject({ href: `${stripe.url}/3ds/${intentId}`, method: 'GET' });
    expect(payment.authentication).toMatchObject({ status: 'PENDING', flow: 'CHALLENGE' });

    const back = await stripe.completeChallenge(intentId, 'complete');
    const view = await eventually(
      async () => {
        const current = await workflowView(payment.id);
        return current.authorization?.status === 'AUTHORIZED' ? current : undefined;
      },
      { what: 'the webhook event to authorize the payment', timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(view.authentication).toMatchObject({ status: 'SUCCESS', flow: 'CHALLENGE' });
    expect(view.redirection).toBeUndefined();
    // The route answered once the payment had read Stripe again: the event is acknowledged.
    await eventually(
      async () =>
        stripe
          .webhookDeliveries()
          .some(
            (delivery) =>
              delivery.type === 'payment_intent.amount_capturable_updated' &&
              delivery.object_id === intentId &&
              delivery.status === 204,
          ) || undefined,
      { what: 'the event acknowledged', timeoutMs: 10_000 },
    );

    // The shopper's browser, sent back by Stripe to Tessera's return address, lands on the shop.
    expect(back.startsWith(`${stack.baseUrl}/v2/payments/${payment.id}/return?leg=`)).toBe(true);
    const landing = await fetch(back, { redirect: 'manual' });
    expect(landing.status).toBe(303);
    expect(landing.headers.get('location')).toMatch(/^https:\/\/shop\.example\/return\?purse-redirection-data=/);
  });

  it('a failed challenge is refused, read from Stripe when the shopper comes back', async () => {
    const payment = (await stripePayment('4000002760003184', { amount: 2_500 })).data!;
    const intentId = partnerReferenceOf(payment);
    const back = await stripe.completeChallenge(intentId, 'fail');
    await fetch(back, { redirect: 'manual' });
    const read = await tessera.v2.GET('/v2/payments/{id}', { params: { path: { id: payment.id } } });
    expect(read.data?.authorization?.status).toBe('REFUSED');
    expect(read.data?.authorization?.partner_transactions[0]?.partner_additional_data?.refusal_reason).toBe(
      'TECHNICAL_ISSUE_DURING_AUTHENTICATION_CHECK',
    );
  });

  it("refuses events that do not carry the entity's signature, and never lets one entity's account speak for another's payment", async () => {
    const url = merchant.partners.stripe.notification_url;
    const payment = (await stripePayment('4000002760003184', { amount: 2_500 })).data!;
    const leg = payment.authorization!.partner_transactions[0]!;
    const event = (entityId: string) =>
      JSON.stringify({
        id: 'evt_forged',
        object: 'event',
        type: 'payment_intent.amount_capturable_updated',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            object: 'payment_intent',
            id: leg.partner_reference,
            amount: 2_500,
            amount_capturable: 2_500,
            amount_received: 0,
            currency: 'eur',
            status: 'requires_capture',
            metadata: { tessera_idempotency_key: `payment/${payment.id}/auth/${leg.id}`, tessera_entity_id: entityId },
          },
        },
      });
    const post = (target: string, body: string, signature: string) =>
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
    const now = Math.floor(Date.now() / 1000);
    const body = event(merchant.entity_id);

    expect((await post(url, body, stripeSignatureHeader('whsec_wrong', body, now))).status).toBe(401);
    expect((await post(url, body, stripeSignatureHeader(webhookSecret, body, now - 600))).status).toBe(401);
    expect(
      (await post(url, body.replace('2500', '2600'), stripeSignatureHeader(webhookSecret, body, now))).status,
    ).toBe(401);
    expect((await post(`${stack.baseUrl}/partners/stripe/notifications`, body, 't=1,v1=00')).status).toBe(404);
    const sandboxOnly = await stack.createMerchant('No Stripe here');
    expect(
      (
        await post(
          `${stack.baseUrl}/partners/stripe/notifications/${sandboxOnly.entity_id}`,
          body,
          stripeSignatureHeader(webhookSecret, body, now),
        )
      ).status,
    ).toBe(404);

    // Another entity with a Stripe account of its own signs an event naming this entity's payment.
    const other = await createStripeMerchant('Other Stripe shop');
    const forged = event(other.entity_id);
    const answer = await post(
      other.partners.stripe.notification_url,
      forged,
      stripeSignatureHeader(webhookSecret, forged, now),
    );
    expect(answer.status).toBe(404);
    expect((await workflowView(payment.id)).authorization?.status).toBe('PENDING');

    // Events of payments made elsewhere on the account are acknowledged, and change nothing.
    const elsewhere = body.replace(/"metadata":\{[^}]*\}/, '"metadata":{}');
    expect((await post(url, elsewhere, stripeSignatureHeader(webhookSecret, elsewhere, now))).status).toBe(204);
    expect((await workflowView(payment.id)).authorization?.status).toBe('PENDING');
  });
});

describe("the entity's Stripe account", () => {
  it('is stored encrypted: no key in clear, only hints', async () => {
    const [row] = await stack.sql<{ credentials_encrypted: string; hints: Record<string, string> }[]>`
      select credentials_encrypted, hints from partner_accounts where entity_id = ${merchant.entity_id} and partner = 'stripe'`;
    expect(row!.credentials_encrypted).not.toContain(secretKey);
    expect(row!.credentials_encrypted).not.toContain(webhookSecret);
    expect(row!.hints).toEqual({
      secret_key: `sk_test_…${secretKey.slice(-4)}`,
      webhook_secret: `whsec_…${webhookSecret.slice(-4)}`,
      card_data: 'raw',
    });
    expect(merchant.partners.stripe.credentials).toEqual(row!.hints);
    const [contract] = await stack.sql`
      select currencies, min_amount, priority from partner_contracts where entity_id = ${merchant.entity_id} and partner = 'stripe'`;
    expect(contract).toMatchObject({ currencies: ['CHF', 'EUR', 'GBP', 'JPY', 'USD'], min_amount: 50, priority: 5 });
  });

  it("replaces the sandbox's card acquirer at the entity's checkout: one card choice", async () => {
    const contracts = await stack.sql<{ partner: string; method: string; enabled: boolean }[]>`
      select partner, method, enabled from partner_contracts where entity_id = ${merchant.entity_id} order by priority`;
    expect(contracts.filter((contract) => contract.method === 'creditcard')).toEqual([
      { partner: 'stripe', method: 'creditcard', enabled: true },
      { partner: 'sandbox-card', method: 'creditcard', enabled: false },
    ]);
    const session = await tessera.v2.POST('/v2/client-sessions', { body: sessionApplication(merchant.entity_id) });
    const cards = session.data?.eligible_solutions.filter((solution) => solution.method === 'creditcard');
    expect(cards).toEqual([expect.objectContaining({ partner: 'stripe', method: 'creditcard' })]);
  });

  it('is given to an existing entity by partner:configure, with the contract asked for', async () => {
    const existing = await stack.createMerchant('Existing shop');
    const configured = await runScript('partner-configure.ts', [
      '--entity',
      existing.entity_id,
      '--partner',
      'stripe',
      '--currencies',
      'eur',
      '--min-amount',
      '100',
      '--keep-sandbox',
    ]);
    expect(configured).toMatchObject({
      entity_id: existing.entity_id,
      partner: 'stripe',
      contracts: [{ method: 'creditcard', currencies: ['EUR'], min_amount: 100 }],
      disabled_contracts: [],
      notification_url: `${stack.baseUrl}/partners/stripe/notifications/${existing.entity_id}`,
    });
    const existingTessera = stack.client({ accessToken: await stack.accessToken(existing) });
    const vaulted = await vaultCard(stack, existing, '4242424242424242');
    const pay = (amount: number, currency: Schemas['CreatePaymentRequest']['currency'] = 'EUR') =>
      existingTessera.v2.POST('/v2/payments', {
        body: cardPayment(existing.entity_id, vaulted, {
          amount,
          currency,
          split: [{ amount, partner: 'stripe', method: 'creditcard', vault_form_token: vaulted }],
        }),
      });
    expect((await pay(99)).response.status).toBe(400);
    expect((await pay(5_000, 'USD')).response.status).toBe(400);
    const paid = await pay(5_000);
    expect(paid.data?.authorization?.status).toBe('AUTHORIZED');
    expect(stripe.paymentIntent(partnerReferenceOf(paid.data!))?.metadata).toMatchObject({
      tessera_entity_id: existing.entity_id,
    });
  });

  it('leaves the sandbox as it was: an entity without Stripe cannot route a payment there', async () => {
    const plain = await stack.createMerchant('Sandbox shop');
    const plainTessera = stack.client({ accessToken: await stack.accessToken(plain) });
    const vaulted = await vaultCard(stack, plain, '4242424242424242');
    const answer = await plainTessera.v2.POST('/v2/payments', {
      body: cardPayment(plain.entity_id, vaulted, {
        split: [{ amount: 10_000, partner: 'stripe', method: 'creditcard', vault_form_token: vaulted }],
      }),
    });
    expect(answer.response.status).toBe(400);
    const sandbox = await plainTessera.v2.POST('/v2/payments', { body: cardPayment(plain.entity_id, vaulted) });
    expect(sandbox.data?.authorization?.status).toBe('AUTHORIZED');
  });
});
