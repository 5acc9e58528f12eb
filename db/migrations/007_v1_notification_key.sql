-- The deployment's RSA key pair that signs API v1 notifications (X-Signature; see
-- activities/webhooks/v1-notification-signature.ts). One pair per deployment, created on first use
-- by db/notification-key.ts: the `singleton` key makes concurrent first uses insert one row.
-- Merchants install the public key in their v1 plugin, so it is never rotated silently.
create table v1_notification_keys (
  singleton boolean primary key default true check (singleton),
  public_key_pem text not null,
  -- PKCS#8 PEM, AES-256-GCM encrypted with the platform key (platform/secrets.ts).
  private_key_pem_encrypted text not null,
  created_at timestamptz not null default now()
);
