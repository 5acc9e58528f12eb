-- The card vault. A row stands for one card entered by a shopper; a payment refers to it by its
-- vault form token, of which only the SHA-256 is stored (the token itself is never stored).
-- Card data is AES-256-GCM encrypted with the platform key; the CVV separately, so it can be
-- erased as soon as the authorization no longer needs it (PCI DSS: no sensitive authentication
-- data after authorization). Only what PCI DSS allows in clear is: first 6 and last 4 digits.
create table vaulted_cards (
  token_hash bytea primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  -- {number, expiry_month, expiry_year, holder_name} bound to token_hash, encrypted.
  card_encrypted text not null,
  -- {cvv} bound to token_hash, encrypted; null once erased.
  cvv_encrypted text,
  bin text not null check (bin ~ '^[0-9]{6}$'),
  last_four_digits text not null check (last_four_digits ~ '^[0-9]{4}$'),
  brands text[] not null,
  created_at timestamptz not null default now(),
  -- A token never used by this time is expired.
  expires_at timestamptz not null,
  -- First detokenization (a payment started with the token).
  used_at timestamptz,
  cvv_erased_at timestamptz,
  check (expires_at > created_at),
  check (cvv_encrypted is null or cvv_erased_at is null)
);
create index vaulted_cards_entity on vaulted_cards(entity_id);
-- For the purge of unused expired tokens and of used ones past their retention.
create index vaulted_cards_unused_expiry on vaulted_cards(expires_at) where used_at is null;
create index vaulted_cards_used on vaulted_cards(used_at) where used_at is not null;
