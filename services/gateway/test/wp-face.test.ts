/**
 * Issue 27: the `/wp-json` face, the same API under WordPress's root and namespace names, against the whole site
 * (startSite: every service behind the gateway, all on the site's address). What a WordPress client sees: the index
 * in WordPress's names and patterns, links and Location under /wp-json, events' rest_url and page links, a batch of
 * wp/v2 paths, OPTIONS and context=help, `?rest_route=`, names the face does not know, and the answer cache keeping the
 * faces apart while a write through either drops both. wp-face.every-route.test.ts compares every route of the index.
 */
import request from 'supertest';
import {
  as,
  basicFor,
  captureLog,
  createUser,
  startCounter,
  startGateway,
  startSite,
  startWorld,
  type Running,
  type Site,
  type World,
} from '@loom/testing';
import type { Gateway } from '../src';

jest.setTimeout(120_000);

let site: Site;
let admin: Record<string, string>;

beforeAll(async () => {
  site = await startSite();
  const core = site.services['core-content'].url;
  admin = await basicFor(core, await createUser(core, 'administrator'));
});
afterAll(() => site?.close());

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function call(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const r = await fetch(`${site.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: r.status, headers: r.headers, text, body: parsed };
}

/** Nothing of the answer names /rest: every URL it carries is the face's. */
const inFaceTerms = (a: Answer) => {
  expect(a.text).not.toContain(`${site.url}/rest`);
  for (const [name, value] of a.headers) expect([name, value]).not.toEqual([name, expect.stringContaining('/rest')]);
};

const WORDPRESS_NAMESPACES = [
  'oembed/1.0',
  'contact-form-7/v1',
  'tribe/events/v1',
  'wpforms/v1',
  'wp/v2',
  'wp-site-health/v1',
  'wp-block-editor/v1',
];

describe('the index', () => {
  test("GET /wp-json/ is WordPress's index: its namespaces, route keys in their names, every endpoint's methods and args", async () => {
    const r = await call('GET', '/wp-json/');
    expect(r.status).toBe(200);
    expect(r.headers.get('link')).toBe(`<${site.url}/wp-json/>; rel="https://api.w.org/"`);
    expect(r.body.namespaces).toEqual(WORDPRESS_NAMESPACES);
    expect(r.body.authentication).toEqual({
      'application-passwords': { endpoints: { authorization: `${site.url}/admin/authorize-application` } },
    });
    expect(r.body._links).toEqual({ help: [{ href: 'https://developer.wordpress.org/rest-api/' }] });
    const routes = r.body.routes as Record<string, { namespace: string; endpoints: object[]; _links?: object }>;
    // WordPress's keys (6.1's index, where Loom serves the route), regular expressions and all.
    for (const key of [
      '/',
      '/batch/v1',
      '/oembed/1.0',
      '/oembed/1.0/embed',
      '/oembed/1.0/proxy',
      '/contact-form-7/v1',
      '/contact-form-7/v1/contact-forms',
      '/tribe/events/v1',
      '/tribe/events/v1/doc',
      '/tribe/events/v1/events',
      '/tribe/events/v1/events/by-slug/(?P<slug>[^/]+)',
      '/tribe/events/v1/venues/by-slug/(?P<slug>[^/]+)',
      '/tribe/events/v1/organizers',
      '/tribe/events/v1/categories',
      '/tribe/events/v1/tags',
      '/wpforms/v1',
      '/wpforms/v1/forms',
      '/wp/v2',
      '/wp/v2/posts',
      '/wp/v2/posts/(?P<id>[\\d]+)',
      '/wp/v2/posts/(?P<parent>[\\d]+)/revisions',
      '/wp/v2/posts/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)',
      '/wp/v2/posts/(?P<id>[\\d]+)/autosaves',
      '/wp/v2/posts/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)',
      '/wp/v2/pages',
      '/wp/v2/media/(?P<id>[\\d]+)/post-process',
      '/wp/v2/media/(?P<id>[\\d]+)/edit',
      '/wp/v2/menu-items',
      '/wp/v2/blocks',
      '/wp/v2/templates',
      '/wp/v2/templates/lookup',
      '/wp/v2/template-parts',
      '/wp/v2/navigation',
      '/wp/v2/types/(?P<type>[\\w-]+)',
      '/wp/v2/statuses/(?P<status>[\\w-]+)',
      '/wp/v2/taxonomies/(?P<taxonomy>[\\w-]+)',
      '/wp/v2/categories/(?P<id>[\\d]+)',
      '/wp/v2/tags',
      '/wp/v2/menus',
      '/wp/v2/users/me',
      '/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords',
      '/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords/introspect',
      '/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords/(?P<uuid>[\\w\\-]+)',
      '/wp/v2/menu-locations/(?P<location>[\\w-]+)',
      '/wp-site-health/v1',
      '/wp-block-editor/v1',
    ])
      expect({ key, listed: key in routes }).toEqual({ key, listed: true });
    const names = new Set(WORDPRESS_NAMESPACES);
    for (const [key, entry] of Object.entries(routes)) {
      // Every key and its namespace in WordPress's names ('' for the index and the batch route, as WordPress).
      if (key !== '/' && key !== '/batch/v1') {
        expect({ key, namespace: names.has(entry.namespace) }).toEqual({ key, namespace: true });
        expect(key === `/${entry.namespace}` || key.startsWith(`/${entry.namespace}/`)).toBe(true);
      }
      // What node-wpapi builds its requests from: each endpoint's methods and arguments.
      for (const e of entry.endpoints as Array<{ methods?: unknown; args?: unknown }>)
        expect({ key, methods: Array.isArray(e.methods), args: typeof e.args }).toEqual({
          key,
          methods: true,
          args: 'object',
        });
    }
    expect(routes['/wp/v2/posts']!._links).toEqual({ self: [{ href: `${site.url}/wp-json/wp/v2/posts` }] });
    inFaceTerms(r);
  });

  test('the same routes as /rest, one for one, and nothing under /rest changes', async () => {
    const rest = await call('GET', '/rest/');
    const face = await call('GET', '/wp-json');
    expect(rest.body.namespaces).toEqual([
      'oembed/1.0',
      'formsA/v1',
      'events/v1',
      'formsB/v1',
      'core/v2',
      'site-health/v1',
      'block-editor/v1',
    ]);
    expect(rest.headers.get('link')).toBe(`<${site.url}/rest/>; rel="https://api.w.org/"`);
    expect(Object.keys(rest.body.routes)).toContain('/core/v2/posts');
    expect(rest.body.routes['/core/v2/posts']._links.self[0].href).toBe(`${site.url}/rest/core/v2/posts`);
    expect(Object.keys(face.body.routes)).toHaveLength(Object.keys(rest.body.routes).length);
    expect(face.text).not.toContain('core/v2');
  });

  test('namespace roots: wp/v2 from its service, the advertised-only ones from the gateway, in their names', async () => {
    const wp = await call('GET', '/wp-json/wp/v2');
    expect(wp.status).toBe(200);
    expect(wp.body.namespace).toBe('wp/v2');
    expect(wp.body._links.up).toEqual([{ href: `${site.url}/wp-json/` }]);
    const root = wp.body.routes['/wp/v2'];
    expect(root.namespace).toBe('wp/v2');
    expect(root.endpoints[0].args.namespace).toEqual({ default: 'wp/v2', required: false });
    expect(root._links.self).toEqual([{ href: `${site.url}/wp-json/wp/v2` }]);
    expect(Object.keys(wp.body.routes).every((k) => k.startsWith('/wp/v2'))).toBe(true);
    inFaceTerms(wp);
    const health = await call('GET', '/wp-json/wp-site-health/v1/');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      namespace: 'wp-site-health/v1',
      routes: {
        '/wp-site-health/v1': {
          namespace: 'wp-site-health/v1',
          methods: ['GET'],
          endpoints: [
            {
              methods: ['GET'],
              args: {
                namespace: { default: 'wp-site-health/v1', required: false },
                context: { default: 'view', required: false },
              },
            },
          ],
          _links: { self: [{ href: `${site.url}/wp-json/wp-site-health/v1` }] },
        },
      },
      _links: { up: [{ href: `${site.url}/wp-json/` }] },
    });
  });

  test('context=help: schemas, with keys, namespaces and links in the face’s terms', async () => {
    const all = await call('GET', '/wp-json/?context=help');
    expect(all.status).toBe(200);
    expect(all.body.routes['/wp/v2/posts'].schema.title).toBe('post');
    expect(all.body.routes['/tribe/events/v1/events'].namespace).toBe('tribe/events/v1');
    inFaceTerms(all);
    const ns = await call('GET', '/wp-json/contact-form-7/v1?context=help');
    expect(ns.status).toBe(200);
    expect(ns.body.namespace).toBe('contact-form-7/v1');
    expect(Object.keys(ns.body.routes)).toContain('/contact-form-7/v1/contact-forms/(?P<id>[\\d]+)/feedback');
    inFaceTerms(ns);
  });
});

describe('answers', () => {
  test('a post created through /wp-json: Location, _links and the discovery Link under /wp-json', async () => {
    const made = await call('POST', '/wp-json/wp/v2/posts', admin, { title: 'Through the face', status: 'publish' });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect(made.headers.get('location')).toBe(`${site.url}/wp-json/wp/v2/posts/${id}`);
    expect(made.headers.get('link')).toBe(`<${site.url}/wp-json/>; rel="https://api.w.org/"`);
    expect(made.body._links.self).toEqual([{ href: `${site.url}/wp-json/wp/v2/posts/${id}` }]);
    expect(made.body._links.collection).toEqual([{ href: `${site.url}/wp-json/wp/v2/posts` }]);
    expect(made.body._links['wp:attachment']).toEqual([{ href: `${site.url}/wp-json/wp/v2/media?parent=${id}` }]);
    inFaceTerms(made);
    // The same post under /rest, in the spec's terms.
    const rest = await call('GET', `/rest/core/v2/posts/${id}`);
    expect(rest.body._links.self).toEqual([{ href: `${site.url}/rest/core/v2/posts/${id}` }]);
    // _embed follows the links in the service and embeds what they name, translated too.
    const embedded = await call('GET', `/wp-json/wp/v2/posts/${id}?_embed`);
    expect(embedded.body._embedded.author[0]._links.self).toEqual([
      { href: `${site.url}/wp-json/wp/v2/users/${made.body.author}` },
    ]);
    inFaceTerms(embedded);
  });

  test('pagination: X-WP-Total and the Link header’s pages under /wp-json, as `_envelope` carries them too', async () => {
    for (let i = 0; i < 3; i++) await call('POST', '/wp-json/wp/v2/tags', admin, { name: `Face tag ${i}` });
    const page = await call('GET', '/wp-json/wp/v2/tags?per_page=1&page=2');
    expect(page.status).toBe(200);
    const total = Number(page.headers.get('x-wp-total'));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(page.headers.get('link')).toBe(
      `<${site.url}/wp-json/wp/v2/tags?per_page=1&page=1>; rel="prev", <${site.url}/wp-json/wp/v2/tags?per_page=1&page=3>; rel="next"`,
    );
    const enveloped = await call('GET', '/wp-json/wp/v2/tags?per_page=1&page=2&_envelope');
    expect(enveloped.status).toBe(200);
    // The pages' links repeat the query, `_envelope` with it.
    expect(enveloped.body.headers.Link).toBe(page.headers.get('link')!.replace(/(page=\d)>/g, '$1&_envelope=>'));
    expect(enveloped.body.body[0]._links.self[0].href).toMatch(`${site.url}/wp-json/wp/v2/tags/`);
    inFaceTerms(enveloped);
  });

  test('post types and taxonomies name their namespace as WordPress: rest_namespace wp/v2', async () => {
    const types = await call('GET', '/wp-json/wp/v2/types');
    expect(types.body.post.rest_namespace).toBe('wp/v2');
    expect(types.body.post._links['wp:items']).toEqual([{ href: `${site.url}/wp-json/wp/v2/posts` }]);
    const taxonomies = await call('GET', '/wp-json/wp/v2/taxonomies');
    expect(taxonomies.body.category.rest_namespace).toBe('wp/v2');
    // Only namespace fields are names: a post's own text that reads like one stays as written.
    const post = await call('POST', '/wp-json/wp/v2/posts', admin, {
      title: 'core/v2',
      content: `See ${site.url}/rest/core/v2/posts`,
    });
    const read = await call('GET', `/wp-json/wp/v2/posts/${post.body.id}?context=edit`, admin);
    expect(read.body.title.raw).toBe('core/v2');
    expect(read.body.content.raw).toBe(`See ${site.url}/rest/core/v2/posts`);
  });

  test('events: rest_url, next_rest_url and previous_rest_url in tribe/events/v1', async () => {
    // Within the archive's default two years ahead.
    for (const day of ['10', '11', '12']) {
      const made = await call('POST', '/wp-json/tribe/events/v1/events', admin, {
        title: `Face event ${day}`,
        status: 'publish',
        start_date: `2027-03-${day} 10:00:00`,
        end_date: `2027-03-${day} 11:00:00`,
      });
      expect(made.status).toBe(201);
      expect(made.body.rest_url).toBe(`${site.url}/wp-json/tribe/events/v1/events/${made.body.id}`);
    }
    const first = await call('GET', '/wp-json/tribe/events/v1/events?per_page=1&start_date=2027-03-01');
    expect(first.status).toBe(200);
    expect(first.body.rest_url).toMatch(new RegExp(`^${site.url}/wp-json/tribe/events/v1/events/\\?page=1&per_page=1`));
    const events = (root: string) => new RegExp(`^${site.url}${root}/events/\\?[^?]*page=`);
    expect(first.body.next_rest_url).toMatch(events('/wp-json/tribe/events/v1'));
    expect(first.body.next_rest_url).toMatch(/&page=2$/);
    const second = await call('GET', '/wp-json/tribe/events/v1/events?per_page=1&page=2&start_date=2027-03-01');
    expect(second.body.previous_rest_url).toMatch(events('/wp-json/tribe/events/v1'));
    expect(second.body.next_rest_url).toMatch(/&page=3$/);
    // The same page under /rest, in the spec's names.
    const rest = await call('GET', '/rest/events/v1/events?per_page=1&page=2&start_date=2027-03-01');
    expect(rest.body.next_rest_url).toMatch(events('/rest/events/v1'));
    expect(rest.body.next_rest_url.replace('/rest/events/v1/', '/wp-json/tribe/events/v1/')).toBe(
      second.body.next_rest_url,
    );
    inFaceTerms(first);
    inFaceTerms(second);
  });

  test('a batch through /wp-json/batch/v1 takes wp/v2 paths; its answers are in the face’s terms', async () => {
    const batch = await call('POST', '/wp-json/batch/v1', admin, {
      requests: [
        { path: '/wp/v2/tags', body: { name: 'Batched through the face' } },
        { path: '/wp%2Fv2/categories', body: { name: 'Batched, name encoded' } },
        { path: '/core/v2/tags', body: { name: 'Not a WordPress name' } },
        { path: '/wp/v2/users', body: { username: 'x' } },
      ],
    });
    expect(batch.status).toBe(207);
    const [tag, category, loomName, users] = batch.body.responses;
    expect(tag.status).toBe(201);
    expect(tag.headers.Location).toBe(`${site.url}/wp-json/wp/v2/tags/${tag.body.id}`);
    expect(tag.body._links.self).toEqual([{ href: `${site.url}/wp-json/wp/v2/tags/${tag.body.id}` }]);
    expect(category.status).toBe(201);
    expect(loomName).toEqual({
      status: 404,
      body: {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      },
      headers: [],
    });
    expect([users.status, users.body.code]).toEqual([400, 'rest_batch_not_allowed']);
    inFaceTerms(batch);
    // Under /rest a batch speaks the spec's names only, as before.
    const rest = await call('POST', '/rest/batch/v1', admin, {
      requests: [
        { path: '/core/v2/tags', body: { name: 'Batched under /rest' } },
        { path: '/wp/v2/tags', body: { name: 'x' } },
      ],
    });
    expect(rest.body.responses.map((x: { status: number }) => x.status)).toEqual([201, 404]);
    expect(rest.body.responses[0].headers.Location).toMatch(`${site.url}/rest/core/v2/tags/`);
    // require-all-validate: the same reading of the paths.
    const validated = await call('POST', '/wp-json/batch/v1', admin, {
      validation: 'require-all-validate',
      requests: [{ path: '/wp/v2/tags', body: { name: 'Validated' } }, { path: '/core/v2/tags' }],
    });
    expect(validated.body.failed).toBe('validation');
    expect(validated.body.responses[0]).toBeNull();
    expect(validated.body.responses[1].body.code).toBe('rest_no_route');
  });

  test('OPTIONS: the route in the face’s terms, with its Allow; a name the face does not know is WordPress’s 200 []', async () => {
    const r = await call('OPTIONS', '/wp-json/wp/v2/posts', admin);
    expect(r.status).toBe(200);
    expect(r.headers.get('allow')).toBe('GET, POST');
    expect(r.body.namespace).toBe('wp/v2');
    expect(r.body._links.self).toEqual([{ href: `${site.url}/wp-json/wp/v2/posts` }]);
    expect(r.body.schema.title).toBe('post');
    inFaceTerms(r);
    const own = await call('OPTIONS', '/wp-json/batch/v1', admin);
    expect([own.status, own.headers.get('allow'), own.body.namespace]).toEqual([200, 'POST', '']);
    const unknown = await call('OPTIONS', '/wp-json/core/v2/posts');
    expect([unknown.status, unknown.body]).toEqual([200, []]);
  });

  test('a name that is not WordPress’s (the spec’s own included) is 404 rest_no_route; wrong credentials still 401', async () => {
    const NO_ROUTE = {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    };
    for (const path of [
      '/wp-json/core/v2/posts',
      '/wp-json/events/v1/events',
      '/wp-json/formsA/v1/contact-forms',
      '/wp-json/wp/v2x/posts',
      '/wp-json/nope/v1',
      '/wp-json/wp/v2/../../core/v2/posts',
    ]) {
      const r = await call('GET', path);
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 404, body: NO_ROUTE });
      expect(r.headers.get('link')).toBe(`<${site.url}/wp-json/>; rel="https://api.w.org/"`);
    }
    // A name percent-encoded is read as WordPress and /rest read it: decoded.
    expect((await call('GET', '/wp-json/wp%2Fv2/types/post')).body.slug).toBe('post');
    const wrong = await call('GET', '/wp-json/core/v2/posts', { Authorization: 'Basic bm9ib2R5Om5vdGhpbmc=' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_username']);
  });

  test('errors, HEAD and non-JSON answers pass through the face too', async () => {
    const missing = await call('GET', '/wp-json/wp/v2/posts/999999');
    expect([missing.status, missing.body.code]).toEqual([404, 'rest_post_invalid_id']);
    expect(missing.headers.get('link')).toBe(`<${site.url}/wp-json/>; rel="https://api.w.org/"`);
    const head = await fetch(`${site.url}/wp-json/wp/v2/posts`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-wp-total')).toBe((await call('GET', '/wp-json/wp/v2/posts')).headers.get('x-wp-total'));
    expect(head.headers.get('link')).toContain(`<${site.url}/wp-json/>`);
    const post = await call('POST', '/wp-json/wp/v2/posts', admin, { title: 'Embedded', status: 'publish' });
    const xml = await call('GET', `/wp-json/oembed/1.0/embed?format=xml&url=${encodeURIComponent(post.body.link)}`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(xml.text).toMatch(/^<\?xml/);
    expect(xml.headers.get('link')).toBe(`<${site.url}/wp-json/>; rel="https://api.w.org/"`);
  });
});

describe('?rest_route= on the site root', () => {
  test('a WordPress name goes to the face, the spec’s names to /rest, each answering in its own terms', async () => {
    const face = await call('GET', '/?rest_route=/wp/v2/tags&per_page=1');
    expect(face.status).toBe(200);
    expect(face.headers.get('link')).toContain(`<${site.url}/wp-json/wp/v2/tags?per_page=1&page=2>; rel="next"`);
    expect(face.body[0]._links.self[0].href).toMatch(`${site.url}/wp-json/wp/v2/tags/`);
    const rest = await call('GET', '/?rest_route=/core/v2/tags&per_page=1');
    expect(rest.headers.get('link')).toContain(`<${site.url}/rest/core/v2/tags?per_page=1&page=2>; rel="next"`);
    // Where both name the same (the index, batch/v1, oembed/1.0), rest_route is WordPress's form: the face's.
    const index = await call('GET', '/?rest_route=/');
    expect(index.body.namespaces).toEqual(WORDPRESS_NAMESPACES);
    const batch = await call('POST', '/index.php?rest_route=/batch/v1', admin, {
      requests: [{ path: '/wp/v2/tags', body: { name: 'Batched via rest_route' } }],
    });
    expect(batch.body.responses[0].status).toBe(201);
    expect((await call('GET', '/?rest_route=/core/v2/posts/../../../wp-json/wp/v2/posts')).status).toBe(404);
  });
});

describe('one API behind both faces', () => {
  test('metrics label a face request with the /rest route pattern; its log line names the /rest path and the face', async () => {
    // The exposition format escapes the pattern's backslashes.
    const requests = async (route: string) => {
      const text = await (await fetch(`${site.url}/metrics`)).text();
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('loom_http_requests_total{') &&
            l.includes(`route="${route.replace(/\\/g, '\\\\')}"`) &&
            l.includes('status="200"') &&
            l.includes('method="GET"'),
        );
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const before = await requests('/core/v2/tags/(?P<id>[\\d]+)');
    const tag = await call('POST', '/wp-json/wp/v2/tags', admin, { name: 'Counted' });
    for (let i = 0; i < 3; i++) expect((await call('GET', `/wp-json/wp/v2/tags/${tag.body.id}`)).status).toBe(200);
    expect(await requests('/core/v2/tags/(?P<id>[\\d]+)')).toBe(before + 3);
    const metrics = await (await fetch(`${site.url}/metrics`)).text();
    expect(metrics).not.toMatch(/route="\/(wp\/v2|wp-json)/);

    const { log, lines } = captureLog();
    const gw = await startGateway({ upstreams: { 'core-content': site.services['core-content'].url }, log });
    try {
      await request(gw.app).get('/wp-json/wp/v2/tags?per_page=1').set('X-Request-Id', 'face-1');
      await request(gw.app).get('/rest/core/v2/tags?per_page=1').set('X-Request-Id', 'rest-1');
      const line = (id: string) => lines().find((l) => l.msg === 'request' && l.reqId === id);
      expect(line('face-1')).toMatchObject({ path: '/rest/core/v2/tags', ns: 'core/v2', status: 200, face: 'wp-json' });
      expect(line('rest-1')).toMatchObject({ path: '/rest/core/v2/tags', ns: 'core/v2', status: 200 });
      expect(line('rest-1')).not.toHaveProperty('face');
    } finally {
      gw.close();
    }
  });
});

describe('LOOM_WP_FACE=off', () => {
  test('/wp-json is no path of the site; rest_route in WordPress’s names finds no route; /rest unchanged', async () => {
    const gw = await startGateway(
      { upstreams: { 'core-content': site.services['core-content'].url } },
      { LOOM_WP_FACE: 'off' },
    );
    try {
      for (const path of ['/wp-json/', '/wp-json/wp/v2/posts', '/?rest_route=/wp/v2/posts']) {
        const r = await request(gw.app).get(path);
        expect({ path, status: r.status, code: r.body.code }).toEqual({ path, status: 404, code: 'rest_no_route' });
      }
      const index = await request(gw.app).get('/?rest_route=/');
      expect(index.body.namespaces).toContain('core/v2');
      expect((await request(gw.app).get('/rest/core/v2/posts')).status).toBe(200);
    } finally {
      gw.close();
    }
    expect(() =>
      startGateway({ upstreams: { 'core-content': site.services['core-content'].url } }, { LOOM_WP_FACE: 'maybe' }),
    ).rejects.toThrow('LOOM_WP_FACE must be on or off');
  });
});

describe('the answer cache keeps the faces apart', () => {
  let w: World;
  let counter: Running & { count(path: string): number; reset(): void };
  let gw: Gateway;
  beforeAll(async () => {
    w = await startWorld();
    counter = await startCounter(w.core.url);
    gw = await startGateway({ upstreams: { 'core-content': counter.url } });
    await as(w, 'editor').post('/core/v2/posts', { title: 'Cached first', status: 'publish' });
  });
  afterAll(async () => {
    gw.close();
    await counter.close();
    await w.close();
  });
  const reads = () => counter.count('/rest/core/v2/posts');
  const get = (url: string) => request(gw.app).get(url);

  test('an answer kept for one face is never replayed to the other; each is replayed to its own, in its terms', async () => {
    counter.reset();
    const rest = await get('/rest/core/v2/posts');
    expect(rest.body[0]._links.self[0].href).toMatch('http://loom.test/rest/core/v2/posts/');
    expect(reads()).toBe(1);
    const face = await get('/wp-json/wp/v2/posts');
    expect(reads()).toBe(2); // not the /rest answer: the face asked the service
    expect(face.body[0]._links.self[0].href).toMatch('http://loom.test/wp-json/wp/v2/posts/');
    const faceAgain = await get('/wp-json/wp/v2/posts');
    const restAgain = await get('/rest/core/v2/posts');
    expect(reads()).toBe(2); // both replayed
    expect(faceAgain.text).toBe(face.text);
    expect(faceAgain.headers.link).toBe(face.headers.link);
    expect(faceAgain.headers.link).toBe('<http://loom.test/wp-json/>; rel="https://api.w.org/"');
    expect(faceAgain.headers['content-length']).toBe(String(Buffer.byteLength(face.text)));
    expect(restAgain.text).toBe(rest.text);
    expect(restAgain.headers.link).toBe('<http://loom.test/rest/>; rel="https://api.w.org/"');
    // A client holding the face's ETag gets a 304 from the kept answer.
    const notModified = await get('/wp-json/wp/v2/posts').set('If-None-Match', face.headers.etag as string);
    expect(notModified.status).toBe(304);
    expect(reads()).toBe(2);
  });

  test('a write through either face drops what both kept', async () => {
    const editor = w.auth.editor;
    for (const [writeTo, name] of [
      ['/wp-json/wp/v2/posts', 'Written through the face'],
      ['/rest/core/v2/posts', 'Written through /rest'],
    ] as const) {
      await get('/rest/core/v2/posts');
      await get('/wp-json/wp/v2/posts');
      const made = await request(gw.app).post(writeTo).set(editor).send({ title: name, status: 'publish' });
      expect(made.status).toBe(201);
      for (const url of ['/rest/core/v2/posts', '/wp-json/wp/v2/posts'])
        expect({ url, first: (await get(url)).body[0].title.rendered }).toEqual({ url, first: name });
    }
  });
});
