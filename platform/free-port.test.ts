import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePortOn, freePortsOn } from './free-port';

describe('freePortsOn', () => {
  it('gives ports that are all different and all free once it has answered', async () => {
    const ports = await freePortsOn('127.0.0.1', 8);
    expect(new Set(ports).size).toBe(8);
    for (const port of ports) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives one port for freePortOn', async () => {
    expect(await freePortOn('127.0.0.1')).toBeGreaterThan(0);
  });
});
