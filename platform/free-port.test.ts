import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralPortRange, freePortOn, freePortsOn, pickedPortRange } from './free-port';

const listenAndClose = async (port: number) => {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  await new Promise((resolve) => server.close(resolve));
};

describe('freePortsOn', () => {
  it('gives ports that are all different and all free once it has answered', async () => {
    const ports = await freePortsOn('127.0.0.1', 8);
    expect(new Set(ports).size).toBe(8);
    for (const port of ports) await listenAndClose(port);
  });

  it('picks them below the range outgoing connections take their local ports from', async () => {
    const { low } = ephemeralPortRange();
    for (const port of await freePortsOn('127.0.0.1', 8)) {
      expect(port).toBeGreaterThanOrEqual(10000);
      expect(port).toBeLessThan(low);
    }
  });

  it('leaves the choice to the kernel when the range holds no port', async () => {
    const [port] = await freePortsOn('127.0.0.1', 1, { low: 1, high: 0 });
    expect(port).toBeGreaterThan(0);
    await listenAndClose(port!);
  });

  it('passes over a port that is taken', async () => {
    const taken = createServer();
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => {
        const address = taken.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    try {
      // A range of one taken port: every attempt fails, and the kernel chooses another.
      const [picked] = await freePortsOn('127.0.0.1', 1, { low: port, high: port });
      expect(picked).not.toBe(port);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('gives one port for freePortOn', async () => {
    expect(await freePortOn('127.0.0.1')).toBeGreaterThan(0);
  });
});

describe('the ranges', () => {
  it('reads the kernel’s ephemeral range, and Linux’s default without one', () => {
    expect(ephemeralPortRange(() => '32768\t60999\n')).toEqual({ low: 32768, high: 60999 });
    expect(ephemeralPortRange(() => '49152 65535')).toEqual({ low: 49152, high: 65535 });
    expect(ephemeralPortRange(() => 'garbage')).toEqual({ low: 32768, high: 60999 });
    expect(
      ephemeralPortRange(() => {
        throw new Error('no /proc');
      }),
    ).toEqual({ low: 32768, high: 60999 });
  });

  it('picks from 10000 up to the ephemeral range, and from nothing when that range starts lower', () => {
    expect(pickedPortRange({ low: 32768, high: 60999 })).toEqual({ low: 10000, high: 32767 });
    const none = pickedPortRange({ low: 1024, high: 65535 });
    expect(none.high).toBeLessThan(none.low);
  });
});
