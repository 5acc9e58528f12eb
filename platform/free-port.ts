import { createServer, type Server } from 'node:net';

export function freePortOn(host: string): Promise<number> {
  return freePortsOn(host, 1).then(([port]) => port!);
}

/** `count` ports free on `host`, all different: each is held open until every one is bound. */
export async function freePortsOn(host: string, count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, host, () => {
            const address = server.address();
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
