// The merchant data every request reads (which entity an API key or a publishable key belongs to,
// the entity, its partner contracts), kept in the api process's memory: they change only when an
// operator or the merchant changes them, and reading them cost a database round trip per request.
//
// Correct before fast:
// - every change to those rows notifies every api process at its commit (triggers of
//   db/migrations/015_merchant_change_notifications.sql), and each drops what it holds of that
//   entity: a revoked API key is refused by the next request that reaches any process after the
//   notification, which PostgreSQL sends as the revoking transaction commits;
// - while the notifications cannot be trusted (not yet listening, the listening connection
//   dropped, a probe did not come back: change-listener.ts), the cache is empty and every read
//   goes to the database;
// - a read whose answer may predate a notification that arrived while it ran is answered, not kept;
// - only what exists is kept (an unknown key is read from the database every time, so random keys
//   cannot fill memory); at most `maxEntries` entries, each at most `ttlMs`;
// - secret API keys are kept by their SHA-256, as api_keys holds them.
import { createHash } from 'node:crypto';
import type { Sql } from '../connection';
import { contractsOf, type PartnerContract } from '../contracts';
import { entityOfApiKey, entityOfPublishableKey } from '../credentials';
import { findEntity, type EntityRecord } from '../merchants';
import { BoundedMap } from './bounded-map';
import { ChangeListener, type ChangeListenerOptions } from './change-listener';

/** The reads of merchant data the api makes on its requests, cached or not. */
export interface MerchantReads {
  entityOfApiKey(apiKey: string): Promise<string | undefined>;
  entityOfPublishableKey(publishableKey: string): Promise<string | undefined>;
  entity(entityId: string): Promise<Readonly<EntityRecord> | undefined>;
  /** The entity's enabled contracts, by priority. */
  contractsOf(entityId: string): Promise<readonly Readonly<PartnerContract>[]>;
}

/** Straight from the database, every time. */
export function databaseMerchantReads(sql: Sql): MerchantReads {
  return {
    entityOfApiKey: (apiKey) => entityOfApiKey(sql, apiKey),
    entityOfPublishableKey: (publishableKey) => entityOfPublishableKey(sql, publishableKey),
    entity: (entityId) => findEntity(sql, entityId),
    contractsOf: (entityId) => contractsOf(sql, entityId),
  };
}

export const MERCHANT_CHANGES_CHANNEL = 'tessera_merchant_changes';
/** Every entity's data changed (a TRUNCATE). */
const EVERY_ENTITY = '*';

export interface MerchantCacheOptions {
  /** A few hundred bytes each: 10,000 entries are a few MiB. */
  maxEntries?: number;
  /** The safety net should a notification ever be missed unnoticed. */
  ttlMs?: number;
}

/** Values handed to every caller are shared: frozen, so that no caller can change another's. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const apiKeyDigest = (apiKey: string) => createHash('sha256').update(apiKey).digest('hex');

export class MerchantCache implements MerchantReads {
  private readonly entries: BoundedMap<unknown>;
  /** Grows with every invalidation: a read that saw it change while it ran may be stale. */
  private generation = 0;

  constructor(
    private readonly database: MerchantReads,
    /** Whether every change committed so far has been notified to `invalidate`. */
    private readonly trusted: () => boolean,
    options: MerchantCacheOptions = {},
  ) {
    this.entries = new BoundedMap(options.maxEntries ?? 10_000, options.ttlMs ?? 60_000);
  }

  get size(): number {
    return this.entries.size;
  }

  entityOfApiKey(apiKey: string): Promise<string | undefined> {
    return this.read(
      `api-key:${apiKeyDigest(apiKey)}`,
      () => this.database.entityOfApiKey(apiKey),
      (id) => id,
    );
  }

  entityOfPublishableKey(publishableKey: string): Promise<string | undefined> {
    return this.read(
      `publishable-key:${publishableKey}`,
      () => this.database.entityOfPublishableKey(publishableKey),
      (id) => id,
    );
  }

  entity(entityId: string): Promise<Readonly<EntityRecord> | undefined> {
    return this.read(
      `entity:${entityId}`,
      () => this.database.entity(entityId),
      (entity) => entity.id,
    );
  }

  async contractsOf(entityId: string): Promise<readonly Readonly<PartnerContract>[]> {
    // Read for authenticated entities only, so an empty list is kept like any other.
    const contracts = await this.read(
      `contracts:${entityId}`,
      () => this.database.contractsOf(entityId),
      () => entityId,
    );
    return contracts ?? [];
  }

  /** A notification: the payload names the entity whose rows changed. */
  invalidate(payload: string): void {
    this.generation += 1;
    if (payload === EVERY_ENTITY) this.entries.clear();
    else this.entries.deleteOwner(payload);
  }

  /** Notifications may have been lost: nothing held can be trusted. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private async read<T extends object | string>(
    key: string,
    load: () => Promise<T | undefined>,
    ownerOf: (value: T) => string,
  ): Promise<T | undefined> {
    if (!this.trusted()) return load();
    const held = this.entries.get(key) as T | undefined;
    if (held !== undefined) return held;
    const generation = this.generation;
    const value = await load();
    // Kept only when no invalidation arrived while it was read, and notifications are still trusted:
    // one that arrives later finds it and drops it.
    if (value !== undefined && generation === this.generation && this.trusted()) {
      this.entries.set(key, ownerOf(value), deepFreeze(value));
    }
    return value;
  }
}

export interface RunningMerchantCache {
  reads: MerchantCache;
  listener: ChangeListener;
  stop(): Promise<void>;
}

/** The cache of an api process, listening for changes on a connection of its own to `sql`'s server. */
export function startMerchantCache(
  sql: Sql,
  log: ChangeListenerOptions['log'],
  options: MerchantCacheOptions & Pick<ChangeListenerOptions, 'connect' | 'probeEveryMs' | 'probeTimeoutMs'> = {},
): RunningMerchantCache {
  let listener: ChangeListener | undefined;
  const reads = new MerchantCache(databaseMerchantReads(sql), () => listener?.listening ?? false, options);
  listener = new ChangeListener({
    sql,
    channel: MERCHANT_CHANGES_CHANNEL,
    onChange: (payload) => reads.invalidate(payload),
    onLost: () => reads.clear(),
    log,
    ...(options.connect ? { connect: options.connect } : {}),
    ...(options.probeEveryMs !== undefined ? { probeEveryMs: options.probeEveryMs } : {}),
    ...(options.probeTimeoutMs !== undefined ? { probeTimeoutMs: options.probeTimeoutMs } : {}),
  });
  const running = listener;
  return { reads, listener: running, stop: () => running.stop() };
}
