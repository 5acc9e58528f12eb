// The merchant cache (db/cache/) against a real PostgreSQL: two api instances, each on its own pool
// and its own listening connection, as two api processes behind a load balancer. A change to a key,
// an entity or a contract, made by a third connection as an operator would, is seen by the next
// request to either once PostgreSQL's notification has reached it (milliseconds); a cache that can
// no longer trust its notifications (its connection dropped, a partition, a database that never
// delivers them) holds nothing and reads the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRing } from '../../api/auth/key-ring';
import { buildApi, type Api } from '../../api/server';
import { dedicatedConnection } from '../../db/cache/change-listener';
import { startMerchantCache, type RunningMerchantCache } from '../../db/cache/merchant-cache';
import { connect, type Sql } from '../../db/connection';
import { startEmbeddedDatabase } from '../../db/embedded';
import { createMerchant, type CreatedMerchant } from '../../db/merchants';
import { migrate } from '../../db/migrate';
import { call, eventually, sessionApplication } from '../support/api-client';
import { freePort } from '../support/free-port';
import { startStack, type Stack } from '../support/stack';
import { startTcpProxy } from '../support/tcp-proxy';

const quiet = { info: () => {}, warn: () => {} };
// Short, so that a partition is noticed within a test; the api processes probe every 5 s.
const probing = { probeEveryMs: 200, probeTimeoutMs: 1_000 };

interface ApiInstance {
  sql: Sql;
  cache: RunningMerchantCache;
  api: Api;
  baseUrl: string;
}

let stack: Stack;
const instances: ApiInstance[] = [];

async function startInstance(): Promise<ApiInstance> {
  const databaseUrl = stack.config.databaseUrl ?? '';
  const sql = connect(databaseUrl);
  const cache = startMerchantCache(sql, quiet);
  const api = await buildApi({
    config: stack.config,
    sql,
    temporal: stack.temporal,
    keys: new KeyRing(sql, stack.config.encryptionKey),
    merchantCache: cache,
    logLevel: 'warn',
    serveWebApp: false,
  });
  const port = await freePort();
  await api.listen({ host: '127.0.0.1', port });
  return { sql, cache, api, baseUrl: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  stack = await startStack({ inProcessWorker: false });
  instances.push(await startInstance(), await startInstance());
  for (const { cache } of instances) expect(await cache.listener.whenListening(15_000)).toBe(true);
});
afterAll(async () => {
  for (const { api, cache, sql } of instances) {
    await api.close();
    await cache.stop();
    await sql.end({ timeout: 5 });
  }
  await stack?.close();
});

const card = { number: '4242424242424242', expiry_month: '12', expiry_year: '38', cvv: '123' };
/** The cheapest call that authenticates with x-api-key and needs nothing but the database. */
const tokenize = async (instance: ApiInstance, apiKey: string) =>
  (await call(instance.baseUrl, 'POST', '/v2/vault/cards', { apiKey, body: card })).status;

/** Changes rows the way no api process is told of: triggers do not fire in this transaction. */
const silently = (change: (tx: postgres.TransactionSql) => Promise<unknown>) =>
  stack.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await change(tx);
  });

/** Until every notification committed so far has reached both processes. */
const told = () => Promise.all(instances.map(({ cache }) => cache.listener.caughtUp()));

/** The first api instance, its cache holding a merchant's key that was then revoked unnoticed. */
async function revokedUnnoticed(name: string): Promise<{ merchant: CreatedMerchant; first: ApiInstance }> {
  const merchant = await stack.createMerchant(name);
  await told();
  const first = firstInstance();
  expect(await tokenize(first, merchant.api_key)).toBe(201);
  await silently((tx) => tx`update api_keys set revoked_at = now() where entity_id = ${merchant.entity_id}`);
  // What the cache is for: the database was not asked.
  expect(await tokenize(first, merchant.api_key)).toBe(201);
  return { merchant, first };
}

function firstInstance(): ApiInstance {
  const [first] = instances;
  if (!first) throw new Error('no api instance');
  return first;
}

