-- The read model's documents hold what the merchant sent about the customer (email, names, phone
-- numbers, addresses) and partner tokens: they are kept sealed with the platform key
-- (db/projections.ts), in sealed_body. The columns beside them (ids, status, amount, currency,
-- order reference) stay readable for listings. `body` remains only for rows written before this
-- migration, until the api seals them at start (sealClearProjections).
alter table client_session_projections add column sealed_body text, alter column body drop not null;
alter table payment_projections add column sealed_body text, alter column body drop not null;
