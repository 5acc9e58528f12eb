import type { Sql } from './connection';
import type { Scope } from './merchants';
import { sha256 } from '../platform/secrets';

export interface OAuthClientRecord {
  client_id: string;
  entity_id: string;
  secret_hash: Buffer;
  scopes: Scope[];
}

export async function findOAuthClient(sql: Sql, clientId: string): Promise<OAuthClientRecord | undefined> {
  const [row] = await sql<OAuthClientRecord[]>`
    select client_id, entity_id, secret_hash, scopes from oauth_clients
    where client_id = ${clientId} and revoked_at is null`;
  return row;
}

/** The entity a secret API key belongs to; keys are looked up by hash, never stored in clear. */
export async function entityOfApiKey(sql: Sql, apiKey: string): Promise<string | undefined> {
  const [row] = await sql<{ entity_id: string }[]>`
    select entity_id from api_keys where key_hash = ${sha256(apiKey)} and revoked_at is null`;
  return row?.entity_id;
}

export async function entityOfPublishableKey(sql: Sql, publishableKey: string): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`select id from entities where publishable_key = ${publishableKey}`;
  return row?.id;
}
