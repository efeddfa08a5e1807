/**
 * The client's address, for throttling and for core-content's `last_ip`. It is the socket's peer unless
 * LOOM_TRUST_PROXY says how many proxies in front of us append to X-Forwarded-For (Express's
 * `trust proxy` hop count); with 0, a client cannot pick its own address with that header.
 */
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import proxyaddr from 'proxy-addr';

/** `req.ip` (which honours `trust proxy`), with IPv4-mapped IPv6 written as IPv4. */
export function clientIp(req: Request): string {
  return unmapped(req.ip ?? req.socket.remoteAddress ?? '');
}

/**
 * The same address for a request Express has not seen (the pipeline's authentication step): proxy-addr with the hop count,
 * as Express computes `req.ip` under a numeric `trust proxy`.
 */
export function clientIpOf(req: IncomingMessage, trustProxy: number): string {
  return unmapped(trustProxy > 0 ? proxyaddr(req, (_addr, i) => i < trustProxy) : (req.socket.remoteAddress ?? ''));
}

function unmapped(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/**
 * The key failures are counted under (an IPv6 address by its /64): shared with the services that count per client
 * (the forms' submission limit), so it lives in the kit.
 */
export { addressKey as throttleKey } from '@loom/service-kit';
