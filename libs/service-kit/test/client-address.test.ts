/** The client address the gateway signs for services: only a header signed with the secret, and fresh, counts. */
import { addressKey, signClientAddress, verifyClientAddress } from '../src/client-address';

const SECRET = 'secret-a';

test('a signed address verifies, IPv4 and IPv6', () => {
  for (const ip of ['203.0.113.7', '2001:db8::1', '::1'])
    expect(verifyClientAddress(signClientAddress(ip, SECRET), SECRET, 300)).toBe(ip);
});

test('another secret, a changed address, a stale or future header, or junk: null', () => {
  const now = Date.now();
  const header = signClientAddress('203.0.113.7', SECRET, now);
  expect(verifyClientAddress(header, 'secret-b', 300, now)).toBeNull();
  const [, iat, sig] = header.split('.');
  expect(
    verifyClientAddress(`${Buffer.from('198.51.100.1').toString('base64url')}.${iat}.${sig}`, SECRET, 300, now),
  ).toBeNull();
  expect(verifyClientAddress(header, SECRET, 300, now + 301_000)).toBeNull();
  expect(verifyClientAddress(signClientAddress('203.0.113.7', SECRET, now + 120_000), SECRET, 300, now)).toBeNull();
  for (const junk of [undefined, '', 'a.b', 'a.b.c.d', '..', `x.${iat}.`, 'MTI3LjAuMC4x.99999999999999999.abc'])
    expect(verifyClientAddress(junk, SECRET, 300, now)).toBeNull();
});

test('addressKey: IPv4 as is, IPv6 by its /64', () => {
  expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
  expect(addressKey('not an address')).toBe('not an address');
});
