// Workflows sharing the worker's one reused V8 context each see their own global object, as
// patches/@temporalio+worker+1.24.0.patch leaves the switch between them: what one sets, defines
// or deletes stays its own through every activation of the others, and a workflow that starts
// later sees the pristine globals.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { setUpWorkerProbe } from '../support/worker-probe';
import { finish, globalsProbe, seenQuery, takeTurn, type GlobalsSeen } from './workflow-globals/workflows';

let code: string;
let client: Client;
beforeAll(async () => {
  ({ code, client } = await setUpWorkerProbe('workflow-globals'));
}, 60_000);
afterAll(async () => client.connection.close());

const pristine: GlobalsSeen = { marker: undefined, getter: undefined, escape: 'function' };
const changedBy = (name: string, dropsEscape: boolean): GlobalsSeen => ({
  marker: name,
  getter: `getter of ${name}`,
  escape: dropsEscape ? 'undefined' : 'function',
});

describe('the reused V8 context', () => {
  it("keeps each workflow's global variables its own across the others' activations", async () => {
    const connection = await NativeConnection.connect({ address: inject('temporalAddress') });
    const taskQueue = `globals-${randomUUID()}`;
    const worker = await Worker.create({ connection, taskQueue, workflowBundle: { code }, reuseV8Context: true });
    try {
      await worker.runUntil(async () => {
        const start = (name: string, changesGlobals: boolean, dropsEscape: boolean) =>
          client.workflow.start(globalsProbe, {
            taskQueue,
            workflowId: `globals-${name}-${randomUUID()}`,
            args: [name, changesGlobals, dropsEscape],
            workflowExecutionTimeout: 60_000,
          });
        const first = await start('first', true, true);
        const second = await start('second', true, false);
        // Turns taken one after the other, so that each activation follows one of another workflow.
        for (let round = 0; round < 5; round += 1) {
          await first.signal(takeTurn);
          await second.signal(takeTurn);
        }
        const untouched = await start('untouched', false, false);
        await untouched.signal(takeTurn);
        await first.signal(takeTurn);

        const firstSeen = await first.query(seenQuery);
        expect(firstSeen).toHaveLength(8);
        for (const seen of firstSeen) expect(seen).toEqual(changedBy('first', true));
        const secondSeen = await second.query(seenQuery);
        expect(secondSeen).toHaveLength(7);
        for (const seen of secondSeen) expect(seen).toEqual(changedBy('second', false));
        for (const seen of await untouched.query(seenQuery)) expect(seen).toEqual(pristine);

        await Promise.all([first, second, untouched].map((handle) => handle.signal(finish)));
        await Promise.all([first, second, untouched].map((handle) => handle.result()));
      });
    } finally {
      await connection.close();
    }
  }, 60_000);
});
