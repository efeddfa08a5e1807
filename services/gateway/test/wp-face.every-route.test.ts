/**
 * Issue 27: every route answers under its WordPress name with the same status, headers and body as under /rest, once
 * the names are mapped. Generated from the gateway's merged index (as conventions.allow-every-route.test.ts is), so a
 * route added to any service is compared without editing this file: with content of every kind on the site, each
 * route's path is filled with an item of its own collection where there is one, then asked for (GET where it has
 * one, and OPTIONS) anonymously and as an administrator under both faces. The expected face answer is the /rest answer
 * with every /rest URL and namespace name replaced, as text; nothing may differ beyond that.
 */
import {
  basicFor,
  createUser,
  image,
  parseRouteKey,
  sampleMatching,
  startSite,
  type Placeholder,
  type Site,
} from '@loom/testing';

jest.setTimeout(300_000);

/** The spec's namespace names and WordPress's, as the issue lists them. */
const NAMES: Array<[string, string]> = [
  ['core/v2', 'wp/v2'],
  ['events/v1', 'tribe/events/v1'],
  ['formsA/v1', 'contact-form-7/v1'],
  ['formsB/v1', 'wpforms/v1'],
  ['site-health/v1', 'wp-site-health/v1'],
  ['block-editor/v1', 'wp-block-editor/v1'],
];

let site: Site;
let admin: Record<string, string>;
let routes: Record<string, { endpoints: Array<{ methods: string[] }> }>;

