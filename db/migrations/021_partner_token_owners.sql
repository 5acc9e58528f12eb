-- Which entity a partner's reusable token belongs to. Partners that serve every entity from one
-- account (the sandboxes, and any partner Tessera holds one contract with) accept a token from any
-- of Tessera's calls: without this table, an entity that learnt another's token could charge that
-- entity's customer with it (a split entry's parent_partner_token, or a token added to its wallet).
-- A token is recorded by the read model's write of the payment that shows it first
-- (db/projections.ts), before the merchant is answered; the api refuses another entity's token
-- before a payment starts (api/gateway/payment-legs.ts), and the partner call refuses it again
-- (activities/payments/partner-calls.ts). A token never seen before (the merchant's own, from the
-- partner) belongs to the first entity that pays with it. Tokens issued before this migration are
-- not here until a payment shows them again.
-- token_hash is keyed with the platform key (platform/secrets.ts keyedHash): the table holds no
-- token, nor a hash a reader could check a guessed token against.
-- No foreign key to entities: an owner outlives its entity, so the token never becomes free.
create table partner_token_owners (
  partner text not null,
  token_hash bytea not null,
  entity_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (partner, token_hash)
);
