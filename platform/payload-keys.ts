// The keys Temporal payloads are encrypted with (temporal/payload-codec.ts). Each payload names the
// key that sealed it by an id, so keys can rotate: new payloads are sealed with the current key,
// and any key of the ring opens the payloads it sealed. A payment's history lives as long as the
// payment (up to 13 months) plus the namespace's retention, so a key leaves the ring only after
// every history it sealed is gone.
//
// Rotation (SECURITY.md repeats it for operators):
//   1. Generate a key: `openssl rand -base64 32`.
//   2. Add it to TESSERA_PAYLOAD_DECRYPTION_KEYS on every api and worker, and deploy: every process
//      can now open what the new key will seal, before any process seals with it.
//   3. Make it TESSERA_PAYLOAD_KEY, keep the former key in TESSERA_PAYLOAD_DECRYPTION_KEYS (the key
//      derived from TESSERA_ENCRYPTION_KEY, the default, always stays in the ring), and deploy.
//   4. Once no retained history holds the former key's id, remove it from the list.
import { createHmac, hkdfSync } from 'node:crypto';

export interface PayloadKey {
  /** Public and stable: derived from the key, so every process names a key alike without configuration. */
  id: string;
  key: Buffer;
}

export interface PayloadKeyRing {
  current: PayloadKey;
  byId: ReadonlyMap<string, PayloadKey>;
}

export interface PayloadKeySettings {
  encryptionKey: Buffer;
  payloadKey?: Buffer;
  payloadDecryptionKeys: Buffer[];
}

/** The payload key of a deployment that sets none: a key of its own, derived from the platform key. */
export function derivedPayloadKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'tessera/temporal/payloads', 32));
}

/** 12 hex digits of an HMAC under the key: names it without telling anything about it. */
export function payloadKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('tessera/temporal/payload-key-id').digest('hex').slice(0, 12);
}

function payloadKey(key: Buffer): PayloadKey {
  if (key.length !== 32) throw new Error('a payload key must be 32 bytes (AES-256)');
  return { id: payloadKeyId(key), key };
}

export function payloadKeyRing(settings: PayloadKeySettings): PayloadKeyRing {
  const derived = payloadKey(derivedPayloadKey(settings.encryptionKey));
  const current = settings.payloadKey ? payloadKey(settings.payloadKey) : derived;
  const byId = new Map<string, PayloadKey>();
  for (const key of [current, ...settings.payloadDecryptionKeys.map(payloadKey), derived]) byId.set(key.id, key);
  return { current, byId };
}
