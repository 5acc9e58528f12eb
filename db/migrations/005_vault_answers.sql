-- The partner's answer to the authorization that used a card's CVV. The CVV is erased in the same
-- statement that stores this answer, right after the partner answered; an authorization replayed
-- with the same idempotency key (its worker died before the answer reached workflow history)
-- then gets this answer back instead of a request without CVV, which the partner would refuse as
-- reuse of the key with another body. Deleted with its card by the vault's purge.
create table vaulted_card_answers (
  idempotency_key_hash bytea primary key,
  token_hash bytea not null references vaulted_cards(token_hash) on delete cascade,
  -- The normalised partner answer, bound to idempotency_key_hash, encrypted (it may carry a
  -- reusable partner token).
  answer_encrypted text not null,
  created_at timestamptz not null default now()
);
create index vaulted_card_answers_card on vaulted_card_answers(token_hash);