describe('changes reach every api process at once', () => {
  it('a revoked API key is refused by the next request once PostgreSQL has told the processes', async () => {
    for (let round = 0; round < 3; round++) {
      const merchant = await stack.createMerchant(`Revoked shop ${round}`);
      await told();
      for (const instance of instances) expect(await tokenize(instance, merchant.api_key)).toBe(201);
      await stack.sql`update api_keys set revoked_at = now() where entity_id = ${merchant.entity_id}`;
      await told();
      const order = round % 2 === 0 ? instances : [...instances].reverse();
      for (const instance of order) expect(await tokenize(instance, merchant.api_key)).toBe(401);
    }
  });

  it('a revoked API key is refused within milliseconds, without waiting for anything', async () => {
    // The notification leaves PostgreSQL as the revocation commits; it races the next request to
    // the api process, and wins almost always. Refused within 1 s, then, is the notification's doing:
    // the time to live is 60 s and the probes of these processes come every 5 s.
    for (let round = 0; round < 3; round++) {
      const merchant = await stack.createMerchant(`Raced shop ${round}`);
      await told();
      for (const instance of instances) expect(await tokenize(instance, merchant.api_key)).toBe(201);
      await stack.sql`update api_keys set revoked_at = now() where entity_id = ${merchant.entity_id}`;
      for (const instance of instances) {
        await eventually(async () => ((await tokenize(instance, merchant.api_key)) === 401 ? true : undefined), {
          timeoutMs: 1_000,
          intervalMs: 1,
          what: 'the revoked key to be refused',
        });
      }
    }
  });

  it('a key is answered from memory while nothing notifies a change, and dropped when its entity changes', async () => {
    const { merchant, first } = await revokedUnnoticed('Cached shop');
    // Any notified change of the entity drops everything held of it.
    await stack.sql`update entities set name = name where id = ${merchant.entity_id}`;
    await told();
    expect(await tokenize(first, merchant.api_key)).toBe(401);
  });

  it('a rotated publishable key is refused and the new one accepted', async () => {
    const merchant = await stack.createMerchant('Rotating shop');
    await told();
    for (const instance of instances) expect(await tokenize(instance, merchant.publishable_key)).toBe(201);
    const rotated = `pk_${randomBytes(12).toString('hex')}`;
    await stack.sql`update entities set publishable_key = ${rotated} where id = ${merchant.entity_id}`;
    await told();
    for (const instance of instances) {
      expect(await tokenize(instance, merchant.publishable_key)).toBe(401);
      expect(await tokenize(instance, rotated)).toBe(201);
    }
  });

  it('a disabled contract is no longer offered by the next request', async () => {
    const merchant = await stack.createMerchant('Contract shop');
    const first = firstInstance();
    const created = await call(first.baseUrl, 'POST', '/v2/client-sessions', {
      apiKey: merchant.api_key,
      body: sessionApplication(merchant.entity_id),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const offered = async (instance: ApiInstance) => {
      const answer = await call(instance.baseUrl, 'GET', `/checkout/v1/sessions/${created.body.id}/payment-methods`, {
        apiKey: merchant.publishable_key,
      });
      expect(answer.status).toBe(200);
      return (answer.body as { method: string }[]).map((solution) => solution.method);
    };
    for (const instance of instances) expect(await offered(instance)).toContain('wallet');
    await stack.sql`
      update partner_contracts set enabled = false where entity_id = ${merchant.entity_id} and method = 'wallet'`;
    await told();
    for (const instance of instances) expect(await offered(instance)).not.toContain('wallet');
  });

  it('keeps nothing of an unknown key, however many are tried', async () => {
    const first = firstInstance();
    const before = first.cache.reads.size;
    for (let i = 0; i < 20; i++) expect(await tokenize(first, `sk_${randomBytes(16).toString('hex')}`)).toBe(401);
    // A late notification of an earlier test may drop something meanwhile; nothing is added.
    expect(first.cache.reads.size).toBeLessThanOrEqual(before);
  });
});

describe('a cache that cannot trust its notifications holds nothing', () => {
  it('empties itself when its listening connection is cut, and listens again', async () => {
    const { merchant, first } = await revokedUnnoticed('Cut shop');
    // An operator's (or a failover's) cut: the server ends every listening connection of this database.
    await stack.sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'tessera-merchant-cache' and datname = current_database()`;
    // Emptied when the cut is noticed: far sooner than the entries' 60 s time to live.
    await eventually(async () => ((await tokenize(first, merchant.api_key)) === 401 ? true : undefined), {
      timeoutMs: 5_000,
      what: 'the revoked key to be refused after the cut',
    });
    for (const { cache } of instances) expect(await cache.listener.whenListening(10_000)).toBe(true);
  });

  it('reads the database while its connection is partitioned, and caches again once it is back', async () => {
    const databaseUrl = new URL(stack.config.databaseUrl ?? '');
    const proxy = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port) });
    const proxiedUrl = new URL(databaseUrl);
    proxiedUrl.port = String(proxy.port);
    const sql = connect(databaseUrl.toString(), { max: 2 });
    const proxied = connect(proxiedUrl.toString(), { max: 1 });
    const cache = startMerchantCache(sql, quiet, {
      ...probing,
      // The same connection as the api's own, but to the proxy.
      connect: (events) => dedicatedConnection(proxied, events),
    });
    try {
      expect(await cache.listener.whenListening(10_000)).toBe(true);
      const merchant = await stack.createMerchant('Partitioned shop');
      const entityOfKey = () => cache.reads.entityOfApiKey(merchant.api_key);
      expect(await entityOfKey()).toBe(merchant.entity_id);

      // Nothing crosses and nothing closes: only the probe that does not come back tells.
      proxy.partition();
      await eventually(async () => (cache.listener.listening ? undefined : true), {
        timeoutMs: 5_000,
        what: 'the partition to be noticed',
      });
      expect(cache.reads.size).toBe(0);
      // Every read goes to the database: two changes nobody is told of are both seen.
      await silently((tx) => tx`update api_keys set revoked_at = now() where entity_id = ${merchant.entity_id}`);
      expect(await entityOfKey()).toBeUndefined();
      await silently((tx) => tx`update api_keys set revoked_at = null where entity_id = ${merchant.entity_id}`);
      expect(await entityOfKey()).toBe(merchant.entity_id);
      expect(cache.reads.size).toBe(0);

      proxy.heal();
      expect(await cache.listener.whenListening(15_000)).toBe(true);
      expect(await entityOfKey()).toBe(merchant.entity_id);
      expect(cache.reads.size).toBe(1);
    } finally {
      await cache.stop();
      await sql.end({ timeout: 5 });
      await proxied.end({ timeout: 5 });
      await proxy.close();
    }
  });

  it("listens on npm start's embedded PGlite too, where another client's change reaches it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-pglite-cache-'));
    const database = await startEmbeddedDatabase({ dataDir, port: await freePort() });
    const sql = connect(database.url, { max: 2 });
    // Another process's connection, as `npm run merchant:create` or an operator's psql would be.
    const operator = connect(database.url, { max: 1 });
    const cache = startMerchantCache(sql, quiet, probing);
    try {
      await migrate(operator);
      // PGlite is one session: without db/embedded-notifications.ts, probes never came back.
      expect(await cache.listener.whenListening(5_000)).toBe(true);
      const merchant: CreatedMerchant = await createMerchant(operator, randomBytes(32), { name: 'Embedded shop' });
      await cache.listener.caughtUp();
      expect(await cache.reads.entityOfApiKey(merchant.api_key)).toBe(merchant.entity_id);
      expect(cache.reads.size).toBeGreaterThan(0);
      await operator`update api_keys set revoked_at = now() where entity_id = ${merchant.entity_id}`;
      await cache.listener.caughtUp();
      expect(await cache.reads.entityOfApiKey(merchant.api_key)).toBeUndefined();
      // Still listening: the probes of the last rounds came back.
      expect(cache.listener.listening).toBe(true);
    } finally {
      await cache.stop();
      await operator.end({ timeout: 5 });
      await sql.end({ timeout: 5 });
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
