import { AllowList, isPublicAddress } from '../../../adapters/http/address-policy';
import { pinnedLookup } from '../../../adapters/http/resolve-target';

describe('isPublicAddress', () => {
  test.each([
    '127.0.0.1',
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
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
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
