-- Reports: the transactions report reads payment_transactions, which now holds every column of a
-- report row (written with the payment's read model, db/projections.ts), and disputes beside the
-- partner transactions; settlements imported from the partners' files, with their lines and the
-- mismatches found; and each entity's endpoint for report events.

alter table payment_transactions
  add column operation_id uuid,
  add column authorization_id uuid,
  add column triggered_by text,
  add column order_reference text not null default '',
  add column partner text not null default '',
  add column method text not null default '',
  add column partner_reference text,
  add column amount bigint not null default 0,
  add column processed_amount bigint not null default 0,
  add column currency text not null default '',
  add column status text not null default '',
  add column reason text,
  add column partner_status text,
  add column partner_status_description text,
  add column updated_at timestamptz,
  -- The payment version the row was written from: a row only moves to a higher one.
  add column payment_version int not null default 0;

-- Rows written before hold only their ids here (payment_version 0): the api fills in the rest at
-- start from the payments' read model, whose documents are sealed (completeTransactionReport,
-- db/projections.ts). Until then they carry the insert time as both times.
-- Report cursors compare times to the millisecond, as the workflows write them.
update payment_transactions set created_at = date_trunc('milliseconds', created_at), updated_at = date_trunc('milliseconds', created_at);
alter table payment_transactions alter column updated_at set not null;

-- The report's order (oldest first, then id) for an entity, and its filters.
create index payment_transactions_report on payment_transactions(entity_id, created_at, transaction_id);
create index payment_transactions_updated on payment_transactions(entity_id, updated_at, transaction_id);
create index payment_transactions_order on payment_transactions(entity_id, order_reference);
create index payment_transactions_status on payment_transactions(entity_id, status, created_at, transaction_id);
create index payment_transactions_partner on payment_transactions(entity_id, partner, created_at, transaction_id);
-- Settlement imports: the money a partner should have settled in a period, and a line's transaction.
create index payment_transactions_settled on payment_transactions(partner, currency, updated_at)
  where kind in ('capture', 'refund', 'dispute');
create index payment_transactions_partner_reference on payment_transactions(partner, partner_reference);

-- A batch a partner settled, imported once: (partner, partner_batch_id) is the partner's own key,
-- and id derives from it (activities/settlements), so an import run again finds what it recorded.
create table settlement_batches (
  id uuid primary key,
  partner text not null,
  partner_batch_id text not null,
  currency text not null,
  settled_on date not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  line_count int not null,
  gross_amount bigint not null,
  fee_amount bigint not null,
  net_amount bigint not null,
  -- When the partner made the batch: the next import lists the partner's batches from there.
  partner_created_at timestamptz not null,
  imported_at timestamptz not null default now(),
  -- When the entities' SETTLEMENT_COMPLETED deliveries were started (workflows/settlements).
  announced_at timestamptz,
  unique (partner, partner_batch_id)
);

-- Every line of a batch's file, with the transaction it settles when Tessera knows it. entity_id
-- is the entity of that transaction (or of the authorization it names): a line no entity owns is
-- an operator's to look into.
create table settlement_lines (
  settlement_id uuid not null references settlement_batches(id) on delete cascade,
  line_number int not null,
  entity_id uuid references entities(id) on delete set null,
  type text not null,
  partner_reference text not null,
  authorization_reference text,
  merchant_reference text,
  gross_amount bigint not null,
  fee_amount bigint not null,
  net_amount bigint not null,
  currency text not null,
  transaction_date timestamptz,
  match text not null,
  transaction_id uuid,
  payment_id uuid,
  order_reference text,
  primary key (settlement_id, line_number)
);
create index settlement_lines_transaction on settlement_lines(transaction_id) where transaction_id is not null;
create index settlement_lines_entity on settlement_lines(entity_id, settlement_id);

-- What differs between a batch and Tessera's records; id derives from (batch, kind, line or
-- transaction), so a mismatch is recorded once however often its batch is imported.
create table settlement_mismatches (
  id uuid primary key,
  settlement_id uuid not null references settlement_batches(id) on delete cascade,
  entity_id uuid references entities(id) on delete set null,
  kind text not null,
  line_number int,
  transaction_id uuid,
  payment_id uuid,
  partner_reference text,
  expected_amount bigint,
  settled_amount bigint,
  description text not null,
  resolved_at timestamptz,
  resolved_by uuid references settlement_batches(id) on delete set null
);
create index settlement_mismatches_settlement on settlement_mismatches(settlement_id, entity_id);
create index settlement_mismatches_missing on settlement_mismatches(transaction_id)
  where kind = 'MISSING_LINE' and resolved_at is null;

-- Each entity's share of a batch, for listing its settlements: its totals, newest cut-off first.
create table settlement_entities (
  settlement_id uuid not null references settlement_batches(id) on delete cascade,
  entity_id uuid not null references entities(id) on delete cascade,
  partner text not null,
  currency text not null,
  settled_on date not null,
  period_end timestamptz not null,
  line_count int not null,
  gross_amount bigint not null,
  fee_amount bigint not null,
  net_amount bigint not null,
  mismatch_count int not null,
  primary key (settlement_id, entity_id)
);
create index settlement_entities_list on settlement_entities(entity_id, period_end desc, settlement_id desc);

-- The entity's endpoint for events about no single payment (SETTLEMENT_COMPLETED); header values
-- encrypted like a payment's webhook headers (platform/secrets.ts).
create table report_webhooks (
  entity_id uuid primary key references entities(id) on delete cascade,
  url text not null,
  event_types text[] not null,
  headers_encrypted text,
  header_names text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
