import type { IncomingHttpHeaders } from 'node:http';
import { VALIDATE_ONLY_HEADER } from './dispatch';

/**
 * A GET whose answer the answer caches (core-content's and the gateway's, issue 17) may keep: no method override
 * (not even to GET), no validate-only header, no body. Callers add what they know of the method from the query.
 */
export function plainGet(method: string | undefined, h: IncomingHttpHeaders): boolean {
  if (method !== 'GET' || h['x-http-method-override'] !== undefined || h[VALIDATE_ONLY_HEADER] !== undefined)
    return false;
  return h['transfer-encoding'] === undefined && (h['content-length'] === undefined || h['content-length'] === '0');
}
