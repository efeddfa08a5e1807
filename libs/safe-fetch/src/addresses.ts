/**
 * Which IP addresses a fetch may connect to: only global unicast ones. The special-purpose ranges come from
 * ipaddr.js (IANA's IPv4 and IPv6 special-purpose registries); every range it names other than `unicast` is
 * refused: private (10/8, 172.16/12, 192.168/16), loopback (127/8, ::1), link-local (169.254/16 with the cloud
 * metadata address, fe80::/10), CGNAT (100.64/10), unspecified (0/8, ::), multicast, broadcast, reserved and
 * documentation ranges, IPv6 unique-local (fc00::/7) and site-local, and every IPv6 form that carries an IPv4
 * address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4, Teredo), which could reach IPv4 hosts the IPv4
 * rules refuse. The deprecated IPv4-compatible form (::a.b.c.d) is refused too.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Human names of ipaddr.js's ranges, for error messages and logs. */
const NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT (100.64/10) address',
  private: 'a private address',
  reserved: 'a reserved address',
  as112: 'an AS112 address',
  amt: 'an AMT address',
  uniqueLocal: 'an IPv6 unique-local address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  ipv4Compatible: 'an IPv4-compatible IPv6 address',
  deprecatedSiteLocal: 'an IPv6 site-local address',
  discard: 'an IPv6 discard address',
  rfc6145: 'an IPv4-translated IPv6 address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  benchmarking: 'a benchmarking address',
  as112v6: 'an AS112 address',
  deprecatedOrchid: 'an ORCHID address',
  orchid2: 'an ORCHID address',
  droneRemoteIdProtocolEntityTags: 'a reserved address',
};

/** ::/96 (RFC 4291's deprecated IPv4-compatible addresses), which ipaddr.js counts as unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** The special range an address is in (`unicast` for an ordinary public address), or `invalid`. */
export function addressRange(address: string): string {
  const plain = address.replace(/^\[|\]$/g, '');
  if (isIP(plain) === 0) return 'invalid';
  const parsed = ipaddr.parse(plain);
  const range = parsed.range();
  if (range === 'unicast' && parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return range;
}

/** Why an address may not be connected to, or null when it may (a global unicast address). */
export function refusedAddress(address: string): string | null {
  const range = addressRange(address);
  if (range === 'unicast') return null;
  return NAMES[range] ?? `a special-purpose address (${range})`;
}
