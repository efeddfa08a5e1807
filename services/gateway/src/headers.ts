/** Small readings of a request or an answer that several parts of the gateway make alike. */
import type { IncomingMessage } from 'node:http';

/** The path of a request target, without its query (which may carry a post password). */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * A service's answer headers as name, value, name, value... in the service's own spelling of each name (its
 * rawHeaders), from the headers object as the gateway left it, without those in `skip` (lower-case names).
 */
export function headerPairs(answer: IncomingMessage, skip: ReadonlySet<string>): string[] {
  const names = new Map<string, string>();
  const raw = answer.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) names.set(raw[i]!.toLowerCase(), raw[i]!);
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(answer.headers)) {
    if (v === undefined || skip.has(k)) continue;
    for (const one of Array.isArray(v) ? v : [v]) pairs.push(names.get(k) ?? k, one);
  }
  return pairs;
}
