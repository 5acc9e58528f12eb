// The payments of the fault matrix as merchants and shoppers drive them over HTTP: every call
// bounded in time, retried on no answer or a 5xx with the same idempotency key (a 409 then means
// an earlier attempt went through), and every step recorded so that reconciliation knows what
// each client was told.
import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '../../domain/enums';
import { deterministicUuid } from '../../platform/ids';

/** What each lifecycle does; `expected` is where its payment must end. */
export const LIFECYCLES = [
  'card-automatic',
  'card-capture-refund',
  'card-void',
  'giftcard-card-split',
  'session-card',
  'card-uncertain',
  'card-3ds-challenge',
] as const;
export type LifecycleKind = (typeof LIFECYCLES)[number];

export interface ExpectedOutcome {
  authorization: 'AUTHORIZED';
  legs: number;
  captured: number;
  refunded: number;
  voided: number;
  captures: number;
  refunds: number;
  voids: number;
}

export interface Merchant {
  entityId: string;
  apiKey: string;
  publishableKey: string;
  token: string;
  webhookSecret: string;
}

export interface Tracked {
  index: number;
  kind: LifecycleKind;
  amount: number;
  key: string;
  expected: ExpectedOutcome;
  /** Set once the API has acknowledged the payment: its creation (201, or 409 for a retried key) or the session's submission. */
  paymentId?: string;
  sessionId?: string;
  /** Operations the client was told exist (201, or 409 for a retried key). */
  acknowledged: { kind: 'capture' | 'refund' | 'void'; status: number }[];
  /** Each call: method, path, and what came back (status, or "no answer"). */
  calls: string[];
  retries: number;
  /** Faults that landed while this lifecycle was under way. */
  faultsLived: number;
  /** Answers 500 and other 5xx but 502-504: a server error where "try again" was due. */
  serverErrors: string[];
  error?: string;
  doneAt?: number;
}

export interface Answer {
  status: number; // 0: no answer (timeout, refused, reset)
  body: any;
  error?: string;
}

export interface DriveOptions {
  baseUrl: string;
  merchant: Merchant;
  webhookUrl: string;
  /** Bound on one HTTP attempt. */
  attemptTimeoutMs: number;
  /** Bound on the whole lifecycle. */
  deadline: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** A merchant's retry pause: exponential from 250 ms, at most 4 s, jittered. */
const backoff = (tries: number) => Math.round(Math.min(4000, 250 * 1.6 ** tries) * (0.5 + Math.random() / 2));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** Every event type: the reconciliation checks that none is missing. */
const ALL_EVENTS = [...WEBHOOK_EVENT_TYPES];

const CARDS = { approve: '4242424242424242', uncertain: '4000000000000119', challenge: '4000002760003184' } as const;
/** 1,000,000.00 of balance: enough for every split of a long soak. */
const GIFT_CARD = '6036280000000003';

export function plan(index: number, scenario: string): Tracked {
  const kind = LIFECYCLES[index % LIFECYCLES.length]!;
  const amount = 2_000 + index * 137;
  const refund = Math.floor(amount / 3);
  const base = { authorization: 'AUTHORIZED' as const, legs: 1, refunded: 0, voided: 0, refunds: 0, voids: 0 };
  const expected: Record<LifecycleKind, ExpectedOutcome> = {
    'card-automatic': { ...base, captured: amount, captures: 1 },
    'card-capture-refund': { ...base, captured: amount, captures: 1, refunded: refund, refunds: 1 },
    'card-void': { ...base, captured: 0, captures: 0, voided: amount, voids: 1 },
    'giftcard-card-split': { ...base, legs: 2, captured: amount, captures: 1 },
    'session-card': { ...base, captured: amount, captures: 1 },
    'card-uncertain': { ...base, captured: amount, captures: 1 },
    'card-3ds-challenge': { ...base, captured: amount, captures: 1 },
  };
  return {
    index,
    kind,
    amount,
    key: `${scenario}-${index}-${randomUUID()}`,
    expected: expected[kind],
    acknowledged: [],
    calls: [],
    retries: 0,
    faultsLived: 0,
    serverErrors: [],
  };
}

let httpInFlight = 0;
/** HTTP calls of every client under way right now (a kill of the api can then land mid-request). */
export const requestsInFlight = () => httpInFlight;

class Client {
  constructor(
    private readonly options: DriveOptions,
    private readonly p: Tracked,
  ) {}

