import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicAddressLookup } from './outbound-addresses';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.5.6.7',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fd00::1',
    'fe80::1',
    '64:ff9b::a00:1',
    'localhost',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['1.1.1.1', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4007:80c::200e'])(
    'takes %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('publicAddressLookup', () => {
  it('fails the lookup of a name that resolves to a private address, in both forms a connection asks', async () => {
    for (const all of [true, false]) {
      const error = await new Promise<Error | null>((resolve) =>
        publicAddressLookup('localhost', { all }, (failure) => resolve(failure)),
      );
      expect(error?.name, `all: ${all}`).toBe('PrivateAddressError');
      expect(error?.message).toContain('not a public address');
    }
  });
});
