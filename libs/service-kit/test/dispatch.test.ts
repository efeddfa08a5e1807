import request from 'supertest';
import { z } from 'zod';
import {
  CREATABLE,
  EDITABLE,
  READABLE,
  endpoint,
  field,
  namespaceRoute,
  resource,
  route,
  type Context,
} from '@loom/contracts';
import { openStore, type Store } from '@loom/store';
import {
  asRole,
  bind,
  can,
  createLogger,
  createServiceApp,
  filterByContext,
  forbidden,
  checkPageInRange,
  pageWindow,
  paginationHeaders,
  signIdentity,
  signInternal,
  testConfig,
  verifyInternalAnswer,
  TEST_SECRET,
  type ServiceDefinition,
} from '../src';

const NS = 'test/v1';
const thing = resource('thing', {
  id: field(z.number().int(), ['view', 'edit', 'embed'], { readonly: true }),
  title: field(z.object({ raw: z.string(), rendered: z.string() }), ['view', 'edit', 'embed'], {
    properties: { raw: field(z.string(), ['edit']), rendered: field(z.string(), ['view', 'edit', 'embed']) },
  }),
  secret: field(z.string(), ['edit']),
});
const things = route(
  NS,
  `/${NS}/things`,
  {
    list: endpoint(READABLE, {
      context: z.enum(['view', 'embed', 'edit']).default('view'),
      per_page: z.number().int().min(1).max(100).default(10),
      include: z.array(z.number().int()).default([]),
      slug: z.array(z.string()).optional(),
      flag: z.boolean().optional(),
    }),
    create: endpoint(CREATABLE, {
      name: z.string(),
      count: z.number().int().optional(),
      tags: z.array(z.number().int()).optional(),
    }),
  },
  thing,
);
const item = route(NS, `/${NS}/things/<id>`, {
  read: endpoint(READABLE, {
    id: z.number().int().optional(),
    context: z.enum(['view', 'embed', 'edit']).default('view'),
  }),
  update: endpoint(EDITABLE, { id: z.number().int().optional(), name: z.string().optional() }),
});
const boom = route(NS, `/${NS}/boom`, { go: endpoint(READABLE, {}) });

const def: ServiceDefinition = {
  name: 'test',
  namespaces: [NS],
  routes: [namespaceRoute(NS), things, item, boom],
  bindings: [
    bind(things.endpoints.list, null, (req) => ({
      body: [
        filterByContext(
          thing,
          { id: 1, title: { raw: 'T', rendered: '<p>T</p>' }, secret: 's', _links: { self: [{ href: 'x' }] } },
          req.params.context as Context,
        ),
      ],
      headers: { 'X-WP-Total': '1' },
    })),
    bind(
      things.endpoints.create,
      (req) => (can(req.user, 'edit_posts') ? true : forbidden(req.user, 'rest_cannot_create', 'Sorry.')),
      (req) => ({ status: 201, body: { params: req.params, user: req.user?.id } }),
    ),
    bind(item.endpoints.read, null, (req) => ({ body: { id: req.params.id, has: req.has('context') } })),
    bind(
      item.endpoints.update,
      (req) => (can(req.user, 'manage_categories') ? true : forbidden(req.user)),
      (req) => ({ body: req.params }),
    ),
    bind(boom.endpoints.go, null, () => {
      throw new Error('kaput');
    }),
  ],
};

let store: Store;
let app: ReturnType<typeof createServiceApp>;
beforeAll(async () => {
  const config = testConfig('core-content');
  store = await openStore({ service: 'test', dataDir: config.dataDir });
  app = createServiceApp(def, { config, store, log: createLogger('test', 'silent') });
});
afterAll(() => store.close());

