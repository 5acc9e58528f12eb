/**
 * The deployment's RSA-2048 key pair that signs API v1 notifications
 * (activities/webhooks/v1-notification-signature.ts). Created on first use, then the same for
 * every process: concurrent first uses each generate a pair, one insert wins (on conflict do
 * nothing) and every caller reads the winner back. The private key is stored encrypted with the
 * platform key (platform/secrets.ts) and only leaves this module decrypted, in memory.
 *
 *   v1NotificationKeyPair(sql, encryptionKey)   → { publicKeyPem, privateKeyPem }  (the worker signs with it)
 *   v1NotificationPublicKey(sql, encryptionKey) → publicKeyPem (SPKI PEM; merchant:create and the public route)
 */
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { Sql } from './connection';
import { decrypt, encrypt } from '../platform/secrets';

export interface V1NotificationKeyPair {
  /** SPKI PEM ("BEGIN PUBLIC KEY"), what merchants paste into their plugin. */
  publicKeyPem: string;
  /** PKCS#8 PEM. Never log it. */
  privateKeyPem: string;
}

const generateRsaKeyPair = promisify(generateKeyPair);

interface KeyRow {
  public_key_pem: string;
  private_key_pem_encrypted: string;
}

async function readRow(sql: Sql): Promise<KeyRow | undefined> {
  const [row] = await sql<
    KeyRow[]
  >`select public_key_pem, private_key_pem_encrypted from v1_notification_keys where singleton`;
  return row;
}

async function ensureRow(sql: Sql, encryptionKey: Buffer): Promise<KeyRow> {
  const existing = await readRow(sql);
  if (existing) return existing;
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await sql`
    insert into v1_notification_keys (singleton, public_key_pem, private_key_pem_encrypted)
    values (true, ${publicKey}, ${encrypt(encryptionKey, privateKey)})
    on conflict (singleton) do nothing`;
  const stored = await readRow(sql);
  if (!stored) throw new Error('the v1 notification key pair was neither found nor created');
  return stored;
}

export async function v1NotificationKeyPair(sql: Sql, encryptionKey: Buffer): Promise<V1NotificationKeyPair> {
  const row = await ensureRow(sql, encryptionKey);
  return { publicKeyPem: row.public_key_pem, privateKeyPem: decrypt(encryptionKey, row.private_key_pem_encrypted) };
}

export async function v1NotificationPublicKey(sql: Sql, encryptionKey: Buffer): Promise<string> {
  return (await ensureRow(sql, encryptionKey)).public_key_pem;
}
