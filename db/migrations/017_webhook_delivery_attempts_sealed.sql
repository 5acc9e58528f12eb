-- A webhook's url may carry the merchant's credentials: a token in its path or query (many
-- receivers authenticate that way), a user and password before its host. The delivery log kept it
-- in clear, one row per attempt. From this release each attempt keeps its url sealed (AES-256-GCM
-- under TESSERA_ENCRYPTION_KEY, like the read model) and only its origin in clear, for operators
-- who look for the attempts at one host. Rows written before, or by a worker of the release before
-- during a deploy, are sealed by the hourly purge (db/webhook-delivery-attempts.ts,
-- sealClearDeliveryUrls): the partial index holds only those rows, so once they are sealed the
-- purge's look costs nothing.
alter table webhook_delivery_attempts add column url_sealed text;
create index webhook_delivery_attempts_clear_url on webhook_delivery_attempts(id) where url_sealed is null;

-- The log is kept for WEBHOOK_DELIVERY_ATTEMPT_RETENTION_DAYS, then purged hourly by age. Rows are
-- appended in time order, so a BRIN index finds the old ones at a fraction of a B-tree's size and
-- insert cost.
create index webhook_delivery_attempts_attempted_at on webhook_delivery_attempts using brin(attempted_at);