describe('routing', () => {
  test('unknown route and unregistered method are rest_no_route 404', async () => {
    for (const r of [await request(app).get('/rest/test/v1/nope'), await request(app).delete('/rest/test/v1/things')]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    }
  });

  test('REST headers on every response, Allow by permission', async () => {
    const r = await request(app).get('/rest/test/v1/things');
    expect(r.headers['x-robots-tag']).toBe('noindex');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers.link).toBe('<http://loom.test/rest/>; rel="https://api.w.org/"');
    expect(r.headers['access-control-expose-headers']).toBe('X-WP-Total, X-WP-TotalPages, Link');
    expect(r.headers.allow).toBe('GET');
    expect(r.headers['cache-control']).toBeUndefined();
    const signed = await request(app).get('/rest/test/v1/things').set(asRole('editor'));
    expect(signed.headers.allow).toBe('GET, POST');
    expect(signed.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0');
  });

  test('namespace root lists its routes with _links.up', async () => {
    const r = await request(app).get('/rest/test/v1');
    expect(r.status).toBe(200);
    expect(r.body.namespace).toBe(NS);
    expect(Object.keys(r.body.routes)).toEqual([
      '/test/v1',
      '/test/v1/things',
      '/test/v1/things/(?P<id>[\\d]+)',
      '/test/v1/boom',
    ]);
    expect(r.body._links.up).toEqual([{ href: 'http://loom.test/rest/' }]);
  });

  test('OPTIONS answers with the route entry and schema; unknown path gives []', async () => {
    const r = await request(app).options('/rest/test/v1/things');
    expect(r.status).toBe(200);
    expect(r.body.methods).toEqual(['GET', 'POST']);
    expect(r.body.schema.title).toBe('thing');
    expect(r.body.schema.properties.secret.context).toEqual(['edit']);
    // Only the methods this caller may use (anonymous: not POST); a contributor may create too.
    expect(r.headers.allow).toBe('GET');
    expect((await request(app).options('/rest/test/v1/things').set(asRole('contributor'))).headers.allow).toBe(
      'GET, POST',
    );
    const none = await request(app).options('/rest/test/v1/zzz');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  test('_method and X-HTTP-Method-Override select the endpoint; HEAD has no body', async () => {
    const viaQuery = await request(app).get('/rest/test/v1/things?_method=POST&name=a').set(asRole('author'));
    expect(viaQuery.status).toBe(201);
    const viaHeader = await request(app).post('/rest/test/v1/things/3').set('X-HTTP-Method-Override', 'GET');
    expect(viaHeader.body).toEqual({ id: 3, has: false });
    const head = await request(app).head('/rest/test/v1/things');
    expect(head.status).toBe(200);
    expect(head.headers['x-wp-total']).toBe('1');
    expect(head.text ?? '').toBe('');
  });

  test('a thrown bug is a 500 envelope and the service keeps serving', async () => {
    const r = await request(app).get('/rest/test/v1/boom');
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      code: 'internal_server_error',
      message: 'There has been a critical error on this website.',
      data: { status: 500 },
    });
    expect((await request(app).get('/rest/test/v1/things')).status).toBe(200);
  });
});

describe('parameters', () => {
  test('malformed JSON is rest_invalid_json', async () => {
    const r = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('author'))
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  test('missing required parameters come before permission errors', async () => {
    const r = await request(app).post('/rest/test/v1/things').send({});
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): name',
      data: { status: 400, params: ['name'] },
    });
    const anon = await request(app).post('/rest/test/v1/things').send({ name: 'x' });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('rest_cannot_create');
    const sub = await request(app).post('/rest/test/v1/things').set(asRole('subscriber')).send({ name: 'x' });
    expect(sub.status).toBe(403);
  });

  test('invalid parameters: every bad one named, with details', async () => {
    const r = await request(app).get('/rest/test/v1/things?per_page=0&include=1,x&context=nope');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('rest_invalid_param');
    expect(r.body.message).toBe('Invalid parameter(s): context, per_page, include');
    expect(r.body.data.params).toEqual({
      context: 'context is not one of view, embed, and edit.',
      per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
      include: 'include[1] is not of type integer.',
    });
    expect(r.body.data.details.per_page).toEqual({
      code: 'rest_out_of_bounds',
      message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
      data: null,
    });
  });

  test('query operators never reach a handler: ?slug[$ne]=x is a 400', async () => {
    const r = await request(app).get('/rest/test/v1/things?slug[$ne]=x');
    expect(r.status).toBe(400);
    expect(r.body.data.params).toEqual({ slug: 'slug is not of type array.' });
  });

  test('coercion: comma lists, PHP lists, booleans', async () => {
    const r = await request(app)
      .post('/rest/test/v1/things?tags[]=4&tags[]=5')
      .set(asRole('author'))
      .type('form')
      .send('name=n&count=7');
    expect(r.status).toBe(201);
    expect(r.body.params).toEqual({ name: 'n', count: 7, tags: [4, 5] });
    const flag = await request(app).get('/rest/test/v1/things?flag=yes');
    expect(flag.body.data.params.flag).toBe('flag is not of type boolean.');
  });

  test('precedence: JSON body > form/query > path', async () => {
    const json = await request(app)
      .post('/rest/test/v1/things?name=fromquery')
      .set(asRole('author'))
      .send({ name: 'fromjson' });
    expect(json.body.params.name).toBe('fromjson');
    const form = await request(app)
      .post('/rest/test/v1/things?name=fromquery')
      .set(asRole('author'))
      .type('form')
      .send('name=fromform');
    expect(form.body.params.name).toBe('fromform');
    // WordPress's quirk: the query string beats the path placeholder.
    const path = await request(app).get('/rest/test/v1/things/5?id=9');
    expect(path.body.id).toBe(9);
  });

  test('unknown parameters are ignored', async () => {
    const r = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('author'))
      .send({ name: 'a', $where: '1', __proto__x: 1 });
    expect(r.body.params).toEqual({ name: 'a' });
  });
});

