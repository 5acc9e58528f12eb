// The dev server keeps the Temporal server's cache of search attributes (temporal/dev-server.ts says
// why), which would hide an attribute created after the cache was filled. Tessera's are written
// with the namespace before the server serves, so the first workflow of a new server, and the
// first after a restart on the same data file (as `npm start` restarts), can set them and be
// found by them.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, describe, expect, it } from 'vitest';
import { temporalBinary } from '../../temporal/binary';
import { startDevServer, type DevServer } from '../../temporal/dev-server';
import { entityIdKey, merchantReferenceKey } from '../../temporal/search-attributes';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-dev-server-sa-'));
const servers: DevServer[] = [];
const connections: Connection[] = [];

afterAll(async () => {
  for (const connection of connections.splice(0)) await connection.close();
  for (const server of servers.splice(0)) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function serve(port?: number): Promise<Client> {
  const server = await startDevServer({
    binary: temporalBinary(),
    headless: true,
    dbFile: join(dataDir, 'temporal.db'),
    ...(port !== undefined ? { port } : {}),
  });
  servers.push(server);
  const connection = await Connection.connect({ address: server.address });
  connections.push(connection);
  return new Client({ connection, namespace: 'default' });
}

/** Starts a workflow (no worker needed) with both attributes; what a search by them finds. */
async function startAndFind(client: Client): Promise<{ workflowId: string; found: string[] }> {
  const entityId = randomUUID();
  const reference = `order-${randomUUID()}`;
  const workflowId = `probe-${randomUUID()}`;
  const handle = await client.workflow.start('searchAttributeProbe', {
    taskQueue: `probe-${randomUUID()}`,
    workflowId,
    typedSearchAttributes: [
      { key: entityIdKey, value: entityId },
      { key: merchantReferenceKey, value: reference },
    ],
  });
  const query = `${entityIdKey.name} = '${entityId}' AND ${merchantReferenceKey.name} = '${reference}'`;
  // Visibility is written after the start, by the server's own queue: a few tries, bounded.
  const deadline = Date.now() + 15_000;
  let found: string[] = [];
  while (found.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    found = [];
    for await (const execution of client.workflow.list({ query })) found.push(execution.workflowId);
  }
  await handle.terminate('probe done');
  return { workflowId, found };
}

describe('the dev server’s search attributes with the server’s cache kept', () => {
  it('takes and finds them from the first workflow of a new data file, and again after a restart on it', async () => {
    const first = await startAndFind(await serve());
    expect(first.found).toEqual([first.workflowId]);

    const port = servers[0]!.port;
    await connections.pop()!.close();
    await servers.pop()!.stop();
    const again = await startAndFind(await serve(port));
    expect(again.found).toEqual([again.workflowId]);
  });
});
