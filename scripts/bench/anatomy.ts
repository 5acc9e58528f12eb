// The anatomy of one lifecycle at concurrency 1: the HTTP calls and the events of the session and
// payment workflows on one time line, so that each call's latency can be read as the round trips
// through the Temporal server it waits for.
import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';

export interface Mark {
  at: number;
  label: string;
}

interface Line {
  at: number;
  text: string;
}

const EventType = proto.temporal.api.enums.v1.EventType;
// The marker names the SDK's core records: a local activity's result, and a patched() call.
const localActivityMarker = 'core_local_activity';
const patchMarker = 'core_patch';
const markerKinds: Record<string, string> = { [localActivityMarker]: 'local activity', [patchMarker]: 'patch' };

function eventName(type: number | null | undefined): string {
  const name = EventType[type ?? 0] ?? `EVENT_${type}`;
  return name
    .replace(/^EVENT_TYPE_/, '')
    .toLowerCase()
    .replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
}

function millis(time: { seconds?: unknown; nanos?: number | null } | null | undefined): number {
  if (!time) return 0;
  return Number(time.seconds ?? 0) * 1000 + (time.nanos ?? 0) / 1e6;
}

export interface WorkflowCounts {
  workflowId: string;
  events: number;
  workflowTasks: number;
  activities: string[];
  localActivities: number;
  /** Patch markers (patched() calls recorded), which are markers too but run nothing. */
  patchMarkers: number;
  updates: number;
}

export async function lifecycleAnatomy(
  client: Client,
  workflows: Array<{ tag: string; workflowId: string }>,
  marks: Mark[],
): Promise<{ lines: string[]; counts: WorkflowCounts[] }> {
  const timeline: Line[] = marks.map((mark) => ({ at: mark.at, text: `   ${mark.label}` }));
  const counts: WorkflowCounts[] = [];
  for (const { tag, workflowId } of workflows) {
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    const scheduled = new Map<string, string>();
    const count: WorkflowCounts = {
      workflowId,
      events: 0,
      workflowTasks: 0,
      activities: [],
      localActivities: 0,
      patchMarkers: 0,
      updates: 0,
    };
    for (const event of history.events ?? []) {
      count.events += 1;
      const name = eventName(event.eventType);
      let detail = '';
      if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) count.workflowTasks += 1;
      if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
        const type = event.activityTaskScheduledEventAttributes?.activityType?.name ?? '?';
        scheduled.set(String(event.eventId), type);
        count.activities.push(type);
        detail = ` ${type}`;
      }
      if (
        event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED ||
        event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED
      ) {
        const attributes = event.activityTaskStartedEventAttributes ?? event.activityTaskCompletedEventAttributes;
        detail = ` ${scheduled.get(String(attributes?.scheduledEventId)) ?? ''}`;
      }
      if (event.eventType === EventType.EVENT_TYPE_MARKER_RECORDED) {
        const marker = event.markerRecordedEventAttributes?.markerName ?? '';
        if (marker === localActivityMarker) count.localActivities += 1;
        if (marker === patchMarker) count.patchMarkers += 1;
        detail = ` (${markerKinds[marker] ?? marker})`;
      }
      if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED) {
        count.updates += 1;
        detail = ` ${event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name ?? ''}`;
      }
      timeline.push({ at: millis(event.eventTime), text: `${tag} ${name}${detail}` });
    }
    counts.push(count);
  }
  timeline.sort((a, b) => a.at - b.at);
  const origin = marks[0]?.at ?? timeline[0]?.at ?? 0;
  const end = marks.at(-1)?.at ?? Number.POSITIVE_INFINITY;
  const lines = timeline
    .filter((line) => line.at <= end + 50)
    .map((line) => `${(line.at - origin).toFixed(1).padStart(8)} ms  ${line.text}`);
  return { lines, counts };
}
