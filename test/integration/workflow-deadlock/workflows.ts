// The deadlock test's workflow, bundled for its worker only. Asked to, it runs without ever
// yielding, as workflow code caught in an endless loop would; otherwise it waits to be told to finish.
import { condition, defineSignal, setHandler } from '@temporalio/workflow';

export const finish = defineSignal('finish');

export async function deadlockProbe(spinForever = false): Promise<string> {
  let turns = 0;
  // Never false once true: the loop ends only when the worker's watchdog ends the task.
  while (spinForever) turns += 1;
  let finished = false;
  setHandler(finish, () => {
    finished = true;
  });
  await condition(() => finished);
  return `finished after ${turns} turns`;
}
