/**
 * WordPress's non-pretty permalink form: `/?rest_route=/core/v2/categories&per_page=5` is the same request
 * as `/rest/core/v2/categories?per_page=5`. Rewritten before routing, so the rest of the gateway (and the
 * service, whose pagination links are built from the query) sees one form only. With the /wp-json face on, a
 * route in WordPress's names goes there (`/?rest_route=/wp/v2/posts` is `/wp-json/wp/v2/posts`; wp-face/).
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

/** Which REST root a (decoded) route is under: `/rest`, or the face's. */
type RootOf = (route: string) => string;
const REST: RootOf = () => '/rest';

/** The `/rest/...` URL (or `rootOf`'s) for a request on `/` or `/index.php` with a non-empty rest_route, else null. */
export function restRouteUrl(url: string, rootOf: RootOf = REST): string | null {
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
  return `${rootOf(path)}${encoded}${others.length ? `?${others.join('&')}` : ''}`;
}

/** A pipeline step: the rewritten URL in the form the proxy forwards (request-target.ts). */
export const restRouteRewrite =
  (rootOf: RootOf = REST) =>
  (req: IncomingMessage, _res: ServerResponse, next: () => void): void => {
    const url = restRouteUrl(req.url ?? '', rootOf);
    if (url) req.url = forwardedTarget(url);
    next();
  };
