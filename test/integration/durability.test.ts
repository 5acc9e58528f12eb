// Durability: the worker runs as its own OS process and is SIGKILLed at random moments while
// payments are authorized and captured through the HTTP API, then restarted. The sandbox partner
// network's ledger must show, per payment, exactly one authorization and exactly one capture of
// the whole amount: no effect lost, none doubled.
import { EventEmitter } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { temporal } from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import type { LedgerEntry } from '../../partners/sandbox-network/schemas';
import { cardPayment, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { WorkerProcess } from '../support/worker-process';

const PAYMENTS = 64; // half AUTOMATIC capture, half captured by the merchant
// The merchant starts a payment every PACE_MS, at most CONCURRENCY under way at once, so that
// payments begin all through the kill phase and each of them lives through kills. (A kill costs
// the payments it catches a Temporal timeout - workflow task 10 s, sticky queue about 10 s, a lost
// activity attempt 30 s - so a payment under fire takes tens of seconds, one between kills about one.)
const CONCURRENCY = 40;
const PACE_MS = 850;
const CAPTURE_AFTER_MS = [500, 3000] as const;
const SANDBOX_LATENCY_MS = 40;
// A kill comes only once the running worker has shown it works (a partner call of its own has
// been answered, or after progressMs): a fresh worker takes its whole backlog at once and needs a
// while to get through it cold, and a workflow task lost three times in a row makes the server
// stretch its next timeout to a minute or more (Temporal's backoff for failing workflow tasks), so
// kills that never let a worker get going would mostly measure that backoff. Then the kill comes
// at a random moment within windowMs, or on the next partner call (while the sandbox processes it:
// its answer is lost), or right after a partner answered (the activity has not reported yet:
// Temporal runs it again). Then a short pause and a restart.
const KILLS = { max: 40, phaseMs: 80_000, progressMs: 8_000, windowMs: 3000, pauseMs: [50, 500] } as const;
type KillMode = 'random' | 'during-call' | 'after-answer';
const HTTP_ATTEMPT_TIMEOUT_MS = 15_000;
const DRIVER_DEADLINE_MS = 140_000;
const SETTLE_DEADLINE_MS = 60_000;

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;
let worker: WorkerProcess;
let proxy: PartnerProxy;

beforeAll(async () => {
  stack = await startStack({ inProcessWorker: false });
  merchant = await stack.createMerchant('Durability shop');
  token = await stack.accessToken(merchant);
  proxy = await startPartnerProxy(stack.sandbox.url);
  worker = new WorkerProcess({
    config: stack.config,
    workflowBundlePath: inject('workflowBundlePath'),
    sandboxPartnersUrl: proxy.url,
    ...(process.env.DURABILITY_WORKER_LOG ? { logPath: process.env.DURABILITY_WORKER_LOG } : {}),
  });
  await worker.start();
});

afterAll(async () => {
  await worker?.stop();
  await proxy?.close();
  await stack?.close();
});

// ---- helpers ------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** A merchant's retry pause: exponential from 250 ms, at most 4 s, jittered. */
const backoff = (tries: number) => Math.round(Math.min(4000, 250 * 1.6 ** tries) * (0.5 + Math.random() / 2));
const between = ([min, max]: readonly [number, number]) => min + Math.floor(Math.random() * (max - min + 1));

interface Answer {
  status: number; // 0: no answer (timeout, connection refused or reset)
  body: any;
  headers?: Headers;
  error?: string;
}

/** One HTTP attempt, bounded: a merchant's call that may time out while no worker runs. */
async function attempt(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(HTTP_ATTEMPT_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  } catch (error) {
    return {
      status: 0,
      body: undefined,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

async function sandbox(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${stack.sandbox.url}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const ledger = async (query = ''): Promise<LedgerEntry[]> => (await sandbox('GET', `/ledger${query}`)).body.entries;

/**
 * A loopback proxy between the worker and the sandbox: it counts partner calls in flight (so a
 * kill can be said to land mid-call), answers the killed worker never received, and replays.
 */
interface PartnerProxy {
  url: string;
  stats: { calls: number; inFlight: number; answersLost: number; replayed: number };
  /** 'request' when a call arrives, 'answered' when its answer has been handed to the worker; both with the path. */
  events: EventEmitter;
  close(): Promise<void>;
}

async function startPartnerProxy(target: string): Promise<PartnerProxy> {
  const upstream = new URL(target);
  const stats = { calls: 0, inFlight: 0, answersLost: 0, replayed: 0 };
  const events = new EventEmitter();
  const server: Server = createServer((req, res) => {
    stats.calls += 1;
    stats.inFlight += 1;
    events.emit('request', req.url);
    let open = true;
    const done = () => {
      if (!open) return;
      open = false;
      stats.inFlight -= 1;
    };
    // The partner goes on processing even if the caller dies: what a real network does.
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (answer.headers['idempotent-replayed'] === 'true') stats.replayed += 1;
        if (res.destroyed) {
          answer.resume();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
    res.on('close', () => {
      if (!res.writableFinished) stats.answersLost += 1;
      else events.emit('answered', req.url);
      done();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy: unexpected address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    stats,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The workflow's history, one line an event, for a payment that did not settle. */
async function historyOf(id: string): Promise<string> {
  try {
    const history = await stack.temporal.workflow.getHandle(`payment/${id}`).fetchHistory();
    return (history.events ?? [])
      .map((e) => {
        const at = new Date(Number(e.eventTime?.seconds ?? 0) * 1000 + Math.round((e.eventTime?.nanos ?? 0) / 1e6))
          .toISOString()
          .slice(11, 23);
        const type = temporal.api.enums.v1.EventType[e.eventType ?? 0]?.replace('EVENT_TYPE_', '');
        const detail =
          e.workflowTaskTimedOutEventAttributes?.timeoutType ??
          e.workflowTaskFailedEventAttributes?.failure?.message ??
          e.activityTaskTimedOutEventAttributes?.failure?.message ??
          '';
        return `  ${at} ${type} ${detail}`;
      })
      .join('\n');
  } catch (error) {
    return `  (no history: ${String(error)})`;
  }
}

/** Resolves with the path of the next partner request or answer, or undefined after timeoutMs. */
function nextPartnerEvent(event: 'request' | 'answered', timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      proxy.events.off(event, on);
      resolve(undefined);
    }, timeoutMs);
    const on = (path: string) => {
      clearTimeout(timer);
      resolve(path);
    };
    proxy.events.once(event, on);
  });
}

// ---- the payments as a merchant drives them -------------------------------------------------------

interface Tracked {
  index: number;
  amount: number;
  automatic: boolean;
  key: string;
  id?: string;
  createAttempts: string[];
  captureAttempts: string[];
  /** Kills that happened while this payment's merchant calls were under way. */
  killsLived: number;
  error?: string;
}

/** Create with retries under one x-idempotency-key; a 409 means an earlier attempt created it. */
async function createPayment(p: Tracked, body: unknown, deadline: number): Promise<any | undefined> {
  for (let tries = 0; Date.now() < deadline; tries += 1) {
    const answer = await attempt('POST', '/v2/payments', body, { 'x-idempotency-key': p.key });
    p.createAttempts.push(answer.status === 0 ? `no answer (${answer.error})` : String(answer.status));
    if (answer.status === 201) {
      p.id = answer.body.id;
      return answer.body;
    }
    if (answer.status === 409) {
      p.id = answer.body.resource_id;
      return undefined;
    }
    if (answer.status >= 400 && answer.status < 500)
      throw new Error(`payment ${p.index}: create answered ${answer.status} ${JSON.stringify(answer.body)}`);
    await sleep(backoff(tries));
  }
  throw new Error(`payment ${p.index}: not created before the deadline (${p.createAttempts.join(', ')})`);
}

/**
 * Reads the payment until `done` holds (bounded). `fresh`: through the workflow (the proof);
 * otherwise from the projection when it has one, like a merchant's polling that should not load
 * the workflows (a read of a non-final payment through the workflow is an Update).
 */
async function readUntil(id: string, done: (payment: any) => boolean, deadline: number, fresh: boolean): Promise<any> {
  let last: Answer | undefined;
  do {
    last = await attempt('GET', `/v2/payments/${id}`, undefined, fresh ? {} : { 'cache-control': 'max-age=3600' });
    if (last.status === 200 && done(last.body)) return last.body;
    await sleep(between([300, 1000]));
  } while (Date.now() < deadline);
  throw new Error(`payment ${id}: condition not reached; last read ${last?.status} ${JSON.stringify(last?.body)}`);
}

async function capture(p: Tracked, deadline: number): Promise<void> {
  for (let tries = 0; Date.now() < deadline; tries += 1) {
    const answer = await attempt(
      'POST',
      `/v2/payments/${p.id}/captures`,
      { amount: p.amount, merchant_reference: `cap-${p.index}` },
      { 'x-idempotency-key': `capture-${p.key}` },
    );
    p.captureAttempts.push(answer.status === 0 ? `no answer (${answer.error})` : String(answer.status));
    if (answer.status === 201 || answer.status === 409) return;
    if (answer.status >= 400 && answer.status < 500) {
      const now = await attempt('GET', `/v2/payments/${p.id}`);
      throw new Error(
        `payment ${p.index}: capture answered ${answer.status} ${JSON.stringify(answer.body?.detail)}; the payment now: ${JSON.stringify({ authorization: now.body?.authorization, amounts: now.body?.amounts, captures: now.body?.captures, capture_mode: now.body?.capture_mode })}\n${await historyOf(p.id!)}`,
      );
    }
    await sleep(backoff(tries));
  }
  throw new Error(`payment ${p.index}: capture not accepted before the deadline (${p.captureAttempts.join(', ')})`);
}

const isAuthorized = (payment: any) => payment?.authorization?.status === 'AUTHORIZED';
const isSettled = (p: Tracked) => (payment: any) =>
  isAuthorized(payment) &&
  payment.amounts.total_captured === p.amount &&
  payment.captures.every((c: any) => c.status === 'SUCCESS');

async function drive(p: Tracked, active: Set<Tracked>, deadline: number): Promise<void> {
  active.add(p);
  try {
    const vaultToken = await vaultCard(stack, merchant, '4242424242424242');
    const body = cardPayment(merchant.entity_id, vaultToken, {
      amount: p.amount,
      capture_mode: p.automatic ? 'AUTOMATIC' : 'MANUAL',
      order: { reference: `durability-${p.index}`, net_amount: p.amount },
    });
    const created = await createPayment(p, body, deadline);
    if (!p.automatic) {
      if (!isAuthorized(created)) await readUntil(p.id!, isAuthorized, deadline, false);
      await sleep(between(CAPTURE_AFTER_MS)); // the merchant captures when the order ships
      await capture(p, deadline);
    }
    await readUntil(p.id!, isSettled(p), deadline, false);
  } catch (error) {
    p.error = error instanceof Error ? error.message : String(error);
  } finally {
    active.delete(p);
  }
}

// ---- the test -------------------------------------------------------------------------------------

describe('durability: the worker process is killed at random moments', () => {
  it('the sandbox records a replayed key once, and a key reused with another body not at all', async () => {
    const card = {
      number: '4242424242424242',
      expiry_month: '12',
      expiry_year: '2030',
      cvv: '123',
      holder_name: 'Probe',
    };
    const authorize = (body: unknown) =>
      sandbox('POST', '/v1/sandbox-card/authorizations', body, { 'idempotency-key': 'durability-probe/auth' });
    const first = await authorize({ method: 'creditcard', amount: 700, currency: 'EUR', card });
    const again = await authorize({ method: 'creditcard', amount: 700, currency: 'EUR', card });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.reference).toBe(first.body.reference);
    // Another body under the same key (e.g. without the CVV) is refused and records nothing.
    const { cvv: _cvv, ...withoutCvv } = card;
    const reused = await authorize({ method: 'creditcard', amount: 700, currency: 'EUR', card: withoutCvv });
    expect(reused.status).toBe(422);
    expect(await ledger('?idempotency_key=durability-probe/auth')).toHaveLength(1);

    const captureProbe = () =>
      sandbox(
        'POST',
        `/v1/authorizations/${first.body.reference}/captures`,
        { amount: 700, currency: 'EUR' },
        { 'idempotency-key': 'durability-probe/capture' },
      );
    expect((await captureProbe()).status).toBe(201);
    const replay = await captureProbe();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const captures = await ledger(`?authorization_reference=${first.body.reference}&type=CAPTURE`);
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({
      status: 'SUCCESS',
      processed_amount: 700,
      idempotency_key: 'durability-probe/capture',
    });
  });

  it(`completes ${PAYMENTS} payments exactly once while the worker is SIGKILLed and restarted`, async () => {
    const started = Date.now();
    expect((await sandbox('PUT', '/admin/config', { latency_ms: SANDBOX_LATENCY_MS })).status).toBe(200);

    const payments: Tracked[] = Array.from({ length: PAYMENTS }, (_, index) => ({
      index,
      amount: 1000 + index * 137,
      automatic: index % 2 === 0,
      key: `durability-${index}-${crypto.randomUUID()}`,
      createAttempts: [],
      captureAttempts: [],
      killsLived: 0,
    }));

    // The merchant: a payment every PACE_MS, at most CONCURRENCY under way at any time.
    const active = new Set<Tracked>();
    const driverDeadline = Date.now() + DRIVER_DEADLINE_MS;
    let next = 0;
    const drivers = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < payments.length) {
          const p = payments[next++]!;
          const startAt = started + p.index * PACE_MS;
          if (Date.now() < startAt) await sleep(startAt - Date.now());
          await drive(p, active, driverDeadline);
        }
      }),
    );
    let driversDone = false;
    void drivers.then(() => {
      driversDone = true;
    });

    // The killer: SIGKILLs at random moments, bounded in count and time; a restart after a short pause.
    const kills: {
      at: number;
      mode: KillMode;
      call?: string;
      paymentsInFlight: number;
      partnerCallsInFlight: number;
    }[] = [];
    const killPhaseEnd = Date.now() + KILLS.phaseMs;
    const waitUntil = async (until: number) => {
      while (Date.now() < until && !driversDone) await sleep(Math.min(50, until - Date.now()));
    };
    while (!driversDone && kills.length < KILLS.max && Date.now() < killPhaseEnd) {
      await nextPartnerEvent('answered', KILLS.progressMs);
      const mode = (['random', 'during-call', 'after-answer'] as const)[between([0, 2])]!;
      let call: string | undefined;
      if (mode === 'random') await waitUntil(Date.now() + between([0, KILLS.windowMs]));
      else call = await nextPartnerEvent(mode === 'during-call' ? 'request' : 'answered', KILLS.windowMs);
      // During a call: within the sandbox's latency, so the partner is still processing it. After
      // an answer: within a few milliseconds, while the activity finishes (the authorize activity
      // erases the CVV then) and before Temporal has its result.
      if (call) await sleep(mode === 'during-call' ? between([0, SANDBOX_LATENCY_MS / 2]) : between([0, 6]));
      if (driversDone || Date.now() >= killPhaseEnd) break;
      const record = {
        at: Date.now() - started,
        mode,
        ...(call ? { call: call.split('/').slice(-1)[0]! } : {}),
        paymentsInFlight: active.size,
        partnerCallsInFlight: proxy.stats.inFlight,
      };
      for (const p of active) p.killsLived += 1;
      await worker.kill();
      kills.push(record);
      await sleep(between(KILLS.pauseMs));
      await worker.start();
    }
    const killPhaseMs = Date.now() - started;
    await drivers;
    const driveMs = Date.now() - started;

    // Every workflow settles with a worker that stays up.
    const settleDeadline = Date.now() + SETTLE_DEADLINE_MS;
    const finals = new Map<number, any>();
    const stuck: string[] = [];
    for (const p of payments) {
      if (!p.id) continue;
      try {
        finals.set(p.index, await readUntil(p.id, isSettled(p), settleDeadline, true));
      } catch (error) {
        stuck.push(
          `payment ${p.index} (${p.id}): ${error instanceof Error ? error.message : String(error)}\n${stuck.length < 3 ? await historyOf(p.id) : ''}`,
        );
      }
    }
    const entries = await ledger();
    const totalMs = Date.now() - started;

    const summary = {
      payments: PAYMENTS,
      automatic: payments.filter((p) => p.automatic).length,
      kills: kills.length,
      killsWithPaymentsInFlight: kills.filter((k) => k.paymentsInFlight > 0).length,
      killsWithPartnerCallInFlight: kills.filter((k) => k.partnerCallsInFlight > 0).length,
      killsRightAfterAPartnerAnswer: kills.filter((k) => k.mode === 'after-answer' && k.call).length,
      paymentsThatLivedThroughAKill: payments.filter((p) => p.killsLived > 0).length,
      workerStarts: worker.starts,
      partnerCalls: proxy.stats.calls,
      partnerAnswersLostToKills: proxy.stats.answersLost,
      partnerCallsReplayedByIdempotency: proxy.stats.replayed,
      createRetries: payments.reduce((n, p) => n + Math.max(0, p.createAttempts.length - 1), 0),
      createAnswered409: payments.filter((p) => p.createAttempts.includes('409')).length,
      captureRetries: payments.reduce((n, p) => n + Math.max(0, p.captureAttempts.length - 1), 0),
      captureAnswered409: payments.filter((p) => p.captureAttempts.includes('409')).length,
      killPhaseMs,
      driveMs,
      totalMs,
    };
    console.log(`durability: ${JSON.stringify(summary, null, 2)}`);
    console.log(
      `durability kills (ms since start, how, payments in flight, partner calls in flight):\n${kills.map((k) => `  ${k.at} ${k.mode}${k.call ? ` (${k.call})` : ''} ${k.paymentsInFlight} ${k.partnerCallsInFlight}`).join('\n')}`,
    );

    const driverErrors = payments
      .filter((p) => p.error)
      .map(
        (p) =>
          `payment ${p.index}: ${p.error} [create ${p.createAttempts.join(',')}; capture ${p.captureAttempts.join(',')}]`,
      );

    // ---- the proof, from the partner's own ledger ------------------------------------------------
    const problems: string[] = [];
    // Nothing the orchestrator sent belongs to a payment we do not know, nothing was given back.
    const ids = new Set(payments.map((p) => p.id));
    const owner = (key: string) => /^payment\/([0-9a-f-]{36})\//.exec(key)?.[1];
    const paymentEntries = entries.filter((e) => e.idempotency_key?.startsWith('payment/'));
    for (const e of paymentEntries.filter((e) => !ids.has(owner(e.idempotency_key!))))
      problems.push(`ledger entry of an unknown payment: ${JSON.stringify(e)}`);
    for (const e of entries.filter(
      (e) => e.type === 'VOID' || e.type === 'REFUND' || e.type === 'AUTHORIZATION_UPDATE',
    ))
      problems.push(`unexpected ledger entry: ${JSON.stringify(e)}`);
    const count = (type: string) => paymentEntries.filter((e) => e.type === type).length;
    if (count('AUTHORIZE') !== PAYMENTS || count('CAPTURE') !== PAYMENTS)
      problems.push(`${count('AUTHORIZE')} AUTHORIZE and ${count('CAPTURE')} CAPTURE entries for ${PAYMENTS} payments`);
    for (const p of payments) {
      const view = finals.get(p.index);
      const mine = entries.filter((e) => e.idempotency_key !== null && owner(e.idempotency_key) === p.id);
      const authorizations = mine.filter((e) => e.type === 'AUTHORIZE');
      const captures = mine.filter((e) => e.type === 'CAPTURE');
      const fail = (what: string) =>
        problems.push(`payment ${p.index} (${p.id}, ${p.automatic ? 'AUTOMATIC' : 'MANUAL'}, ${p.amount}): ${what}`);

      // Exactly one authorization: one key for the one leg, one ledger entry (a replay adds none).
      if (authorizations.length !== 1) fail(`${authorizations.length} AUTHORIZE entries`);
      const [authorization] = authorizations;
      if (authorization && (authorization.status !== 'AUTHORIZED' || authorization.processed_amount !== p.amount)) {
        fail(`authorization ${authorization.status} for ${authorization.processed_amount}`);
      }
      // Captured exactly once, the whole amount, on that authorization, under a key used once.
      const keys = captures.map((e) => e.idempotency_key);
      if (new Set(keys).size !== keys.length) fail(`a capture key twice: ${keys.join(', ')}`);
      if (captures.length !== 1) fail(`${captures.length} CAPTURE entries`);
      if (captures.some((e) => e.status !== 'SUCCESS'))
        fail(`capture statuses ${captures.map((e) => e.status).join(', ')}`);
      const captured = captures.filter((e) => e.status === 'SUCCESS').reduce((sum, e) => sum + e.processed_amount, 0);
      if (captured !== p.amount) fail(`captured ${captured} at the partner`);
      if (authorization && captures.some((e) => e.authorization_reference !== authorization.partner_reference))
        fail('a capture on another authorization');

      // The API agrees with the partner.
      if (!view) continue;
      const leg = view.authorization.partner_transactions;
      if (view.authorization.status !== 'AUTHORIZED') fail(`API status ${view.authorization.status}`);
      if (leg.length !== 1 || leg[0].partner_reference !== authorization?.partner_reference)
        fail('API leg does not match the ledger authorization');
      const expectedAmounts = {
        authorize_pending: 0,
        total_authorized: p.amount,
        total_voided: 0,
        available_to_void: 0,
        total_captured: p.amount,
        available_to_capture: 0,
        total_refunded: 0,
        available_to_refund: p.amount,
      };
      if (JSON.stringify(view.amounts) !== JSON.stringify(expectedAmounts))
        fail(`API amounts ${JSON.stringify(view.amounts)}`);
      if (view.overview.captured !== 'TOTALLY') fail(`API overview ${JSON.stringify(view.overview)}`);
      if (view.captures.length !== 1) fail(`${view.captures.length} captures in the API`);
      const [apiCapture] = view.captures;
      if (apiCapture) {
        if (apiCapture.triggered_by !== (p.automatic ? 'AUTHORIZATION' : 'MERCHANT'))
          fail(`capture triggered_by ${apiCapture.triggered_by}`);
        if (apiCapture.amount !== p.amount || apiCapture.status !== 'SUCCESS')
          fail(`API capture ${apiCapture.amount} ${apiCapture.status}`);
        const refs = apiCapture.partner_transactions.map((tx: any) => tx.partner_reference);
        if (JSON.stringify(refs) !== JSON.stringify(captures.map((e) => e.partner_reference)))
          fail(`API capture references ${refs} vs ledger ${captures.map((e) => e.partner_reference)}`);
      }
    }
    if (driverErrors.length > 0 || stuck.length > 0 || problems.length > 0)
      console.log(`worker output (tail):\n${worker.tail()}`);
    expect({ driverErrors, stuck, problems }).toEqual({ driverErrors: [], stuck: [], problems: [] });
    expect(worker.unexpectedExits).toEqual([]);
    // The machine may be busy (a worker start then takes seconds): the kill count varies, a few suffice.
    expect(kills.length).toBeGreaterThanOrEqual(5);
    expect(summary.killsWithPaymentsInFlight).toBeGreaterThan(0);
    // Typically 55 or so of the 64 on this machine; fewer when it is busy and restarts are slow.
    expect(summary.paymentsThatLivedThroughAKill).toBeGreaterThanOrEqual(PAYMENTS / 2);

    // Every card's CVV was erased once its authorization was recorded, kills or not.
    const [row] = await stack.sql<
      { kept: number }[]
    >`select count(*)::int as kept from vaulted_cards where cvv_encrypted is not null`;
    expect(row?.kept).toBe(0);
  }, 240_000);
});
