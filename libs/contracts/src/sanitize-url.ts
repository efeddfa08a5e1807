/**
 * sanitize_url() (esc_url_raw(): esc_url() in its 'db' context, WordPress 6.4's formatting.php and kses.php), as
 * WordPress stores URLs: characters a URL cannot hold dropped, spaces as %20, `http://` put before anything without
 * a colon that is not relative, brackets after the host encoded, and '' for a protocol outside
 * wp_allowed_protocols(). Strings are handled as PHP's byte functions would see ASCII; other characters are kept.
 */
import { phpTrim, WP_ALLOWED_PROTOCOLS } from './sanitize';

/** PHP's ltrim() (its default set, as phpTrim's). */
const ltrim = (s: string) => s.replace(/^[ \t\n\r\0\v]+/, '');
/** PHP 8's strtolower(): ASCII letters only. */
const lower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** _deep_replace(): removes each search string until none is left (so `%0%0dd` cannot rebuild one). */
export function deepReplace(search: string[], subject: string): string {
  let out = subject;
  for (let found = true; found;) {
    found = false;
    for (const s of search) {
      if (out.includes(s)) {
        found = true;
        out = out.split(s).join('');
      }
    }
  }
  return out;
}

/** wp_kses_no_null(): control characters and backslash-zero sequences out. */
const noNull = (s: string) =>
  // eslint-disable-next-line no-control-regex
  s.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '').replace(/\\+0+/g, '');

/** wp_kses_decode_entities(): numeric entities to their byte (chr()). */
const decodeEntities = (s: string) =>
  s
    .replace(/&#([0-9]+);/g, (_, n: string) => String.fromCharCode(Number(n) % 256))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_, h: string) => String.fromCharCode(parseInt(h, 16) % 256));

/** wp_kses_bad_protocol_once2(): the scheme with its colon when allowed, else ''. */
function checkedScheme(scheme: string, allowed: readonly string[]): string {
  const s = lower(noNull(decodeEntities(scheme).replace(/[ \t\n\v\f\r]/g, '')));
  return allowed.some((p) => lower(p) === s) ? `${s}:` : '';
}

/** wp_kses_bad_protocol_once(): the first scheme checked (a `feed:` one nests, at most twice). */
function badProtocolOnce(content: string, allowed: readonly string[], count = 1): string {
  const text = content.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const colon = /:|&#0*58;|&#x0*3a;|&colon;/i.exec(text);
  // A "scheme" holding `/?` is a path: preg_match( '%/\?%' ) looks for those two characters together.
  if (!colon || text.slice(0, colon.index).includes('/?')) return text;
  let rest = phpTrim(text.slice(colon.index + colon[0].length));
  const protocol = checkedScheme(text.slice(0, colon.index), allowed);
  if (protocol === 'feed:') {
    if (count > 2) return '';
    rest = badProtocolOnce(rest, allowed, count + 1);
    // PHP's empty(): '0' counts as empty too.
    if (rest === '' || rest === '0') return rest;
  }
  return protocol + rest;
}

/** wp_kses_bad_protocol(): checked until it stops changing (six times at most, else ''). */
function badProtocol(content: string, allowed: readonly string[]): string {
  let out = noNull(content);
  if (
    (out.startsWith('https://') && allowed.includes('https')) ||
    (out.startsWith('http://') && allowed.includes('http'))
  )
    return out;
  let previous: string;
  let iterations = 0;
  do {
    previous = out;
    out = badProtocolOnce(out, allowed);
  } while (previous !== out && ++iterations < 6);
  return previous !== out ? '' : out;
}

/** What esc_url() takes from wp_parse_url() to find where the host ends: scheme://user:pass@host:port. */
function frontOf(url: string): string {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1];
  const afterScheme = scheme === undefined ? url : url.slice(scheme.length + 1);
  let front = scheme !== undefined ? `${scheme}://` : url.startsWith('/') ? '//' : '';
  if (!afterScheme.startsWith('//')) return front;
  const authority = /^\/\/([^/?#]*)/.exec(afterScheme)![1]!;
  const at = authority.lastIndexOf('@');
  if (at >= 0) front += `${authority.slice(0, at)}@`;
  const hostPort = authority.slice(at + 1);
  const port = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  return front + (port ? port[1]! + (port[2] ? `:${port[2]}` : '') : hostPort);
}

export function sanitizeUrl(value: string): string {
  if (value === '') return value;
  let url = ltrim(value)
    .replace(/ /g, '%20')
    .replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi, '');
  if (url === '') return url;
  if (!/^mailto:/i.test(url)) url = deepReplace(['%0d', '%0a', '%0D', '%0A'], url);
  url = url.split(';//').join('://');
  // No scheme: http:// unless the URL is relative (/, #, ?) or names a PHP file.
  if (!url.includes(':') && !['/', '#', '?'].includes(url[0]!) && !/^[a-z0-9-]+?\.php/i.test(url))
    url = `http://${url}`;
  if (url.includes('[') || url.includes(']')) {
    const front = frontOf(url);
    const dirty = front === '' ? url : url.split(front).join('');
    if (dirty !== '') url = url.split(dirty).join(dirty.replace(/\[/g, '%5B').replace(/\]/g, '%5D'));
  }
  if (url[0] === '/') return url;
  // The checked URL, whose scheme is now lower-case; '' when the check changed more than case.
  const good = badProtocol(url, WP_ALLOWED_PROTOCOLS);
  return lower(good) === lower(url) ? good : '';
}
