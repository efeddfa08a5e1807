/**
 * The client's address, for throttling and for core-content's `last_ip`. It is the socket's peer unless
 * LOOM_TRUST_PROXY says how many proxies in front of us append to X-Forwarded-For (Express's
 * `trust proxy` hop count); with 0, a client cannot pick its own address with that header.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/** `req.ip` (which honours `trust proxy`), with IPv4-mapped IPv6 written as IPv4. */
export function clientIp(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6Groups(ip: string): number[] | null {
  const addr = ip.split('%')[0];
  if (!isIPv6(addr)) return null;
  const halves = addr.split('::');
  const parse = (part: string): number[] =>
    part
      ? part.split(':').flatMap((g) => (g.includes('.') ? ipv4Groups(g) : [parseInt(g, 16)]))
      : [];
  const head = parse(halves[0]);
  const tail = halves.length > 1 ? parse(halves[1]) : [];
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function ipv4Groups(ip: string): number[] {
  const [a, b, c, d] = ip.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

/**
 * The key failures are counted under: an IPv4 address as is, an IPv6 address by its /64 network (one
 * subscriber usually holds a whole /64, so counting single addresses would give them 2^64 budgets).
 */
export function throttleKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
