-- Rate limit counters that every api process shares (api/rate-limits.ts): one row per limited key
-- (a client address, an entity's publishable key, a client id) holding its fixed window.
-- Unlogged: a counter is worth less than the write-ahead log it would cost on every vault call; a
-- crash of the database empties the table, which only restarts the windows.
create unlogged table rate_limit_counters (
  key text primary key,
  hits integer not null,
  window_ends_at timestamptz not null
);
-- The sweep deletes windows that ended.
create index rate_limit_counters_window_ends_at on rate_limit_counters (window_ends_at);
