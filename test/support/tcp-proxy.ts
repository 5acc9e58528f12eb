// A loopback TCP proxy a test controls, to make a server unreachable without touching it: while
// `partitioned`, no byte crosses in either direction, on open connections and new ones alike
// (what a network partition does: nothing is refused, everything waits); `heal()` lets everything
// through again, bytes held included, as TCP would once the network is back.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  url: (path?: string) => string;
  port: number;
  readonly partitioned: boolean;
  partition(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let partitioned = false;
  const pairs = new Set<{ client: Socket; upstream: Socket | undefined }>();
  const waiting: (() => void)[] = [];

  const connectUpstream = (pair: { client: Socket; upstream: Socket | undefined }) => {
    const upstream = createConnection(target);
    pair.upstream = upstream;
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    const end = () => {
      pair.client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    upstream.on('error', end);
    upstream.on('close', end);
    pair.client.on('close', end);
    if (partitioned) {
      pair.client.pause();
      upstream.pause();
    }
  };

  const server: Server = createServer((client) => {
    const pair = { client, upstream: undefined as Socket | undefined };
    pairs.add(pair);
    client.on('error', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (partitioned) {
      // Held: the upstream connection is made only once the network is back.
      client.pause();
      waiting.push(() => {
        if (!client.destroyed) {
          client.resume();
          connectUpstream(pair);
        }
      });
    } else connectUpstream(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('tcp proxy: unexpected address');
  const port = address.port;

  return {
    url: (path = '') => `127.0.0.1:${port}${path}`,
    port,
    get partitioned() {
      return partitioned;
    },
    partition() {
      partitioned = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream?.pause();
      }
    },
    heal() {
      partitioned = false;
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream?.resume();
      }
      for (const connect of waiting.splice(0)) connect();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream?.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
