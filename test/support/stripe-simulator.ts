// Stripe's behaviour for end-to-end tests, in front of stripe-mock. stripe-mock checks every request
// against Stripe's OpenAPI document and answers fixtures of the right shape, but keeps no state by
// design: a PaymentIntent it confirmed is never `requires_capture`, a capture never `succeeded`,
// a decline never happens. This simulator forwards every request to stripe-mock first (a request
// it refuses is answered with stripe-mock's refusal), then answers the fixture overlaid with the
// state a real account would have: PaymentIntents, PaymentMethods, Customers and Refunds in
// memory, idempotency keys replayed like Stripe's, test cards deciding outcomes, a 3-D Secure page,
// and webhook events signed as Stripe signs them. Loopback only; everything is forgotten at close.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeSignatureHeader } from '../../partners/stripe/webhook-signature';
import { STRIPE_TEST_CARDS } from '../../partners/stripe/test-cards';

type Json = Record<string, unknown>;

export interface SimPaymentMethod {
  id: string;
  number: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
  customer: string | null;
}

export interface SimCharge {
  id: string;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  three_d_secure: Json | null;
}

export interface SimPaymentIntent {
  id: string;
  account: string;
  amount: number;
  currency: string;
  status: string;
  amount_capturable: number;
  amount_received: number;
  customer: string | null;
  payment_method: string;
  metadata: Record<string, string>;
  setup_future_usage: string | null;
  return_url: string | null;
  charge: SimCharge | null;
  last_payment_error: Json | null;
  next_action: Json | null;
  cancellation_reason: string | null;
}

export interface SimRefund {
  id: string;
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotency_key: string | null;
  stripe_version: string | null;
  /** Answered from the idempotency record, without effect. */
  replayed: boolean;
  status: number;
  params: Record<string, string>;
}

export interface WebhookDelivery {
  type: string;
  object_id: string;
  /** pending until the endpoint answered. */
  status: number | 'pending' | 'unreachable';
}

/** A fault for the next matching call: `after` processes it (key recorded) and loses the answer. */
export interface SimFault {
  method: 'GET' | 'POST';
  pathPrefix: string;
  fault: '500' | 'drop';
  phase: 'before' | 'after';
}

export interface StripeSimulator {
  url: string;
  /** Where events are sent, signed with `secret`, for the account of `secretKey`. */
  setWebhookEndpoint(secretKey: string, url: string, secret: string): void;
  requests(): RecordedRequest[];
  webhookDeliveries(): WebhookDelivery[];
  paymentIntent(id: string): SimPaymentIntent | undefined;
  /** The PaymentIntents created with a metadata idempotency key: exactly one means no double charge. */
  paymentIntentsWithKey(key: string): SimPaymentIntent[];
  refundsOf(paymentIntent: string): SimRefund[];
  addFault(fault: SimFault): void;
  /** What the shopper does on the 3-D Secure page; answers where the browser is sent next. */
  completeChallenge(paymentIntent: string, decision: 'complete' | 'fail'): Promise<string>;
  close(): Promise<void>;
}

type Outcome =
  | { kind: 'approve' }
  | { kind: 'decline'; code: string; decline_code?: string; message: string }
  | { kind: 'challenge' };

