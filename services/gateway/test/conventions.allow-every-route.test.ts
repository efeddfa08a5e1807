/**
 * Issue 26: WordPress sends `Allow` on every answer of a matched route, errors included, and an argument that does
 * not validate changes nothing in it: rest_send_allow_header runs only the permission callbacks, and the arguments'
 * own callbacks (is_event_slug, sanitize_post_statuses...) are not among them. Generated from the gateway's merged
 * index, as the fuzz suite is, so that a route added to any service is checked without editing this file: for every
 * route, anonymously and as an administrator, a request with one argument that does not validate is answered
 * `400 rest_invalid_param` with the same Allow as the request without it. The cases WordPress's comparison found
 * (a status the caller may not ask for, a by-slug name that is no event) are asserted with WordPress's values.
 */
import { basicFor, createUser, parseRouteKey, startSite, type Placeholder, type Site } from '@loom/testing';

jest.setTimeout(120_000);

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
}
interface IndexEndpoint {
  methods: string[];
  args?: Record<string, Schema>;
}

let site: Site;
let admin: Record<string, string>;
let routes: Record<string, { endpoints: IndexEndpoint[] }>;
const callers = () => ({ anonymous: {}, administrator: admin });

const call = async (method: string, path: string, headers: Record<string, string>) => {
  const r = await fetch(`${site.url}/rest${path}`, { method, headers });
  const text = await r.text();
  return { status: r.status, allow: r.headers.get('allow'), body: text ? (JSON.parse(text) as { code?: string }) : {} };
};

beforeAll(async () => {
  site = await startSite();
  const core = site.services['core-content'].url;
  admin = await basicFor(core, await createUser(core, 'administrator'));
  routes = ((await (await fetch(`${site.url}/rest/`)).json()) as { routes: typeof routes }).routes;
});
afterAll(() => site?.close());

/** Values tried for a path placeholder, in order: the first its pattern takes is used. */
// A template's `theme//slug` first: a parent without `//` is the item route's (WordPress's route order shadows it).
const PLACEHOLDER_VALUES = ['twentytwentythree//index', '1', 'loom', 'core/paragraph', 'a1'];
function fill(key: string): string | null {
  const shape = parseRouteKey(key);
  let path = '';
  for (const part of shape.parts) {
    if (typeof part === 'string') path += part;
    else {
      const value = PLACEHOLDER_VALUES.find((v) => (part as Placeholder).regex.test(v));
      if (value === undefined) return null;
      path += value;
    }
  }
  return path;
}

/** A query value the argument's schema refuses, or null when every string would do. */
function refused(schema: Schema): string | null {
  const types = ([] as string[]).concat(schema.type ?? []);
  if (schema.enum) return 'no-such-value';
  if (types.includes('string') || types.length === 0) {
    return schema.items?.enum ? 'no-such-value' : null;
  }
  if (types.includes('integer') || types.includes('number')) return 'not-a-number';
  if (types.includes('boolean')) return 'not-a-boolean';
  if (types.includes('array') && schema.items?.enum) return 'no-such-value';
  if (types.includes('array') && (schema.items?.type === 'integer' || schema.items?.type === 'number'))
    return 'not-a-number';
  // A word is no object (rest_is_object() takes only '' of the strings).
  if (types.includes('object')) return 'not-an-object';
  return null;
}

/** One query argument of an endpoint, with a value its schema refuses (path placeholders are the path's). */
function badArgument(key: string, e: IndexEndpoint): [string, string] | null {
  const placeholders = new Set(parseRouteKey(key).placeholders.map((p) => p.name));
  for (const [name, schema] of Object.entries(e.args ?? {})) {
    if (placeholders.has(name)) continue;
    const value = refused(schema);
    if (value !== null) return [name, value];
  }
  return null;
}

/** The endpoint to ask with a refused argument: GET where it has one, else the first whose arguments allow it. */
function target(key: string, endpoints: IndexEndpoint[]): { method: string; bad: [string, string] } | null {
  const ordered = [...endpoints].sort((a, b) => Number(b.methods.includes('GET')) - Number(a.methods.includes('GET')));
  for (const e of ordered) {
    const bad = badArgument(key, e);
    if (bad) return { method: e.methods.includes('GET') ? 'GET' : e.methods[0]!, bad };
  }
  return null;
}

