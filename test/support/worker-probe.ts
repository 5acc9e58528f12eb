// For tests that probe the Temporal worker itself (its deadlock detector, its sinks): workflows of
// the test's own, bundled for workers the test creates, and a client of the suite's server.
import { join } from 'node:path';
import { inject } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode } from '@temporalio/worker';
import { projectRoot } from '../../platform/config';
import { quietBundlerLogger } from './infrastructure';
import { quietTemporalRuntime } from './temporal-runtime';

/** Bundles `test/integration/<folder>/workflows.ts` and connects a client; the caller closes its connection. */
export async function setUpWorkerProbe(folder: string): Promise<{ code: string; client: Client }> {
  quietTemporalRuntime();
  const { code } = await bundleWorkflowCode({
    workflowsPath: join(projectRoot, 'test', 'integration', folder, 'workflows.ts'),
    logger: quietBundlerLogger,
  });
  const client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  return { code, client };
}
