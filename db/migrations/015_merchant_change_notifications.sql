-- Every api process keeps the merchant data it reads on each request (which entity an API key or a
-- publishable key belongs to, the entity, its partner contracts) in memory (db/cache/). Any change to
-- those rows, by any process or by an operator's SQL, notifies them at commit with the entity's id
-- (the column named by the trigger's argument), and each drops what it holds of that entity. The
-- same payload notified twice in one transaction is delivered once: one notification per entity and
-- transaction, however many rows changed.
create function notify_merchant_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('tessera_merchant_changes', '*');
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('tessera_merchant_changes', to_jsonb(old) ->> tg_argv[0]);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform pg_notify('tessera_merchant_changes', to_jsonb(new) ->> tg_argv[0]);
  end if;
  return null;
end
$$;

create trigger entities_notify_change after insert or update or delete on entities
  for each row execute function notify_merchant_change('id');
create trigger entities_notify_truncate after truncate on entities
  for each statement execute function notify_merchant_change();
create trigger api_keys_notify_change after insert or update or delete on api_keys
  for each row execute function notify_merchant_change('entity_id');
create trigger api_keys_notify_truncate after truncate on api_keys
  for each statement execute function notify_merchant_change();
create trigger partner_contracts_notify_change after insert or update or delete on partner_contracts
  for each row execute function notify_merchant_change('entity_id');
create trigger partner_contracts_notify_truncate after truncate on partner_contracts
  for each statement execute function notify_merchant_change();
