-- A reports webhook's url may carry the merchant's credentials (a token in its path or query), and
-- report_webhooks kept it in clear. Sealing it takes two releases, because a worker or api process
-- of the release before reads `url` to deliver and to answer GET /v2/reports/webhook while a
-- deploy rolls:
--   1. (this migration) every save writes the url sealed beside the clear one; readers open the
--      sealed one, and the hourly purge seals the rows saved before (db/report-webhooks.ts);
--   2. (the next release) `url` keeps only the origin, as webhook_delivery_attempts does, and the
--      purge clears the rows this release saved.
-- Step 2 needs no reader of this release to change: they already prefer `url_sealed`.
alter table report_webhooks add column url_sealed text;
