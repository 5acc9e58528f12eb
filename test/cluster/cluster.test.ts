// The production topology under fire (npm run test:cluster): the whole shape npm run start:cluster
// runs - PostgreSQL, the Temporal server on it, the Temporal UI, the sandbox partners, two workers,
// two api processes behind nginx, each process from the production build - on free ports, with a
// PostgreSQL of its own. Orders arrive through nginx while one api process and one worker are
// SIGKILLed, the Temporal server is restarted, and the other api process and worker are stopped
// gracefully (SIGTERM). Afterwards every payment is final, the partners' ledger and the API agree
// to the cent with no effect lost or doubled, every webhook reached the merchant, and the graceful
// stops cost no request. The table of what was injected and what was found is printed either way.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../db/connection';
import { createMerchant, type CreatedMerchant } from '../../db/merchants';
import type { LedgerEntry } from '../../partners/sandbox-network/schemas';
import { dataDir, projectRoot } from '../../platform/config';
import { freePorts, launchCluster, type Cluster } from '../../scripts/cluster/launch';
import type { StopResult } from '../../scripts/cluster/supervised-process';
import { freePort } from '../support/free-port';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { failed, MerchantClient, timedOut } from './merchant-client';
import { driveOrder, plannedOrders, type Order, type OrderContext } from './orders';
import { reconcileLedger, reconcileWebhooks, type AttemptRow, type ReceivedEvent } from './reconcile';
import { printReport, type Injection } from './report';

/**
 * A new order every PACE_MS, at most CONCURRENCY under way, from the start until TAIL_MS after the
 * last fault (a busy machine makes the faults take longer: the orders go on through all of them),
 * and never more than MAX_ORDERS.
 */
const MAX_ORDERS = 150;
const TAIL_MS = 10_000;
const PACE_MS = 1_000;
const CONCURRENCY = 12;
/** When each fault comes, in ms from the first order; each waits (bounded) for requests in flight. */
const SCHEDULE = { killApi: 10_000, killWorker: 22_000, restartTemporal: 34_000, stopApi: 48_000, stopWorker: 58_000 };
/** An orchestrator's pause before it starts a replacement. */
const RESTART_AFTER_MS = 1_500;
/**
 * How long a merchant keeps retrying one order (a busy machine may make a start take a minute: a
 * replaced process, a worker's sticky tasks timing out); the drive as a whole is bounded by it.
 */
const ORDER_PATIENCE_MS = 180_000;
const SETTLE_DEADLINE_MS = 90_000;
const WORKER_FORCE_MS = 20_000;
const API_GRACE_MS = 20_000;

const runId = `${process.pid}-${randomBytes(3).toString('hex')}`;
// Logs and the build under .data (ignored; its node_modules are the repository's); PostgreSQL's
// data under the system's temporary folder, which the postgres user can reach when we run as root.
const runDir = join(dataDir, 'test', `cluster-${runId}`);
const postgresDir = mkdtempSync(join(tmpdir(), 'tessera-cluster-pg-'));
chmodSync(postgresDir, 0o711);
let cluster: Cluster;
let merchant: CreatedMerchant;
let token: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let passed = false;

