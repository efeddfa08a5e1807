/** GET /rest: the merged route index (spec 2.17, reference §6.1), served with the real core-content upstream. */
import request from 'supertest';
import { NAMESPACES } from '@loom/contracts';
import { testConfig } from '@loom/service-kit';
import type { Gateway } from '../src';
import { eventually, startCore, startEcho, startEvents, startGateway, type Running } from '@loom/testing';

let core: Running;
let events: Running;
let echo: Running;
let gw: Gateway;

beforeAll(async () => {
  [core, events, echo] = await Promise.all([startCore(), startEvents(), startEcho()]);
  gw = await startGateway({ upstreams: { 'core-content': core.url, events: events.url, forms: echo.url } });
});
afterAll(async () => {
  gw.close();
  await Promise.all([core.close(), events.close(), echo.close()]);
});

describe('the index document', () => {
  test('site fields, exact namespaces, authentication, site_* and help link, REST headers', async () => {
    const r = await request(gw.app).get('/rest/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json; charset=utf-8/i);
    expect(Object.keys(r.body)).toEqual([
      'name',
      'description',
      'url',
      'home',
      'gmt_offset',
      'timezone_string',
      'page_for_posts',
      'page_on_front',
      'show_on_front',
      'namespaces',
      'authentication',
      'routes',
      'site_logo',
      'site_icon',
      'site_icon_url',
      '_links',
    ]);
    expect(r.body).toMatchObject({
      name: 'Loom',
      description: '',
      url: 'http://loom.test',
      home: 'http://loom.test',
      gmt_offset: '0',
      timezone_string: '',
      page_for_posts: 0,
      page_on_front: 0,
      show_on_front: 'posts',
      authentication: {
        'application-passwords': { endpoints: { authorization: 'http://loom.test/admin/authorize-application' } },
      },
      site_logo: 0,
      site_icon: 0,
      site_icon_url: '',
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    });
    expect(r.body.namespaces).toEqual([
      'oembed/1.0',
      'formsA/v1',
      'events/v1',
      'formsB/v1',
      'core/v2',
      'site-health/v1',
      'block-editor/v1',
    ]);
    expect(r.body.namespaces).toEqual([...NAMESPACES]);
    expect(r.headers).toMatchObject({
      'x-robots-tag': 'noindex',
      link: '<http://loom.test/rest/>; rel="https://api.w.org/"',
      'x-content-type-options': 'nosniff',
      'access-control-expose-headers': 'X-WP-Total, X-WP-TotalPages, Link',
      'access-control-allow-headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
      allow: 'GET',
      vary: 'Origin',
    });
  });

  test('/rest without the slash, HEAD, and site settings from the environment', async () => {
    const same = await request(gw.app).get('/rest');
    expect(same.status).toBe(200);
    expect(same.body.namespaces).toEqual([...NAMESPACES]);
    const head = await request(gw.app).head('/rest/');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers.allow).toBe('GET');

    // The site's name, tagline and clock are site options, core-content's: the environment gives their initial values.
    const site = await startCore({
      LOOM_GMT_OFFSET: '5.5',
      LOOM_TIMEZONE: 'Asia/Kolkata',
      LOOM_SITE_NAME: 'Garments & Co',
      LOOM_SITE_DESCRIPTION: 'Made well',
    });
    const custom = await startGateway({ upstreams: { 'core-content': site.url }, config: testConfig('gateway') });
    try {
      await eventually(async () => (await request(custom.app).get('/rest/')).body.name === 'Garments & Co');
      const r = await request(custom.app).get('/rest/');
      expect(r.body).toMatchObject({
        name: 'Garments & Co',
        description: 'Made well',
        gmt_offset: '5.5',
        timezone_string: 'Asia/Kolkata',
      });
    } finally {
      custom.close();
      await site.close();
    }
  });

  test('routes: / first, then each namespace in advertised order, then /batch/v1', async () => {
    const { routes } = (await request(gw.app).get('/rest/')).body as { routes: Record<string, { namespace: string }> };
    const keys = Object.keys(routes);
    expect(keys[0]).toBe('/');
    expect(keys[keys.length - 1]).toBe('/batch/v1');
    // Namespaces appear in blocks, in NAMESPACES order (oembed is down here, so it has no routes).
    const order = keys.slice(1, -1).map((k) => routes[k]!.namespace);
    const blocks = order.filter((ns, i) => i === 0 || order[i - 1] !== ns);
    expect(blocks).toEqual(['formsA/v1', 'events/v1', 'formsB/v1', 'core/v2', 'site-health/v1', 'block-editor/v1']);
    for (const root of ['/formsA/v1', '/events/v1', '/formsB/v1', '/core/v2', '/site-health/v1', '/block-editor/v1'])
      expect(keys).toContain(root);
    expect(keys).toContain('/core/v2/categories');
    expect(keys).toContain('/core/v2/categories/(?P<id>[\\d]+)');
  });

  test('route entries: the root, batch, namespace roots and core/v2 categories with their args', async () => {
    const { routes } = (await request(gw.app).get('/rest/')).body;
    expect(routes['/']).toEqual({
      namespace: '',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
      _links: { self: [{ href: 'http://loom.test/rest/' }] },
    });
    expect(routes['/batch/v1']).toMatchObject({
      namespace: '',
      methods: ['POST'],
      _links: { self: [{ href: 'http://loom.test/rest/batch/v1' }] },
    });
    expect(routes['/batch/v1'].endpoints[0].args.requests).toMatchObject({
      type: 'array',
      maxItems: 25,
      required: true,
    });
    expect(routes['/batch/v1'].endpoints[0].args.validation).toMatchObject({
      enum: ['require-all-validate', 'normal'],
      default: 'normal',
    });
    expect(routes['/site-health/v1']).toEqual({
      namespace: 'site-health/v1',
      methods: ['GET'],
      endpoints: [
        {
          methods: ['GET'],
          args: {
            namespace: { default: 'site-health/v1', required: false },
            context: { default: 'view', required: false },
          },
        },
      ],
      _links: { self: [{ href: 'http://loom.test/rest/site-health/v1' }] },
    });
    expect(routes['/core/v2']).toMatchObject({
      namespace: 'core/v2',
      methods: ['GET'],
      _links: { self: [{ href: 'http://loom.test/rest/core/v2' }] },
    });
    expect(routes['/events/v1']).toMatchObject({
      namespace: 'events/v1',
      _links: { self: [{ href: 'http://loom.test/rest/events/v1' }] },
    });

    const cats = routes['/core/v2/categories'];
    expect(cats.namespace).toBe('core/v2');
    expect(cats.methods).toEqual(['GET', 'POST']);
    expect(cats._links).toEqual({ self: [{ href: 'http://loom.test/rest/core/v2/categories' }] });
    const list = cats.endpoints.find((e: { methods: string[] }) => e.methods.includes('GET'));
    expect(list.allow_batch).toEqual({ v1: true });
    expect(list.args.per_page).toMatchObject({
      type: 'integer',
      default: 10,
      minimum: 1,
      maximum: 100,
      required: false,
    });
    // Item routes have no self link (they have placeholders).
    expect(routes['/core/v2/categories/(?P<id>[\\d]+)']._links).toBeUndefined();
  });

  test('_fields keeps only the listed fields (no _links unless asked)', async () => {
    const r = await request(gw.app).get('/rest/?_fields=name,namespaces');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: 'Loom', namespaces: [...NAMESPACES] });
    const nested = await request(gw.app)
      .get('/rest/')
      .query('_fields[]=authentication.application-passwords&_fields[]=_links');
    expect(Object.keys(nested.body)).toEqual(['authentication', '_links']);
  });

  test('_envelope wraps the index; context=help asks services for schemas', async () => {
    const env = await request(gw.app).get('/rest/?_envelope&_fields=name');
    expect(env.status).toBe(200);
    expect(env.body).toEqual({ body: { name: 'Loom' }, status: 200, headers: { Allow: 'GET' } });

    const help = await request(gw.app).get('/rest/?context=help');
    expect(help.status).toBe(200);
    // The echo upstream (forms) returns a schema in help context; the plain index never carries one.
    expect(help.body.routes['/formsA/v1'].schema).toEqual({ type: 'object', title: 'echo' });
    const plain = await request(gw.app).get('/rest/');
    expect(plain.body.routes['/formsA/v1'].schema).toBeUndefined();
    // Unknown context values are accepted (the root's context arg has no enum in WordPress).
    expect((await request(gw.app).get('/rest/?context=whatever')).status).toBe(200);
  });

  test('other methods on the index are rest_no_route; OPTIONS describes the route; _method is honoured', async () => {
    const post = await request(gw.app).post('/rest/').send({});
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('rest_no_route');
    const options = await request(gw.app).options('/rest/');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ namespace: '', methods: ['GET'] });
    expect(options.headers.allow).toBe('GET');
    const overridden = await request(gw.app).post('/rest/?_method=GET&_fields=name');
    expect(overridden.status).toBe(200);
    expect(overridden.body).toEqual({ name: 'Loom' });
  });
});

