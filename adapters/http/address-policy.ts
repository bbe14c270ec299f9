import { BlockList, isIP, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** IPv6 global unicast (RFC 4291): everything outside it is unassigned, reserved or local. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** The NAT64 well-known prefix (RFC 6052): DNS64 networks answer every IPv4-only host inside it. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * True when a caller-supplied URL may reach the address. The special-purpose registries are ipaddr.js's
 * `range()` (issue 12 item 10: a hand-written list missed NAT64, 6to4, documentation and benchmark ranges):
 * 1. anything that is not an IP literal in canonical form is refused;
 * 2. IPv4: only the `unicast` range is public (private, loopback, link-local, CGNAT, documentation,
 *    benchmarking, multicast, reserved, broadcast and the rest are not);
 * 3. IPv6 that carries an IPv4 address a connection would reach (IPv4-mapped ::ffff:0:0/96, NAT64
 *    64:ff9b::/96) is judged by that IPv4 address;
 * 4. other IPv6: only `unicast` inside 2000::/3 is public. This refuses 6to4, Teredo, IPv4-compatible
 *    (::/96), NAT64 local-use, documentation, ORCHID, discard, unique- and link-local and multicast: the
 *    transition formats are deprecated and a relay or local router could take them anywhere.
 */
export function isPublicAddress(address: string): boolean {
  const bare = withoutZone(address);
  if (isIP(bare) === 0) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** The IPv4 address an IPv4-mapped or NAT64 (well-known prefix) address stands for. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.isIPv4MappedAddress() || address.match(NAT64_WELL_KNOWN)) {
    const bytes = address.toByteArray();
    return new ipaddr.IPv4(bytes.slice(12));
  }
  return undefined;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIPv6(address) ? 'ipv6' : 'ipv4');

/** Drops an IPv6 zone ("fe80::1%eth0") that BlockList does not parse. */
const withoutZone = (address: string): string => address.replace(/%.*$/, '');

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
