// Ports for servers that learn theirs before they listen (an api whose public URL names it, a
// process started with --port). A port is picked outside the kernel's ephemeral range: a port the
// kernel hands out for `listen(0)` comes from the range every outgoing connection takes its local
// port from, so between the pick and the server's own listen a database or gRPC connection could
// take it (a test suite's api once failed with EADDRINUSE so). Below that range, only another
// server can.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/** A range of ports, both ends included; empty when `high` is below `low`. */
export interface PortRange {
  low: number;
  high: number;
}

/** Linux's default, where /proc says nothing (another system). */
const DEFAULT_EPHEMERAL_RANGE: PortRange = { low: 32768, high: 60999 };
/** Below this, ports are the well-known and registered services'. */
const LOWEST_PICKED_PORT = 10000;
/** Candidates tried before leaving the choice to the kernel after all. */
const ATTEMPTS_PER_PORT = 50;

/** The kernel's range of local ports for outgoing connections and `listen(0)`. */
export function ephemeralPortRange(
  read: () => string = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'),
): PortRange {
  try {
    const [low, high] = read().trim().split(/\s+/).map(Number);
    if (low !== undefined && high !== undefined && Number.isInteger(low) && Number.isInteger(high) && low <= high)
      return { low, high };
  } catch {
    // No /proc: the default below.
  }
  return DEFAULT_EPHEMERAL_RANGE;
}

/** Where ports are picked: from LOWEST_PICKED_PORT up to the ephemeral range; empty when that range starts lower. */
export function pickedPortRange(ephemeral: PortRange = ephemeralPortRange()): PortRange {
  return { low: LOWEST_PICKED_PORT, high: ephemeral.low - 1 };
}

function listenOn(server: Server, host: string, port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(undefined);
      else reject(error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : undefined);
    });
  });
}

export function freePortOn(host: string): Promise<number> {
  return freePortsOn(host, 1).then(([port]) => port!);
}

/**
 * `count` ports free on `host`, all different, from `range` (the kernel's choice when it has none
 * free): each is held open until every one is bound.
 */
export async function freePortsOn(
  host: string,
  count: number,
  range: PortRange = pickedPortRange(),
): Promise<number[]> {
  const attempts = range.high >= range.low ? ATTEMPTS_PER_PORT : 0;
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      let port: number | undefined;
      for (let attempt = 0; port === undefined && attempt < attempts; attempt++) {
        const candidate = range.low + Math.floor(Math.random() * (range.high - range.low + 1));
        const server = createServer();
        port = await listenOn(server, host, candidate);
        if (port === undefined) server.close();
        else servers.push(server);
      }
      if (port === undefined) {
        // Nothing free below the ephemeral range: the kernel's choice, as before.
        const server = createServer();
        servers.push(server);
        port = await listenOn(server, host, 0);
        if (port === undefined) throw new Error(`no free port on ${host}`);
      }
      ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
