// LISTEN on one PostgreSQL channel over a connection of its own, and say at every moment whether
// every notification committed since it started listening has reached `onChange`. A cache may only
// trust what it holds while `listening` is true: a connection that closed, or that no longer carries
// the notifications (a probe does not come back), makes it false at once and calls `onLost`, and
// the listener reconnects and probes again before it is true again.
//
// Not postgres.js's `sql.listen`: that re-listens silently after a drop and tells no one, so the
// changes of the gap would be lost to a cache that kept trusting itself.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { Sql } from '../connection';

export interface ListenerEvents {
  onnotify(channel: string, payload: string): void;
  onclose(): void;
}

export interface ChangeListenerOptions {
  /** The pool probes are notified through: the one the cached reads use. */
  sql: Sql;
  channel: string;
  onChange(payload: string): void;
  /** Notifications may have been lost: whatever was derived from them must be dropped. */
  onLost(): void;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** How often a listening connection is proven to still carry notifications. */
  probeEveryMs?: number;
  /** How long a probe may take to come back before the connection is given up. */
  probeTimeoutMs?: number;
  /** How long connecting and the first probe may take before the attempt is given up. */
  connectTimeoutMs?: number;
  /** Waits between connection attempts, doubling from the first to the last. */
  retryMs?: { first: number; last: number };
  /** The dedicated connection; by default one more connection to `sql`'s server, as `sql`'s own. */
  connect?(events: ListenerEvents): Sql;
}

const PROBE_PREFIX = 'probe:';

/** A connection of its own to the server `sql` reaches, with the same credentials and settings. */
export function dedicatedConnection(sql: Sql, events: ListenerEvents): Sql {
  // The parsed options of a pool open a new pool when given back to postgres(): how postgres.js
  // makes its own listening connection.
  const options = {
    ...sql.options,
    max: 1,
    idle_timeout: null,
    max_lifetime: null,
    fetch_types: false,
    connection: { ...sql.options.connection, application_name: 'tessera-merchant-cache' },
    onnotify: events.onnotify,
    onclose: events.onclose,
  };
  return postgres(options as unknown as postgres.Options<Record<string, postgres.PostgresType>>) as unknown as Sql;
}

export class ChangeListener {
  private state: 'listening' | 'connecting' | 'stopped' = 'connecting';
  /** Probes on their way, by payload: each is settled by its return, a timeout or a loss. */
  private readonly probes = new Map<string, (error?: Error) => void>();
  /** Ends the current attempt or listening period, with the reason. */
  private lost: ((reason: string) => void) | undefined;
  private readonly waiting = new Set<() => void>();
  private wake: (() => void) | undefined;
  private readonly running: Promise<void>;

  constructor(private readonly options: ChangeListenerOptions) {
    this.running = this.run();
  }

  /** True only while every notification committed since the last `onLost` has been delivered. */
  get listening(): boolean {
    return this.state === 'listening';
  }

