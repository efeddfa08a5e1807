/** CORS, rest_route, unknown routes, health endpoints and request logging. */
import request from 'supertest';
import { asRole, testConfig } from '@loom/service-kit';
import { buildGateway, type Gateway } from '../src';
import { restRouteUrl } from '../src/rest-route';
import { matchNamespace, resolveUpstreams } from '../src/upstreams';
import { basicFor, captureLog, freePort, seeded, startCore, startGateway, type Running } from '@loom/testing';

let core: Running;
let gw: Gateway;
let editor: Record<string, string>;
beforeAll(async () => {
  core = await startCore();
  gw = await startGateway({ upstreams: { 'core-content': core.url } });
  editor = await basicFor(core.url, seeded('editor'));
});
afterAll(async () => {
  gw.close();
  await core.close();
});

const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};

describe('CORS (rest_send_cors_headers)', () => {
  test('with an Origin: echoed, methods allowed, Vary: Origin (own and proxied responses)', async () => {
    for (const path of ['/rest/', '/rest/core/v2/categories', '/rest/nope/v1']) {
      const r = await request(gw.app).get(path).set('Origin', 'https://shop.example');
      expect(r.headers).toMatchObject({
        'access-control-allow-origin': 'https://shop.example',
        'access-control-allow-methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
        vary: 'Origin',
      });
      // Credentials (cookies) only for the site's own origin: WordPress allows them for any.
      expect(r.headers['access-control-allow-credentials']).toBeUndefined();
      const own = await request(gw.app).get(path).set('Origin', 'http://loom.test');
      expect(own.headers).toMatchObject({
        'access-control-allow-origin': 'http://loom.test',
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      });
    }
  });

  test('without an Origin: no Allow-Origin, still Vary: Origin', async () => {
    for (const path of ['/rest/', '/rest/core/v2/categories', '/rest/nope/v1']) {
      const r = await request(gw.app).get(path);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
      expect(r.headers['access-control-allow-credentials']).toBeUndefined();
      expect(r.headers.vary).toBe('Origin');
    }
  });

  test('a preflight is proxied to the service (route schema) and carries the CORS headers', async () => {
    const r = await request(gw.app).options('/rest/core/v2/categories').set({
      Origin: 'http://localhost:3000',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ namespace: 'core/v2', methods: ['GET', 'POST'] });
    expect(r.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(r.headers['access-control-allow-headers']).toBe(
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    );
    expect(r.headers['access-control-allow-methods']).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
  });

  test('Origin: null (file: pages) is echoed as is', async () => {
    expect((await request(gw.app).get('/rest/').set('Origin', 'null')).headers['access-control-allow-origin']).toBe(
      'null',
    );
  });
});

describe('unknown routes', () => {
  test('unknown namespace, path outside any namespace, wrong case: rest_no_route exactly as WordPress', async () => {
    for (const path of [
      '/rest/nope',
      '/rest/nope/v1/things',
      '/rest/core',
      '/rest/core/v3/posts',
      '/rest/Core/v2/categories',
      '/rest/batch',
      '/rest/%E0%A4%A',
    ]) {
      const r = await request(gw.app).get(path);
      expect([path, r.status]).toEqual([path, 404]);
      expect(r.body).toEqual(NO_ROUTE);
      expect(r.headers['x-robots-tag']).toBe('noindex');
      expect(r.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await request(gw.app).post('/rest/nope/v1').send({ a: 1 })).body).toEqual(NO_ROUTE);
  });

  test('OPTIONS on a path without a route is 200 [] (as WordPress)', async () => {
    const r = await request(gw.app).options('/rest/nope/v1');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  test('outside /rest: 404 rest_no_route JSON (`/` is the front page, home.test.ts; /wp-json the face, wp-face.test.ts)', async () => {
    for (const path of ['/wp-jsonp/', '/restaurant', '/index.php', '/_loom/routes']) {
      const r = await request(gw.app).get(path);
      expect([path, r.status]).toEqual([path, 404]);
      expect(r.body).toEqual(NO_ROUTE);
    }
  });
});

describe('?rest_route= (non-pretty permalinks)', () => {
  test('is the same request as the /rest path, query kept', async () => {
    const created = await request(gw.app)
      .post('/?rest_route=/core/v2/categories')
      .set(editor)
      .send({ name: 'Via rest_route' });
    expect(created.status).toBe(201);
    const list = await request(gw.app).get('/?rest_route=%2Fcore%2Fv2%2Fcategories&per_page=1&orderby=id&order=desc');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].name).toBe('Via rest_route');
    expect(list.headers['x-wp-total']).toBeDefined();
    expect(list.headers.link).not.toContain('rest_route');
    const item = await request(gw.app).get(`/index.php?rest_route=/core/v2/categories/${created.body.id}`);
    expect(item.body.id).toBe(created.body.id);
  });

  test('rest_route=/ is the index; _fields applies; empty rest_route is not a REST request', async () => {
    const r = await request(gw.app).get('/?rest_route=/&_fields=name');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: 'Loom' });
    expect((await request(gw.app).get('/?rest_route=/nope/v1')).body).toEqual(NO_ROUTE);
    expect((await request(gw.app).get('/?rest_route=')).status).toBe(404);
  });

  test('restRouteUrl', () => {
    expect(restRouteUrl('/?rest_route=/core/v2/posts/')).toBe('/rest/core/v2/posts');
    expect(restRouteUrl('/?a=1&rest_route=core/v2&b=2')).toBe('/rest/core/v2?a=1&b=2');
    expect(restRouteUrl('/?rest_route=%2F')).toBe('/rest/');
    expect(restRouteUrl('/?rest_route=/x/a b?c')).toBe('/rest/x/a%20b%3Fc');
    expect(restRouteUrl('/page?rest_route=/')).toBeNull();
    expect(restRouteUrl('/?other=1')).toBeNull();
  });
});