const OUTCOMES: Readonly<Record<string, Outcome>> = {
  '4000000000000002': {
    kind: 'decline',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    kind: 'decline',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000002760003184': { kind: 'challenge' },
};

const brandOf = (number: string): string =>
  number.startsWith('4')
    ? 'visa'
    : /^3[47]/.test(number)
      ? 'amex'
      : /^(5[1-5]|2[2-7])/.test(number)
        ? 'mastercard'
        : 'unknown';

const newId = (prefix: string) => `${prefix}_sim${randomBytes(9).toString('hex')}`;

function apiError(status: number, error: Json): { status: number; body: Json } {
  return { status, body: { error } };
}

export async function startStripeSimulator(options: { stripeMockUrl: string }): Promise<StripeSimulator> {
  const paymentMethods = new Map<string, SimPaymentMethod>();
  const intents = new Map<string, SimPaymentIntent>();
  const refunds = new Map<string, SimRefund>();
  const keys = new Map<string, { signature: string; status: number; body: Json }>();
  const recorded: RecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const faults: SimFault[] = [];
  const endpoints = new Map<string, { url: string; secret: string }>();
  let selfUrl = '';

  function takeFault(method: string, path: string): SimFault | undefined {
    const index = faults.findIndex((fault) => fault.method === method && path.startsWith(fault.pathPrefix));
    return index < 0 ? undefined : faults.splice(index, 1)[0];
  }

  // -------------------------------------------------------------------------------------------
  // Objects as Stripe shows them: stripe-mock's fixture with the simulator's state over it.

  function paymentMethodJson(fixture: Json, method: SimPaymentMethod): Json {
    const card = (typeof fixture.card === 'object' && fixture.card) || {};
    return {
      ...fixture,
      id: method.id,
      object: 'payment_method',
      type: 'card',
      customer: method.customer,
      billing_details: { ...((fixture.billing_details as Json) ?? {}), name: method.name },
      card: {
        ...card,
        brand: brandOf(method.number),
        last4: method.number.slice(-4),
        exp_month: method.exp_month,
        exp_year: method.exp_year,
      },
    };
  }

  function chargeJson(fixture: unknown, intent: SimPaymentIntent): Json | string | null {
    const charge = intent.charge;
    if (!charge) return null;
    if (!fixture || typeof fixture !== 'object') return charge.id;
    const method = paymentMethods.get(intent.payment_method);
    const details = ((fixture as Json).payment_method_details as Json) ?? {};
    return {
      ...(fixture as Json),
      id: charge.id,
      object: 'charge',
      amount: charge.amount,
      amount_captured: charge.amount_captured,
      amount_refunded: charge.amount_refunded,
      captured: charge.amount_captured > 0,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: {
        ...details,
        type: 'card',
        card: {
          ...((details.card as Json) ?? {}),
          brand: method ? brandOf(method.number) : 'visa',
          network: method ? brandOf(method.number) : 'visa',
          last4: method?.number.slice(-4) ?? '4242',
          exp_month: method?.exp_month ?? 12,
          exp_year: method?.exp_year ?? 2034,
          three_d_secure: charge.three_d_secure,
        },
      },
    };
  }

  function intentJson(fixture: Json, intent: SimPaymentIntent): Json {
    const method = paymentMethods.get(intent.payment_method);
    const fixtureMethod = fixture.payment_method;
    return {
      ...fixture,
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      capture_method: 'manual',
      amount_capturable: intent.amount_capturable,
      amount_received: intent.amount_received,
      customer: intent.customer,
      metadata: intent.metadata,
      setup_future_usage: intent.setup_future_usage,
      last_payment_error: intent.last_payment_error,
      next_action: intent.next_action,
      cancellation_reason: intent.cancellation_reason,
      payment_method:
        fixtureMethod && typeof fixtureMethod === 'object' && method
          ? paymentMethodJson(fixtureMethod as Json, method)
          : intent.payment_method,
      latest_charge: chargeJson(fixture.latest_charge, intent),
    };
  }

  function refundJson(fixture: Json, refund: SimRefund): Json {
    const intent = intents.get(refund.payment_intent);
    return {
      ...fixture,
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      currency: refund.currency,
      status: refund.status,
      metadata: refund.metadata,
      payment_intent:
        typeof fixture.payment_intent === 'object' && intent
          ? intentJson(fixture.payment_intent as Json, intent)
          : refund.payment_intent,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Webhook events

  function emit(account: string, type: string, object: Json): void {
    const endpoint = endpoints.get(account);
    if (!endpoint) return;
    const body = JSON.stringify({
      id: `evt_sim${randomBytes(9).toString('hex')}`,
      object: 'event',
      api_version: '2026-08-26.dahlia',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    const signature = stripeSignatureHeader(endpoint.secret, body, Math.floor(Date.now() / 1000));
    const delivery: WebhookDelivery = { type, object_id: String(object.id), status: 'pending' };
    deliveries.push(delivery);
    void fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    }).then(
      (response) => {
        delivery.status = response.status;
      },
      () => {
        delivery.status = 'unreachable';
      },
    );
  }

  /** Events carry objects unexpanded, as Stripe sends them. */
  const eventIntent = (intent: SimPaymentIntent) => intentJson({}, intent);

  // -------------------------------------------------------------------------------------------
  // Behaviour

  function outcomeOf(method: SimPaymentMethod | undefined): Outcome {
    return (method && OUTCOMES[method.number]) ?? { kind: 'approve' };
  }

  function authorize(intent: SimPaymentIntent, secure: Json | null): void {
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
    intent.next_action = null;
    intent.last_payment_error = null;
    intent.charge = {
      id: newId('ch'),
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      three_d_secure: secure,
    };
    const method = paymentMethods.get(intent.payment_method);
    if (intent.setup_future_usage && intent.customer && method) method.customer = intent.customer;
  }

  function createIntent(
    account: string,
    params: Record<string, string>,
    fixture: Json,
  ): { status: number; body: Json } {
    const methodId = params.payment_method ?? '';
    const method = paymentMethods.get(methodId) ?? testMethod(methodId);
    const intent: SimPaymentIntent = {
      id: newId('pi'),
      account,
      amount: Number(params.amount),
      currency: params.currency ?? 'eur',
      status: 'requires_payment_method',
      amount_capturable: 0,
      amount_received: 0,
      customer: params.customer ?? null,
      payment_method: methodId,
      metadata: prefixed(params, 'metadata'),
      setup_future_usage: params.setup_future_usage ?? null,
      return_url: params.return_url ?? null,
      charge: null,
      last_payment_error: null,
      next_action: null,
      cancellation_reason: null,
    };
    intents.set(intent.id, intent);
    if (method?.customer && intent.customer !== method.customer) {
      return apiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'The PaymentMethod belongs to a Customer: pass that customer.',
      });
    }
    const outcome = outcomeOf(method);
    if (outcome.kind === 'decline') {
      intent.last_payment_error = {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.decline_code,
        message: outcome.message,
      };
      emit(account, 'payment_intent.payment_failed', eventIntent(intent));
      return apiError(402, { ...intent.last_payment_error, payment_intent: intentJson(fixture, intent) });
    }
    if (outcome.kind === 'challenge') {
      if (params.off_session === 'true') {
        intent.last_payment_error = {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'This payment requires authentication.',
        };
        return apiError(402, { ...intent.last_payment_error, payment_intent: intentJson(fixture, intent) });
      }
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${selfUrl}/3ds/${intent.id}`, return_url: intent.return_url },
      };
      emit(account, 'payment_intent.requires_action', eventIntent(intent));
      return { status: 200, body: intentJson(fixture, intent) };
    }
    authorize(intent, null);
    emit(account, 'payment_intent.amount_capturable_updated', eventIntent(intent));
    return { status: 200, body: intentJson(fixture, intent) };
  }

  /** Stripe's test PaymentMethods (pm_card_visa...) stand for their test card, freshly each time. */
  function testMethod(id: string): SimPaymentMethod | undefined {
    const card = STRIPE_TEST_CARDS.find((candidate) => candidate.payment_method === id);
    return card ? { id, number: card.number, exp_month: 12, exp_year: 2034, name: null, customer: null } : undefined;
  }

  const unexpectedState = (intent: SimPaymentIntent, action: string) =>
    apiError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      payment_intent: intentJson({}, intent),
    });

  function handle(
    method: string,
    path: string,
    params: Record<string, string>,
    account: string,
    fixture: Json,
  ): { status: number; body: Json } {
    const segments = path.split('/').filter(Boolean); // v1, resource, id, action
    const [, resource, id, action] = segments;
    const missing = () =>
      apiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${resource}: '${id}'`,
      });

    if (resource === 'payment_methods' && method === 'POST' && !id) {
      const number = params['card[number]'] ?? '';
      const created: SimPaymentMethod = {
        id: newId('pm'),
        number,
        exp_month: Number(params['card[exp_month]']),
        exp_year: Number(params['card[exp_year]']),
        name: params['billing_details[name]'] ?? null,
        customer: null,
      };
      if (!/^\d{12,19}$/.test(number)) {
        return apiError(402, {
          type: 'card_error',
          code: 'incorrect_number',
          message: 'Your card number is incorrect.',
        });
      }
      paymentMethods.set(created.id, created);
      return { status: 200, body: paymentMethodJson(fixture, created) };
    }
    if (resource === 'payment_methods' && method === 'GET' && id) {
      const found = paymentMethods.get(id) ?? testMethod(id);
      return found ? { status: 200, body: paymentMethodJson(fixture, found) } : missing();
    }
    if (resource === 'customers' && method === 'POST' && !id) {
      const created = newId('cus');
      return { status: 200, body: { ...fixture, id: created, email: params.email ?? null } };
    }
    if (resource === 'payment_intents' && method === 'POST' && !id) return createIntent(account, params, fixture);
    if (resource === 'payment_intents' && id) {
      const intent = intents.get(id);
      if (!intent || intent.account !== account) return missing();
      if (method === 'GET') return { status: 200, body: intentJson(fixture, intent) };
      if (action === 'capture') {
        if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured');
        const amount = params.amount_to_capture ? Number(params.amount_to_capture) : intent.amount_capturable;
        if (amount > intent.amount_capturable) {
          return apiError(400, {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: 'The amount to capture is greater than the amount capturable.',
          });
        }
        intent.amount_received = amount;
        intent.amount_capturable = 0;
        intent.status = 'succeeded';
        if (intent.charge) intent.charge.amount_captured = amount;
        emit(account, 'payment_intent.succeeded', eventIntent(intent));
        return { status: 200, body: intentJson(fixture, intent) };
      }
      if (action === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') return unexpectedState(intent, 'canceled');
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        intent.next_action = null;
        intent.cancellation_reason = params.cancellation_reason ?? null;
        emit(account, 'payment_intent.canceled', eventIntent(intent));
        return { status: 200, body: intentJson(fixture, intent) };
      }
    }
    if (resource === 'refunds' && method === 'POST' && !id) {
      const intent = intents.get(params.payment_intent ?? '');
      if (!intent || intent.account !== account) {
        return apiError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent',
        });
      }
      if (intent.status !== 'succeeded' || !intent.charge) {
        return apiError(400, {
          type: 'invalid_request_error',
          code: 'charge_not_refundable',
          message: 'This PaymentIntent does not have a successful charge to refund.',
        });
      }
      const left = intent.amount_received - intent.charge.amount_refunded;
      const amount = params.amount ? Number(params.amount) : left;
      if (amount > left) {
        return apiError(400, {
          type: 'invalid_request_error',
          code: left === 0 ? 'charge_already_refunded' : 'amount_too_large',
          message: `Refund amount (${amount}) is greater than what is left to refund (${left}).`,
        });
      }
      const refund: SimRefund = {
        id: newId('re'),
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: prefixed(params, 'metadata'),
      };
      refunds.set(refund.id, refund);
      intent.charge.amount_refunded += amount;
      emit(account, 'charge.refunded', chargeJson({ object: 'charge' }, intent) as Json);
      return { status: 200, body: refundJson(fixture, refund) };
    }
    if (resource === 'refunds' && method === 'GET' && id) {
      const refund = refunds.get(id);
      return refund ? { status: 200, body: refundJson(fixture, refund) } : missing();
    }
    return { status: 200, body: fixture };
  }

  // -------------------------------------------------------------------------------------------
  // 3-D Secure: the page Stripe's redirect_to_url leads to

  function challenge(id: string, decision: 'complete' | 'fail'): string {
    const intent = intents.get(id);
    if (!intent || intent.status !== 'requires_action') throw new Error(`no challenge pending on ${id}`);
    if (decision === 'complete') {
      authorize(intent, {
        result: 'authenticated',
        authentication_flow: 'challenge',
        electronic_commerce_indicator: '05',
        version: '2.2.0',
        transaction_id: randomUUID(),
      });
      emit(intent.account, 'payment_intent.amount_capturable_updated', eventIntent(intent));
    } else {
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      };
      emit(intent.account, 'payment_intent.payment_failed', eventIntent(intent));
    }
    const back = new URL(intent.return_url ?? `${selfUrl}/3ds/done`);
    back.searchParams.set('payment_intent', intent.id);
    back.searchParams.set('redirect_status', decision === 'complete' ? 'succeeded' : 'failed');
    return back.toString();
  }

  // -------------------------------------------------------------------------------------------
  // HTTP

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', selfUrl);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, json: Json, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(json));
    };

    const page = /^\/3ds\/([\w]+)$/.exec(url.pathname);
    if (page) {
      if (request.method === 'POST') {
        const decision = new URLSearchParams(body).get('decision') === 'complete' ? 'complete' : 'fail';
        response.writeHead(303, { location: challenge(page[1]!, decision) });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>3-D Secure</title><form method="post"><button name="decision" value="complete">Complete</button><button name="decision" value="fail">Fail</button></form>`,
      );
      return;
    }

    const method = request.method ?? 'GET';
    const path = url.pathname;
    const idempotencyKey = header(request, 'idempotency-key');
    const account = (header(request, 'authorization') ?? '').replace(/^Bearer\s+/i, '');
    const params = Object.fromEntries(new URLSearchParams(method === 'GET' ? url.search : body));
    const entry: RecordedRequest = {
      method,
      path,
      idempotency_key: idempotencyKey,
      stripe_version: header(request, 'stripe-version'),
      replayed: false,
      status: 0,
      params,
    };
    recorded.push(entry);

    // stripe-mock checks the request against Stripe's OpenAPI document first.
    const checked = await fetch(`${options.stripeMockUrl}${path}${url.search}`, {
      method,
      headers: Object.fromEntries(
        ['authorization', 'stripe-version', 'content-type', 'idempotency-key'].flatMap((name) => {
          const value = header(request, name);
          return value === null ? [] : [[name, value]];
        }),
      ),
      ...(method === 'POST' ? { body } : {}),
    });
    const fixture = (await checked.json()) as Json;
    if (!checked.ok) {
      entry.status = checked.status;
      send(checked.status, fixture);
      return;
    }

    const fault = takeFault(method, path);
    if (fault?.phase === 'before') return inject(fault, response, entry);

    let answer: { status: number; body: Json };
    const scope = `${account} ${idempotencyKey}`;
    const signature = `${method} ${path} ${body}`;
    const previous = idempotencyKey ? keys.get(scope) : undefined;
    if (previous && previous.signature !== signature) {
      answer = apiError(400, {
        type: 'idempotency_error',
        message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      });
    } else if (previous) {
      entry.replayed = true;
      answer = { status: previous.status, body: previous.body };
    } else {
      answer = handle(method, path, params, account, fixture);
      if (idempotencyKey && method === 'POST') keys.set(scope, { signature, ...answer });
    }
    entry.status = answer.status;
    if (fault) return inject(fault, response, entry);
    send(answer.status, answer.body, entry.replayed ? { 'idempotent-replayed': 'true' } : {});
  }

  function inject(fault: SimFault, response: ServerResponse, entry: RecordedRequest): void {
    entry.status = fault.fault === 'drop' ? -1 : 500;
    if (fault.fault === 'drop') {
      response.socket?.destroy();
      return;
    }
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (injected).' } }));
  }

  const server: Server = createServer((request, response) => {
    onRequest(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  selfUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: selfUrl,
    setWebhookEndpoint(secretKey, url, secret) {
      endpoints.set(secretKey, { url, secret });
    },
    requests: () => [...recorded],
    webhookDeliveries: () => [...deliveries],
    paymentIntent: (id) => intents.get(id),
    paymentIntentsWithKey: (key) =>
      [...intents.values()].filter((intent) => intent.metadata.tessera_idempotency_key === key),
    refundsOf: (paymentIntent) => [...refunds.values()].filter((refund) => refund.payment_intent === paymentIntent),
    addFault: (fault) => void faults.push(fault),
    async completeChallenge(paymentIntent, decision) {
      const answer = await fetch(`${selfUrl}/3ds/${paymentIntent}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `decision=${decision}`,
        redirect: 'manual',
      });
      return answer.headers.get('location') ?? '';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? null) : null;
}

/** `metadata[key]=value` parameters as an object. */
function prefixed(params: Record<string, string>, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = new RegExp(`^${prefix}\\[(.+)\\]$`).exec(key);
    if (match) found[match[1]!] = value;
  }
  return found;
}
