// The sandbox partner network: its own Fastify service, loopback by default, its state in memory
// and, given a database, written there before each answer (ledger-store.ts) so that it survives
// restarts. Card, gift card, wallet and instalment partners behind one HTTP API, shopper pages,
// signed notifications, idempotency keys, fault injection and a readable ledger.
// Routes are listed in partners/README.md.
//
// Requests are checked against schemas.ts by Fastify's own Ajv (route `schema`, no type provider):
// TypeBox schemas are plain JSON Schema, so Ajv's coercion and messages are what clients get.
//
// Card data: request bodies are never logged (no Fastify logger; the optional `log` line has
// method, path and status only) and error answers never echo input (JSON syntax errors included:
// V8 quotes the offending text in its messages).
import { createHmac } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { PAGE_PATHS, SandboxEngine, SandboxHttpError, type LedgerFilter, type PageKind } from './engine';
import { FaultPlan, requestedLatency, type Fault, type FaultRule } from './faults';
import { BooksWriter, engineSnapshotOf } from './books-writer';
import { IdempotencyStore } from './idempotency';
import { LedgerStore } from './ledger-store';
import { Notifier, type NotifierOptions } from './notifier';
import { PAGE_DECISIONS, renderDone, renderNotFound, renderPage } from './pages';
import { DEFAULT_NOTIFICATION_SECRET } from '../sandbox-common/signature';
import {
  BatchParam,
  ConfigBody,
  DisputeParam,
  FaultBody,
  LedgerQuery,
  PageForm,
  PartnerParam,
  ReferenceParam,
  SettleBody,
  SettlementListQuery,
  WireAuthorizeBody,
  WireBalanceBody,
  WireEvidenceBody,
  WireOperationBody,
  type LedgerEntry,
  type NotificationDelivery,
  type WireSettlementBatch,
} from './schemas';

export interface SandboxNetworkOptions {
  /** Default 127.0.0.1: the sandbox is a loopback service unless told otherwise. */
  host?: string | undefined;
  /** Default 0 (any free port). */
  port?: number | undefined;
  /** Latency added to every API call (GET /admin/config, PUT /admin/config change it later). */
  latencyMs?: number | undefined;
  /** Origin browsers reach the sandbox on, for redirection hrefs; defaults to the listen URL. */
  publicUrl?: string | undefined;
  /** Notification delivery: shared secret (default DEFAULT_NOTIFICATION_SECRET) and retry bounds. */
  notify?: Partial<NotifierOptions> | undefined;
  /** The timeout card settles at the first status read this long after authorize (default 0). */
  uncertainSettleMs?: number | undefined;
  /** Lender decision delay after the shopper applies (default 1000 ms). */
  instalmentDecisionMs?: number | undefined;
  /** A dispute card's dispute opens this long after its capture (default 2000 ms). */
  disputeOpenMs?: number | undefined;
  /** The shopper's bank decides a dispute this long after the evidence arrived (default 2000 ms). */
  disputeDecisionMs?: number | undefined;
  /** How long a dispute takes evidence; without it, it is LOST then (default 7 days). */
  disputeEvidenceWindowMs?: number | undefined;
  /** The daily settlement's time, `HH:MM` UTC (main.ts: 00:00); none by default (POST /admin/settlements). */
  dailySettlementAt?: string | undefined;
  /** How long a `timeout` fault holds the connection before destroying it (default 30 s). */
  faultTimeoutMs?: number | undefined;
  /** One line per request: method, path, status, duration. Never bodies. */
  log?: ((line: string) => void) | undefined;
  /**
   * A PostgreSQL database for the sandbox's own schema (ledger-store.ts): the books are read back
   * from it at start and written to it before every answer. Without it, everything is in memory.
   */
  databaseUrl?: string | undefined;
}