describe('health and readiness', () => {
  test('/healthz is always 200; /readyz 503 while the index misses services (saying which), and when shutdown begins', async () => {
    expect((await request(gw.app).get('/healthz')).body).toEqual({ status: 'ok', service: 'gateway' });
    // Only core-content runs for this suite: the index is incomplete.
    const starting = await request(gw.app).get('/readyz');
    expect(starting.status).toBe(503);
    expect(starting.body).toEqual({
      status: 'starting',
      service: 'gateway',
      pid: process.pid, // which process answers (npm start counts only its own child's)
      index: 'incomplete',
      missing: ['oembed', 'forms', 'events'], // in the order their namespaces are advertised
      upstreams: { 'core-content': 'up', events: 'down', forms: 'down', oembed: 'down' },
    });
    gw.app.locals.shuttingDown = true;
    try {
      expect((await request(gw.app).get('/readyz')).body.status).toBe('unavailable');
      expect((await request(gw.app).get('/healthz')).status).toBe(200);
    } finally {
      gw.app.locals.shuttingDown = false;
    }
  });
});

describe('logging', () => {
  test('one line per request: id, method, path, route or namespace, status, ms; never headers, bodies or queries', async () => {
    const { log, lines } = captureLog();
    const closed = `http://127.0.0.1:${await freePort()}`;
    const g = buildGateway({
      config: testConfig('gateway'),
      log,
      indexStartWaitMs: 0,
      upstreams: { 'core-content': core.url, events: closed, forms: closed, oembed: closed },
    });
    try {
      await g.ready;
      await request(g.app).get('/rest/?_fields=name').set('X-Request-Id', 'log-1');
      await request(g.app)
        .post('/rest/core/v2/categories?password=hunter2')
        .set({ 'X-Request-Id': 'log-2', ...asRole('editor'), ...editor })
        .send({ name: 'Top secret body' });
      await request(g.app).get('/rest/events/v1').set('X-Request-Id', 'log-3');
      await request(g.app).get('/healthz');
      const requests = lines().filter((l) => l.msg === 'request');
      expect(requests.find((l) => l.reqId === 'log-1')).toMatchObject({
        method: 'GET',
        path: '/rest/',
        route: '/',
        status: 200,
        level: 30,
      });
      expect(requests.find((l) => l.reqId === 'log-2')).toMatchObject({
        method: 'POST',
        path: '/rest/core/v2/categories',
        ns: 'core/v2',
        status: 201,
      });
      expect(requests.find((l) => l.reqId === 'log-3')).toMatchObject({ ns: 'events/v1', status: 503, level: 50 });
      expect(requests.find((l) => l.path === '/healthz')).toMatchObject({ level: 20 });
      expect(requests.filter((l) => l.reqId === 'log-2')).toHaveLength(1);
      for (const l of requests) expect(typeof l.ms).toBe('number');
      const all = JSON.stringify(lines());
      const token = editor.Authorization.slice(6);
      const password = Buffer.from(token, 'base64').toString('utf8').split(':')[1];
      for (const secret of [
        'hunter2',
        token,
        password,
        password.replace(/ /g, ''),
        'Top secret body',
        'x-loom-identity',
        asRole('editor')['x-loom-identity']!,
      ])
        expect(all).not.toContain(secret);
    } finally {
      g.close();
    }
  });
});

describe('upstream configuration', () => {
  test('URLs from the environment with local defaults; namespace matching is case-sensitive and by segment', () => {
    expect(resolveUpstreams({})).toEqual({
      oembed: 'http://127.0.0.1:8084',
      forms: 'http://127.0.0.1:8083',
      events: 'http://127.0.0.1:8082',
      'core-content': 'http://127.0.0.1:8081',
    });
    expect(
      resolveUpstreams({ CORE_CONTENT_URL: 'http://core:80/', EVENTS_URL: 'http://events' }, { forms: 'http://f' }),
    ).toMatchObject({
      'core-content': 'http://core:80',
      events: 'http://events',
      forms: 'http://f',
    });
    // Without its URL, a service is where its port says (npm start with ports alone, issue 23).
    expect(resolveUpstreams({ CORE_CONTENT_PORT: '9201', EVENTS_URL: 'http://events' }).events).toBe('http://events');
    expect(resolveUpstreams({ CORE_CONTENT_PORT: '9201' })['core-content']).toBe('http://127.0.0.1:9201');
    expect(matchNamespace('/core/v2/categories')).toEqual({ namespace: 'core/v2', service: 'core-content' });
    expect(matchNamespace('/formsB/v1')).toEqual({ namespace: 'formsB/v1', service: 'forms' });
    expect(matchNamespace('/block-editor/v1/x')).toEqual({ namespace: 'block-editor/v1', service: null });
    expect(matchNamespace('/core/v22')).toBeNull();
    expect(matchNamespace('/formsa/v1')).toBeNull();
  });
});