describe('response shaping', () => {
  test('context filters fields, nested too', async () => {
    const view = await request(app).get('/rest/test/v1/things');
    expect(view.body[0]).toEqual({ id: 1, title: { rendered: '<p>T</p>' }, _links: { self: [{ href: 'x' }] } });
    const edit = await request(app).get('/rest/test/v1/things?context=edit');
    expect(edit.body[0]).toMatchObject({ title: { raw: 'T', rendered: '<p>T</p>' }, secret: 's' });
  });

  test('_fields keeps listed and nested paths; _links only when asked', async () => {
    const r = await request(app).get('/rest/test/v1/things?_fields=id,title.rendered');
    expect(r.body).toEqual([{ id: 1, title: { rendered: '<p>T</p>' } }]);
    const withLinks = await request(app).get('/rest/test/v1/things?_fields[]=id&_fields[]=_links');
    expect(withLinks.body).toEqual([{ id: 1, _links: { self: [{ href: 'x' }] } }]);
  });

  test('_envelope wraps body, status and response headers in a 200', async () => {
    const r = await request(app).post('/rest/test/v1/things?_envelope').send({});
    expect(r.status).toBe(200);
    // An error of a matched route carries Allow too (here: GET only, the caller may not create).
    expect(r.body).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'rest_missing_callback_param' }),
      headers: { Allow: 'GET' },
    });
    const ok = await request(app).get('/rest/test/v1/things?_envelope=1');
    // The counts are integers, as WordPress stores them.
    expect(ok.body.headers).toMatchObject({ 'X-WP-Total': 1, Allow: 'GET' });
    expect(ok.headers['x-wp-total']).toBeUndefined();
  });
});

describe('identity', () => {
  test('a signed header is the caller; a forged or stale one is refused', async () => {
    const ok = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('editor', TEST_SECRET, { id: 42 }))
      .send({ name: 'a' });
    expect(ok.body.user).toBe(42);
    const forged = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('administrator', 'not-the-secret'))
      .send({ name: 'a' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('loom_invalid_identity');
    const stale = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('administrator', TEST_SECRET, { iat: Math.floor(Date.now() / 1000) - 3600 }))
      .send({ name: 'a' });
    expect(stale.status).toBe(401);
    const garbage = await request(app).get('/rest/test/v1/things').set('x-loom-identity', 'abc');
    expect(garbage.status).toBe(401);
    const tampered = signIdentity({ id: 5, login: 'sub', roles: ['subscriber'] }, TEST_SECRET).replace(
      /^[^.]+/,
      Buffer.from(
        JSON.stringify({ id: 5, login: 'sub', roles: ['administrator'], name: '', iat: Math.floor(Date.now() / 1000) }),
      ).toString('base64url'),
    );
    expect((await request(app).get('/rest/test/v1/things').set('x-loom-identity', tampered)).status).toBe(401);
  });
});

