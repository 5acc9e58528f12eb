import { Client, Connection } from '@temporalio/client';
import type { TesseraConfig } from '../platform/config';
import { dataConverterFor } from './data-converter';

export type TemporalClientSettings = Pick<
  TesseraConfig,
  'temporalAddress' | 'temporalNamespace' | 'encryptionKey' | 'payloadKey' | 'payloadDecryptionKeys'
>;

/** A client whose payloads are encrypted (temporal/data-converter.ts): the only way Tessera makes one. */
export async function connectClient(settings: TemporalClientSettings): Promise<Client> {
  const connection = await Connection.connect({ address: settings.temporalAddress });
  return new Client({ connection, namespace: settings.temporalNamespace, dataConverter: dataConverterFor(settings) });
}
