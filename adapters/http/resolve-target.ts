import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { AllowList, canonicalHost, isPublicAddress } from './address-policy';
import { SafeFetchError } from './safe-fetch-error';

/** A URL that passed every check, with the addresses the connection is pinned to. */
export interface CheckedTarget {
  url: URL;
  host: string;
  port: number;
  addresses: LookupAddress[];
}

/** Refuses what no outbound request may use: other schemes and credentials in the URL. */
export function parseTargetUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new SafeFetchError('invalid_url', 'invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError(
      'invalid_url',
      `invalid URL (only http and https are allowed, not ${url.protocol.slice(0, -1)})`,
    );
  }
  if (url.username || url.password)
    throw new SafeFetchError('invalid_url', 'invalid URL (credentials are not allowed)');
  return url;
}

/**
 * 1. Resolves the URL's host (an IP literal resolves to itself).
 * 2. Refuses the target unless the host is allowlisted or every resolved address is public or allowlisted:
 *    one private answer among public ones is enough to refuse, since the connection could pick it.
 */
export async function resolveTarget(url: URL, allow: AllowList, signal: AbortSignal): Promise<CheckedTarget> {
  const host = canonicalHost(url.hostname);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const addresses = await resolve(host, signal);
  if (!allow.allows(host, port)) {
    const refused = addresses.some((a) => !isPublicAddress(a.address) && !allow.allows(a.address, port));
    if (refused) throw new SafeFetchError('blocked_address', 'private address refused');
  }
  return { url, host, port, addresses };
}

/** dns.lookup cannot be cancelled, so a deadline stops the wait for it instead. */
async function resolve(host: string, signal: AbortSignal): Promise<LookupAddress[]> {
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family }];
  const addresses = await new Promise<LookupAddress[]>((done, fail) => {
    signal.addEventListener('abort', () => fail(new SafeFetchError('timeout', 'timed out')), { once: true });
    dnsLookup(host, { all: true }, (err, found) =>
      err ? fail(new SafeFetchError('network', 'unreachable (host not found)', { cause: err })) : done(found),
    );
  });
  if (addresses.length === 0) throw new SafeFetchError('network', 'unreachable (host not found)');
  return addresses;
}

/**
 * A `lookup` for node:net that answers only with the checked addresses, so the socket connects to what was
 * checked and a second DNS answer cannot differ (no rebinding gap). Node 20 asks with `all: true` when
 * autoSelectFamily is on (the default), and for a single address otherwise.
 */
export function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    if (usable.length === 0) {
      callback(Object.assign(new Error('no checked address for this family'), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, usable);
    } else {
      callback(null, usable[0].address, usable[0].family);
    }
  };
}
