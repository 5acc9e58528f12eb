-- Which payment each partner transaction belongs to: v1 addresses transactions by their own id
-- (GET /{entity}/transactions/{id}, captures and refunds on it), and reports list them. Written
-- with the payment's read model; a row never changes except for the parent a v1 refund names.
create table payment_transactions (
  transaction_id uuid primary key,
  payment_id uuid not null references payment_projections(id) on delete cascade,
  entity_id uuid not null references entities(id) on delete cascade,
  -- authorization, capture, void or refund
  kind text not null,
  -- The transaction this one acts on: the authorization of a capture or void; for a refund, the
  -- capture it gives back when the caller named one (v1), else its authorization.
  parent_transaction_id uuid,
  created_at timestamptz not null default now()
);
create index payment_transactions_payment on payment_transactions(payment_id);
