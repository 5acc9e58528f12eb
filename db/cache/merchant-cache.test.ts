import { describe, expect, it } from 'vitest';
import type { PartnerContract } from '../contracts';
import type { EntityRecord } from '../merchants';
import { MerchantCache, type MerchantReads } from './merchant-cache';

const entity: EntityRecord = { id: 'e1', name: 'Shop', merchant_id: 'mer_1', publishable_key: 'pk_1' };
const contract: PartnerContract = {
  partner: 'sandbox-card',
  method: 'creditcard',
  currencies: ['EUR'],
  min_amount: 1,
  max_amount: 1000,
  priority: 10,
};

/** A database of one entity, counting its reads; `keys` may be changed as a test goes. */
function fakeDatabase() {
  const keys = new Map([['sk_live', 'e1']]);
  const reads: string[] = [];
  let hold: Promise<void> | undefined;
  const database: MerchantReads = {
    async entityOfApiKey(apiKey) {
      reads.push(`api-key ${apiKey}`);
      const found = keys.get(apiKey);
      await hold;
      return found;
    },
    async entityOfPublishableKey(publishableKey) {
      reads.push(`publishable-key ${publishableKey}`);
      return publishableKey === entity.publishable_key ? entity.id : undefined;
    },
    async entity(id) {
      reads.push(`entity ${id}`);
      return id === entity.id ? { ...entity } : undefined;
    },
    async contractsOf(id) {
      reads.push(`contracts ${id}`);
      return id === entity.id ? [{ ...contract, currencies: [...contract.currencies] }] : [];
    },
  };
  return {
    database,
    keys,
    reads,
    /** Reads answer what they found only once the returned function is called. */
    holdReads() {
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe('MerchantCache', () => {
  it('reads each thing once while notifications are trusted', async () => {
    const db = fakeDatabase();
    const cache = new MerchantCache(db.database, () => true);
    for (let i = 0; i < 3; i++) {
      expect(await cache.entityOfApiKey('sk_live')).toBe('e1');
      expect(await cache.entityOfPublishableKey('pk_1')).toBe('e1');
      expect(await cache.entity('e1')).toEqual(entity);
      expect(await cache.contractsOf('e1')).toEqual([contract]);
    }
    expect(db.reads).toEqual(['api-key sk_live', 'publishable-key pk_1', 'entity e1', 'contracts e1']);
  });

  it('goes to the database every time while notifications are not trusted', async () => {
    const db = fakeDatabase();
    let trusted = false;
    const cache = new MerchantCache(db.database, () => trusted);
    await cache.entityOfApiKey('sk_live');
    await cache.entityOfApiKey('sk_live');
    expect(db.reads).toHaveLength(2);
    expect(cache.size).toBe(0);
    trusted = true;
    await cache.entityOfApiKey('sk_live');
    await cache.entityOfApiKey('sk_live');
    expect(db.reads).toHaveLength(3);
  });

  it('never keeps an unknown key: random keys cannot fill memory', async () => {
    const db = fakeDatabase();
    const cache = new MerchantCache(db.database, () => true);
    for (let i = 0; i < 100; i++) expect(await cache.entityOfApiKey(`sk_random_${i}`)).toBeUndefined();
    expect(await cache.entityOfPublishableKey('pk_unknown')).toBeUndefined();
    expect(await cache.entity('e-unknown')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps no secret key in clear', async () => {
    const cache = new MerchantCache(fakeDatabase().database, () => true);
    await cache.entityOfApiKey('sk_live');
    const held = JSON.stringify([
      ...(cache as unknown as { entries: { entries: Map<string, unknown> } }).entries.entries,
    ]);
    expect(held).not.toContain('sk_live');
  });

  it("forgets an entity's keys, record and contracts when it changes, and nothing of others", async () => {
    const db = fakeDatabase();
    db.keys.set('sk_other', 'e2');
    const cache = new MerchantCache(db.database, () => true);
    await cache.entityOfApiKey('sk_live');
    await cache.entityOfApiKey('sk_other');
    await cache.entity('e1');
    await cache.contractsOf('e1');
    db.keys.delete('sk_live');
    cache.invalidate('e1');
    expect(await cache.entityOfApiKey('sk_live')).toBeUndefined();
    expect(await cache.entityOfApiKey('sk_other')).toBe('e2');
    await cache.entity('e1');
    await cache.contractsOf('e1');
    expect(db.reads.slice(4)).toEqual(['api-key sk_live', 'entity e1', 'contracts e1']);
  });

  it('forgets everything on a change of every entity (a TRUNCATE) and when notifications were lost', async () => {
    const db = fakeDatabase();
    const cache = new MerchantCache(db.database, () => true);
    await cache.entityOfApiKey('sk_live');
    cache.invalidate('*');
    expect(cache.size).toBe(0);
    await cache.entityOfApiKey('sk_live');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep what was read while a change was notified: it may predate the change', async () => {
    const db = fakeDatabase();
    const cache = new MerchantCache(db.database, () => true);
    const release = db.holdReads();
    const reading = cache.entityOfApiKey('sk_live');
    // The key is revoked and notified while the read (which saw it valid) is on its way back.
    db.keys.delete('sk_live');
    cache.invalidate('e1');
    release();
    expect(await reading).toBe('e1');
    expect(await cache.entityOfApiKey('sk_live')).toBeUndefined();
  });

  it('does not keep what was read while the listener lost its connection', async () => {
    const db = fakeDatabase();
    let trusted = true;
    const cache = new MerchantCache(db.database, () => trusted);
    const release = db.holdReads();
    const reading = cache.entityOfApiKey('sk_live');
    trusted = false;
    cache.clear();
    trusted = true;
    release();
    await reading;
    expect(cache.size).toBe(0);
  });

  it('hands out frozen values: no caller can change what the next one reads', async () => {
    const cache = new MerchantCache(fakeDatabase().database, () => true);
    const contracts = await cache.contractsOf('e1');
    expect(() => (contracts as PartnerContract[]).push(contract)).toThrow(TypeError);
    expect(() => ((contracts[0] as PartnerContract).currencies as string[]).push('USD')).toThrow(TypeError);
    expect(await cache.contractsOf('e1')).toEqual([contract]);
  });

  it('honours its bounds', async () => {
    const db = fakeDatabase();
    for (let i = 0; i < 50; i++) db.keys.set(`sk_${i}`, `e${i}`);
    const cache = new MerchantCache(db.database, () => true, { maxEntries: 10 });
    for (let i = 0; i < 50; i++) await cache.entityOfApiKey(`sk_${i}`);
    expect(cache.size).toBe(10);
  });
});
