import { describe, expect, it } from 'vitest';
import { listenedChannel, NotificationSplitter } from './embedded-notifications';

/** One protocol message: its type, its length (itself included), its body. */
function message(type: string, ...fields: (string | number)[]): Uint8Array {
  const body = Buffer.concat(
    fields.map((field) => {
      if (typeof field === 'string') return Buffer.from(`${field}\0`, 'utf8');
      const int = Buffer.alloc(4);
      int.writeInt32BE(field);
      return int;
    }),
  );
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return new Uint8Array(Buffer.concat([header, body]));
}

const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe("the embedded database's notification relay", () => {
  it('takes the channel a LISTEN names, from a simple query or a statement, as PostgreSQL reads it', () => {
    expect(listenedChannel(message('Q', 'LISTEN merchant_changes'))).toBe('merchant_changes');
    expect(listenedChannel(message('Q', ' listen Merchant_Changes; '))).toBe('merchant_changes');
    expect(listenedChannel(message('P', '', 'listen "Merchant ""changes"""', 0))).toBe('Merchant "changes"');
    expect(listenedChannel(message('P', 'named', 'listen "tessera_merchant_changes"', 0))).toBe(
      'tessera_merchant_changes',
    );
    expect(listenedChannel(message('Q', "select pg_notify('merchant_changes', 'x')"))).toBeUndefined();
    expect(listenedChannel(message('Q', 'unlisten merchant_changes'))).toBeUndefined();
    expect(listenedChannel(message('E', '', 0))).toBeUndefined();
  });

  it('takes the notifications out of an answer, whole, and passes everything else on unchanged', () => {
    const rowDescription = message('T', 'row');
    const notification = message('A', 4242, 'merchant_changes', 'entity:1');
    const commandComplete = message('C', 'SELECT 1');
    const ready = message('Z', 'I');
    const answer = join(rowDescription, notification, commandComplete, ready);

    const notified: Uint8Array[] = [];
    const passed = new NotificationSplitter((one) => notified.push(one)).take(answer);
    expect(notified).toEqual([notification]);
    expect(passed).toEqual(join(rowDescription, commandComplete, ready));
  });

  it('holds a message cut between two chunks until its end arrives', () => {
    const notification = message('A', 7, 'merchant_changes', 'probe:1');
    const commandComplete = message('C', 'SELECT 1');
    const answer = join(commandComplete, notification, commandComplete);
    for (let cut = 1; cut < answer.length; cut++) {
      const notified: Uint8Array[] = [];
      const splitter = new NotificationSplitter((one) => notified.push(one));
      const passed = join(splitter.take(answer.subarray(0, cut)), splitter.take(answer.subarray(cut)));
      expect(notified, `cut at ${cut}`).toEqual([notification]);
      expect(passed, `cut at ${cut}`).toEqual(join(commandComplete, commandComplete));
      expect(splitter.unfinished()).toHaveLength(0);
    }
  });

  it('passes on what is not the protocol it reads rather than holding it', () => {
    const garbage = new Uint8Array([0x41, 0, 0, 0, 1, 9, 9]);
    const splitter = new NotificationSplitter(() => {
      throw new Error('not a notification');
    });
    expect(splitter.take(garbage)).toEqual(garbage);
    expect(splitter.unfinished()).toHaveLength(0);
  });
});
