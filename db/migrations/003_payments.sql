-- Read model of payments for listing, reporting and cached reads (GET with Cache-Control max-age).
-- The payment workflow is the source of truth; `version` only grows.
create table payment_projections (
  id uuid primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  client_session_id uuid,
  authorization_status text not null,
  amount bigint not null,
  currency text not null,
  order_reference text not null,
  version int not null,
  body jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index payment_projections_entity on payment_projections(entity_id, created_at desc);
create index payment_projections_order on payment_projections(entity_id, order_reference);
