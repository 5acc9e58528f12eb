// PGlite is one database session, and the socket server in front of it (db/embedded.ts) runs every
// client connection's messages through that session in turn. So a NOTIFY's NotificationResponse
// comes back on the connection whose transaction committed it, never on the connections that ran
// LISTEN: the api's merchant cache (db/cache/change-listener.ts) would never hear its probes, nor
// the changes another process makes (`npm run merchant:create`). This relay hands each
// notification to the connections that listen on its channel instead, as PostgreSQL itself would.
import type { PGlite } from '@electric-sql/pglite';

/** Writes protocol bytes to one client connection (its socket handler's; a no-op once it closed). */
type ConnectionWriter = (data: Uint8Array) => void;

/** Connections kept per channel: a closed one cannot be told apart, so the oldest go first. */
const LISTENERS_PER_CHANNEL = 64;

const QUERY = 0x51; // 'Q', a simple query
const PARSE = 0x50; // 'P', a statement of the extended protocol
const NOTIFICATION_RESPONSE = 0x41; // 'A'

/** The same database, its client connections' notifications delivered to their listeners. */
export function relayingNotifications(db: PGlite): PGlite {
  const listeners = new Map<string, ConnectionWriter[]>();
  const deliver = (notification: Uint8Array) => {
    for (const write of listeners.get(channelOf(notification)) ?? []) write(notification);
  };
  const relayed = async (message: Uint8Array, options: { syncToFs?: boolean; onRawData: ConnectionWriter }) => {
    const channel = listenedChannel(message);
    if (channel !== undefined) {
      const writers = listeners.get(channel) ?? [];
      writers.push(options.onRawData);
      listeners.set(channel, writers.slice(-LISTENERS_PER_CHANNEL));
    }
    const answer = new NotificationSplitter(deliver);
    await db.execProtocolRawStream(message, {
      ...options,
      onRawData: (data) => {
        const rest = answer.take(data);
        if (rest.length > 0) options.onRawData(rest);
      },
    });
    const unfinished = answer.unfinished();
    if (unfinished.length > 0) options.onRawData(unfinished);
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'execProtocolRawStream') return relayed;
      // The instance's own methods keep the instance as `this` (PGlite has private fields).
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The channel a client's LISTEN names, from its simple query or its statement; undefined otherwise. */
export function listenedChannel(message: Uint8Array): string | undefined {
  let textStart: number;
  if (message[0] === QUERY) textStart = 5;
  else if (message[0] === PARSE) textStart = message.indexOf(0, 5) + 1;
  else return undefined;
  if (textStart <= 0) return undefined;
  const textEnd = message.indexOf(0, textStart);
  const text = Buffer.from(message.subarray(textStart, textEnd < 0 ? message.length : textEnd)).toString('utf8');
  const match = /^\s*listen\s+(?:"((?:[^"]|"")+)"|([A-Za-z_][\w$]*))\s*;?\s*$/i.exec(text);
  if (!match) return undefined;
  // As PostgreSQL reads an identifier: quoted as written, unquoted in lower case.
  return match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]?.toLowerCase();
}

/** The channel of a NotificationResponse (type, length, the notifying process's id, then the channel). */
function channelOf(notification: Uint8Array): string {
  const end = notification.indexOf(0, 9);
  return Buffer.from(notification.subarray(9, end < 0 ? notification.length : end)).toString('utf8');
}

/**
 * Takes the notifications out of a connection's answer as it streams, whole messages at a time;
 * the rest passes through unchanged. A message cut between two chunks waits for the next one.
 */
export class NotificationSplitter {
  private pending: Uint8Array = new Uint8Array(0);

  constructor(private readonly onNotification: (message: Uint8Array) => void) {}

  /** What of `chunk` (after anything pending) goes on to the connection now. */
  take(chunk: Uint8Array): Uint8Array {
    const data = this.pending.length === 0 ? chunk : concat(this.pending, chunk);
    const passed: Uint8Array[] = [];
    let passedFrom = 0;
    let offset = 0;
    while (offset + 5 <= data.length) {
      const length = 1 + new DataView(data.buffer, data.byteOffset + offset + 1, 4).getInt32(0);
      // Not the protocol this reads: pass everything on as it is.
      if (length < 5) offset = data.length;
      else if (offset + length > data.length) break;
      else if (data[offset] === NOTIFICATION_RESPONSE) {
        passed.push(data.subarray(passedFrom, offset));
        this.onNotification(data.slice(offset, offset + length));
        passedFrom = offset += length;
      } else offset += length;
    }
    passed.push(data.subarray(passedFrom, offset));
    this.pending = data.slice(offset);
    const [only] = passed;
    return passed.length === 1 && only ? only : concat(...passed);
  }

  /** Bytes still held when the answer ended (none from a well-formed one). */
  unfinished(): Uint8Array {
    const rest = this.pending;
    this.pending = new Uint8Array(0);
    return rest;
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
