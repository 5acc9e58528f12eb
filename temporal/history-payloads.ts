// The payloads of a workflow history as the server stores it: what the secrets scan reads raw and
// the history recorder opens before writing a file (scripts/record-histories.ts). Histories carry
// payloads in many places (inputs, results, markers, signals, Updates, failure details, headers,
// memos); rather than list them, a walk finds every message shaped like a payload, so a place a
// newer server adds is not missed.
import type proto from '@temporalio/proto';
import type { Payload } from '@temporalio/common';

type History = proto.temporal.api.history.v1.IHistory;

export interface FoundPayload {
  /** Where in the history, e.g. `events[4].workflowExecutionStartedEventAttributes.input.payloads[0]`. */
  path: string;
  payload: Payload;
  /**
   * Payloads no codec sees, in clear by design: search attributes, which the server indexes, and
   * what the SDK's core writes in its markers itself: the patch id of a `patched()` marker, and a
   * local activity's bookkeeping (sequence, attempt, type, times), whose result is sealed.
   */
  clearByDesign?: 'search attribute' | 'SDK marker';
  /** Replaces the payload in the history. */
  replace(payload: Payload): void;
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array;

function isPayload(value: unknown): value is Payload {
  if (typeof value !== 'object' || value === null || isBytes(value) || Array.isArray(value)) return false;
  const { metadata, data } = value as { metadata?: unknown; data?: unknown };
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return false;
  const values = Object.values(metadata);
  return values.length > 0 && values.every(isBytes) && (data === undefined || data === null || isBytes(data));
}

export function payloadsOf(history: History): FoundPayload[] {
  const found: FoundPayload[] = [];
  type Clear = FoundPayload['clearByDesign'];
  /** Which details of a marker the SDK's core fills itself. */
  const coreDetails: Record<string, (detail: string) => boolean> = {
    core_patch: () => true,
    core_local_activity: (detail) => detail === 'data',
  };
  const walk = (
    value: unknown,
    path: string,
    clear: Clear,
    replace: (payload: Payload) => void,
    markerDetail?: (detail: string) => boolean,
  ) => {
    if (typeof value !== 'object' || value === null || isBytes(value)) return;
    if (isPayload(value)) {
      found.push({ path, payload: value, ...(clear ? { clearByDesign: clear } : {}), replace });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`, clear, (p) => (value[index] = p)));
      return;
    }
    const record = value as Record<string, unknown>;
    const marker = typeof record.markerName === 'string' ? coreDetails[record.markerName] : undefined;
    for (const key of Object.keys(record)) {
      const next: Clear =
        clear ?? (key === 'searchAttributes' ? 'search attribute' : markerDetail?.(key) ? 'SDK marker' : undefined);
      walk(
        record[key],
        path ? `${path}.${key}` : key,
        next,
        (p) => (record[key] = p),
        key === 'details' ? marker : undefined,
      );
    }
  };
  walk(history, '', undefined, () => {
    throw new Error('a history is not a payload');
  });
  return found;
}

/** The history with every encrypted payload opened by the codec, as a replay without keys reads it. */
export async function decodeHistory(
  history: History,
  codec: { decode(payloads: Payload[]): Promise<Payload[]> },
): Promise<History> {
  for (const found of payloadsOf(history)) {
    if (found.clearByDesign) continue;
    const [decoded] = await codec.decode([found.payload]);
    found.replace(decoded!);
  }
  return history;
}
