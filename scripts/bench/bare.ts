// The bare Temporal figures, against the same server in the same run: the empty-workflow ceiling at
// the chosen concurrency, and at concurrency 1 the latency of each kind of call Tessera's api makes.
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation, type Client, type WorkflowHandle } from '@temporalio/client';
import { elapsedMs, now, type Recorder, Samples } from './stats';
import {
  activityUpdate,
  benchEmpty,
  benchProbe,
  childCaptureUpdate,
  childDoneSignal,
  childLocalUpdate,
  childUpdate,
  finishSignal,
  localActivityUpdate,
  noopUpdate,
  probeQuery,
} from './workflows';

export interface Ceiling {
  concurrency: number;
  completed: number;
  seconds: number;
  perSecond: number;
  latency: Samples;
  errors: number;
  firstError: string | undefined;
}

/** `once` in `concurrency` loops for `seconds`: how many per second, and how long each took. */
async function rateOf(concurrency: number, seconds: number, once: () => Promise<unknown>): Promise<Ceiling> {
  const latency = new Samples();
  let completed = 0;
  let errors = 0;
  let firstError: string | undefined;
  const deadline = Date.now() + seconds * 1000;
  const started = now();
  const loop = async () => {
    while (Date.now() < deadline) {
      const t = now();
      try {
        await once();
        latency.add(elapsedMs(t));
        completed += 1;
      } catch (error) {
        errors += 1;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = elapsedMs(started) / 1000;
  return { concurrency, completed, seconds: elapsed, perSecond: completed / elapsed, latency, errors, firstError };
}

/** Probes are bounded: one the bench forgets to finish ends by itself. */
const probeTimeout = '15 minutes';

/** Starts a probe (bench workflows.ts) on the bare task queue. */
export function startProbe(client: Client, taskQueue: string, workflowId: string): Promise<WorkflowHandle> {
  return client.workflow.start(benchProbe, { taskQueue, workflowId, workflowExecutionTimeout: probeTimeout });
}

/** An Update-with-Start's start of a new probe, as POST /v2/payments starts its payment. */
function probeStartOperation(taskQueue: string, workflowId: string) {
  return new WithStartWorkflowOperation(benchProbe, {
    workflowId,
    taskQueue,
    workflowIdConflictPolicy: 'FAIL',
    workflowExecutionTimeout: probeTimeout,
  });
}

/** Empty workflows (start, then wait for the result) in `concurrency` loops for `seconds`. */
export function emptyWorkflowCeiling(
  client: Client,
  taskQueue: string,
  concurrency: number,
  seconds: number,
): Promise<Ceiling> {
  return rateOf(concurrency, seconds, () =>
    client.workflow.execute(benchEmpty, {
      taskQueue,
      workflowId: `bench-empty-${randomUUID()}`,
      workflowExecutionTimeout: '1 minute',
    }),
  );
}

/**
 * `once` in `concurrency` loops for `seconds`, each opening workflows that stay open while measured,
 * as a session and its payment do (`once` adds their ids to `opened`); they are told to finish
 * afterwards, outside the measured time.
 */
async function openWorkflowsRate(
  client: Client,
  concurrency: number,
  seconds: number,
  once: (opened: string[]) => Promise<void>,
): Promise<Ceiling> {
  const opened: string[] = [];
  const rate = await rateOf(concurrency, seconds, () => once(opened));
  // Bounded by the number opened; a workflow that never started, or has ended, just refuses the signal.
  for (let i = 0; i < opened.length; i += concurrency) {
    await Promise.all(
      opened.slice(i, i + concurrency).map((workflowId) =>
        client.workflow
          .getHandle(workflowId)
          .signal(finishSignal)
          .catch(() => {}),
      ),
    );
  }
  return rate;
}

/**
 * The checkout's bare shape (the prototype issue 19 measured), without HTTP or database, in
 * `concurrency` loops for `seconds`: start a probe (the session), an Update on it that starts a
 * child (the payment) running one activity and signalling back, then an Update on the child running
 * one activity (the capture).
 */
export function bareShapeRate(client: Client, taskQueue: string, concurrency: number, seconds: number) {
  return openWorkflowsRate(client, concurrency, seconds, async (opened) => {
    const sessionId = `bench-shape-${randomUUID()}`;
    const paymentId = `${sessionId}-payment`;
    opened.push(sessionId, paymentId);
    const session = await startProbe(client, taskQueue, sessionId);
    await session.executeUpdate(childUpdate, { args: [paymentId] });
    await client.workflow.getHandle(paymentId).executeUpdate(childCaptureUpdate);
  });
}

/**
 * Tessera's own round trips through the Temporal server, made by bare probes: no HTTP, no database,
 * no partner, none of Tessera's workflow code. What a lifecycle's rate is compared with to tell
 * the engine's share of its cost from Tessera's.
 */
export type Skeleton = 'checkout' | 'payment';
export const skeletonNames: readonly Skeleton[] = ['checkout', 'payment'];
export const skeletons: Record<Skeleton, string> = {
  checkout:
    'start a probe (the session); an Update on it (the reservation); an Update-with-Start of a second probe running one local activity (the payment and its authorization); a signal to the first, which ends it (the first outcome); an Update on the second running one local activity (the capture)',
  payment:
    'an Update-with-Start of a probe running one local activity (POST /v2/payments and its authorization); an Update on it running one local activity (the capture)',
};

/** One of the skeletons above in `concurrency` loops for `seconds`. */
export function skeletonRate(
  client: Client,
  taskQueue: string,
  skeleton: Skeleton,
  concurrency: number,
  seconds: number,
): Promise<Ceiling> {
  return openWorkflowsRate(client, concurrency, seconds, async (opened) => {
    const paymentId = `bench-skeleton-${randomUUID()}`;
    opened.push(paymentId);
    let session: WorkflowHandle | undefined;
    if (skeleton === 'checkout') {
      session = await startProbe(client, taskQueue, `${paymentId}-session`);
      opened.push(session.workflowId);
      await session.executeUpdate(noopUpdate);
    }
    await client.workflow.executeUpdateWithStart(localActivityUpdate, {
      startWorkflowOperation: probeStartOperation(taskQueue, paymentId),
    });
    await session?.signal(finishSignal);
    await client.workflow.getHandle(paymentId).executeUpdate(localActivityUpdate);
  });
}

/**
 * How long after its start a probe gets its first Update: about a card tokenization, which is what
 * comes between a session's creation and its submission in the bench's lifecycle.
 */
export const updateAfterStartPauseMs = 5;

export const bareCalls = {
  start: 'workflow start',
  updateAfterStart: `Update on a workflow started ${updateAfterStartPauseMs} ms before`,
  query: 'query',
  update: 'Update',
  signal: 'signal',
  updateActivity: 'Update + activity',
  updateLocalActivity: 'Update + local activity',
  updateWithStartActivity: 'Update-with-Start + activity',
  updateWithStartLocalActivity: 'Update-with-Start + local activity',
  updateChildActivity: 'Update + child workflow (activity, signal back)',
  updateChildLocalActivity: 'Update + child workflow (local activity, signal back)',
} as const;
export type BareCall = keyof typeof bareCalls;

/**
 * One round of single calls at concurrency 1: start a probe workflow, an Update on it a moment
 * later (as a submission finds the session created just before, its first workflow task perhaps
 * not yet done), then a query, an Update, a signal, an Update running one activity and one running a
 * local activity, each on the probe now cached by the worker (as a capture finds its payment), and
 * an Update that starts a child workflow running one activity (then one local activity) and waits
 * for its signal (what a session submission does); then an Update-with-Start whose Update runs one activity (what
 * POST /v2/payments does) and one whose Update runs a local activity.
 */
export async function bareRound(client: Client, taskQueue: string, recorder: Recorder): Promise<void> {
  const time = async <T>(call: BareCall, run: () => Promise<T>): Promise<T | undefined> => {
    const t = now();
    try {
      const result = await run();
      recorder.record(call, elapsedMs(t));
      return result;
    } catch (error) {
      recorder.error(call, String(error));
      return undefined;
    }
  };
  const handle = await time('start', () => startProbe(client, taskQueue, `bench-probe-${randomUUID()}`));
  if (handle) {
    try {
      await new Promise((resolve) => setTimeout(resolve, updateAfterStartPauseMs));
      await time('updateAfterStart', () => handle.executeUpdate(noopUpdate));
      await time('query', () => handle.query(probeQuery));
      await time('update', () => handle.executeUpdate(noopUpdate));
      // As the api tells a session of its payment's first outcome: answered once the server has it.
      await time('signal', () => handle.signal(childDoneSignal, 'news'));
      await time('updateActivity', () => handle.executeUpdate(activityUpdate));
      await time('updateLocalActivity', () => handle.executeUpdate(localActivityUpdate));
      const childId = `${handle.workflowId}-child`;
      await time('updateChildActivity', () => handle.executeUpdate(childUpdate, { args: [childId] }));
      await finish(client, childId);
      const localChildId = `${handle.workflowId}-child-local`;
      await time('updateChildLocalActivity', () => handle.executeUpdate(childLocalUpdate, { args: [localChildId] }));
      await finish(client, localChildId);
    } finally {
      await finish(client, handle.workflowId);
    }
  }
  for (const [call, update] of [
    ['updateWithStartActivity', activityUpdate],
    ['updateWithStartLocalActivity', localActivityUpdate],
  ] as const) {
    const workflowId = `bench-uws-${randomUUID()}`;
    await time(call, () =>
      client.workflow.executeUpdateWithStart(update, {
        startWorkflowOperation: probeStartOperation(taskQueue, workflowId),
      }),
    );
    await finish(client, workflowId);
  }
}

/**
 * Tells a probe to finish and waits until it has: the lifecycle measured next must not share the
 * machine with the bare worker's last tasks, nor the bare calls with a lifecycle's. Bounded: a probe
 * that never started, or does not finish within 5 s, is left to its own timeout.
 */
export async function finish(client: Client, workflowId: string): Promise<void> {
  const handle = client.workflow.getHandle(workflowId);
  try {
    await handle.signal(finishSignal);
    await Promise.race([handle.result(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  } catch {
    // Never started, or already finished.
  }
}