describe('operations', () => {
  test('request id: generated, or echoed when safe', async () => {
    const gen = await request(app).get('/healthz');
    expect(gen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echo = await request(app).get('/rest/test/v1/things').set('X-Request-Id', 'abc-123');
    expect(echo.headers['x-request-id']).toBe('abc-123');
    const unsafe = await request(app).get('/rest/test/v1/things').set('X-Request-Id', 'a b\tc');
    expect(unsafe.headers['x-request-id']).not.toBe('a b\tc');
  });

  test('healthz and readyz (ready only while the store is open)', async () => {
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok', service: 'test' });
    expect((await request(app).get('/readyz')).status).toBe(200);
    const config = testConfig('core-content');
    const s = await openStore({ service: 'test', dataDir: config.dataDir });
    const other = createServiceApp(def, { config, store: s, log: createLogger('t', 'silent') });
    await s.close();
    const r = await request(other).get('/readyz');
    expect(r.status).toBe(503);
  });

  test('/_loom/routes gives the service part of the index to a caller holding the secret, signed back for that caller', async () => {
    const proof = signInternal(TEST_SECRET);
    const r = await request(app).get('/_loom/routes').set('x-loom-internal', proof);
    expect(r.body.namespaces).toEqual([NS]);
    expect(r.body.routes['/test/v1/things']._links.self[0].href).toBe('http://loom.test/rest/test/v1/things');
    expect(verifyInternalAnswer(r.headers['x-loom-internal-answer'], proof, TEST_SECRET)).toBe(true);
    // Proof of this secret for this request only: another secret, or another request's proof, does not verify.
    expect(verifyInternalAnswer(r.headers['x-loom-internal-answer'], proof, 'other-secret')).toBe(false);
    expect(
      verifyInternalAnswer(
        r.headers['x-loom-internal-answer'],
        signInternal(TEST_SECRET, Date.now() - 5000),
        TEST_SECRET,
      ),
    ).toBe(false);
  });

  test("/_loom/routes refuses a caller without the secret (another stack's gateway): 403, no routes", async () => {
    for (const headers of [{}, { 'x-loom-internal': signInternal('other-secret') }]) {
      const r = await request(app).get('/_loom/routes').set(headers);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('loom_internal_only');
      expect(r.body.routes).toBeUndefined();
      expect(r.headers['x-loom-internal-answer']).toBeUndefined();
    }
  });
});

describe('helpers', () => {
  test('pagination headers keep the query and replace page', () => {
    expect(
      paginationHeaders({ total: 25, perPage: 10, page: 2 }, 'http://s/rest/c', 'per_page=10&page=2&search=a%20b'),
    ).toEqual({
      'X-WP-Total': '25',
      'X-WP-TotalPages': '3',
      Link: '<http://s/rest/c?per_page=10&page=1&search=a+b>; rel="prev", <http://s/rest/c?per_page=10&page=3&search=a+b>; rel="next"',
    });
    expect(paginationHeaders({ total: 0, perPage: 10, page: 1 }, 'http://s/rest/c', '')).toEqual({
      'X-WP-Total': '0',
      'X-WP-TotalPages': '0',
    });
  });

  test('a page past the end is the WordPress 400 for post-like collections, unless there is nothing at all', () => {
    expect(() => checkPageInRange({ total: 25, perPage: 10, page: 3 })).not.toThrow();
    expect(() => checkPageInRange({ total: 0, perPage: 10, page: 9 })).not.toThrow();
    expect(() => checkPageInRange({ total: 25, perPage: 10, page: 4 })).toThrow(
      expect.objectContaining({
        code: 'rest_post_invalid_page_number',
        message: 'The page number requested is larger than the number of pages available.',
        data: { status: 400 },
      }),
    );
  });

  test('page window: offset overrides page; huge or negative values stay within what a store accepts', () => {
    expect(pageWindow({ page: 3, per_page: 10 })).toEqual({ offset: 20, page: 3 });
    expect(pageWindow({ page: 3, per_page: 10, offset: 5 })).toEqual({ offset: 5, page: 2 });
    expect(pageWindow({ page: 1e20, per_page: 10 }).offset).toBe(Number.MAX_SAFE_INTEGER);
    expect(pageWindow({ page: 1, per_page: 10, offset: -5 })).toEqual({ offset: 0, page: 1 });
  });

  test('roles carry WordPress capabilities', () => {
    const u = (role: 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber') => ({
      id: 1,
      login: 'x',
      name: '',
      roles: [role],
      iat: 0,
    });
    expect(can(null, 'read')).toBe(false);
    expect(can(u('subscriber'), 'read')).toBe(true);
    expect(can(u('subscriber'), 'edit_posts')).toBe(false);
    expect(can(u('contributor'), 'edit_posts')).toBe(true);
    expect(can(u('contributor'), 'publish_posts')).toBe(false);
    expect(can(u('author'), 'upload_files')).toBe(true);
    expect(can(u('author'), 'manage_categories')).toBe(false);
    expect(can(u('editor'), 'manage_categories')).toBe(true);
    expect(can(u('editor'), 'edit_theme_options')).toBe(false);
    expect(can(u('administrator'), 'edit_theme_options')).toBe(true);
    expect(can(u('administrator'), 'list_users')).toBe(true);
  });

  test('meta capabilities are mapped for their object, as map_meta_cap', () => {
    const u = (role: 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber', id = 10) => ({
      id,
      login: 'x',
      name: '',
      roles: [role],
      iat: 0,
    });
    expect(can(u('subscriber', 10), 'edit_user', { userId: 10 })).toBe(true);
    expect(can(u('subscriber', 10), 'edit_user', { userId: 11 })).toBe(false);
    expect(can(u('editor', 10), 'create_app_password', { userId: 11 })).toBe(false);
    expect(can(u('administrator', 10), 'delete_app_password', { userId: 11 })).toBe(true);
    expect(can(u('administrator', 10), 'delete_user', { userId: 11 })).toBe(true);
    expect(can(u('editor', 10), 'promote_user', { userId: 10 })).toBe(false);
    expect(can(u('contributor'), 'assign_post_tags')).toBe(true);
    expect(can(u('author'), 'edit_categories')).toBe(false);
    expect(can(u('contributor'), 'edit_tribe_events')).toBe(true);
    expect(can(u('contributor'), 'publish_tribe_events')).toBe(false);
    expect(can(u('author'), 'publish_tribe_venues')).toBe(true);
    expect(can(u('editor'), 'edit_others_tribe_organizers')).toBe(true);
    expect(can(u('contributor'), 'wpcf7_read_contact_forms')).toBe(true);
    expect(can(u('author'), 'wpcf7_edit_contact_form')).toBe(false);
    expect(can(u('editor'), 'wpcf7_edit_contact_form')).toBe(true);
    expect(can(null, 'wpcf7_submit')).toBe(false);
  });
});

