// PGlite is one database session, and the socket server in front of it (db/embedded.ts) queues
// its client connections' protocol messages one by one, keeping a connection's turn only while an
// explicit transaction is open. But the extended protocol postgres.js speaks is an exchange of
// several messages (Parse, Bind, Describe, Execute, then Sync) sharing the session's unnamed
// statement and portal and an implicit transaction until the Sync: another connection's message in
// between (its Bind, its Sync) drops or replaces them, and the first connection's Execute then runs
// nothing ('portal "" does not exist') or another's portal. This wrapper counts the session as in a
// transaction from an exchange's first message to its Sync, so the queue keeps the turn.
import type { PGlite } from '@electric-sql/pglite';

/** Messages that open or continue an exchange of the extended protocol (Close, Describe, Execute, Flush, Bind, Parse). */
const EXTENDED = new Set(['C', 'D', 'E', 'H', 'B', 'P'].map((type) => type.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

export function holdingExtendedExchanges(db: PGlite): PGlite {
  let exchangeOpen = false;
  const execProtocolRawStream: PGlite['execProtocolRawStream'] = async (message, options) => {
    const type = message[0];
    if (type !== undefined && EXTENDED.has(type)) exchangeOpen = true;
    try {
      return await db.execProtocolRawStream(message, options);
    } finally {
      if (type === SYNC) exchangeOpen = false;
    }
  };
  const exec: PGlite['exec'] = async (query, options) => {
    // The server rolls back for a connection that closed during its turn; an exchange it left open
    // is ended first, as PostgreSQL ends a closed connection's, or the session would skip the query.
    if (exchangeOpen) {
      await db.execProtocolRawStream(SYNC_MESSAGE, { onRawData: () => {} });
      exchangeOpen = false;
    }
    return db.exec(query, options);
  };
  const isInTransaction = () => exchangeOpen || db.isInTransaction();
  return new Proxy(db, {
    get(target, property) {
      if (property === 'execProtocolRawStream') return execProtocolRawStream;
      if (property === 'exec') return exec;
      if (property === 'isInTransaction') return isInTransaction;
      // The instance's own methods keep the instance as `this` (PGlite has private fields).
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
