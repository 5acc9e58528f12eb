// The global-variables test's workflow, bundled for its worker only. It changes its own global
// object as it starts (a variable, a getter, and, for one of them, a built-in taken away), then
// notes what its global object holds at every turn it is told to take.
import { condition, defineQuery, defineSignal, setHandler } from '@temporalio/workflow';

export interface GlobalsSeen {
  marker: unknown;
  getter: unknown;
  escape: string;
}

export const takeTurn = defineSignal('takeTurn');
export const finish = defineSignal('finish');
export const seenQuery = defineQuery<GlobalsSeen[]>('seen');

const look = (): GlobalsSeen => ({
  marker: Reflect.get(globalThis, 'probeMarker'),
  getter: Reflect.get(globalThis, 'probeGetter'),
  escape: typeof Reflect.get(globalThis, 'escape'),
});

export async function globalsProbe(name: string, changesGlobals: boolean, dropsEscape: boolean): Promise<void> {
  const seen: GlobalsSeen[] = [];
  if (changesGlobals) {
    Reflect.set(globalThis, 'probeMarker', name);
    Object.defineProperty(globalThis, 'probeGetter', { get: () => `getter of ${name}`, configurable: true });
  }
  if (dropsEscape) Reflect.deleteProperty(globalThis, 'escape');
  seen.push(look());
  let finished = false;
  setHandler(takeTurn, () => {
    seen.push(look());
  });
  setHandler(finish, () => {
    finished = true;
  });
  setHandler(seenQuery, () => [...seen, look()]);
  await condition(() => finished);
}
