-- API v1 idempotency (x-idempotency-key): the first answer to a key is given again for 14 days.
-- A row is claimed before the request runs (status_code null) and completed with its answer; see
-- db/v1-idempotency.ts for the protocol.
create table v1_idempotency_records (
  entity_id uuid not null,
  idempotency_key text not null,
  -- HMAC-SHA256 of the request (method, path, body) under a key derived from the platform key:
  -- bodies may carry gift card numbers, which a plain hash would let anyone brute-force.
  request_fingerprint bytea not null,
  -- Identifies the claim, so that a holder whose lease was taken over cannot complete it.
  claim_id uuid not null,
  claimed_at timestamptz not null default now(),
  lease_expires_at timestamptz not null,
  status_code int,
  -- The answer, AES-256-GCM encrypted: it may carry a reusable partner token.
  response_body_encrypted text,
  completed_at timestamptz,
  primary key (entity_id, idempotency_key),
  check ((status_code is null) = (response_body_encrypted is null))
);
-- The purge deletes by age.
create index v1_idempotency_records_claimed_at on v1_idempotency_records (claimed_at);