const send = (method: string, url: string, headers: Record<string, string>, body?: unknown) =>
  fetch(`${site.url}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function made(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await send('POST', `/rest${path}`, admin, body);
  const json = (await r.json()) as Record<string, unknown>;
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  site = await startSite();
  const core = site.services['core-content'].url;
  admin = await basicFor(core, await createUser(core, 'administrator'));
  // Content of every kind, so that item routes answer items (and their links) rather than 404s.
  const post = await made('/core/v2/posts', { title: 'Every route', content: 'First', status: 'publish' });
  await made(`/core/v2/posts/${post.id}`, { content: 'Second' }); // a revision
  await made(`/core/v2/posts/${post.id}/autosaves`, { content: 'Autosaved' });
  const page = await made('/core/v2/pages', { title: 'A page', status: 'publish' });
  await made(`/core/v2/pages/${page.id}`, { content: 'Edited' });
  await made('/core/v2/categories', { name: 'Every category' });
  await made('/core/v2/tags', { name: 'Every tag' });
  const menu = await made('/core/v2/menus', { name: 'Every menu' });
  await made('/core/v2/menu-items', { title: 'Home', url: 'https://example.com/', menus: menu.id, status: 'publish' });
  const block = await made('/core/v2/blocks', { title: 'A block', content: '<p>x</p>', status: 'publish' });
  await made(`/core/v2/blocks/${block.id}`, { content: '<p>y</p>' });
  await made('/core/v2/navigation', { title: 'A navigation', status: 'publish' });
  await made('/core/v2/pattern_category', { name: 'Every pattern category' });
  await made('/core/v2/templates', { slug: 'every-route', title: 'Every route', content: '<p>t</p>' });
  const upload = await fetch(`${site.url}/rest/core/v2/media`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="every.jpg"' },
    body: await image(40, 30),
  });
  expect(upload.status).toBe(201);
  await made('/events/v1/events', {
    title: 'Every event',
    status: 'publish',
    start_date: '2027-05-01 10:00:00',
    end_date: '2027-05-01 12:00:00',
    venue: { venue: 'Every venue' },
    organizer: { organizer: 'Every organizer' },
  });
  await made('/events/v1/categories', { name: 'Every event category' });
  await made('/events/v1/tags', { name: 'Every event tag' });
  await made('/formsA/v1/contact-forms', { title: 'Every form', form: '[text your-name] [submit]', context: 'save' });
  routes = ((await (await send('GET', '/rest/', {})).json()) as { routes: typeof routes }).routes;
}, 120_000);
afterAll(() => site?.close());

/** The items of the collection at `collection` (a list, or the events plugin's `{events: [...]}` and the like). */
const lists = new Map<string, Array<Record<string, unknown>>>();
async function listOf(collection: string): Promise<Array<Record<string, unknown>>> {
  let list = lists.get(collection);
  if (!list) {
    const r = await send('GET', `/rest${collection}?context=edit`, admin);
    const body = r.ok ? ((await r.json()) as unknown) : null;
    const found = Array.isArray(body) ? body : Object.values(body ?? {}).find(Array.isArray);
    lists.set(collection, (list = (found ?? []) as Array<Record<string, unknown>>));
  }
  return list;
}

/** Values of placeholders whose collection lists no items (descriptors are objects) or names another item. */
const NAMED: Record<string, string> = {
  user_id: 'me',
  type: 'post',
  status: 'publish',
  taxonomy: 'category',
  location: 'primary',
};
/** Values tried last, in order: a template's `theme//slug` first. */
const FALLBACKS = ['atelier//index', '1', 'core/paragraph', 'a1'];

/** The value of placeholder `p` after `path`: an item of its collection where there is one (by-slug: the slug). */
async function valueOf(path: string, p: Placeholder): Promise<string | null> {
  const named = NAMED[p.name];
  if (named !== undefined && p.regex.test(named)) return named;
  const first = (await listOf(path.replace(/\/$/, '').replace(/\/by-slug$/, '')))[0];
  const own = first?.[p.name === 'id' || p.name === 'parent' ? 'id' : p.name];
  if (own !== undefined && p.regex.test(String(own))) return String(own);
  return FALLBACKS.find((v) => p.regex.test(v)) ?? sampleMatching(p, { pick: (x) => x[0]!, int: (lo) => lo });
}

async function fill(key: string): Promise<string | null> {
  let path = '';
  for (const part of parseRouteKey(key).parts) {
    const value = typeof part === 'string' ? part : await valueOf(path, part);
    if (value === null) return null;
    path += value;
  }
  return path;
}

/** A /rest path or text in the face's terms, written out here (not the gateway's translation): URLs, then names. */
function inFace(text: string): string {
  let out = text;
  for (const [loom, wp] of NAMES) {
    out = out.split(`${site.url}/rest/${loom}`).join(`${site.url}/wp-json/${wp}`);
    out = out.split(`"/${loom}`).join(`"/${wp}`); // route keys
    out = out.split(`"${loom}"`).join(`"${wp}"`); // namespace, rest_namespace, the namespace argument's default
  }
  return out.split(`${site.url}/rest`).join(`${site.url}/wp-json`);
}
const facePath = (path: string) => {
  for (const [loom, wp] of NAMES)
    if (path === `/${loom}` || path.startsWith(`/${loom}/`)) return `/${wp}${path.slice(loom.length + 1)}`;
  return path;
};

/** The headers a client reads from an answer (per-request ones, such as Date and X-Request-Id, aside). */
const HEADERS = ['allow', 'link', 'location', 'x-wp-total', 'x-wp-totalpages', 'content-type', 'etag', 'x-tec-total'];

async function seen(method: string, url: string, headers: Record<string, string>) {
  const r = await send(method, url, headers);
  const text = await r.text();
  return {
    status: r.status,
    headers: Object.fromEntries(HEADERS.map((h) => [h, r.headers.get(h)])),
    body: text ? (JSON.parse(text) as unknown) : text,
    text,
  };
}

test('every route of the index answers the same under /wp-json as under /rest, names mapped', async () => {
  const callers = { anonymous: {}, administrator: admin };
  const unfilled: string[] = [];
  const different: unknown[] = [];
  let compared = 0;
  let items200 = 0;
  for (const [key, entry] of Object.entries(routes)) {
    const path = await fill(key);
    if (path === null) {
      unfilled.push(key);
      continue;
    }
    const methods = entry.endpoints.some((e) => e.methods.includes('GET')) ? ['GET', 'OPTIONS'] : ['OPTIONS'];
    for (const method of methods) {
      for (const [who, headers] of Object.entries(callers)) {
        const rest = await seen(method, `/rest${path}`, headers);
        const face = await seen(method, `/wp-json${facePath(path)}`, headers);
        const expected = JSON.parse(inFace(JSON.stringify({ ...rest, text: undefined })));
        const actual = { ...face, text: undefined };
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          different.push({ route: key, method, who, expected, actual });
        // Nothing of /rest is left in the face's answer.
        if (face.text.includes(`${site.url}/rest`)) different.push({ route: key, method, who, leftover: face.text });
        compared++;
        if (method === 'GET' && rest.status === 200 && /\(\?P</.test(key)) items200++;
      }
    }
  }
  expect(different).toEqual([]);
  expect(unfilled).toEqual([]);
  expect(compared).toBeGreaterThan(4 * Object.keys(routes).length * 0.8);
  // The comparison reached real items, not only 404s: most item routes answered one.
  expect(items200).toBeGreaterThan(50);
});

test('the index and its help context, as a whole', async () => {
  for (const query of ['', '?context=help']) {
    const rest = await seen('GET', `/rest/${query}`, {});
    const face = await seen('GET', `/wp-json/${query}`, {});
    expect(face.status).toBe(200);
    expect(face.body).toEqual(JSON.parse(inFace(rest.text)));
    expect(face.headers).toEqual(JSON.parse(inFace(JSON.stringify(rest.headers))));
  }
});
