/** Proxying by namespace: bodies, queries, headers and request ids arrive intact at the owning service. */
import { get } from 'node:http';
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import type { Gateway } from '../src';
import { basicFor, listen, seeded, startCore, startEcho, startGateway, type Echoed, type Running } from '@loom/testing';

let core: Running;
let echo: Running;
let gw: Gateway;
let editor: Record<string, string>;

beforeAll(async () => {
  [core, echo] = await Promise.all([startCore(), startEcho()]);
  gw = await startGateway({ upstreams: { 'core-content': core.url, forms: echo.url } });
  editor = await basicFor(core.url, seeded('editor'));
});
afterAll(async () => {
  gw.close();
  await Promise.all([core.close(), echo.close()]);
});

describe('through to core-content', () => {
  test('JSON body: an editor creates a category and reads it back', async () => {
    const created = await request(gw.app)
      .post('/rest/core/v2/categories')
      .set(editor)
      .send({ name: 'Knitwear', description: 'Warm things' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Knitwear',
      slug: 'knitwear',
      description: 'Warm things',
      taxonomy: 'category',
    });
    expect(created.headers.location).toBe(`http://loom.test/rest/core/v2/categories/${created.body.id}`);
    // The service's REST headers come through once, not doubled by the gateway.
    expect(created.headers['x-robots-tag']).toBe('noindex');
    expect(created.headers.link).toBe('<http://loom.test/rest/>; rel="https://api.w.org/"');

    const back = await request(gw.app).get(`/rest/core/v2/categories/${created.body.id}`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: created.body.id, name: 'Knitwear' });
  });

  test('form-encoded body arrives intact', async () => {
    const created = await request(gw.app)
      .post('/rest/core/v2/tags')
      .set(editor)
      .type('form')
      .send('name=Linen%20%26%20Flax&description=Summer+cloth');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Linen &amp; Flax', description: 'Summer cloth', slug: 'linen-flax' });
    const updated = await request(gw.app)
      .put(`/rest/core/v2/tags/${created.body.id}`)
      .set(editor)
      .type('form')
      .send('description=Updated');
    expect(updated.status).toBe(200);
    expect(updated.body.description).toBe('Updated');
  });

  test("anonymous create is 401 rest_cannot_create; a client's own identity header is no way in", async () => {
    const r = await request(gw.app).post('/rest/core/v2/categories').send({ name: 'Nope' });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('rest_cannot_create');
    for (const header of [asRole('editor', 'not-the-secret'), asRole('editor')]) {
      const forged = await request(gw.app).post('/rest/core/v2/categories').set(header).send({ name: 'Nope' });
      expect([forged.status, forged.body.code]).toEqual([401, 'rest_cannot_create']);
    }
  });

  test('an answer whose headers outgrow what a client may send (a long query in both Link rels) is forwarded', async () => {
    for (const name of ['Long A', 'Long B', 'Long C'])
      await request(gw.app).post('/rest/core/v2/tags').set(editor).send({ name });
    const long = 'b'.repeat(9000);
    // Read with a client that takes headers that large (browsers do; Node's default stops at 16 KiB).
    const running = await listen(gw.app);
    try {
      const r = await new Promise<{ status: number; link: string; body: unknown[] }>((resolve, reject) => {
        get(`${running.url}/rest/core/v2/tags?page=2&per_page=1&x=${long}`, { maxHeaderSize: 64 * 1024 }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              link: String(res.headers.link),
              body: JSON.parse(text) as unknown[],
            }),
          );
        }).on('error', reject);
      });
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(1);
      expect(r.link.match(new RegExp(`x=${long}`, 'g'))).toHaveLength(2);
    } finally {
      await running.close();
    }
  });

  test('query strings reach the service: pagination headers, _fields, _envelope', async () => {
    await request(gw.app).post('/rest/core/v2/categories').set(editor).send({ name: 'Denim' });
    const page = await request(gw.app).get('/rest/core/v2/categories?per_page=1&orderby=id&_fields=id,name');
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
    expect(Object.keys(page.body[0])).toEqual(['id', 'name']);
    expect(Number(page.headers['x-wp-total'])).toBeGreaterThanOrEqual(2);
    expect(page.headers['x-wp-totalpages']).toBe(page.headers['x-wp-total']);
    expect(page.headers.link).toContain('per_page=1');
    expect(page.headers.link).toContain('rel="next"');

    const env = await request(gw.app).get('/rest/core/v2/categories?_envelope&per_page=1');
    expect(env.status).toBe(200);
    expect(env.body.status).toBe(200);
    expect(env.body.headers['X-WP-Total']).toBeDefined();
    expect(Array.isArray(env.body.body)).toBe(true);

    const bad = await request(gw.app).get('/rest/core/v2/categories?per_page=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });

  test('the namespace root and an unknown core route come from the service', async () => {
    const root = await request(gw.app).get('/rest/core/v2');
    expect(root.status).toBe(200);
    expect(root.body.namespace).toBe('core/v2');
    expect(root.body._links).toEqual({ up: [{ href: 'http://loom.test/rest/' }] });
    const nope = await request(gw.app).get('/rest/core/v2/nope');
    expect(nope.status).toBe(404);
    expect(nope.body.code).toBe('rest_no_route');
  });

  test('HEAD and OPTIONS are proxied (OPTIONS answers with the schema)', async () => {
    const head = await request(gw.app).head('/rest/core/v2/categories?per_page=1');
    expect(head.status).toBe(200);
    expect(head.headers['x-wp-total']).toBeDefined();
    const options = await request(gw.app).options('/rest/core/v2/categories');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ namespace: 'core/v2', methods: ['GET', 'POST'] });
    expect(options.body.schema).toMatchObject({ title: 'category' });
  });
});

