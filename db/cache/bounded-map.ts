// A map that never grows past `maxEntries` (the least recently read goes first) and forgets every
// entry `ttlMs` after it was stored: the memory bound and the safety net of the merchant cache.

interface Entry<V> {
  value: V;
  /** Whose data this is: what an invalidation names. */
  owner: string;
  expiresAt: number;
}

export class BoundedMap<V> {
  // A Map iterates in insertion order: deleting and setting again on each read keeps the least
  // recently read first, which is the one evicted.
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error('maxEntries must be a positive integer');
    if (!(ttlMs > 0)) throw new Error('ttlMs must be positive');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, owner: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, owner, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Forgets every entry of this owner. */
  deleteOwner(owner: string): void {
    for (const [key, entry] of this.entries) if (entry.owner === owner) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
