import { Client, Connection } from '@temporalio/client';
import type { TesseraConfig } from '../platform/config';
import { dataConverterFor } from './data-converter';

export type TemporalClientSettings = Pick<
  TesseraConfig,
  'temporalAddress' | 'temporalNamespace' | 'encryptionKey' | 'payloadKey' | 'payloadDecryptionKeys'
>;

/** Every client Tessera makes encrypts its payloads (temporal/data-converter.ts). */
function clientOn(connection: Connection, settings: TemporalClientSettings): Client {
  return new Client({ connection, namespace: settings.temporalNamespace, dataConverter: dataConverterFor(settings) });
}

export async function connectClient(settings: TemporalClientSettings): Promise<Client> {
  return clientOn(await Connection.connect({ address: settings.temporalAddress }), settings);
}

/**
 * A client that connects only when first used: for an api built without a Temporal to talk to (the
 * OpenAPI documents) or with one that cannot be reached (a test of that).
 */
export function lazyClient(settings: TemporalClientSettings, connectTimeoutMs?: number): Client {
  const connection = Connection.lazy({
    address: settings.temporalAddress,
    ...(connectTimeoutMs !== undefined ? { connectTimeout: connectTimeoutMs } : {}),
  });
  return clientOn(connection, settings);
}
