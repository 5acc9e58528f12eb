// Keeps a workflow's read model (db/projections.ts) in step with its state, at no cost to answers.
//
// In runs started before the patch 'no-local-activities' the write is a local activity, which holds
// the workflow task open: written while an Update's answer is pending, it would delay that answer
// by a database write and a worker round trip. Since then it is an activity, which delays nothing,
// but writing what the caller is about to write anyway would still be a second write. So the
// caller who gets the answer writes the read model from it (the API does, version-guarded), and
// the workflow writes only the changes nobody is about to be told of: partner notifications,
// polls, timers, compensations. A crash of the API between answer and write leaves the row behind
// until the next change or the next read through the workflow; the workflow stays the source of
// truth.
import { condition } from '@temporalio/workflow';

export class ReadModel {
  private covered = 0;
  private answersPending = 0;
  private closing = false;
  private readonly done: Promise<void>;

  /**
   * @param version the state's current version
   * @param write writes the current state (an activity)
   * @param options.hold true while somebody else will be told of the state and write it
   * @param options.written a version already written by whoever started the workflow
   */
  constructor(
    private readonly version: () => number,
    write: () => Promise<void>,
    options: { hold?: () => boolean; written?: number } = {},
  ) {
    const hold = options.hold ?? (() => false);
    this.covered = options.written ?? 0;
    this.done = (async () => {
      for (;;) {
        await condition(() => (this.version() > this.covered && this.answersPending === 0 && !hold()) || this.closing);
        if (this.version() > this.covered) {
          const writing = this.version();
          await write();
          this.covered = Math.max(this.covered, writing);
        }
        if (this.closing && this.covered >= this.version()) return;
      }
    })();
  }

  /** Runs an Update handler whose answer carries the state: its caller writes that version. */
  async answer<T>(handler: () => Promise<T> | T): Promise<T> {
    this.answersPending += 1;
    try {
      const result = await handler();
      this.answered();
      return result;
    } finally {
      this.answersPending -= 1;
    }
  }

  /** The current version was handed to somebody who writes it (an answer, a parent's reply). */
  answered(): void {
    this.covered = Math.max(this.covered, this.version());
  }

  /** Writes what is left, then resolves: before the workflow completes or continues as new. */
  async close(): Promise<void> {
    this.closing = true;
    await this.done;
  }
}
