-- A vault token pays one authorization. The first authorization that reads it (the partner call in
-- activities/payments/partner-calls.ts) binds it by its idempotency key (payment/<id>/auth/<leg>),
-- in the statement that stamps used_at; a retry of that call finds its own key and reads again,
-- and any other payment is refused. Before, a token a payment had used stayed readable for 24 hours
-- by every payment of the entity, and charged the card again without its CVV (erased after the
-- first answer). The api refuses such a token before a payment starts (api/gateway/payments.ts);
-- this column is also what settles two payments started at once with one token. Rows used before
-- this migration have none and bind to their next reader.
alter table vaulted_cards add column used_by text;
alter table vaulted_gift_cards add column used_by text;
