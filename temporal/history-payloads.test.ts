import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { payloadKeyRing } from '../platform/payload-keys';
import { decodeHistory, payloadsOf } from './history-payloads';
import { EncryptionCodec, isEncryptedPayload } from './payload-codec';

const codec = new EncryptionCodec(payloadKeyRing({ encryptionKey: randomBytes(32), payloadDecryptionKeys: [] }));
const json = (value: unknown): Payload => defaultPayloadConverter.toPayload(value);

async function history() {
  const sealed = await codec.encode([json({ email: 'a@example.com' }), json('ok'), json(1)]);
  const [input, result, marker] = sealed as [Payload, Payload, Payload];
  return {
    events: [
      {
        workflowExecutionStartedEventAttributes: {
          input: { payloads: [input] },
          searchAttributes: { indexedFields: { TesseraEntityId: json('entity-1') } },
        },
      },
      {
        markerRecordedEventAttributes: {
          markerName: 'core_local_activity',
          details: { data: { payloads: [json({ seq: 1 })] }, result: { payloads: [marker] } },
        },
      },
      {
        markerRecordedEventAttributes: {
          markerName: 'core_patch',
          details: { 'patch-data': { payloads: [json({ id: 'p' })] } },
        },
      },
      { workflowExecutionCompletedEventAttributes: { result: { payloads: [result] } } },
    ],
  };
}

describe('payloads of a history', () => {
  it('finds every payload, and tells those in clear by design from the sealed ones', async () => {
    const found = payloadsOf(await history());
    expect(found.map(({ path, clearByDesign }) => [path, clearByDesign])).toEqual([
      ['events[0].workflowExecutionStartedEventAttributes.input.payloads[0]', undefined],
      [
        'events[0].workflowExecutionStartedEventAttributes.searchAttributes.indexedFields.TesseraEntityId',
        'search attribute',
      ],
      ['events[1].markerRecordedEventAttributes.details.data.payloads[0]', 'SDK marker'],
      ['events[1].markerRecordedEventAttributes.details.result.payloads[0]', undefined],
      ['events[2].markerRecordedEventAttributes.details.patch-data.payloads[0]', 'SDK marker'],
      ['events[3].workflowExecutionCompletedEventAttributes.result.payloads[0]', undefined],
    ]);
    expect(found.filter((item) => !item.clearByDesign).every((item) => isEncryptedPayload(item.payload))).toBe(true);
  });

  it('opens a history for a replay without keys', async () => {
    const opened = await decodeHistory(await history(), codec);
    const values = payloadsOf(opened).map(({ payload }) => defaultPayloadConverter.fromPayload(payload));
    expect(values).toEqual([{ email: 'a@example.com' }, 'entity-1', { seq: 1 }, 1, { id: 'p' }, 'ok']);
  });
});
