-- Merchants (entities) and what they may use.
create table entities (
  id uuid primary key,
  name text not null,
  -- The wallet API identifies merchants by this id (x-merchant-id).
  merchant_id text not null unique,
  -- Publishable keys are public by design (they ship in widget.data to shoppers' browsers),
  -- so they are stored in clear; secret keys and client secrets are only stored hashed.
  publishable_key text not null unique,
  -- Webhook signing secret, AES-256-GCM encrypted with the platform key: we must be able
  -- to sign with it, so a hash would not do.
  webhook_secret_encrypted text not null,
  created_at timestamptz not null default now()
);

create table oauth_clients (
  client_id text primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  -- SHA-256 of a 256-bit random secret: the secret's entropy makes a slow KDF unnecessary.
  secret_hash bytea not null,
  scopes text[] not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index oauth_clients_entity on oauth_clients(entity_id);

create table api_keys (
  key_hash bytea primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  -- First characters of the key, enough for an operator to tell keys apart.
  key_prefix text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index api_keys_entity on api_keys(entity_id);

create table partner_contracts (
  id bigserial primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  partner text not null,
  method text not null,
  currencies text[] not null,
  min_amount bigint not null check (min_amount >= 1),
  max_amount bigint not null check (max_amount >= min_amount),
  -- Orders eligible solutions; lower first.
  priority int not null default 100,
  enabled boolean not null default true,
  unique (entity_id, partner, method)
);

-- Keys that sign access tokens and shopper redirect tokens. Several may be valid at once so
-- that rotation never invalidates a token still within its lifetime.
create table signing_keys (
  kid text primary key,
  purpose text not null check (purpose in ('access-token', 'redirect')),
  private_jwk_encrypted text not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);

-- Every webhook delivery attempt, successful or not.
create table webhook_delivery_attempts (
  id bigserial primary key,
  event_id uuid not null,
  entity_id uuid not null,
  resource_type text not null,
  resource_id uuid not null,
  event_type text not null,
  url text not null,
  attempt int not null,
  status_code int,
  error text,
  succeeded boolean not null,
  duration_ms int not null,
  attempted_at timestamptz not null default now()
);
create index webhook_delivery_attempts_resource on webhook_delivery_attempts(resource_id, attempted_at);
create index webhook_delivery_attempts_event on webhook_delivery_attempts(event_id);

-- Read model of client sessions for listing and reporting. The workflow is the source of truth;
-- `version` only ever grows so a late, retried write never regresses a newer one.
create table client_session_projections (
  id uuid primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  status text not null,
  amount bigint not null,
  currency text not null,
  order_reference text not null,
  payment_id uuid,
  version int not null,
  body jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index client_session_projections_entity on client_session_projections(entity_id, created_at desc);
