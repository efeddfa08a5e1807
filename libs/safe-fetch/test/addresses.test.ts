/** Every address class the fetcher must refuse is refused, and ordinary public addresses are not. */
import { addressRange, refusedAddress } from '../src';

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:169.254.169.254', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['::7f00:1', 'ipv4Compatible'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['fec0::1', 'deprecatedSiteLocal'],
  ])('%s is %s, and refused', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(refusedAddress(address)).toEqual(expect.any(String));
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4007:80e::200e',
  ])('%s is a public unicast address', (address) => {
    expect(addressRange(address)).toBe('unicast');
    expect(refusedAddress(address)).toBeNull();
  });

  it('refuses what is not an address at all', () => {
    expect(refusedAddress('localhost')).toEqual(expect.any(String));
    expect(refusedAddress('127.1')).toEqual(expect.any(String));
  });
});
