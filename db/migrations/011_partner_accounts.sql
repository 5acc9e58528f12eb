-- Each entity's own account at a partner that works per merchant (Stripe, partners/catalog.ts
-- `account: true`): the credentials it configured, one JSON object encrypted with the deployment's
-- key (platform/secrets.ts, AES-256-GCM), and hints safe to show to an operator (a key's kind and
-- last four characters), never a secret. The sandbox partners need no row: they are one network.
create table partner_accounts (
  entity_id uuid not null references entities(id) on delete cascade,
  partner text not null,
  credentials_encrypted text not null,
  hints jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (entity_id, partner)
);
