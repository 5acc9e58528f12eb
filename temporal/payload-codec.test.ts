import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { derivedPayloadKey, payloadKeyId, payloadKeyRing } from '../platform/payload-keys';
import {
  ENCRYPTED_ENCODING,
  EncryptionCodec,
  InvalidEncryptedPayloadError,
  isEncryptedPayload,
  KEY_ID_METADATA,
  UnknownPayloadKeyError,
} from './payload-codec';

const order = { customer: { email: 'jane.doe@example.com' }, card: '4242424242424242', amount: 2599 };
const clear = (): Payload => defaultPayloadConverter.toPayload(order);
const textOf = (payload: Payload) => Buffer.from(payload.data ?? []).toString('latin1');
const metadataText = (payload: Payload, name: string) => Buffer.from(payload.metadata?.[name] ?? []).toString();

describe('the payload codec', () => {
  const encryptionKey = randomBytes(32);
  const codec = new EncryptionCodec(payloadKeyRing({ encryptionKey, payloadDecryptionKeys: [] }));

  it('seals the whole payload, metadata included, and opens it again', async () => {
    const [sealed] = await codec.encode([clear()]);
    expect(isEncryptedPayload(sealed!)).toBe(true);
    expect(metadataText(sealed!, 'encoding')).toBe(ENCRYPTED_ENCODING);
    expect(Object.keys(sealed!.metadata ?? {}).sort()).toEqual(['encoding', KEY_ID_METADATA]);
    expect(textOf(sealed!)).not.toContain('jane.doe');
    expect(textOf(sealed!)).not.toContain('json/plain');
    const [opened] = await codec.decode([sealed!]);
    expect(defaultPayloadConverter.fromPayload(opened!)).toEqual(order);
    expect(metadataText(opened!, 'encoding')).toBe('json/plain');
  });

  it('names the key that sealed a payload, the default one derived from the platform key', async () => {
    const [sealed] = await codec.encode([clear()]);
    expect(metadataText(sealed!, KEY_ID_METADATA)).toBe(payloadKeyId(derivedPayloadKey(encryptionKey)));
    // The id names the key without being it, and the derived key is not the platform key.
    expect(derivedPayloadKey(encryptionKey).equals(encryptionKey)).toBe(false);
    expect(metadataText(sealed!, KEY_ID_METADATA)).toMatch(/^[0-9a-f]{12}$/);
  });

  it('never seals two equal payloads alike', async () => {
    const [a, b] = await codec.encode([clear(), clear()]);
    expect(Buffer.from(a!.data!).equals(Buffer.from(b!.data!))).toBe(false);
  });

  it('passes through a payload that was never encrypted (histories recorded before the codec)', async () => {
    const payload = clear();
    const [decoded] = await codec.decode([payload]);
    expect(decoded).toBe(payload);
  });

  it('refuses a payload altered on the way, or relabelled with another key id', async () => {
    const [sealed] = await codec.encode([clear()]);
    const data = Buffer.from(sealed!.data!);
    data[20] = data[20]! ^ 1;
    await expect(codec.decode([{ ...sealed!, data }])).rejects.toThrow(InvalidEncryptedPayloadError);
    const other = randomBytes(32);
    const relabelled = {
      metadata: { ...sealed!.metadata, [KEY_ID_METADATA]: Buffer.from(payloadKeyId(other)) },
      data: sealed!.data!,
    };
    const withOther = new EncryptionCodec(payloadKeyRing({ encryptionKey, payloadDecryptionKeys: [other] }));
    await expect(withOther.decode([relabelled])).rejects.toThrow(InvalidEncryptedPayloadError);
  });

  it('refuses a payload sealed with a key it does not know, naming that key', async () => {
    const stranger = new EncryptionCodec(payloadKeyRing({ encryptionKey: randomBytes(32), payloadDecryptionKeys: [] }));
    const [sealed] = await stranger.encode([clear()]);
    const error = await codec.decode([sealed!]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnknownPayloadKeyError);
    expect((error as UnknownPayloadKeyError).keyId).toBe(metadataText(sealed!, KEY_ID_METADATA));
  });
});

describe('payload key rotation', () => {
  const encryptionKey = randomBytes(32);
  const next = randomBytes(32);

  it('opens with any key of the ring and seals with the current one only', async () => {
    // Before the rotation, with the next key announced: the old key still seals.
    const announced = new EncryptionCodec(payloadKeyRing({ encryptionKey, payloadDecryptionKeys: [next] }));
    const [old] = await announced.encode([clear()]);
    // After: the next key seals, the derived one (former current) still opens what it sealed.
    const rotated = new EncryptionCodec(payloadKeyRing({ encryptionKey, payloadKey: next, payloadDecryptionKeys: [] }));
    const [fresh] = await rotated.encode([clear()]);
    expect(metadataText(fresh!, KEY_ID_METADATA)).toBe(payloadKeyId(next));
    expect(metadataText(old!, KEY_ID_METADATA)).toBe(payloadKeyId(derivedPayloadKey(encryptionKey)));
    for (const codec of [announced, rotated]) {
      const opened = await codec.decode([old!, fresh!]);
      expect(opened.map((payload) => defaultPayloadConverter.fromPayload(payload))).toEqual([order, order]);
    }
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => payloadKeyRing({ encryptionKey, payloadKey: randomBytes(16), payloadDecryptionKeys: [] })).toThrow(
      /32 bytes/,
    );
  });
});
