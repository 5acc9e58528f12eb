import type { FastifyInstance } from 'fastify';
import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';
import type { Sql } from '../../db/connection';

/** A worker counts as present when it polled the task queue within this window. */
const workerFreshnessMs = 70_000;

async function check(
  name: string,
  probe: () => Promise<string | undefined>,
): Promise<[string, { ok: boolean; detail?: string }]> {
  try {
    const problem = await probe();
    return [name, problem ? { ok: false, detail: problem } : { ok: true }];
  } catch (error) {
    return [name, { ok: false, detail: error instanceof Error ? error.message : String(error) }];
  }
}

export function registerHealthRoute(
  app: FastifyInstance,
  deps: { sql: Sql; temporal: Client; taskQueue: string; namespace: string },
): void {
  // Polled by orchestrators every few seconds: only failures are worth a log line.
  app.get('/health', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    const results = await Promise.all([
      check('database', async () => {
        await deps.sql`select 1`;
        return undefined;
      }),
      check('temporal', async () => {
        await deps.temporal.workflowService.getSystemInfo({});
        return undefined;
      }),
      check('worker', async () => {
        const response = await deps.temporal.workflowService.describeTaskQueue({
          namespace: deps.namespace,
          taskQueue: { name: deps.taskQueue, kind: proto.temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
          taskQueueType: proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
        });
        const now = Date.now();
        const fresh = (response.pollers ?? []).filter((poller) => {
          const seconds = Number(poller.lastAccessTime?.seconds ?? 0);
          return now - seconds * 1000 < workerFreshnessMs;
        });
        return fresh.length > 0 ? undefined : `no worker polls task queue ${deps.taskQueue}`;
      }),
    ]);
    const checks = Object.fromEntries(results);
    const healthy = results.every(([, result]) => result.ok);
    return reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'unavailable', checks });
  });
}
