/**
 * The client's address, forwarded by the gateway in a signed header (CLIENT_ADDRESS_HEADER): services that
 * count per client (the forms' submission rate limit) read it from here, never from X-Forwarded-For, which a
 * direct caller could write.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`loom-client:${payload}`).digest();

export function signClientAddress(ip: string, secret: string, now = Date.now()): string {
  const payload = `${Buffer.from(ip, 'utf8').toString('base64url')}.${Math.floor(now / 1000)}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The address, when the header is signed with `secret` and at most `maxAgeS` old; null otherwise. */
export function verifyClientAddress(
  header: string | undefined,
  secret: string,
  maxAgeS: number,
  now = Date.now(),
): string | null {
  const [ip, iat, sig, extra] = (header ?? '').split('.');
  if (!ip || !iat || !sig || extra !== undefined || !/^\d{1,12}$/.test(iat)) return null;
  const age = Math.floor(now / 1000) - Number(iat);
  if (age > maxAgeS || age < -60) return null;
  const expected = mac(secret, `${ip}.${iat}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const text = Buffer.from(ip, 'base64url').toString('utf8');
  return text.length > 0 && text.length <= 64 ? text : null;
}

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6Groups(ip: string): number[] | null {
  const addr = ip.split('%')[0];
  if (!isIPv6(addr)) return null;
  const halves = addr.split('::');
  const parse = (part: string): number[] =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ipv4Groups(g) : [parseInt(g, 16)])) : [];
  const head = parse(halves[0]);
  const tail = halves.length > 1 ? parse(halves[1]) : [];
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function ipv4Groups(ip: string): number[] {
  const [a, b, c, d] = ip.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

/**
 * The key a client is counted under (failed sign-ins, submissions): an IPv4 address as is, an IPv6 address by its
 * /64 network (one subscriber usually holds a whole /64, so counting single addresses would give them 2^64 budgets).
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