describe('validate-only mode (x-loom-validate-only)', () => {
  const internal = () => ({ 'x-loom-internal': signInternal(TEST_SECRET) });

  test('valid parameters and permission: {valid:true} 200, the handler does not run', async () => {
    const r = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('author'))
      .set(internal())
      .set('x-loom-validate-only', '1')
      .send({ name: 'a' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ valid: true }); // the handler would have answered 201 with its params
  });

  test('parameter errors and unknown routes are answered as usual', async () => {
    const missing = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('author'))
      .set(internal())
      .set('x-loom-validate-only', '1')
      .send({});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    const invalid = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('author'))
      .set(internal())
      .set('x-loom-validate-only', 'params')
      .send({ name: 'a', count: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
    const none = await request(app)
      .post('/rest/test/v1/nope')
      .set(internal())
      .set('x-loom-validate-only', '1')
      .send({});
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('rest_no_route');
  });

  test('mode 1 checks permission; mode params stops after the parameters (WordPress batch pre-validation)', async () => {
    const denied = await request(app)
      .post('/rest/test/v1/things')
      .set(internal())
      .set('x-loom-validate-only', '1')
      .send({ name: 'a' });
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe('rest_cannot_create');
    const paramsOnly = await request(app)
      .post('/rest/test/v1/things')
      .set(internal())
      .set('x-loom-validate-only', 'params')
      .send({ name: 'a' });
    expect(paramsOnly.status).toBe(200);
    expect(paramsOnly.body).toEqual({ valid: true });
  });

  test('refused without the internal proof, with a stale or forged proof, or an unknown mode: 403, nothing runs', async () => {
    for (const extra of [
      {},
      { 'x-loom-internal': signInternal(TEST_SECRET, Date.now() - 600_000) },
      { 'x-loom-internal': signInternal('other-secret') },
    ]) {
      const r = await request(app)
        .post('/rest/test/v1/things')
        .set(asRole('author'))
        .set(extra)
        .set('x-loom-validate-only', '1')
        .send({ name: 'a' });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('loom_internal_only');
    }
    const mode = await request(app)
      .post('/rest/test/v1/things')
      .set(asRole('author'))
      .set(internal())
      .set('x-loom-validate-only', 'yes')
      .send({ name: 'a' });
    expect(mode.status).toBe(403);
  });
});
