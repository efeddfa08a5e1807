/**
 * WordPress's non-pretty permalink form: `/?rest_route=/core/v2/categories&per_page=5` is the same request
 * as `/rest/core/v2/categories?per_page=5`. Rewritten before routing, so the rest of the gateway (and the
 * service, whose pagination links are built from the query) sees one form only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forwardedTarget } from './request-target';

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** The `/rest/...` URL for a request on `/` or `/index.php` with a non-empty rest_route, else null. */
export function restRouteUrl(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const pathname = url.slice(0, q);
  if (pathname !== '/' && pathname !== '/index.php') return null;
  let route: string | undefined;
  const others: string[] = [];
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (key === 'rest_route')
      route = decode(eq < 0 ? '' : pair.slice(eq + 1)); // last one wins, as in PHP
    else if (pair) others.push(pair);
  }
  // An empty rest_route is not a REST request in WordPress either.
  if (!route) return null;
  // WordPress untrailingslashes the route; we also supply a missing leading slash.
  const path = (route.startsWith('/') ? route : `/${route}`).replace(/\/+$/, '') || '/';
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `/rest${encoded}${others.length ? `?${others.join('&')}` : ''}`;
}

/** A pipeline step: the rewritten URL in the form the proxy forwards (request-target.ts). */
export function restRouteRewrite(req: IncomingMessage, _res: ServerResponse, next: () => void): void {
  const url = restRouteUrl(req.url ?? '');
  if (url) req.url = forwardedTarget(url);
  next();
}
