/**
 * The names of the `/wp-json` face (issue 27): each namespace of the spec under the name WordPress and the plugins
 * give it, and the translation of REST paths between the two. The routes under a namespace keep their paths, so a
 * namespace's name is all that differs; `/` (the index) and `/batch/v1` are the same in both.
 */
import type { Namespace } from '@loom/contracts';
import { matchNamespace } from '../upstreams';

/** Every namespace's WordPress name: a namespace added to the spec does not compile until it has one here. */
export const WORDPRESS_NAMES: Readonly<Record<Namespace, string>> = {
  'oembed/1.0': 'oembed/1.0',
  'formsA/v1': 'contact-form-7/v1',
  'events/v1': 'tribe/events/v1',
  'formsB/v1': 'wpforms/v1',
  'core/v2': 'wp/v2',
  'site-health/v1': 'wp-site-health/v1',
  'block-editor/v1': 'wp-block-editor/v1',
};

const LOOM_NAMES = Object.keys(WORDPRESS_NAMES) as Namespace[];
// Longest first, so that a name that prefixes another (none today) never shadows it.
const LOOM_BY_LENGTH = [...LOOM_NAMES].sort((a, b) => b.length - a.length);
const WORDPRESS_BY_LENGTH = LOOM_NAMES.map((ns) => [WORDPRESS_NAMES[ns], ns] as const).sort(
  (a, b) => b[0].length - a[0].length,
);

/** The WordPress name of a namespace name of the spec; any other string is not a name and stays as it is. */
export function wordpressName(name: string): string {
  return Object.hasOwn(WORDPRESS_NAMES, name) ? WORDPRESS_NAMES[name as Namespace] : name;
}

/** Whether `rest` (what follows a name in a path) ends the name: nothing, or a path, query or fragment. */
const endsName = (rest: string) => rest === '' || rest[0] === '/' || rest[0] === '?' || rest[0] === '#';

/**
 * A REST path in the spec's names (`/core/v2/posts/5?x`, a route key, `/`) in WordPress's (`/wp/v2/posts/5?x`):
 * the namespace it starts with is renamed, the rest is kept byte for byte.
 */
export function wordpressPath(path: string): string {
  for (const ns of LOOM_BY_LENGTH) {
    if (path.startsWith(`/${ns}`) && endsName(path.slice(ns.length + 1)))
      return `/${WORDPRESS_NAMES[ns]}${path.slice(ns.length + 1)}`;
  }
  return path;
}

/** Where in `raw` its decoded text `prefix` ends (a percent-escape reads as its character), or -1 when it does not start so. */
function rawEnd(raw: string, prefix: string): number {
  let i = 0;
  for (const c of prefix) {
    const escape = raw[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3));
    const read = escape ? String.fromCharCode(parseInt(raw.slice(i + 1, i + 3), 16)) : raw[i];
    if (read !== c) return -1;
    i += escape ? 3 : 1;
  }
  return i;
}

/** Whether the raw text after a name ends it once decoded (as /rest reads paths): nothing, a path or a query. */
const rawEndsName = (rest: string) => rest === '' || rest[0] === '/' || rest[0] === '?' || /^%2f/i.test(rest);

/**
 * A request target under the face's root (`/wp/v2/posts?x`, as sent: percent-escapes and all) in the spec's names
 * (`/core/v2/posts?x`), read as /rest reads its own: a name may be percent-encoded, as WordPress and /rest both decode
 * a path before routing it, and only the name is rewritten (the rest is forwarded as it came). `/` and `/batch/v1`
 * are the same in both. Null for any other name, the spec's own included: not a route of this face (rest_no_route).
 */
export function loomTarget(target: string): string | null {
  for (const [wordpress, ns] of WORDPRESS_BY_LENGTH) {
    const end = rawEnd(target, `/${wordpress}`);
    if (end >= 0 && rawEndsName(target.slice(end))) return `/${ns}${target.slice(end)}`;
  }
  if (target === '' || target === '/' || target.startsWith('/?')) return target || '/';
  const batch = rawEnd(target, '/batch/v1');
  return batch >= 0 && rawEndsName(target.slice(batch)) ? target : null;
}

/**
 * Whether a `?rest_route=` route (decoded) is the face's: any route but one under a namespace name of the spec that
 * WordPress names otherwise (`/core/v2/...` keeps reaching /rest). rest_route is WordPress's own form, so the names
 * both share (`/`, `/batch/v1`, `oembed/1.0`) are WordPress's there: a WordPress client's batch of `/wp/v2` paths works.
 */
export function isFaceRoute(route: string): boolean {
  const ns = matchNamespace(route)?.namespace;
  return !ns || WORDPRESS_NAMES[ns] === ns;
}