  get deadline(): number {
    return this.options.deadline;
  }

  /** One HTTP attempt, bounded. */
  async attempt(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    httpInFlight += 1;
    try {
      const response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.attemptTimeoutMs),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      return { status: 0, body: undefined, error: error instanceof Error ? error.name : String(error) };
    } finally {
      httpInFlight -= 1;
    }
  }

  /**
   * Repeats the call until it gets an answer that is not "try again" (no answer, 5xx, 429), or
   * the deadline passes; a 409 answers with the resource an earlier attempt made.
   */
  async call(
    method: string,
    path: string,
    auth: 'token' | 'api-key' | 'publishable-key',
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const { merchant } = this.options;
    const credentials: Record<string, string> =
      auth === 'token'
        ? { authorization: `Bearer ${merchant.token}` }
        : { 'x-api-key': auth === 'api-key' ? merchant.apiKey : merchant.publishableKey };
    let answer: Answer = { status: 0, body: undefined };
    for (let tries = 0; tries < 1_000 && Date.now() < this.options.deadline; tries += 1) {
      answer = await this.attempt(method, path, body, { ...credentials, ...headers });
      const call = `${method} ${path.replace(/[0-9a-f-]{36}/g, '…')} ${answer.status || answer.error}`;
      this.p.calls.push(call);
      if (answer.status >= 500 && ![502, 503, 504].includes(answer.status))
        this.p.serverErrors.push(`${call}: ${JSON.stringify(answer.body)?.slice(0, 200)}`);
      if (answer.status !== 0 && answer.status < 500 && answer.status !== 429) return answer;
      this.p.retries += 1;
      await sleep(backoff(tries));
    }
    throw new Error(`${method} ${path}: no final answer before the deadline (last ${answer.status || answer.error})`);
  }

  /** Reads the payment (from the read model when `cached`) until `done` holds. */
  async readUntil(id: string, done: (payment: any) => boolean, what: string, cached = true): Promise<any> {
    let last: Answer | undefined;
    while (Date.now() < this.options.deadline) {
      last = await this.call(
        'GET',
        `/v2/payments/${id}`,
        'token',
        undefined,
        cached ? { 'cache-control': 'max-age=3600' } : {},
      );
      if (last.status === 200 && done(last.body)) return last.body;
      // The cached copy may lag: ask the workflow now and then.
      cached = !cached;
      await sleep(between(300, 800));
    }
    throw new Error(
      `payment ${id}: never ${what}; last read ${last?.status} ${JSON.stringify(last?.body)?.slice(0, 300)}`,
    );
  }
}

const isAuthorized = (payment: any) => payment?.authorization?.status === 'AUTHORIZED';
const automatic = (p: Tracked) =>
  p.kind === 'card-automatic' || p.kind === 'card-uncertain' || p.kind === 'card-3ds-challenge';
const cardOf: Record<LifecycleKind, keyof typeof CARDS> = {
  'card-automatic': 'approve',
  'card-capture-refund': 'approve',
  'card-void': 'approve',
  'giftcard-card-split': 'approve',
  'session-card': 'approve',
  'card-uncertain': 'uncertain',
  'card-3ds-challenge': 'challenge',
};

/**
 * The shopper on the issuer's 3-D Secure page (at the partner, not at Tessera): completes the
 * challenge, and follows the page's redirection back to Tessera (not further: the merchant's shop
 * is not on this machine). The partner then notifies Tessera; the return asks the partner too.
 */
