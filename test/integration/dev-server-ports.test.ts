// The embedded Temporal dev server on ports of its own choosing: a port that someone else binds
// between the pick and the server's bind costs a second try, not a failed test suite; a port the
// caller names is used as named.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePortOn } from '../../platform/free-port';
import { temporalBinary } from '../../temporal/binary';
import { startDevServer, type DevServer } from '../../temporal/dev-server';

const servers: DevServer[] = [];
const holders: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  for (const holder of holders.splice(0)) await new Promise((resolve) => holder.close(resolve));
});

async function heldPort(): Promise<number> {
  const holder = createServer();
  holders.push(holder);
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  if (typeof address !== 'object' || !address) throw new Error('the holder has no port');
  return address.port;
}

describe('the dev server’s ports', () => {
  it('starts again on other ports when the front-end’s port was taken after it was picked', async () => {
    const taken = await heldPort();
    const picked: number[] = [];
    const said: string[] = [];
    const server = await startDevServer({
      binary: temporalBinary(),
      headless: true,
      pickFreePort: async (ip) => {
        const port = picked.length === 0 ? taken : await freePortOn(ip);
        picked.push(port);
        return port;
      },
      log: (line) => said.push(line),
    });
    servers.push(server);

    expect(picked[0]).toBe(taken);
    expect(server.port).toBe(picked[1]);
    expect(server.address).toBe(`127.0.0.1:${picked[1]}`);
    expect(said.join('')).toMatch(/taken before it bound \(attempt 1\)/);
  });

  it('starts again when the UI’s port was taken, and serves the UI where it says', async () => {
    const taken = await heldPort();
    let picks = 0;
    const server = await startDevServer({
      binary: temporalBinary(),
      // The second pick is the first attempt's UI port.
      pickFreePort: async (ip) => (++picks === 2 ? taken : freePortOn(ip)),
    });
    servers.push(server);

    expect(picks).toBe(4);
    expect(server.uiUrl).not.toContain(`:${taken}`);
    const ui = await fetch(server.uiUrl!);
    expect(ui.status).toBe(200);
  });

  it('fails on a named port that is taken, without trying another', async () => {
    const taken = await heldPort();
    await expect(startDevServer({ binary: temporalBinary(), port: taken, headless: true })).rejects.toThrow(
      /address already in use/,
    );
  });
});