test('every route of the index: an argument that does not validate leaves the caller’s Allow as it is', async () => {
  const checked: string[] = [];
  const unfilled: string[] = [];
  const skipped: string[] = [];
  const wrong: unknown[] = [];
  for (const [key, entry] of Object.entries(routes)) {
    const path = fill(key);
    if (path === null) {
      unfilled.push(key);
      continue;
    }
    const t = target(key, entry.endpoints);
    if (!t) {
      skipped.push(key);
      continue;
    }
    const { method, bad } = t;
    const sep = path.includes('?') ? '&' : '?';
    for (const [who, headers] of Object.entries(callers())) {
      // Without the argument: GET, or OPTIONS where that is the other method (the same checks, the same caller).
      const without = await call(method === 'GET' ? 'GET' : 'OPTIONS', path, headers);
      const withBad = await call(method, `${path}${sep}${bad[0]}=${bad[1]}`, headers);
      const seen = {
        route: key,
        who,
        arg: bad[0],
        status: withBad.status,
        code: withBad.body.code,
        allow: withBad.allow,
      };
      // Refused as invalid, or for a required argument left out: both before the permission checks.
      const refusedCode = ['rest_invalid_param', 'rest_missing_callback_param'].includes(seen.code ?? '');
      if (seen.status !== 400 || !refusedCode || seen.allow !== without.allow)
        wrong.push({ ...seen, without: without.allow });
      checked.push(`${who} ${method} ${key}`);
    }
  }
  expect(wrong).toEqual([]);
  // Every route's placeholders could be filled.
  expect(unfilled).toEqual([]);
  // Left out: the routes that declare no argument a value could fail (namespace roots, the feedback route...).
  expect(skipped.length).toBeLessThan(Object.keys(routes).length / 5);
  expect(checked.length).toBe(2 * (Object.keys(routes).length - skipped.length));
});

test('every collection of the index: an administrator’s Allow on a refused argument lists every method', async () => {
  let checked = 0;
  for (const [key, entry] of Object.entries(routes)) {
    if (parseRouteKey(key).placeholders.length) continue;
    const get = entry.endpoints.find((x) => x.methods.includes('GET'));
    const bad = get && badArgument(key, get);
    if (!bad) continue;
    const r = await call('GET', `${key}?${bad[0]}=${bad[1]}`, admin);
    // Creating a comment needs a post, which a list's arguments do not name: WordPress answers `Allow: GET` there too.
    const methods =
      key === '/core/v2/comments' ? 'GET' : [...new Set(entry.endpoints.flatMap((x) => x.methods))].join(', ');
    expect({ route: key, status: r.status, allow: r.allow }).toEqual({ route: key, status: 400, allow: methods });
    checked++;
  }
  expect(checked).toBeGreaterThan(20);
});

describe('what the comparison with WordPress found', () => {
  test('a status the caller may not list: 400 with the caller’s methods (WordPress: Allow: GET)', async () => {
    for (const path of ['/core/v2/posts?status=draft', '/core/v2/media?status=private', '/core/v2/pages?status=any']) {
      const r = await call('GET', path, {});
      expect({ path, status: r.status, code: r.body.code, allow: r.allow }).toEqual({
        path,
        status: 400,
        code: 'rest_invalid_param',
        allow: 'GET',
      });
    }
  });

  test('events by-slug naming no event: 400 with GET for anonymous, every method for an administrator', async () => {
    const draft = await fetch(`${site.url}/rest/events/v1/events`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Unpublished',
        status: 'draft',
        start_date: '2030-01-10 12:00',
        end_date: '2030-01-10 13:00',
      }),
    });
    expect(draft.status).toBe(201);
    // A draft has no slug yet (WordPress gives one on publishing): its title's slug names no event.
    for (const base of ['events', 'venues', 'organizers']) {
      const anon = await call('GET', `/events/v1/${base}/by-slug/unpublished`, {});
      expect([anon.status, anon.body.code, anon.allow]).toEqual([400, 'rest_invalid_param', 'GET']);
      const root = await call('GET', `/events/v1/${base}/by-slug/unpublished`, admin);
      // The plugin's registration order: GET, DELETE, then the update methods.
      expect([root.status, root.allow]).toEqual([400, 'GET, DELETE, POST, PUT, PATCH']);
    }
  });

  test('batch items: the same errors carry the same Allow', async () => {
    const core = site.services['core-content'].url;
    const batch = async (headers: Record<string, string>) => {
      const r = await fetch(`${site.url}/rest/batch/v1`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          requests: [
            { path: '/core/v2/posts', body: { title: 'x', status: 'nonsense' } },
            { path: '/core/v2/posts', body: { title: 'x' } },
            { method: 'DELETE', path: '/core/v2/tags/999999?force=true' },
          ],
        }),
      });
      expect(r.status).toBe(207);
      const { responses } = (await r.json()) as {
        responses: Array<{ status: number; body: { code: string }; headers: Record<string, string> }>;
      };
      return responses.map((x) => [x.status, x.body.code, x.headers.Allow]);
    };
    const editor = await basicFor(core, await createUser(core, 'editor'));
    expect((await batch(editor))[0]).toEqual([400, 'rest_invalid_param', 'GET, POST']);
    // Anonymous: the invalid item and the refused one both say what the caller may do; no term, no methods.
    expect(await batch({})).toEqual([
      [400, 'rest_invalid_param', 'GET'],
      [401, 'rest_cannot_create', 'GET'],
      [404, 'rest_term_invalid', undefined],
    ]);
  });
});
