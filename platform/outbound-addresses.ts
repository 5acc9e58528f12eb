// Where a merchant's webhook may be delivered. A webhook's url is the merchant's to choose, so
// without a check it could make Tessera's workers POST into the network they run in: the cloud's
// metadata service (169.254.169.254), a database's HTTP port, an admin console on loopback.
// Production refuses every address that is not public (platform/config.ts
// webhookPrivateAddresses); the check runs on the address the connection is made to, after DNS,
// so a name that resolves to a private address (or is made to, between two lookups) is refused too.
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
// An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is checked against these IPv4 rules by BlockList.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64, likewise
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** Whether `address` is an IP address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} is at ${address}, not a public address: webhooks are delivered to public addresses only`);
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup for net.connect's `lookup` option, failing the connection when a resolved address is
 * not public. Connections ask for every address (`all`, to try both families) or for one.
 */
export function publicAddressLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new PrivateAddressError(hostname, 'no address'), []);
    return callback(null, first.address, first.family);
  });
}
