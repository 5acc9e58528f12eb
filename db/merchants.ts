import { randomUUID } from 'node:crypto';
import type { Sql } from './connection';
import { encrypt, randomCredential, sha256 } from '../platform/secrets';
import { defaultSandboxContracts } from './contracts';

export const allScopes = ['payment-api', 'orchestration-api'] as const;
export type Scope = (typeof allScopes)[number];

export interface CreatedMerchant {
  entity_id: string;
  client_id: string;
  client_secret: string;
  api_key: string;
  merchant_id: string;
  publishable_key: string;
  webhook_secret: string;
}

/**
 * Creates an entity with one OAuth client, one secret API key, a publishable key, a webhook signing
 * secret and the default sandbox contracts. The secrets are returned once and only their hashes
 * (or, for the webhook secret we must sign with, its ciphertext) are stored.
 */
export async function createMerchant(
  sql: Sql,
  encryptionKey: Buffer,
  input: { name: string },
): Promise<CreatedMerchant> {
  const name = input.name.trim();
  if (!name) throw new Error('a merchant needs a name');
  const created: CreatedMerchant = {
    entity_id: randomUUID(),
    client_id: `cl_${randomUUID().replaceAll('-', '')}`,
    client_secret: randomCredential('cs_'),
    api_key: randomCredential('sk_'),
    merchant_id: `mer_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    publishable_key: randomCredential('pk_', 24),
    webhook_secret: randomCredential('whsec_'),
  };
  await sql.begin(async (tx) => {
    await tx`
      insert into entities (id, name, merchant_id, publishable_key, webhook_secret_encrypted)
      values (${created.entity_id}, ${name}, ${created.merchant_id}, ${created.publishable_key},
              ${encrypt(encryptionKey, created.webhook_secret)})`;
    await tx`
      insert into oauth_clients (client_id, entity_id, secret_hash, scopes)
      values (${created.client_id}, ${created.entity_id}, ${sha256(created.client_secret)}, ${[...allScopes]})`;
    await tx`
      insert into api_keys (key_hash, entity_id, key_prefix)
      values (${sha256(created.api_key)}, ${created.entity_id}, ${created.api_key.slice(0, 10)})`;
    for (const contract of defaultSandboxContracts) {
      await tx`
        insert into partner_contracts (entity_id, partner, method, currencies, min_amount, max_amount, priority)
        values (${created.entity_id}, ${contract.partner}, ${contract.method}, ${contract.currencies},
                ${contract.min_amount}, ${contract.max_amount}, ${contract.priority})`;
    }
  });
  return created;
}

export interface EntityRecord {
  id: string;
  name: string;
  merchant_id: string;
  publishable_key: string;
}

export async function findEntity(sql: Sql, entityId: string): Promise<EntityRecord | undefined> {
  const [row] = await sql<EntityRecord[]>`
    select id, name, merchant_id, publishable_key from entities where id = ${entityId}`;
  return row;
}

export async function findWebhookSecret(sql: Sql, entityId: string): Promise<string | undefined> {
  const [row] = await sql<{ webhook_secret_encrypted: string }[]>`
    select webhook_secret_encrypted from entities where id = ${entityId}`;
  return row?.webhook_secret_encrypted;
}
