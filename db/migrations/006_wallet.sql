-- The wallet: partner tokens a customer (the merchant's owner_reference) saved to pay again.
-- Everything belongs to one entity (the merchant of x-merchant-id) and one owner reference.

-- A wallet session opens one customer's wallet for a short while (TESSERA_WALLET_SESSION_TTL_SECONDS),
-- so the shopper's browser can list and manage its tokens with the publishable key.
create table wallet_sessions (
  id uuid primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  owner_reference text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check (expires_at > created_at)
);
create index wallet_sessions_expiry on wallet_sessions(expires_at);

create table wallet_tokens (
  id uuid primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  owner_reference text not null,
  -- The partner's reusable token, AES-256-GCM encrypted and bound to this row (id and entity):
  -- a ciphertext copied to another row does not open.
  value_encrypted text not null,
  -- A gift card's PIN, encrypted the same way; null when none was given.
  pin_code_encrypted text,
  -- The uniqueness_token is a fingerprint of the means of payment (the same card saved twice has
  -- the same one): stored as an HMAC-SHA256 under a key derived from the platform key, so the
  -- index can enforce uniqueness without a fingerprint in clear, and encrypted to show it back.
  uniqueness_hash bytea,
  uniqueness_token_encrypted text,
  -- A token is expired once this instant is past: never listed again, still deletable.
  expiration_date timestamptz not null,
  status text not null check (status in ('ACTIVE', 'INACTIVE')),
  brand_name text not null,
  display_token text not null,
  holder_name text,
  partner text not null,
  method text not null,
  favorite boolean not null default false,
  -- Why the token was last added or changed status, as the merchant gave it.
  reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((uniqueness_hash is null) = (uniqueness_token_encrypted is null))
);
create index wallet_tokens_owner on wallet_tokens(entity_id, owner_reference);
-- One favorite per merchant and owner.
create unique index wallet_tokens_one_favorite on wallet_tokens(entity_id, owner_reference) where favorite;
-- One token per means of payment, merchant and owner.
create unique index wallet_tokens_uniqueness on wallet_tokens(entity_id, owner_reference, uniqueness_hash) where uniqueness_hash is not null;