describe('what the service receives (echo upstream)', () => {
  const echoed = (r: request.Response) => r.body as Echoed;

  test('path, method, raw query and raw JSON body unchanged', async () => {
    const raw = '{"title": "caf\\u00e9",  "n":[1,2] }';
    const r = await request(gw.app)
      .post('/rest/formsA/v1/forms/7/feedback?a=1&b[]=2&b[]=3&_method=PUT')
      .set('Content-Type', 'application/json')
      .send(raw);
    expect(r.status).toBe(200);
    expect(echoed(r)).toMatchObject({
      method: 'POST',
      url: '/rest/formsA/v1/forms/7/feedback?a=1&b[]=2&b[]=3&_method=PUT',
      body: raw,
    });
    expect(echoed(r).headers['content-type']).toBe('application/json');
  });

  test('form bodies, DELETE and PATCH unchanged; second namespace of the same service', async () => {
    const form = await request(gw.app).patch('/rest/formsB/v1/x').type('form').send('a=1&b=%20two+words&c[]=x');
    expect(echoed(form)).toMatchObject({ method: 'PATCH', url: '/rest/formsB/v1/x', body: 'a=1&b=%20two+words&c[]=x' });
    const del = await request(gw.app).delete('/rest/formsA/v1/forms/3?force=true');
    expect(echoed(del)).toMatchObject({ method: 'DELETE', url: '/rest/formsA/v1/forms/3?force=true' });
  });

  test('request id: generated when missing, kept when safe, replaced when unsafe; forwarded and echoed', async () => {
    const generated = await request(gw.app).get('/rest/formsA/v1/x');
    const id = generated.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(echoed(generated).headers['x-request-id']).toBe(id);

    const kept = await request(gw.app).get('/rest/formsA/v1/x').set('X-Request-Id', 'client-req.42:a');
    expect(kept.headers['x-request-id']).toBe('client-req.42:a');
    expect(echoed(kept).headers['x-request-id']).toBe('client-req.42:a');

    const unsafe = await request(gw.app).get('/rest/formsA/v1/x').set('X-Request-Id', 'bad id <script>');
    expect(unsafe.headers['x-request-id']).not.toBe('bad id <script>');
    expect(echoed(unsafe).headers['x-request-id']).toBe(unsafe.headers['x-request-id']);

    // core-content echoes the id it was given: the same one.
    const fromCore = await request(gw.app).get('/rest/core/v2/categories').set('X-Request-Id', 'trace-core-1');
    expect(fromCore.headers['x-request-id']).toBe('trace-core-1');
    // And the gateway's own answers carry it too.
    expect((await request(gw.app).get('/rest/').set('X-Request-Id', 'idx-1')).headers['x-request-id']).toBe('idx-1');
  });

  test("X-Forwarded-For/Proto/Host; the client's identity header and credentials are not passed on", async () => {
    const r = await request(gw.app)
      .get('/rest/formsA/v1/x')
      .set('Host', 'shop.example')
      .set(asRole('author'))
      .set('Authorization', 'Bearer not-ours')
      .set('Cookie', 'loom_logged_in=2.9999999999.token.mac; other=1');
    const h = echoed(r).headers;
    expect(h['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
    expect(h['x-forwarded-proto']).toBe('http');
    expect(h['x-forwarded-host']).toBe('shop.example');
    expect(h['x-loom-identity']).toBeUndefined();
    expect(h.authorization).toBeUndefined();
    expect(h.cookie).toBeUndefined();

    const behindIngress = await request(gw.app)
      .get('/rest/formsA/v1/x')
      .set({ 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'www.example.com' });
    const h2 = echoed(behindIngress).headers;
    expect(h2['x-forwarded-for']).toMatch(/^203\.0\.113\.9, .*127\.0\.0\.1$/);
    expect(h2['x-forwarded-proto']).toBe('https');
    expect(h2['x-forwarded-host']).toBe('www.example.com');
  });

  test('dot segments never reach a service (the echo would answer 200)', async () => {
    for (const path of [
      '/rest/formsA/v1/../../_loom/routes',
      '/rest/formsA/v1/%2e%2e/x',
      '/rest/formsA/v1/./x',
      '/?rest_route=/formsA/v1/../../healthz',
    ]) {
      const r = await request(gw.app).get(path);
      expect([path, r.status, r.body]).toEqual([
        path,
        404,
        {
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        },
      ]);
      expect(r.headers['x-robots-tag']).toBe('noindex'); // answered under /rest, not normalised away by the client
    }
    expect((await request(gw.app).get('/rest/formsA/v1/a..b/.x')).status).toBe(200);
  });

  test('REST headers the service left out are added; its own Vary is kept with Origin', async () => {
    const r = await request(gw.app).get('/rest/formsA/v1/x');
    expect(r.headers['x-robots-tag']).toBe('noindex');
    expect(r.headers.link).toBe('<http://loom.test/rest/>; rel="https://api.w.org/"');
    expect(r.headers['access-control-expose-headers']).toBe('X-WP-Total, X-WP-TotalPages, Link');
    expect(r.headers.vary).toBe('Accept-Encoding, Origin');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });
});
