/**
 * One reading of a request (issue 22). Every decision the gateway makes (write or read, cacheable, namespace, the
 * method override, rest_route, identity) must read the request its service receives. http-proxy forwards
 * `url.parse(target).path` joined to the target with repeated slashes folded: a fragment is dropped, backslashes
 * become slashes. So the gateway first puts the target in that forwarded form, and refuses with a 400 what could
 * still be read two ways:
 * - a fragment (no client sends one; dropped, `?_method=DELETE#` would be a write the gateway did not see);
 * - `_method` spelled any other way than once, plainly, as a word (percent-encoded, with brackets, repeated), or
 *   next to an X-HTTP-Method-Override header, or that header repeated or not a word;
 * - `rest_route` next to a path other than the site root, or repeated.
 */
import type { IncomingMessage } from 'node:http';
import { parse } from 'node:url';
import { wpError, type WpError } from '@loom/service-kit';

/** The path and query http-proxy sends upstream for `url` (common.setupOutgoing and urlJoin, target path `/`). */
export function forwardedTarget(url: string): string {
  const [path = '', ...queries] = (parse(url).path ?? '').split('?');
  const joined = `/${path}`.replace(/\/+/g, '/').replace('http:/', 'http://').replace('https:/', 'https://');
  return [joined, ...queries].join('?');
}

/** A query key as PHP and qs read it (`+` is a space; undecodable stays as it is). */
function decodeKey(raw: string): string {
  const plus = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

const WORD = /^[A-Za-z]+$/;

function refuse(why: string): WpError {
  return wpError('loom_ambiguous_request', { message: `The request can be read in more than one way: ${why}.` });
}

/**
 * Puts `req.url` in the form its service will receive, or returns the error to answer when the request could be
 * read differently by the gateway and by its service.
 */
export function settleRequestTarget(req: IncomingMessage): WpError | undefined {
  const url = req.url ?? '';
  if (url.includes('#')) return refuse('a request target has no fragment');
  if (!url.startsWith('/')) return refuse('the request target must be a path');
  const target = forwardedTarget(url);
  req.url = target;
  const q = target.indexOf('?');
  const pairs = q < 0 ? [] : target.slice(q + 1).split('&');
  const named = (name: string) => pairs.filter((p) => decodeKey(p.split('=', 1)[0]!).startsWith(name));

  const methods = named('_method');
  if (methods.length > 1 || (methods.length === 1 && !/^_method=[A-Za-z]+$/.test(methods[0]!))) {
    return refuse('_method must be given once, as a plain word');
  }
  const overrides = req.rawHeaders.filter((_, i) => i % 2 === 0 && _.toLowerCase() === 'x-http-method-override').length;
  const header = req.headers['x-http-method-override'];
  if (overrides > 1 || (header !== undefined && !WORD.test(header as string)))
    return refuse('X-HTTP-Method-Override must be given once, as a plain word');
  if (overrides && methods.length) return refuse('_method and X-HTTP-Method-Override are both given');

  const routes = named('rest_route');
  const path = q < 0 ? target : target.slice(0, q);
  if (routes.length > 1) return refuse('rest_route is given more than once');
  if (routes.length === 1 && (!routes[0]!.startsWith('rest_route=') || (path !== '/' && path !== '/index.php'))) {
    return refuse('rest_route is given next to a path');
  }
  return undefined;
}
