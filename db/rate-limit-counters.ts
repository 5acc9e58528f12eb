// Fixed-window counters in the application's database, so that every api process behind the load
// balancer counts against the same windows. Time is the database's (`now()`), never a process's:
// api hosts whose clocks drift still agree on when a window ends.
import type { Sql } from './connection';

export interface CounterState {
  /** Requests counted in the current window (0 when none is open). */
  hits: number;
  /** Milliseconds until the current window ends (0 when none is open). */
  ttlMs: number;
}

/** Counts one request under `key`, opening a window of `windowMs` when none is open. One round trip. */
export async function hitCounter(sql: Sql, key: string, windowMs: number): Promise<CounterState> {
  const [row] = await sql<{ hits: number; ttl_ms: number }[]>`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    values (${key}, 1, now() + ${windowMs}::bigint * interval '1 millisecond')
    on conflict (key) do update set
      -- Capped, so that a flood can never overflow the column.
      hits = case when c.window_ends_at <= now() then 1 else least(c.hits, 1000000000) + 1 end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning hits, greatest(0, ceil(extract(epoch from window_ends_at - now()) * 1000))::float8 as ttl_ms`;
  if (!row) throw new Error('rate limit counter upsert returned no row');
  return { hits: row.hits, ttlMs: row.ttl_ms };
}

/** The current window of `key`, without counting. */
export async function readCounter(sql: Sql, key: string): Promise<CounterState> {
  const [row] = await sql<{ hits: number; ttl_ms: number }[]>`
    select hits, greatest(0, ceil(extract(epoch from window_ends_at - now()) * 1000))::float8 as ttl_ms
    from rate_limit_counters where key = ${key} and window_ends_at > now()`;
  return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
}

/** Deletes the windows that ended; a later request simply opens a new one. */
export async function sweepCounters(sql: Sql): Promise<number> {
  const deleted = await sql`delete from rate_limit_counters where window_ends_at <= now()`;
  return deleted.count;
}