describe('gateway-owned routes', () => {
  test('advertised-only namespace roots are answered by the gateway; other paths under them are rest_no_route', async () => {
    for (const ns of ['site-health/v1', 'block-editor/v1']) {
      const r = await request(gw.app).get(`/rest/${ns}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        namespace: ns,
        routes: {
          [`/${ns}`]: {
            namespace: ns,
            methods: ['GET'],
            endpoints: [
              {
                methods: ['GET'],
                args: { namespace: { default: ns, required: false }, context: { default: 'view', required: false } },
              },
            ],
            _links: { self: [{ href: `http://loom.test/rest/${ns}` }] },
          },
        },
        _links: { up: [{ href: 'http://loom.test/rest/' }] },
      });
      expect(r.headers['x-robots-tag']).toBe('noindex');
      expect((await request(gw.app).get(`/rest/${ns}/`)).status).toBe(200);
      const deeper = await request(gw.app).get(`/rest/${ns}/tests/background-updates`);
      expect(deeper.status).toBe(404);
      expect(deeper.body).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
      expect((await request(gw.app).post(`/rest/${ns}`)).status).toBe(404);
    }
  });

  test('POST /rest/batch/v1 is served by the gateway (see batch.test.ts); GET is rest_no_route', async () => {
    const r = await request(gw.app).post('/rest/batch/v1').send({ requests: [] });
    expect(r.status).toBe(207);
    expect(r.body).toEqual({ responses: [] });
    expect(r.headers['x-robots-tag']).toBe('noindex');
    const get = await request(gw.app).get('/rest/batch/v1');
    expect(get.status).toBe(404);
    expect(get.body.code).toBe('rest_no_route');
  });
});
