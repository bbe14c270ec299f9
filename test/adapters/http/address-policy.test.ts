import ipaddr from 'ipaddr.js';
import { AllowList, isPublicAddress } from '../../../adapters/http/address-policy';
import { parseTargetUrl, pinnedLookup, resolveTarget } from '../../../adapters/http/resolve-target';

/** IANA IPv4 Special-Purpose Address Registry, plus multicast (its own registry). */
const IPV4_SPECIAL = [
  '0.0.0.0/8',
  '0.0.0.0/32',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.0.0/29',
  '192.0.0.8/32',
  '192.0.0.9/32',
  '192.0.0.10/32',
  '192.0.0.170/32',
  '192.0.0.171/32',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24',
  '192.88.99.2/32',
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
];

/** IANA IPv6 Special-Purpose Address Registry, plus multicast, site-local and IPv4-compatible addresses. */
const IPV6_SPECIAL = [
  '::1/128',
  '::/128',
  '::/96',
  '::ffff:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '100:0:0:1::/64',
  '2001::/23',
  '2001::/32',
  '2001:1::1/128',
  '2001:1::2/128',
  '2001:1::3/128',
  '2001:2::/48',
  '2001:3::/32',
  '2001:4:112::/48',
  '2001:10::/28',
  '2001:20::/28',
  '2001:30::/28',
  '2001:db8::/32',
  '2002::/16',
  '2620:4f:8000::/48',
  '3fff::/20',
  '5f00::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];

/** The first and the last address of a network. */
function ends(cidr: string): [string, string] {
  const [network, prefix] = ipaddr.parseCIDR(cidr);
  const bytes = network.toByteArray();
  const hostBits = bytes.length * 8 - prefix;
  const first = bytes.map((b, i) => b & maskByte(i, prefix));
  const last = first.map((b, i) => b | (~maskByte(i, prefix) & 0xff));
  const format = (octets: number[]) => ipaddr.fromByteArray(octets).toString();
  return hostBits === 0 ? [format(first), format(first)] : [format(first), format(last)];
}

const maskByte = (index: number, prefix: number) =>
  (0xff << (8 - Math.min(8, Math.max(0, prefix - index * 8)))) & 0xff;

describe('isPublicAddress', () => {
  test.each([...IPV4_SPECIAL, ...IPV6_SPECIAL].flatMap((cidr) => ends(cidr).map((a) => [a, cidr])))(
    'refuses %s (special-purpose %s)',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  test.each([
    ['fe80::1%eth0', 'link-local with a zone'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:808:808::1', '6to4 of a public address: deprecated, a relay decides where it goes'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::808:808', 'IPv4-compatible public address (deprecated)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['4000::1', 'outside global unicast 2000::/3'],
    ['not-an-ip', 'not an address'],
    ['2130706433', 'an integer is not a canonical address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '192.0.3.1',
    '198.51.101.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('resolveTarget', () => {
  const refusal = (url: string) =>
    resolveTarget(parseTargetUrl(url), new AllowList([]), new AbortController().signal).then(
      () => 'allowed',
      (err: { code?: string }) => err.code,
    );

  test.each([
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://017700000001/',
    'http://0/',
    'http://169.254.169.254/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::169.254.169.254]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[::127.0.0.1]/',
    'http://[fe80::1]/',
    'http://192.0.2.1/',
    'http://198.51.100.7/',
    'http://203.0.113.9/',
    'http://[2001:db8::1]/',
  ])('refuses %s, whatever the spelling of the address', async (url) => {
    expect(await refusal(url)).toBe('blocked_address');
  });

  test('lets the development allowlist reach a loopback address in any spelling', async () => {
    const target = await resolveTarget(
      parseTargetUrl('http://0x7f.1:8080/x'),
      new AllowList(['127.0.0.1:8080']),
      new AbortController().signal,
    );
    expect(target).toMatchObject({ host: '127.0.0.1', port: 8080 });
  });
});

describe('AllowList', () => {
  const allow = new AllowList(['localhost', '127.0.0.1:8080', '10.0.0.0/8', '::1', '[::2]:81', ' ']);

  test('matches a host on any port, or on the one port it names', () => {
    expect([allow.allows('localhost', 1), allow.allows('LOCALHOST.', 2)]).toEqual([true, true]);
    expect([allow.allows('127.0.0.1', 8080), allow.allows('127.0.0.1', 8081)]).toEqual([true, false]);
    expect([allow.allows('::2', 81), allow.allows('[::2]', 81), allow.allows('::2', 82)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  test('matches addresses inside a CIDR and IPv6 literals in any spelling', () => {
    expect([allow.allows('10.200.0.1', 80), allow.allows('11.0.0.1', 80)]).toEqual([true, false]);
    expect(allow.allows('0:0:0:0:0:0:0:1', 80)).toBe(true);
  });
});

describe('pinnedLookup', () => {
  const lookup = pinnedLookup([
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ]);

  test('answers with every checked address when asked for all (autoSelectFamily)', () => {
    const callback = jest.fn();
    lookup('example.com', { all: true }, callback);
    expect(callback).toHaveBeenCalledWith(null, [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
  });

  test('answers with one checked address of the requested family', () => {
    const callback = jest.fn();
    lookup('example.com', { family: 6 }, callback);
    expect(callback).toHaveBeenCalledWith(null, '::1', 6);
  });
});
