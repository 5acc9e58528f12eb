-- At every start the api looks for rows an earlier release left behind: read-model documents still
-- in clear (db/migrations/012_sealed_projections.sql; sealClearProjections, db/projections.ts) and
-- transactions the report has not completed (payment_version 0, db/migrations/014_reports.sql;
-- completeTransactionReport). Without an index each look scans a whole table on every start,
-- however long ago the last such row was repaired. These partial indexes hold only those rows, so
-- once they are repaired a start costs a look at three empty indexes.
create index client_session_projections_clear on client_session_projections(id) where body is not null;
create index payment_projections_clear on payment_projections(id) where body is not null;
create index payment_transactions_unreported on payment_transactions(payment_id) where payment_version = 0;
