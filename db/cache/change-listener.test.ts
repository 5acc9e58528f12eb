import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from '../connection';
import { ChangeListener, type ListenerEvents } from './change-listener';

/**
 * A stand-in for PostgreSQL's notifications: connections that LISTEN receive what the pool
 * notifies, unless the server is set to drop them (a database that does not deliver them).
 */
function fakeServer() {
  const listeners = new Set<ListenerEvents>();
  const server = {
    listening: listeners,
    delivers: true,
    connections: 0,
    /** Every listening connection closes, as when the server ends them. */
    cut() {
      for (const events of [...listeners]) {
        listeners.delete(events);
        events.onclose();
      }
    },
    notify(payload: string) {
      if (!server.delivers) return;
      for (const events of listeners) setTimeout(() => events.onnotify('changes', payload), 1);
    },
    pool: ((_strings: TemplateStringsArray, _channel: string, payload: string) => {
      server.notify(payload);
      return Promise.resolve([]);
    }) as unknown as Sql,
    connect(events: ListenerEvents): Sql {
      server.connections += 1;
      let open = true;
      return {
        unsafe: async () => {
          if (open) listeners.add(events);
          return [];
        },
        end: async () => {
          open = false;
          listeners.delete(events);
        },
      } as unknown as Sql;
    },
  };
  return server;
}

const started: ChangeListener[] = [];
afterEach(async () => {
  for (const listener of started.splice(0)) await listener.stop();
});

function listen(server: ReturnType<typeof fakeServer>, seen: { changes: string[]; lost: number }) {
  const listener = new ChangeListener({
    sql: server.pool,
    channel: 'changes',
    onChange: (payload) => seen.changes.push(payload),
    onLost: () => (seen.lost += 1),
    log: { info: () => {}, warn: () => {} },
    probeEveryMs: 20,
    probeTimeoutMs: 50,
    retryMs: { first: 5, last: 20 },
    connect: (events) => server.connect(events),
  });
  started.push(listener);
  return listener;
}

describe('ChangeListener', () => {
  it('is trusted once its probe came back, and passes on every other notification', async () => {
    const server = fakeServer();
    const seen = { changes: [] as string[], lost: 0 };
    const listener = listen(server, seen);
    expect(listener.listening).toBe(false);
    expect(await listener.whenListening(1_000)).toBe(true);
    server.notify('entity-1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen.changes).toEqual(['entity-1']);
  });

  it('stops being trusted the moment its connection closes, drops everything, and listens again', async () => {
    const server = fakeServer();
    const seen = { changes: [] as string[], lost: 0 };
    const listener = listen(server, seen);
    expect(await listener.whenListening(1_000)).toBe(true);
    const lostBefore = seen.lost;
    server.cut();
    expect(listener.listening).toBe(false);
    expect(seen.lost).toBeGreaterThan(lostBefore);
    expect(await listener.whenListening(1_000)).toBe(true);
    expect(server.connections).toBeGreaterThanOrEqual(2);
  });

  it('stops being trusted when notifications stop arriving on a connection that stays open', async () => {
    const server = fakeServer();
    const seen = { changes: [] as string[], lost: 0 };
    const listener = listen(server, seen);
    expect(await listener.whenListening(1_000)).toBe(true);
    server.delivers = false;
    const deadline = Date.now() + 1_000;
    while (listener.listening && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(listener.listening).toBe(false);
    expect(seen.lost).toBeGreaterThan(0);
    server.delivers = true;
    expect(await listener.whenListening(1_000)).toBe(true);
  });

  it('is never trusted where notifications never come back', async () => {
    const server = fakeServer();
    server.delivers = false;
    const listener = listen(server, { changes: [], lost: 0 });
    expect(await listener.whenListening(300)).toBe(false);
    expect(server.connections).toBeGreaterThan(1);
  });

  it('does not trust a connection that closes in the same breath as its first probe comes back', async () => {
    const server = fakeServer();
    const seen = { changes: [] as string[], lost: 0 };
    const listener = listen(server, seen);
    // The first connection hears its probe and its own close in one go: not trusted.
    let first = true;
    server.notify = (payload: string) => {
      for (const events of [...server.listening]) {
        setTimeout(() => {
          events.onnotify('changes', payload);
          if (first) {
            first = false;
            server.cut();
          }
        }, 1);
      }
    };
    expect(await listener.whenListening(1_000)).toBe(true);
    expect(server.connections).toBeGreaterThanOrEqual(2);
    expect(seen.lost).toBeGreaterThan(0);
  });

  it('once stopped, is no longer trusted and opens nothing more', async () => {
    const server = fakeServer();
    const listener = listen(server, { changes: [], lost: 0 });
    expect(await listener.whenListening(1_000)).toBe(true);
    await listener.stop();
    expect(listener.listening).toBe(false);
    const connections = server.connections;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections).toBe(connections);
  });
});
