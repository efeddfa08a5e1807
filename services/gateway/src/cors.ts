/**
 * WordPress's rest_send_cors_headers: any Origin is echoed back, so browser clients on other sites can call the API
 * with their own authentication (an application password in `Authorization`). Credentials (the browser's cookies) are
 * allowed for the site's own origin only, where WordPress allows them for any: cookies never authenticate another
 * origin's request here (auth/cookie.ts), and no other origin may read what a signed-in browser's cookies would get.
 * We always send `Vary: Origin` (WordPress sends it on most responses) so shared caches never serve one origin's
 * answer to another.
 */
import type { IncomingHttpHeaders } from 'node:http';

export const CORS_METHODS = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';

/** WordPress passes the origin through sanitize_url ("null" from file:/data: pages stays as is). */
function sanitizeOrigin(origin: string): string {
  return origin === 'null' ? origin : origin.replace(/[^\x21-\x7e]/g, '');
}

/**
 * The CORS headers for a request (without Vary, which callers merge with what is already there); `siteOrigin`: the
 * site's origin (LOOM_BASE_URL's), the one allowed credentials.
 */
export function corsHeaders(headers: IncomingHttpHeaders, siteOrigin: string): Record<string, string> {
  const raw = headers.origin;
  const origin = typeof raw === 'string' ? sanitizeOrigin(raw) : '';
  if (!origin) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': CORS_METHODS,
    ...(origin === siteOrigin ? { 'Access-Control-Allow-Credentials': 'true' } : {}),
  };
}

/** `existing` Vary value with Origin added once. */
export function varyWithOrigin(existing: string | string[] | number | undefined): string {
  const parts = (Array.isArray(existing) ? existing.join(',') : String(existing ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.includes('*') || parts.some((p) => p.toLowerCase() === 'origin')) return parts.join(', ');
  return [...parts, 'Origin'].join(', ');
}