export interface SandboxNetwork {
  url: string;
  close(): Promise<void>;
  ledger(filter?: LedgerFilter): LedgerEntry[];
  notifications(): NotificationDelivery[];
  /** Forgets transactions, ledger, keys, notifications and fault rules; refills gift cards. */
  reset(): void;
  setLatency(ms: number): void;
  addFault(rule: Fault & { count?: number; path_prefix?: string | null }): FaultRule;
  /** Settles now, as POST /admin/settlements does: the batches made. */
  settle(body?: SettleBody): Promise<WireSettlementBatch[]>;
}

interface Answer {
  statusCode: number;
  body: unknown;
  /** JSON unless told otherwise. */
  contentType?: string;
}

type Handler<B, P, Q = unknown> = (request: FastifyRequest<{ Body: B; Params: P; Querystring: Q }>) => Answer;

const DAY_MS = 24 * 3600 * 1000;

/** The next time of day `HH:MM` (UTC) after `now`. */
export function nextDailyRun(at: string, now: Date): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!match) throw new Error(`the daily settlement time must be HH:MM (UTC), got "${at}"`);
  const next = new Date(now);
  next.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + DAY_MS);
  return next;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startSandboxNetwork(options: SandboxNetworkOptions = {}): Promise<SandboxNetwork> {
  const host = options.host ?? '127.0.0.1';
  let latencyMs = options.latencyMs ?? 0;
  const faultTimeoutMs = options.faultTimeoutMs ?? 30_000;
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';

  const notifier = new Notifier({
    secret: options.notify?.secret ?? DEFAULT_NOTIFICATION_SECRET,
    maxAttempts: options.notify?.maxAttempts ?? 5,
    retryDelayMs: options.notify?.retryDelayMs ?? 500,
    timeoutMs: options.notify?.timeoutMs ?? 5_000,
  });
  const engine = new SandboxEngine({
    publicUrl: () => publicUrl,
    uncertainSettleMs: options.uncertainSettleMs ?? 0,
    instalmentDecisionMs: options.instalmentDecisionMs ?? 1_000,
    disputeOpenMs: options.disputeOpenMs ?? 2_000,
    disputeDecisionMs: options.disputeDecisionMs ?? 2_000,
    disputeEvidenceWindowMs: options.disputeEvidenceWindowMs ?? 7 * DAY_MS,
    notify: (url, news) => notifier.send(url, news),
  });
  const notificationSecret = options.notify?.secret ?? DEFAULT_NOTIFICATION_SECRET;
  // Persisted keys must be recognised after a restart, so their fingerprint key cannot be random
  // per process; it derives from the sandbox's own secret, which its database never holds.
  const keys = new IdempotencyStore(
    options.databaseUrl
      ? createHmac('sha256', notificationSecret).update('sandbox idempotency fingerprints').digest()
      : undefined,
  );
  let writer: BooksWriter | undefined;
  let store: LedgerStore | undefined;
  if (options.databaseUrl) {
    store = new LedgerStore(options.databaseUrl);
    const stored = await store.open();
    engine.restore(engineSnapshotOf(stored));
    keys.restore(stored.keys);
    writer = new BooksWriter(store, engine, options.log);
    writer.rememberDeliveries(stored.deliveries);
    engine.observe(writer.observer);
    const books = writer;
    keys.onComplete = (key, entry) => books.key(key, entry);
    notifier.onChange = (delivery, payload) => books.delivery(delivery, payload);
    notifier.resume(stored.deliveries);
  }
  /** Writes what the request changed before it is answered; false when the books are unreachable. */
  const persisted = async (): Promise<boolean> => {
    if (!writer) return true;
    try {
      await writer.flush();
      return true;
    } catch (error) {
      options.log?.(`ledger store unavailable: ${String(error)}`);
      return false;
    }
  };
  const booksUnavailable = (reply: FastifyReply) =>
    reply
      .code(503)
      .header('retry-after', '1')
      .send({ error: 'ledger_unavailable', message: 'the books cannot be written now: retry with the same key' });
  const faults = new FaultPlan();
  const hung = new Set<NodeJS.Timeout>();

  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 64 * 1024 });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    if (error instanceof SandboxHttpError)
      return reply.code(error.statusCode).send({ error: error.code, message: error.message });
    if (error.validation) return reply.code(400).send({ error: 'invalid_request', message: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Never error.message here: for a malformed JSON body it quotes the body.
      return reply.code(status).send({
        error: 'invalid_request',
        message: `${request.method} ${request.routeOptions.url ?? ''}: unreadable request`,
      });
    }
    return reply.code(500).send({ error: 'internal_error', message: 'sandbox internal error' });
  });

  if (options.log) {
    const log = options.log;
    app.addHook('onResponse', async (request, reply) => {
      log(`${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
    });
  }

  async function injectFault(fault: Fault, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (fault.fault === '500' || fault.fault === '503') {
      await reply
        .code(Number(fault.fault))
        .send({ error: 'injected_fault', message: `sandbox fault ${fault.fault} (${fault.phase} processing)` });
      return;
    }
    reply.hijack();
    const socket = request.raw.socket;
    if (fault.fault === 'drop') {
      socket.destroy();
      return;
    }
    const timer = setTimeout(() => {
      hung.delete(timer);
      socket.destroy();
    }, faultTimeoutMs);
    hung.add(timer);
  }

  /**
   * One API call: latency, fault before, idempotency claim, the handler, fault after.
   * `idempotent` routes require an Idempotency-Key header.
   */
  function api<B, P, Q = unknown>(idempotent: boolean, handler: Handler<B, P, Q>) {
    return async (request: FastifyRequest<{ Body: B; Params: P; Querystring: Q }>, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? request.url;
      const extra = requestedLatency(request.headers);
      if (typeof extra !== 'number') return reply.code(400).send({ error: 'invalid_request', message: extra.invalid });
      const fault = faults.take(path, request.headers);
      if (fault && 'invalid' in fault)
        return reply.code(400).send({ error: 'invalid_request', message: fault.invalid });
      if (latencyMs + extra > 0) await sleep(latencyMs + extra);
      if (fault?.phase === 'before') return injectFault(fault, request, reply);

      let answer: Answer;
      let replayed = false;
      if (idempotent) {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
          return reply.code(400).send({
            error: 'missing_idempotency_key',
            message: 'Idempotency-Key header (1 to 255 characters) is required',
          });
        }
        const claim = keys.claim(key, keys.fingerprint(request.method, path, request.body));
        if (claim.kind === 'conflict') {
          return reply
            .code(422)
            .send({ error: 'idempotency_key_reused', message: 'this Idempotency-Key was used with another request' });
        }
        if (claim.kind === 'in_progress') {
          return reply
            .code(409)
            .send({ error: 'request_in_progress', message: 'a request with this Idempotency-Key is being processed' });
        }
        if (claim.kind === 'replay') {
          answer = claim.answer;
          replayed = true;
        } else {
          try {
            answer = handler(request);
          } catch (error) {
            keys.release(key); // no effect happened: the key may be used again
            throw error;
          }
          keys.complete(key, answer);
        }
      } else {
        answer = handler(request);
      }
      // The answer, replay included, leaves only once what it says is on disk.
      if (!(await persisted())) return booksUnavailable(reply);
      if (fault?.phase === 'after') return injectFault(fault, request, reply);
      if (replayed) reply.header('idempotent-replayed', 'true');
      if (answer.contentType) reply.type(answer.contentType);
      return reply.code(answer.statusCode).send(answer.body);
    };
  }

  const schema = (s: { body?: TSchema; params?: TSchema; querystring?: TSchema }) => ({ schema: s });
  const idemKey = (request: FastifyRequest) => String(request.headers['idempotency-key']);

  // --- partner API -----------------------------------------------------------------------------
  app.post(
    '/v1/:partner/authorizations',
    schema({ body: WireAuthorizeBody, params: PartnerParam }),
    api<WireAuthorizeBody, Static<typeof PartnerParam>>(true, (request) => ({
      statusCode: 201,
      body: engine.authorize(request.params.partner, request.body, idemKey(request)),
    })),
  );
  for (const [kind, segment] of [
    ['capture', 'captures'],
    ['void', 'voids'],
    ['refund', 'refunds'],
  ] as const) {
    app.post(
      `/v1/authorizations/:reference/${segment}`,
      schema({ body: WireOperationBody, params: ReferenceParam }),
      api<WireOperationBody, Static<typeof ReferenceParam>>(true, (request) => ({
        statusCode: 201,
        body: engine.operate(kind, request.params.reference, request.body, idemKey(request)),
      })),
    );
  }
  app.get(
    '/v1/transactions/:reference',
    schema({ params: ReferenceParam }),
    api<unknown, Static<typeof ReferenceParam>>(false, (request) => ({
      statusCode: 200,
      body: engine.transaction(request.params.reference),
    })),
  );
  app.get(
    '/v1/disputes/:reference',
    schema({ params: DisputeParam }),
    api<unknown, Static<typeof DisputeParam>>(false, (request) => ({
      statusCode: 200,
      body: engine.dispute(request.params.reference),
    })),
  );
  app.post(
    '/v1/disputes/:reference/evidence',
    schema({ body: WireEvidenceBody, params: DisputeParam }),
    api<WireEvidenceBody, Static<typeof DisputeParam>>(true, (request) => ({
      statusCode: 201,
      body: engine.submitEvidence(request.params.reference, request.body),
    })),
  );
  app.get(
    '/v1/:partner/settlements',
    schema({ params: PartnerParam, querystring: SettlementListQuery }),
    api<unknown, Static<typeof PartnerParam>, Static<typeof SettlementListQuery>>(false, (request) => ({
      statusCode: 200,
      body: { batches: engine.settlementBatches(request.params.partner, request.query.since) },
    })),
  );
  app.get(
    '/v1/settlements/:batch_id',
    schema({ params: BatchParam }),
    api<unknown, Static<typeof BatchParam>>(false, (request) => ({
      statusCode: 200,
      body: engine.settlementBatch(request.params.batch_id),
    })),
  );
  app.get(
    '/v1/settlements/:batch_id/file',
    schema({ params: BatchParam }),
    api<unknown, Static<typeof BatchParam>>(false, (request) => ({
      statusCode: 200,
      body: engine.settlementFile(request.params.batch_id),
      contentType: 'text/csv; charset=utf-8',
    })),
  );
  app.post(
    '/v1/sandbox-giftcard/balance',
    schema({ body: WireBalanceBody }),
    api<WireBalanceBody, unknown>(false, (request) => ({
      statusCode: 200,
      body: engine.balance(request.body.number, request.body.pin),
    })),
  );

  // --- shopper pages -----------------------------------------------------------------------------
  const pageHeaders = (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
  for (const [kind, segment] of Object.entries(PAGE_PATHS) as [PageKind, string][]) {
    app.get<{ Params: Static<typeof ReferenceParam> }>(
      `/${segment}/:reference`,
      schema({ params: ReferenceParam }),
      async (request, reply) => {
        try {
          return pageHeaders(reply).send(renderPage(engine.page(kind, request.params.reference)));
        } catch {
          return pageHeaders(reply.code(404)).send(renderNotFound());
        }
      },
    );
    app.post<{ Params: Static<typeof ReferenceParam>; Body: Static<typeof PageForm> }>(
      `/${segment}/:reference`,
      schema({ params: ReferenceParam, body: PageForm }),
      async (request, reply) => {
        const { accept, refuse } = PAGE_DECISIONS[kind];
        const decision = request.body.decision;
        if (decision !== accept && decision !== refuse)
          return reply.code(400).send({ error: 'invalid_request', message: `decision must be ${accept} or ${refuse}` });
        let target: string | null;
        try {
          target = engine.decide(kind, request.params.reference, decision === accept);
        } catch {
          return pageHeaders(reply.code(404)).send(renderNotFound());
        }
        if (!(await persisted())) return booksUnavailable(reply);
        if (target) return reply.redirect(target, 303);
        return pageHeaders(reply).send(renderDone(engine.page(kind, request.params.reference)));
      },
    );
  }

  // --- test and operations endpoints -------------------------------------------------------------
  app.get('/health', async () => ({ status: 'ok' }));
  app.get<{ Querystring: Static<typeof LedgerQuery> }>(
    '/ledger',
    schema({ querystring: LedgerQuery }),
    async (request) => {
      const entries = engine.ledger(request.query as LedgerFilter);
      return { count: entries.length, entries };
    },
  );
  app.get('/notifications', async () => ({ deliveries: notifier.list() }));
  const reset = () => {
    engine.reset();
    keys.reset();
    notifier.reset();
    faults.clear();
  };
  app.post('/admin/reset', async (_request, reply) => {
    reset();
    writer?.discard();
    await store?.clear();
    return reply.code(204).send();
  });
  /** Settles and writes the batches before answering, like any call that changes the books. */
  const settle = async (body: SettleBody): Promise<WireSettlementBatch[]> => {
    const batches = engine.settle(body);
    if (!(await persisted())) throw new SandboxHttpError(503, 'ledger_unavailable', 'the books cannot be written now');
    return batches;
  };
  app.post<{ Body: SettleBody }>('/admin/settlements', schema({ body: SettleBody }), async (request, reply) =>
    reply.code(201).send({ batches: await settle(request.body ?? {}) }),
  );
  let dailyTimer: NodeJS.Timeout | undefined;
  const planDailySettlement = (at: string) => {
    const next = nextDailyRun(at, new Date());
    dailyTimer = setTimeout(() => {
      // A failed write is retried by the books writer; the batches are made either way.
      void settle({ cutoff: next.toISOString() }).catch((error: unknown) =>
        options.log?.(`daily settlement not written yet: ${String(error)}`),
      );
      planDailySettlement(at);
    }, next.getTime() - Date.now());
  };
  if (options.dailySettlementAt) planDailySettlement(options.dailySettlementAt);
  app.get('/admin/config', async () => ({ latency_ms: latencyMs }));
  app.put<{ Body: Static<typeof ConfigBody> }>('/admin/config', schema({ body: ConfigBody }), async (request) => {
    latencyMs = request.body.latency_ms;
    return { latency_ms: latencyMs };
  });
  const addFault = (rule: Fault & { count?: number | undefined; path_prefix?: string | null | undefined }) =>
    faults.add({ fault: rule.fault, phase: rule.phase, count: rule.count ?? 1, path_prefix: rule.path_prefix ?? null });
  app.get('/admin/faults', async () => ({ rules: faults.list() }));
  app.post<{ Body: Static<typeof FaultBody> }>('/admin/faults', schema({ body: FaultBody }), async (request, reply) => {
    const { fault, phase = 'before', count, path_prefix } = request.body;
    return reply.code(201).send(addFault({ fault, phase, count, path_prefix }));
  });
  app.delete('/admin/faults', async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });

  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox: unexpected listen address');
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  if (!publicUrl) publicUrl = url;

  return {
    url,
    async close() {
      clearTimeout(dailyTimer);
      engine.dispose();
      notifier.close();
      for (const t of hung) clearTimeout(t);
      hung.clear();
      await app.close();
      await writer?.close();
      await store?.close();
    },
    ledger: (filter) => engine.ledger(filter),
    notifications: () => notifier.list(),
    reset,
    setLatency(ms) {
      latencyMs = ms;
    },
    addFault,
    settle,
  };
}
