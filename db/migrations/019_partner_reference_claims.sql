-- A foreign authorization (a split entry's parent_partner_reference: an authorization made at the
-- partner outside Tessera) is taken over by one payment leg, once: the leg that adopts it claims the
-- reference here, in the same activity that checks it (activities/payments/partner-calls.ts), and
-- every later adoption of it, by any entity, is refused. The claimant's idempotency key
-- (payment/<id>/auth/<leg>) lets a retry of that same activity find its own claim. amount and
-- currency are what the leg took over: the partner may hold more, which stays the merchant's, and
-- a status poll of a leg adopted while it was still PENDING is scoped to them.
-- No foreign key to entities: a claim outlives its entity, so the reference never becomes free.
-- Authorizations Tessera made itself are found in payment_transactions, by the index
-- payment_transactions_partner_reference (migration 014): they are never adoptable.
create table partner_reference_claims (
  partner text not null,
  partner_reference text not null,
  entity_id uuid not null,
  idempotency_key text not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  created_at timestamptz not null default now(),
  primary key (partner, partner_reference)
);
