// The sink test's workflow, bundled for its worker only. It records through a sink at each step it
// is moved to, and fails its task once asked to, after recording.
import { condition, defineSignal, proxySinks, setHandler, type Sinks } from '@temporalio/workflow';

export interface ProbeSinks extends Sinks {
  probe: { record(label: string): void };
}

const { probe } = proxySinks<ProbeSinks>();

export const step = defineSignal('step');
export const failTask = defineSignal('failTask');

export async function sinkProbe(): Promise<void> {
  let steps = 0;
  let failing = false;
  setHandler(step, () => {
    steps += 1;
  });
  setHandler(failTask, () => {
    failing = true;
  });
  probe.record('started');
  await condition(() => steps >= 1);
  probe.record('first step');
  probe.record('first step, second call');
  await condition(() => steps >= 2 || failing);
  if (failing) {
    probe.record('failing');
    // A plain error fails the workflow task (not the workflow), which the server then retries.
    throw new Error('this task fails');
  }
  probe.record('second step');
}
