/**
 * Prototype pollution, seen from outside: a few answers that do not depend on what the fuzz wrote (descriptors,
 * namespace indexes, errors, the root user) are taken before and after the run and compared by shape (header
 * names and the key paths of the body); a property planted on Object.prototype shows up as an extra header
 * (Express copies inherited properties into headers) or an extra key. The marker must appear nowhere.
 */
import { call } from './client';
import { basic, type Site } from './site';
import { POLLUTION_MARKER } from './values';

export interface Probe {
  name: string;
  status: number;
  headers: string[];
  keys: string[];
  text: string;
}

/** Header names that legitimately vary between two identical requests. */
const VOLATILE_HEADERS = new Set(['date', 'keep-alive', 'connection', 'content-length', 'etag']);

/** Key paths of a JSON value; array items merged under `[]`; keys that are data (route keys, ids) kept too. */
function keyPaths(v: unknown, prefix = '', out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 8 || !v || typeof v !== 'object') return out;
  if (Array.isArray(v)) {
    for (const item of v) keyPaths(item, `${prefix}[]`, out, depth + 1);
    return out;
  }
  for (const [k, sub] of Object.entries(v)) {
    out.add(`${prefix}.${k}`);
    keyPaths(sub, `${prefix}.${k}`, out, depth + 1);
  }
  return out;
}

export async function takeProbes(port: number, site: Site): Promise<Probe[]> {
  const root = { authorization: basic(site.root) };
  const m = POLLUTION_MARKER;
  const probes: Array<[string, string, string, Record<string, string>, unknown?]> = [
    ['index', 'GET', '/rest/', {}],
    ['post type, _fields and _envelope', 'GET', `/rest/core/v2/types/post?_envelope&_fields=slug,name,${m},x,call`, {}],
    ['statuses as root', 'GET', '/rest/core/v2/statuses?context=edit', root],
    ['taxonomy', 'GET', `/rest/core/v2/taxonomies/category?_fields=${m},slug`, {}],
    [
      'root user, edit context',
      'GET',
      `/rest/core/v2/users/${site.root.id}?context=edit&_fields=id,username,roles,${m}`,
      root,
    ],
    ['events namespace', 'GET', '/rest/events/v1', {}],
    ['events 404', 'GET', '/rest/events/v1/categories/999999999', {}],
    ['forms namespaces', 'GET', '/rest/formsA/v1', {}],
    ['formsB', 'GET', '/rest/formsB/v1', {}],
    ['oembed namespace', 'GET', '/rest/oembed/1.0', {}],
    ['no route', 'GET', `/rest/loom-fuzz-nothing?${m}=1`, {}],
    ['OPTIONS', 'OPTIONS', '/rest/core/v2/categories', {}],
    ['bad parameter', 'GET', '/rest/core/v2/posts?per_page=abc', {}],
    [
      'batch',
      'POST',
      '/rest/batch/v1',
      root,
      { requests: [{ path: '/core/v2/types' }, { method: 'DELETE', path: '/core/v2/loom-fuzz-nothing' }] },
    ],
  ];
  const out: Probe[] = [];
  for (const [name, method, path, headers, json] of probes) {
    const r = await call(port, method, path, headers, json);
    out.push({
      name,
      status: r.status,
      headers: Object.keys(r.headers)
        .filter((h) => !VOLATILE_HEADERS.has(h))
        .sort(),
      keys: [...keyPaths(r.body)].sort(),
      text: typeof r.body === 'string' ? r.body : JSON.stringify(r.body),
    });
  }
  return out;
}

/** What differs between the probes taken before and after the run, and any sight of the marker. */
export function compareProbes(before: Probe[], after: Probe[]): string[] {
  const problems: string[] = [];
  const diff = (a: string[], b: string[]) => ({
    added: b.filter((x) => !a.includes(x)),
    removed: a.filter((x) => !b.includes(x)),
  });
  for (const [i, b] of before.entries()) {
    const a = after[i]!;
    if (a.status !== b.status) problems.push(`${b.name}: status ${b.status} before, ${a.status} after`);
    const h = diff(b.headers, a.headers);
    if (h.added.length || h.removed.length)
      problems.push(`${b.name}: headers added ${JSON.stringify(h.added)}, removed ${JSON.stringify(h.removed)}`);
    const k = diff(b.keys, a.keys);
    if (k.added.length || k.removed.length)
      problems.push(
        `${b.name}: body keys added ${JSON.stringify(k.added.slice(0, 10))}, removed ${JSON.stringify(k.removed.slice(0, 10))}`,
      );
    if (`${a.headers.join(' ')} ${a.text}`.toLowerCase().includes(POLLUTION_MARKER.toLowerCase()))
      problems.push(`${b.name}: the pollution marker ${POLLUTION_MARKER} is in the answer`);
  }
  return problems;
}
