/**
 * The authorize-application request (WordPress's authorize-application.php): `app_name`, `app_id`,
 * `success_url`, `reject_url`, validated as wp_is_authorize_application_password_request_valid and
 * wp_is_authorize_application_redirect_url_valid do, and WordPress's add_query_arg for the redirects.
 */

export interface AuthorizeParams {
  appName: string;
  appId: string;
  successUrl: string;
  rejectUrl: string;
}

/** PHP's `$_REQUEST`: the last of repeated keys wins; `app_name[]=x` is another key, not `app_name`. */
function last(source: URLSearchParams, key: string): string {
  const all = source.getAll(key);
  return all.length ? all[all.length - 1] : '';
}

export function readParams(source: URLSearchParams): AuthorizeParams {
  return {
    appName: last(source, 'app_name'),
    appId: last(source, 'app_id'),
    successUrl: last(source, 'success_url'),
    rejectUrl: last(source, 'reject_url'),
  };
}

/** The query string of the page for these parameters (empty ones left out). */
export function paramsQuery(p: AuthorizeParams): string {
  const q = new URLSearchParams();
  if (p.appName) q.set('app_name', p.appName);
  if (p.appId) q.set('app_id', p.appId);
  if (p.successUrl) q.set('success_url', p.successUrl);
  if (p.rejectUrl) q.set('reject_url', p.rejectUrl);
  return q.toString();
}

export const MESSAGES = {
  notAllowed: 'The Authorize Application request is not allowed.',
  nameRequired: 'An application name is required to create an application password.',
  invalidUrl: 'Invalid URL format.',
  insecureUrl: 'The URL must be served over a secure connection.',
  appIdUuid: 'The application ID must be a UUID.',
} as const;

/** wp_is_uuid() without a version: lowercase hex only, as WordPress's pattern. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** RFC 2396 §3.1 scheme, checked on the URL as given (so leading spaces or a missing scheme fail). */
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
const BAD_SCHEMES = new Set(['javascript', 'data']);
/** WordPress allows plain http to loopback addresses only (and everywhere in a 'local' environment). */
const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * wp_is_authorize_application_redirect_url_valid: a scheme and a host (so `myapp://callback` passes and
 * `myapp:callback` does not), never javascript: or data:, and http only to a loopback address.
 * We parse with the WHATWG parser browsers use, so the host we check is the host the browser will visit
 * (`http://evil.example\@127.0.0.1` is evil.example to a browser); and the scheme comparison is
 * case-insensitive, where WordPress's `'http' === $scheme` lets `HTTP://` through.
 */
export function redirectUrlError(url: string): string | null {
  if (!url) return null;
  if (!SCHEME.test(url)) return MESSAGES.invalidUrl;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return MESSAGES.invalidUrl;
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (!u.host || BAD_SCHEMES.has(scheme)) return MESSAGES.invalidUrl;
  if (scheme === 'http' && !LOOPBACK.has(u.hostname.toLowerCase())) return MESSAGES.insecureUrl;
  return null;
}

/** The messages wp_die shows after "The Authorize Application request is not allowed." (none: valid). */
export function validateParams(p: AuthorizeParams, opts: { requireName: boolean } = { requireName: true }): string[] {
  const errors: string[] = [];
  // WordPress only asks for a name when the password is created; a request without one can never succeed.
  // (A rejection needs none: the person may have cleared the field before saying no.)
  if (opts.requireName && !p.appName.trim()) errors.push(MESSAGES.nameRequired);
  for (const url of [p.successUrl, p.rejectUrl]) {
    const e = redirectUrlError(url);
    if (e) errors.push(e);
  }
  if (p.appId && !UUID.test(p.appId)) errors.push(MESSAGES.appIdUuid);
  return [...new Set(errors)];
}

/** PHP's urlencode(): everything but letters, digits and `-_.` percent-encoded, spaces as `+`. */
export function phpUrlencode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

function decodeKey(pair: string): string {
  const key = pair.split('=')[0];
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/**
 * add_query_arg($args, $url): the URL (as the browser will read it) with `args` set in its query,
 * replacing keys already there and keeping the rest and the fragment.
 */
export function addQueryArgs(url: string, args: Record<string, string>): string {
  const href = new URL(url).href;
  const hashAt = href.indexOf('#');
  const fragment = hashAt < 0 ? '' : href.slice(hashAt);
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const q = beforeHash.indexOf('?');
  const base = q < 0 ? beforeHash : beforeHash.slice(0, q);
  const kept = (q < 0 ? '' : beforeHash.slice(q + 1))
    .split('&')
    .filter((pair) => pair && !Object.hasOwn(args, decodeKey(pair)));
  const added = Object.entries(args).map(([k, v]) => `${phpUrlencode(k)}=${phpUrlencode(v)}`);
  return `${base}?${[...kept, ...added].join('&')}${fragment}`;
}

/**
 * Where a rejection goes (authorize-application.php): reject_url, else success_url, with `success=false`
 * added (WordPress 5.6 added it to reject_url too; later versions only to the success_url fallback; we keep
 * it on both so a client can always tell a rejection from an approval). Null when neither was given.
 */
export function rejectRedirect(p: AuthorizeParams): string | null {
  const target = p.rejectUrl || p.successUrl;
  return target ? addQueryArgs(target, { success: 'false' }) : null;
}
