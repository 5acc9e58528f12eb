// The bare Temporal probes' own workflows, bundled apart from Tessera's (scripts/bench/bare-worker.ts)
// and run on their own task queue: the smallest workflows that make each kind of call the api makes.
import {
  allHandlersFinished,
  condition,
  defineQuery,
  defineSignal,
  defineUpdate,
  getExternalWorkflowHandle,
  ParentClosePolicy,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';

export interface BenchActivities {
  benchNoop(): Promise<void>;
}

const { benchNoop } = proxyActivities<BenchActivities>({ startToCloseTimeout: '10 seconds' });
const { benchNoop: benchNoopLocal } = proxyLocalActivities<BenchActivities>({ startToCloseTimeout: '10 seconds' });

export const noopUpdate = defineUpdate<number>('benchNoop');
export const activityUpdate = defineUpdate<number>('benchActivity');
export const localActivityUpdate = defineUpdate<number>('benchLocalActivity');
export const childUpdate = defineUpdate<number, [string]>('benchChild');
export const childLocalUpdate = defineUpdate<number, [string]>('benchChildLocal');
/** On a probe's child, like a capture on a payment: one activity. */
export const childCaptureUpdate = defineUpdate<void>('benchChildCapture');
export const probeQuery = defineQuery<number>('benchHandled');
export const finishSignal = defineSignal('benchFinish');
export const childDoneSignal = defineSignal<[string]>('benchChildDone');

/** The empty-workflow ceiling: one workflow task and nothing else. */
export async function benchEmpty(): Promise<void> {}

/** Serves Updates (nothing, one activity, one local activity) until told to finish. */
export async function benchProbe(): Promise<number> {
  let handled = 0;
  let finished = false;
  setHandler(noopUpdate, () => ++handled);
  setHandler(activityUpdate, async () => {
    await benchNoop();
    return ++handled;
  });
  setHandler(localActivityUpdate, async () => {
    await benchNoopLocal();
    return ++handled;
  });
  // What a session submission does: start a child workflow that runs one activity and signals back.
  const childrenDone = new Set<string>();
  setHandler(childDoneSignal, (childId) => {
    childrenDone.add(childId);
  });
  const childRoundTrip = async (childId: string, local: boolean) => {
    await startChild(benchChild, {
      workflowId: childId,
      parentClosePolicy: ParentClosePolicy.ABANDON,
      args: [workflowInfo().workflowId, local],
      workflowExecutionTimeout: '15 minutes',
    });
    await condition(() => childrenDone.has(childId));
    return ++handled;
  };
  setHandler(childUpdate, (childId) => childRoundTrip(childId, false));
  setHandler(childLocalUpdate, (childId) => childRoundTrip(childId, true));
  setHandler(probeQuery, () => handled);
  setHandler(finishSignal, () => {
    finished = true;
  });
  // Bounded: a probe the bench forgot to finish ends by itself.
  await condition(() => finished, '10 minutes');
  await condition(allHandlersFinished);
  return handled;
}

/**
 * The child of a probe, like a payment started from a session: one activity (or local activity), a
 * signal to the parent, then it stays open and serves captures (one activity each) until told to finish.
 */
export async function benchChild(parentId: string, local = false): Promise<void> {
  let finished = false;
  setHandler(finishSignal, () => {
    finished = true;
  });
  setHandler(childCaptureUpdate, () => benchNoop());
  await (local ? benchNoopLocal() : benchNoop());
  await getExternalWorkflowHandle(parentId).signal(childDoneSignal, workflowInfo().workflowId);
  await condition(() => finished, '10 minutes');
  await condition(allHandlersFinished);
}
