-- The gift card vault. A row stands for one gift card entered by a shopper; a payment refers to it
-- by its vault form token (`vgt_…`), of which only the SHA-256 is stored (never the token itself).
-- Number and PIN are AES-256-GCM encrypted with the platform key, bound to the row's token hash;
-- only the last four digits are kept in clear, to show the shopper which card they entered.
create table vaulted_gift_cards (
  token_hash bytea primary key,
  entity_id uuid not null references entities(id) on delete cascade,
  -- {t: token hash, number, pin?}, encrypted.
  gift_card_encrypted text not null,
  last_four_digits text not null check (last_four_digits ~ '^[0-9]{4}$'),
  created_at timestamptz not null default now(),
  -- A token never used by this time is expired.
  expires_at timestamptz not null,
  -- First detokenization for an authorization (a balance check does not count as a use).
  used_at timestamptz,
  check (expires_at > created_at)
);
create index vaulted_gift_cards_entity on vaulted_gift_cards(entity_id);
-- For the purge of unused expired tokens and of used ones past their retention.
create index vaulted_gift_cards_unused_expiry on vaulted_gift_cards(expires_at) where used_at is null;
create index vaulted_gift_cards_used on vaulted_gift_cards(used_at) where used_at is not null;
