/**
 * An answer of /rest in the face's terms: what the services and the gateway write in the spec's terms (URLs under
 * `{base}/rest`, namespace names) is rewritten to `{base}/wp-json` and WordPress's names, and nothing else is touched.
 * - A URL is a string that starts with the REST root (a `_links` href, `rest_url`, a Location), or a Link-header text
 *   naming such URLs (`<…>; rel="next"`, in an `_envelope`'s or a batch item's headers too). A URL written inside
 *   other text (a post's content) is the author's and stays as written.
 * - A name is the value of a `namespace` or `rest_namespace` field, of the index's `namespaces` list, or the default
 *   of a namespace root's `namespace` argument, as WordPress's answers carry them; a route key is a key of `routes`.
 *   A post titled "core/v2" stays so.
 */
import type { KitConfig } from '@loom/service-kit';
import { wordpressName, wordpressPath } from './names';

/** Fields whose value is a namespace name. */
const NAME_FIELDS = new Set(['namespace', 'rest_namespace']);

/** Headers whose value is one URL (Link's are in `<…>`). */
const URL_HEADERS = new Set(['location', 'content-location']);

export interface Translation {
  /** The face's root, `{base}/wp-json` (no trailing slash), as `restUrl` is /rest's. */
  readonly faceUrl: string;
  /** A string of an answer: a URL under the REST root, or Link-header text naming such URLs, in the face's terms. */
  text(s: string): string;
  /** A parsed JSON answer in the face's terms (a new value: the one given is left alone). */
  json(value: unknown): unknown;
  /** A JSON body in the face's terms; a body that is not JSON is returned as it is. */
  body(raw: Buffer): Buffer;
  /** A header's value in the face's terms (only the headers that carry URLs change). */
  header(name: string, value: string): string;
}

export function translation(config: Pick<KitConfig, 'baseUrl' | 'restUrl'>): Translation {
  const { restUrl } = config;
  const faceUrl = `${config.baseUrl}/wp-json`;

  const url = (s: string): string => {
    if (!s.startsWith(restUrl)) return s;
    const rest = s.slice(restUrl.length);
    return rest === '' || '/?#'.includes(rest[0]!) ? `${faceUrl}${wordpressPath(rest)}` : s;
  };
  const links = (s: string) => s.replace(/<([^<>]*)>/g, (_m, u: string) => `<${url(u)}>`);
  const text = (s: string): string => (s.startsWith(`<${restUrl}`) ? links(s) : url(s));

  /** `key`: the field the value is under; `parent`: the field its object is under. */
  const walk = (value: unknown, key: string | undefined, parent: string | undefined): unknown => {
    if (typeof value === 'string') {
      const isName = (key !== undefined && NAME_FIELDS.has(key)) || (key === 'default' && parent === 'namespace');
      return isName ? wordpressName(value) : text(value);
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, key === 'namespaces' ? 'namespace' : undefined, key));
    if (value === null || typeof value !== 'object') return value;
    // No prototype: a `__proto__` key of the answer stays a plain key here, never the object's prototype.
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(value)) out[key === 'routes' ? wordpressPath(k) : k] = walk(v, k, key);
    return out;
  };

  return {
    faceUrl,
    text,
    json: (value) => walk(value, undefined, undefined),
    body(raw) {
      try {
        return Buffer.from(JSON.stringify(walk(JSON.parse(raw.toString('utf8')), undefined, undefined)), 'utf8');
      } catch {
        // Not JSON, or nested deeper than the walk's stack allows: kept as it is rather than failing the answer.
        return raw;
      }
    },
    header(name, value) {
      const lower = name.toLowerCase();
      return lower === 'link' ? links(value) : URL_HEADERS.has(lower) ? url(value) : value;
    },
  };
}
