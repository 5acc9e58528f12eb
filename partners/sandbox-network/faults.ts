// Fault injection: per request by headers, or by rules queued over /admin/faults (for tests that
// drive the sandbox through the orchestrator and cannot add headers to its calls).
//
//   x-sandbox-latency-ms: <0..60000>     added before processing (on top of the global latency)
//   x-sandbox-fault: 500 | 503 | drop | timeout
//   x-sandbox-fault-phase: before | after (default before)
//
// "before": nothing is processed, the request fails. "after": the effect is recorded (and its
// answer stored under the idempotency key), then the answer is lost - what a retry must survive.
// drop = socket destroyed without an answer; timeout = no answer until the client gives up (the
// socket is destroyed after faultTimeoutMs).
import { randomBytes } from 'node:crypto';

export const FAULT_KINDS = ['500', '503', 'drop', 'timeout'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const FAULT_PHASES = ['before', 'after'] as const;
export type FaultPhase = (typeof FAULT_PHASES)[number];
export const MAX_LATENCY_MS = 60_000;

export interface Fault {
  fault: FaultKind;
  phase: FaultPhase;
}

export interface FaultRule extends Fault {
  id: string;
  /** How many more requests it applies to. */
  remaining: number;
  /** Only requests whose path starts with this (e.g. /v1/authorizations); null = any API call. */
  path_prefix: string | null;
}

function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

export class FaultPlan {
  private rules: FaultRule[] = [];

  list(): FaultRule[] {
    return this.rules;
  }

  add(rule: Fault & { count: number; path_prefix: string | null }): FaultRule {
    const added: FaultRule = {
      id: `flt_${randomBytes(6).toString('hex')}`,
      fault: rule.fault,
      phase: rule.phase,
      remaining: rule.count,
      path_prefix: rule.path_prefix,
    };
    this.rules.push(added);
    return added;
  }

  clear(): void {
    this.rules = [];
  }

  /**
   * The fault for this request, if any: the headers first, else the first matching rule (which
   * is consumed). A malformed header value is a request error, not silently ignored.
   */
  take(path: string, headers: Record<string, string | string[] | undefined>): Fault | null | { invalid: string } {
    const kind = header(headers, 'x-sandbox-fault');
    if (kind !== undefined) {
      const phase = header(headers, 'x-sandbox-fault-phase') ?? 'before';
      if (!isFaultKind(kind)) return { invalid: `x-sandbox-fault must be one of ${FAULT_KINDS.join(', ')}` };
      if (phase !== 'before' && phase !== 'after') return { invalid: 'x-sandbox-fault-phase must be before or after' };
      return { fault: kind, phase };
    }
    const rule = this.rules.find((r) => r.remaining > 0 && (r.path_prefix === null || path.startsWith(r.path_prefix)));
    if (!rule) return null;
    rule.remaining--;
    if (rule.remaining === 0) this.rules = this.rules.filter((r) => r !== rule);
    return { fault: rule.fault, phase: rule.phase };
  }
}

/** Latency asked for by the request header, or an error message. */
export function requestedLatency(headers: Record<string, string | string[] | undefined>): number | { invalid: string } {
  const raw = header(headers, 'x-sandbox-latency-ms');
  if (raw === undefined) return 0;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS)
    return { invalid: `x-sandbox-latency-ms must be an integer from 0 to ${MAX_LATENCY_MS}` };
  return ms;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
