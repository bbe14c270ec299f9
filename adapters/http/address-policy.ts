import { BlockList, isIP, isIPv6 } from 'node:net';

/** Ranges no caller-supplied URL may reach: private, loopback, link-local, unique-local, CGNAT, multicast, reserved. */
const NON_PUBLIC_RANGES: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const nonPublic = new BlockList();
for (const [network, prefix, type] of NON_PUBLIC_RANGES) nonPublic.addSubnet(network, prefix, type);

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIPv6(address) ? 'ipv6' : 'ipv4');

/** Drops an IPv6 zone ("fe80::1%eth0") that BlockList does not parse. */
const withoutZone = (address: string): string => address.replace(/%.*$/, '');

/** True when the address may be reached from a caller-supplied URL. IPv4-mapped IPv6 (::ffff:7f00:1) is checked as IPv4 by BlockList. */
export function isPublicAddress(address: string): boolean {
  const bare = withoutZone(address);
  if (isIP(bare) === 0) return false;
  return !nonPublic.check(bare, familyOf(bare));
}

/**
 * Hosts, addresses and networks that development and tests may reach although they are not public
 * (config SAFE_FETCH_ALLOW_HOSTS). Entries: `localhost`, `127.0.0.1`, `127.0.0.1:8080`, `[::1]:8080`, `127.0.0.0/8`.
 */
export class AllowList {
  private readonly names = new Set<string>();
  private readonly networks = new BlockList();

  constructor(entries: readonly string[]) {
    for (const entry of entries.map((e) => e.trim()).filter(Boolean)) this.add(entry);
  }

  /** Whether `hostOrAddress` (a URL hostname or a resolved address) is allowed on `port`. */
  allows(hostOrAddress: string, port: number): boolean {
    const name = canonicalHost(hostOrAddress);
    if (this.names.has(name) || this.names.has(hostPort(name, port))) return true;
    const bare = withoutZone(name);
    return isIP(bare) !== 0 && this.networks.check(bare, familyOf(bare));
  }

  private add(entry: string): void {
    const slash = entry.indexOf('/');
    if (slash > 0) {
      const network = entry.slice(0, slash);
      this.networks.addSubnet(network, Number(entry.slice(slash + 1)), familyOf(network));
      return;
    }
    // A bare IPv6 literal has colons that would read as a port.
    const url = new URL(`http://${isIPv6(entry) ? `[${entry}]` : entry}`);
    const host = canonicalHost(url.hostname);
    this.names.add(url.port ? hostPort(host, Number(url.port)) : host);
  }
}

/** Lower case, no trailing dot, no IPv6 brackets; IP literals in the URL parser's canonical form. */
export function canonicalHost(hostname: string): string {
  const bare = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIPv6(withoutZone(bare))) return new URL(`http://[${withoutZone(bare)}]`).hostname.slice(1, -1);
  return bare;
}

const hostPort = (host: string, port: number): string =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
