// The one data converter of every Temporal client and worker Tessera creates (api, worker,
// scripts, tests, bench, the history recorder): whoever connects to Temporal goes through
// temporal/client.ts or temporal/worker.ts, which take it from here, so no process writes a clear
// payload. Search attributes are not payloads of the codec: they stay in clear for the UI's
// queries, and hold only the entity id and the merchant's order reference
// (temporal/search-attributes.ts).
import type { DataConverter } from '@temporalio/common';
import { payloadKeyRing, type PayloadKeySettings } from '../platform/payload-keys';
import { EncryptionCodec } from './payload-codec';

export function payloadCodecFor(settings: PayloadKeySettings): EncryptionCodec {
  return new EncryptionCodec(payloadKeyRing(settings));
}

export function dataConverterFor(settings: PayloadKeySettings): DataConverter {
  return { payloadCodecs: [payloadCodecFor(settings)] };
}
