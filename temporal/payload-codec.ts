// Every Temporal payload Tessera writes (workflow and activity inputs and results, signals,
// Updates, queries, markers of local activities) is sealed with AES-256-GCM before it leaves the
// process, so the Temporal server and its database hold ciphertext only: orders, customers and
// addresses travel through the workflows. The whole payload is sealed, its metadata included (the
// encoding would tell what kind of value it is); what stays in clear is that it is encrypted and
// the id of the key (platform/payload-keys.ts), bound to the ciphertext as authenticated data.
//
// Decoding passes through a payload that was never encrypted: histories recorded before the codec
// (test/replay/histories) and workflows started before it keep working.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Payload, PayloadCodec } from '@temporalio/common';
import proto from '@temporalio/proto';
import type { PayloadKeyRing } from '../platform/payload-keys';

const ProtoPayload = proto.temporal.api.common.v1.Payload;

/** The `encoding` metadata of a sealed payload (the name Temporal's samples use for the same). */
export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed payload the ring has no key for: refused rather than handed on as if it were data. */
export class UnknownPayloadKeyError extends Error {
  constructor(readonly keyId: string) {
    super(
      `a payload is encrypted with key ${keyId}, which is not in this process's ring ` +
        '(TESSERA_PAYLOAD_KEY, TESSERA_PAYLOAD_DECRYPTION_KEYS, or the key derived from TESSERA_ENCRYPTION_KEY)',
    );
    this.name = 'UnknownPayloadKeyError';
  }
}

export class InvalidEncryptedPayloadError extends Error {
  constructor(reason: string) {
    super(`an encrypted payload cannot be opened: ${reason}`);
    this.name = 'InvalidEncryptedPayloadError';
  }
}

const text = (bytes: Uint8Array | null | undefined): string | undefined =>
  bytes ? Buffer.from(bytes).toString('utf8') : undefined;

export function isEncryptedPayload(payload: Payload): boolean {
  return text(payload.metadata?.encoding) === ENCRYPTED_ENCODING;
}

export class EncryptionCodec implements PayloadCodec {
  constructor(private readonly keys: PayloadKeyRing) {}

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => this.seal(payload));
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => this.open(payload));
  }

  seal(payload: Payload): Payload {
    const { id, key } = this.keys.current;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(id, 'utf8'));
    const body = Buffer.concat([cipher.update(ProtoPayload.encode(payload).finish()), cipher.final()]);
    return {
      metadata: { encoding: Buffer.from(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: Buffer.from(id) },
      data: Buffer.concat([iv, body, cipher.getAuthTag()]),
    };
  }

  open(payload: Payload): Payload {
    if (!isEncryptedPayload(payload)) return payload;
    const keyId = text(payload.metadata?.[KEY_ID_METADATA]);
    if (!keyId) throw new InvalidEncryptedPayloadError(`no ${KEY_ID_METADATA} metadata`);
    const key = this.keys.byId.get(keyId);
    if (!key) throw new UnknownPayloadKeyError(keyId);
    const data = Buffer.from(payload.data ?? new Uint8Array());
    if (data.length < IV_BYTES + TAG_BYTES) throw new InvalidEncryptedPayloadError('too short');
    const decipher = createDecipheriv('aes-256-gcm', key.key, data.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(keyId, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new InvalidEncryptedPayloadError(`key ${keyId} does not authenticate it (altered, or another key)`);
    }
    return ProtoPayload.decode(plain);
  }
}
