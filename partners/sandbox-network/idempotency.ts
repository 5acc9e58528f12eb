// The sandbox's Idempotency-Key store, the partner half of "no double charge": a key is
// executed at most once; a repeat gets the first answer again (header idempotent-replayed: true);
// the same key with another request is refused (422 idempotency_key_reused); a repeat while the
// first is still running gets 409 request_in_progress (retryable). A request that failed before
// any effect (validation, unknown reference) releases its key, so it can be retried.
//
// Requests are compared by an HMAC of (method, path, canonical JSON body) under a key that is never
// stored with them: bodies may hold card numbers, and a plain hash of a PAN is not safe to keep.
// In memory only, the key is random per process; when the keys are persisted (ledger-store.ts) it
// is derived from the sandbox's own secret, which stays out of its database, so that a retry after
// a restart is still recognised as the same request.
import { createHmac, randomBytes } from 'node:crypto';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

type Entry = { fingerprint: string; answer: StoredAnswer | null };

export type Claim =
  { kind: 'new' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'conflict' } | { kind: 'in_progress' };

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class IdempotencyStore {
  private entries = new Map<string, Entry>();
  /** Told of each answer recorded under a key, to write it before the answer leaves. */
  onComplete: ((key: string, entry: { fingerprint: string; answer: StoredAnswer }) => void) | undefined;

  constructor(private readonly secret: Buffer = randomBytes(32)) {}

  /** Keys answered before a restart. */
  restore(stored: readonly { key: string; fingerprint: string; answer: StoredAnswer }[]): void {
    for (const { key, fingerprint, answer } of stored) this.entries.set(key, { fingerprint, answer });
  }

  fingerprint(method: string, path: string, body: unknown): string {
    return createHmac('sha256', this.secret)
      .update(`${method} ${path}\n${canonicalJson(body)}`)
      .digest('hex');
  }

  /** Claims the key for this request, or says how to answer instead. */
  claim(key: string, fingerprint: string): Claim {
    const entry = this.entries.get(key);
    if (!entry) {
      this.entries.set(key, { fingerprint, answer: null });
      return { kind: 'new' };
    }
    if (entry.fingerprint !== fingerprint) return { kind: 'conflict' };
    return entry.answer ? { kind: 'replay', answer: entry.answer } : { kind: 'in_progress' };
  }

  complete(key: string, answer: StoredAnswer): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.answer = answer;
    this.onComplete?.(key, { fingerprint: entry.fingerprint, answer });
  }

  release(key: string): void {
    this.entries.delete(key);
  }

  reset(): void {
    this.entries.clear();
  }
}