  /** Resolves true once listening, false after `timeoutMs` (or when stopped). */
  whenListening(timeoutMs: number): Promise<boolean> {
    if (this.listening) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve(this.listening);
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiting.add(done);
    });
  }

  /**
   * Resolves once every change committed before the call has reached `onChange` (a probe's
   * return proves it), or once the listener has stopped trusting its connection (then `onLost` has
   * dropped everything). For whoever must know that the processes were told, as tests do.
   */
  async caughtUp(): Promise<void> {
    if (!this.listening) return;
    await this.probe().catch((error: unknown) => this.lose(`a probe failed: ${String(error)}`));
  }

  /** A getter, not a comparison, so that TypeScript does not narrow `state` across awaits. */
  private get stopped(): boolean {
    return this.state === 'stopped';
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.state = 'stopped';
    this.lose('stopped');
    this.wake?.();
    for (const done of [...this.waiting]) done();
    await this.running;
  }

  private async run(): Promise<void> {
    const { first, last } = this.options.retryMs ?? { first: 100, last: 5_000 };
    const connect = this.options.connect ?? ((events: ListenerEvents) => dedicatedConnection(this.options.sql, events));
    let retryMs = first;
    let reported = false;
    while (!this.stopped) {
      // Why this attempt ended, once it has: a close right after the probe came back must not
      // leave a dead connection trusted.
      let ended: string | undefined;
      const lost = new Promise<string>((resolve) => {
        this.lost = (reason) => {
          ended ??= reason;
          resolve(reason);
        };
      });
      // Events of a connection given up (its close comes when it is ended below) change nothing.
      let current = true;
      const connection = connect({
        onnotify: (channel, payload) => current && this.notified(channel, payload),
        onclose: () => current && this.lose('the listening connection closed'),
      });
      // A server that does not answer (a partition) must not hold the attempt forever.
      const giveUp = setTimeout(() => this.lose('listening took too long'), this.options.connectTimeoutMs ?? 10_000);
      let failure: unknown;
      const attempt = (async () => {
        await connection.unsafe(`listen "${this.options.channel.replaceAll('"', '""')}"`);
        await this.probe();
      })().then(
        () => 'listening' as const,
        (error: unknown) => {
          failure = error;
          return 'failed' as const;
        },
      );
      const outcome = await Promise.race([attempt, lost]);
      clearTimeout(giveUp);
      if (outcome === 'listening' && ended === undefined) {
        this.state = 'listening';
        retryMs = first;
        reported = false;
        this.options.log.info({ channel: this.options.channel }, 'merchant cache: listening for changes');
        for (const done of [...this.waiting]) done();
        const probing = setInterval(() => {
          this.probe().catch((error: unknown) => this.lose(`a probe failed: ${String(error)}`));
        }, this.options.probeEveryMs ?? 5_000);
        probing.unref();
        await lost;
        clearInterval(probing);
      } else if (!reported && !this.stopped) {
        // Where notifications never come back (a proxy that pools transactions, a database that
        // serves every client from one session without db/embedded-notifications.ts), this
        // repeats at the longest wait, and reads keep going to the database.
        this.options.log.warn(
          { channel: this.options.channel, err: failure ?? new Error(outcome) },
          'merchant cache: not listening for changes; reads go to the database until it is',
        );
        reported = true;
      }
      this.lost = undefined;
      current = false;
      await connection.end({ timeout: 0 }).catch(() => undefined);
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryMs);
        timer.unref();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
      retryMs = Math.min(retryMs * 2, last);
    }
  }

  /** Stops trusting the connection at once (the cache is dropped before this returns); the loop replaces it. */
  private lose(reason: string): void {
    if (this.state === 'listening') {
      this.state = 'connecting';
      this.options.log.warn({ channel: this.options.channel, reason }, 'merchant cache: stopped listening; cleared');
    }
    this.options.onLost();
    for (const settle of [...this.probes.values()]) settle(new Error(reason));
    this.lost?.(reason);
  }

  private notified(channel: string, payload: string): void {
    if (channel !== this.options.channel) return;
    if (payload.startsWith(PROBE_PREFIX)) {
      // Other processes' probes come here too: only ours are waited for.
      this.probes.get(payload)?.();
      return;
    }
    this.options.onChange(payload);
  }

  /**
   * Notifies the channel through the pool and waits for it on the listening connection. The server
   * delivers a listener's notifications in commit order, so its return proves that every change
   * committed before it has been delivered too.
   */
  private probe(): Promise<void> {
    const payload = `${PROBE_PREFIX}${randomUUID()}`;
    const timeoutMs = this.options.probeTimeoutMs ?? 2_000;
    return new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        this.probes.delete(payload);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => settle(new Error(`no probe back within ${timeoutMs} ms`)), timeoutMs);
      this.probes.set(payload, settle);
      this.options.sql`select pg_notify(${this.options.channel}, ${payload})`.catch((error: unknown) =>
        settle(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }
}