async function completeChallenge(client: Client, p: Tracked): Promise<void> {
  const pending = await client.readUntil(
    p.paymentId!,
    (payment) => Boolean(payment.redirection?.href) || isAuthorized(payment),
    'redirected',
  );
  if (isAuthorized(pending)) return;
  const href: string = pending.redirection.href;
  for (let tries = 0; tries < 100 && Date.now() < client.deadline; tries += 1) {
    try {
      const page = await fetch(href, { signal: AbortSignal.timeout(10_000) });
      const html = await page.text();
      if (page.status === 200) {
        const answer = await fetch(href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'decision=complete',
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        p.calls.push(`POST 3DS page ${answer.status}`);
        const back = answer.headers.get('location');
        if (answer.status === 303 && back) {
          // Back to Tessera, which may be restarting: the shopper's browser would show an error page.
          const returned = await fetch(back, { redirect: 'manual', signal: AbortSignal.timeout(15_000) }).catch(
            () => undefined,
          );
          p.calls.push(`GET return ${returned?.status ?? 'no answer'}`);
          return;
        }
      } else p.calls.push(`GET 3DS page ${page.status} ${html.length}`);
    } catch (error) {
      p.calls.push(`3DS page: ${error instanceof Error ? error.name : String(error)}`);
    }
    p.retries += 1;
    await sleep(backoff(tries));
  }
  throw new Error('the 3-D Secure page could not be completed before the deadline');
}

function expectOk(answer: Answer, what: string, ...accepted: number[]): void {
  if (!accepted.includes(answer.status))
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)?.slice(0, 300)}`);
}

async function vaultCard(client: Client, number: string, auth: 'api-key' | 'publishable-key'): Promise<string> {
  const answer = await client.call('POST', '/v2/vault/cards', auth, {
    number,
    expiry_month: '12',
    expiry_year: '34',
    cvv: '123',
    holder_name: 'Camille Martin',
  });
  expectOk(answer, 'card tokenization', 201);
  return answer.body.vault_form_token;
}

async function vaultGiftCard(client: Client): Promise<string> {
  const answer = await client.call('POST', '/v2/vault/gift-cards', 'api-key', { number: GIFT_CARD, pin: '1234' });
  expectOk(answer, 'gift card tokenization', 201);
  return answer.body.vault_form_token;
}

async function operate(client: Client, p: Tracked, kind: 'capture' | 'refund' | 'void', amount: number): Promise<void> {
  const path = { capture: 'captures', refund: 'refunds', void: 'voids' }[kind];
  const answer = await client.call(
    'POST',
    `/v2/payments/${p.paymentId}/${path}`,
    'token',
    { amount, merchant_reference: `${kind}-${p.index}` },
    { 'x-idempotency-key': `${kind}-${p.key}` },
  );
  expectOk(answer, kind, 201, 409);
  p.acknowledged.push({ kind, status: answer.status });
}

/**
 * Creates a payment under the lifecycle's key (a 409 means an earlier attempt created it) and
 * records its id once the API has acknowledged it.
 */
async function createPayment(client: Client, p: Tracked, expectedId: string, body: unknown): Promise<void> {
  const answer = await client.call('POST', '/v2/payments', 'token', body, { 'x-idempotency-key': p.key });
  expectOk(answer, 'payment creation', 201, 409);
  const id = answer.status === 201 ? answer.body.id : answer.body.resource_id;
  if (id !== expectedId) throw new Error(`payment created as ${id}, expected ${expectedId}`);
  p.paymentId = id;
}

/** A shopper pays a client session by card through the checkout API, as the hosted page does. */
async function payClientSession(client: Client, p: Tracked, options: DriveOptions): Promise<void> {
  const { merchant } = options;
  const created = await client.call(
    'POST',
    '/v2/client-sessions',
    'token',
    {
      entity_id: merchant.entityId,
      amount: p.amount,
      currency: 'EUR',
      capture_mode: 'MANUAL',
      order: { reference: `faults-${p.index}`, net_amount: p.amount },
      shopper_redirection_url: 'https://shop.example/return',
      webhook: { url: options.webhookUrl, event_types: ALL_EVENTS },
    },
    { 'x-idempotency-key': `session-${p.key}` },
  );
  expectOk(created, 'client session creation', 201, 409);
  p.sessionId = created.status === 201 ? created.body.id : created.body.resource_id;
  const opened = await client.call('GET', `/checkout/v1/sessions/${p.sessionId}`, 'publishable-key');
  expectOk(opened, 'opening the session', 200);
  const token = await vaultCard(client, CARDS.approve, 'publishable-key');
  const submitted = await client.call('POST', `/checkout/v1/sessions/${p.sessionId}/payments`, 'publishable-key', {
    split: [{ amount: p.amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: token }],
  });
  if (submitted.status === 201) {
    p.paymentId = submitted.body.payment.id;
    return;
  }
  // An earlier submission went through but its answer was lost: the session knows its payment.
  if (submitted.status === 400 && submitted.body?.error === 'session_already_submitted') {
    const session = await client.call('GET', `/checkout/v1/sessions/${p.sessionId}`, 'publishable-key');
    expectOk(session, 'reading the submitted session', 200);
    p.paymentId = session.body.payment_id;
    if (p.paymentId) return;
  }
  throw new Error(`session submission answered ${submitted.status}: ${JSON.stringify(submitted.body)?.slice(0, 300)}`);
}

/** One payment from creation to its last operation; never throws (errors are recorded). */
export async function drive(p: Tracked, options: DriveOptions): Promise<void> {
  const client = new Client(options, p);
  const { merchant } = options;
  try {
    if (p.kind === 'session-card') {
      await payClientSession(client, p, options);
    } else {
      const paymentId = deterministicUuid('payment', merchant.entityId, p.key);
      const card = await vaultCard(client, CARDS[cardOf[p.kind]], 'api-key');
      const giftCardPart = Math.floor(p.amount / 4);
      const split =
        p.kind === 'giftcard-card-split'
          ? [
              {
                amount: giftCardPart,
                partner: 'sandbox-giftcard',
                method: 'giftcard',
                vault_form_token: await vaultGiftCard(client),
              },
              {
                amount: p.amount - giftCardPart,
                partner: 'sandbox-card',
                method: 'creditcard',
                vault_form_token: card,
              },
            ]
          : [{ amount: p.amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: card }];
      await createPayment(client, p, paymentId, {
        entity_id: merchant.entityId,
        amount: p.amount,
        currency: 'EUR',
        capture_mode: automatic(p) ? 'AUTOMATIC' : 'MANUAL',
        order: { reference: `faults-${p.index}`, net_amount: p.amount },
        shopper_redirection_url: 'https://shop.example/return',
        split,
        webhook: { url: options.webhookUrl, event_types: ALL_EVENTS },
      });
    }
    const id = p.paymentId!;
    if (p.kind === 'card-3ds-challenge') await completeChallenge(client, p);
    if (!automatic(p)) {
      await client.readUntil(id, isAuthorized, 'authorized');
      await sleep(between(1_500, 5_000)); // the merchant ships the order, then captures or cancels
      if (p.kind === 'card-void') await operate(client, p, 'void', p.amount);
      else await operate(client, p, 'capture', p.amount);
      if (p.kind === 'card-capture-refund') {
        await client.readUntil(id, (payment) => payment.amounts?.total_captured === p.amount, 'captured');
        await sleep(between(1_000, 3_000)); // the shopper sends part of the order back
        await operate(client, p, 'refund', p.expected.refunded);
      }
    }
    // The merchant follows the payment until it is where it should end (as its back office would).
    const expected = p.expected;
    await client.readUntil(
      id,
      (payment) =>
        payment.amounts?.total_captured === expected.captured &&
        payment.amounts?.total_refunded === expected.refunded &&
        payment.amounts?.total_voided === expected.voided,
      'final',
    );
    p.doneAt = Date.now();
  } catch (error) {
    p.error = error instanceof Error ? error.message : String(error);
  }
}