beforeAll(async () => {
  mkdirSync(runDir, { recursive: true });
  const appDir = join(runDir, 'dist');
  // The production build, as start:cluster and the images run it (the web app is not needed here).
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', appDir, '--no-web'], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const encryptionKey = randomBytes(32);
  cluster = await launchCluster({
    stateDir: runDir,
    postgresDataDir: join(postgresDir, 'data'),
    ports: await freePorts(freePort),
    app: { kind: 'built', dir: appDir },
    encryptionKey: encryptionKey.toString('base64'),
    ui: true,
    appEnv: {
      // One client tokenizing many cards from one address: what the card-testing limits stop.
      TESSERA_RATE_LIMIT_VAULT_PER_IP: '1000000/1m',
      TESSERA_RATE_LIMIT_VAULT_PER_KEY: '1000000/1m',
      // A delivery lost to a kill is retried within a second, not ten.
      TESSERA_WEBHOOK_RETRY_INITIAL_MS: '500',
      // The test's receiver listens on loopback, which a production build refuses by default.
      TESSERA_WEBHOOK_PRIVATE_ADDRESSES: 'allow',
      // Partner calls take a little time, so kills find some in flight.
      SANDBOX_LATENCY_MS: '25',
    },
    say: (line) => console.log(`[cluster test] ${line}`),
  });
  const sql = connect(cluster.databaseUrl, { max: 1 });
  try {
    merchant = await createMerchant(sql, encryptionKey, { name: 'Cluster shop' });
  } finally {
    await sql.end({ timeout: 5 });
  }
  const answer = await fetch(`${cluster.publicUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${merchant.client_id}:${merchant.client_secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(answer.status).toBe(200);
  token = ((await answer.json()) as { access_token: string }).access_token;
  receiver = await startWebhookReceiver();
}, 1_800_000);

afterAll(async () => {
  await receiver?.close();
  const stopped = await cluster?.stop();
  if (stopped)
    for (const [name, result] of stopped)
      if (result.killed) console.log(`[cluster test] ${name} had to be killed at the end`);
  rmSync(postgresDir, { recursive: true, force: true });
  if (passed) rmSync(runDir, { recursive: true, force: true });
  else console.log(`[cluster test] logs kept in ${join(runDir, 'logs')}`);
}, 180_000);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('the production topology', () => {
  it('serves the Temporal UI pointed at the cluster', async () => {
    const page = await fetch(cluster.uiUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const namespaces = await fetch(`${cluster.uiUrl}/api/v1/namespaces`);
    expect(namespaces.status).toBe(200);
    expect(JSON.stringify(await namespaces.json())).toContain('"default"');
    // Payloads are encrypted: the UI has the operator's browser decode them at Tessera's codec endpoint.
    const settings = await fetch(`${cluster.uiUrl}/api/v1/settings`);
    expect(await settings.json()).toMatchObject({
      Codec: { Endpoint: `${cluster.publicUrl}/temporal-codec`, IncludeCredentials: true },
    });
    const preflight = await fetch(`${cluster.publicUrl}/temporal-codec/decode`, {
      method: 'OPTIONS',
      headers: {
        origin: cluster.uiUrl!,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-namespace',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(cluster.uiUrl);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('keeps every payment exactly once and tells every event through kills, a Temporal restart and graceful stops', async () => {
    const client = new MerchantClient(cluster.publicUrl);
    const planned = plannedOrders(MAX_ORDERS, runId);
    const context: Omit<OrderContext, 'deadline'> = { client, merchant, token, webhookUrl: receiver.url };
    const active = new Set<Order>();

    // The merchant: an order every PACE_MS, at most CONCURRENCY under way, until stopOrdersAt.
    let next = 0;
    let stopOrdersAt = Number.POSITIVE_INFINITY;
    const drivers = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < planned.length && Date.now() < stopOrdersAt) {
          const order = planned[next++]!;
          const startAt = client.started + order.index * PACE_MS;
          if (Date.now() < startAt) await sleep(startAt - Date.now());
          if (Date.now() >= stopOrdersAt) break;
          active.add(order);
          await driveOrder({ ...context, deadline: Date.now() + ORDER_PATIENCE_MS }, order);
          active.delete(order);
        }
      }),
    );

    // The faults, each once orders are in flight (bounded wait), on the schedule.
    const injections: Injection[] = [];
    const at = () => Date.now() - client.started;
    const when = async (ms: number) => {
      if (at() < ms) await sleep(ms - at());
      // Orders come about one a second and spend much of their time between requests (waiting for a
      // webhook, polling): wait for a moment with an order under way and one of its requests in
      // flight, so that a kill finds it mid-way (bounded: a busy machine may be slower).
      for (let waited = 0; (active.size < 1 || client.inFlight < 1) && waited < 30_000; waited += 10) await sleep(10);
    };
    const inFlight = () => ({ ordersInFlight: active.size, requestsInFlight: client.inFlight });
    const killAndReplace = async (name: string) => {
      const target = cluster.process(name);
      const record: Injection = { at: at(), what: `SIGKILL ${name} (pid ${target.pid})`, ...inFlight(), outcome: '' };
      await target.kill();
      await sleep(RESTART_AFTER_MS);
      const restarting = Date.now();
      await target.start();
      record.outcome = `replaced after ${RESTART_AFTER_MS} ms, ready ${Date.now() - restarting} ms after that`;
      injections.push(record);
    };
    const stopAndReplace = async (name: string) => {
      const target = cluster.process(name);
      const record: Injection = { at: at(), what: `SIGTERM ${name} (pid ${target.pid})`, ...inFlight(), outcome: '' };
      const result: StopResult = await target.stop();
      record.stop = { ...result, from: record.at, to: at() };
      record.outcome = `${result.killed ? 'had to be SIGKILLed' : `exited ${result.signal ?? `code ${result.code}`}`} after ${result.ms} ms`;
      await sleep(RESTART_AFTER_MS);
      await target.start();
      record.outcome += ', replaced';
      injections.push(record);
    };
    const faults = (async () => {
      await when(SCHEDULE.killApi);
      await killAndReplace('api-1');
      await when(SCHEDULE.killWorker);
      await killAndReplace('worker-1');
      await when(SCHEDULE.restartTemporal);
      {
        const server = cluster.process('temporal-server');
        const record: Injection = {
          at: at(),
          what: `restart temporal-server (pid ${server.pid})`,
          ...inFlight(),
          outcome: '',
        };
        const stopped = await server.stop();
        const restarting = Date.now();
        await server.start();
        record.outcome = `stopped in ${stopped.ms} ms (${stopped.killed ? 'killed' : 'SIGTERM'}), answering again ${Date.now() - restarting} ms later`;
        injections.push(record);
      }
      await when(SCHEDULE.stopApi);
      await stopAndReplace('api-2');
      await when(SCHEDULE.stopWorker);
      await stopAndReplace('worker-2');
    })().finally(() => {
      stopOrdersAt = Date.now() + TAIL_MS;
    });

    await Promise.all([drivers, faults]);
    const driveMs = at();
    const orders = planned.filter((order) => order.startedAt !== undefined);

    // Every payment final, read through its workflow (no max-age): the proof, not the read model.
    const settleDeadline = Date.now() + SETTLE_DEADLINE_MS;
    const finals = new Map<number, any>();
    for (const order of orders) {
      if (!order.paymentId) continue;
      const read = await client.poll(
        `/v2/payments/${order.paymentId}`,
        (payment) => payment?.authorization?.status === 'AUTHORIZED',
        { headers: { authorization: `Bearer ${token}` }, deadline: settleDeadline },
      );
      if (read.status === 200) finals.set(order.index, read.body);
    }
    const ledger = ((await (await fetch(`${cluster.sandboxUrl}/ledger`)).json()) as { entries: LedgerEntry[] }).entries;
    const ledgerFindings = reconcileLedger(orders, finals, ledger);

    // Webhooks: deliveries still retrying settle within the deadline (bounded wait).
    const sql = connect(cluster.databaseUrl, { max: 1 });
    const received = (): ReceivedEvent[] =>
      receiver.received.map((delivery) => ({
        id: delivery.json.id,
        type: delivery.json.event_type,
        resourceType: delivery.json.resource?.type,
        resourceId: delivery.json.resource?.id,
        version: delivery.json.resource?.version,
      }));
    let webhookFindings = reconcileWebhooks(orders, finals, received(), []);
    try {
      do {
        const attempts = await sql<AttemptRow[]>`
          select event_id::text, resource_id::text, event_type, succeeded from webhook_delivery_attempts`;
        webhookFindings = reconcileWebhooks(orders, finals, received(), attempts);
        if (webhookFindings.problems.length === 0) break;
        await sleep(1_000);
      } while (Date.now() < settleDeadline);
    } finally {
      await sql.end({ timeout: 5 });
    }

    // Which api answered what, from nginx's access log; and what the merchant saw fail.
    const accessLog = readFileSync(cluster.accessLog, 'utf8').split('\n').filter(Boolean);
    const apiPorts = cluster.processes
      .filter((p) => p.name.startsWith('api-'))
      .map((p) => [p.name, `:${p.spec.env.PORT}`] as const);
    const perApi = Object.fromEntries(
      apiPorts.map(([name, port]) => [
        name,
        accessLog.filter((line) => new RegExp(`upstream=\\S*${port}\\b`).test(line)).length,
      ]),
    );
    const retriedByNginx = accessLog.filter((line) => /upstream=\S+, \S+/.test(line)).length;
    const failures = client.attempts.filter(failed);
    // What a drain could cause: nginx's gateway errors, or a connection refused or reset. A client
    // timeout is the machine's load (or a fault elsewhere), and a request timing out across the
    // drain window started before it.
    const graceful = injections.filter((injection) => injection.stop && injection.what.includes('api-'));
    const failedDuringDrain = graceful.flatMap((injection) =>
      failures.filter(
        (attempt) =>
          !timedOut(attempt) && attempt.at + attempt.ms >= injection.stop!.from && attempt.at <= injection.stop!.to,
      ),
    );

    const driverErrors = orders
      .filter((order) => order.error)
      .map((order) => `order ${order.index} (${order.kind}): ${order.error}`);
    const unsettled = orders
      .filter((order) => order.paymentId && !finals.has(order.index))
      .map((order) => order.paymentId);
    printReport({
      injections,
      orders,
      finals: finals.size,
      driveMs,
      ledger: ledgerFindings,
      webhooks: webhookFindings,
      requests: client.attempts.length,
      failures,
      perApi,
      retriedByNginx,
      failedDuringDrain,
      unexpectedExits: cluster.unexpectedExits,
    });

    expect(injections.map((injection) => injection.what.split(' (')[0])).toEqual([
      'SIGKILL api-1',
      'SIGKILL worker-1',
      'restart temporal-server',
      'SIGTERM api-2',
      'SIGTERM worker-2',
    ]);
    // Each fault found orders in flight: the faults were not injected into an idle topology.
    for (const injection of injections) expect(injection.ordersInFlight, injection.what).toBeGreaterThan(0);
    expect({ driverErrors, unsettled }).toEqual({ driverErrors: [], unsettled: [] });
    expect(ledgerFindings.problems).toEqual([]);
    expect(webhookFindings.problems).toEqual([]);
    expect(webhookFindings.events).toBeGreaterThan(orders.length);
    // Graceful stops: in time, by themselves, and not one request of the merchant's lost to them.
    for (const injection of injections.filter((i) => i.stop)) {
      expect(injection.stop!.killed, injection.what).toBe(false);
      expect(injection.stop!.code, injection.what).toBe(0);
    }
    expect(graceful[0]!.stop!.ms).toBeLessThan(API_GRACE_MS);
    expect(injections.find((i) => i.what.startsWith('SIGTERM worker'))!.stop!.ms).toBeLessThan(WORKER_FORCE_MS);
    expect(failedDuringDrain).toEqual([]);
    // nginx spread the load over both api processes, and nothing crashed by itself.
    for (const [name, count] of Object.entries(perApi)) expect(count, name).toBeGreaterThan(orders.length / 2);
    expect(cluster.unexpectedExits).toEqual([]);
    passed = true;
  }, 420_000);
});
