/**
 * Names a client chooses are data (issue 10): `_fields`, `_embed`, query and form brackets, JSON bodies, meta
 * keys and batch item headers never reach or change what objects inherit, and never stop a process. Malformed
 * strings are a clean 400. The gateway, core-content and events run in this process, so a change to
 * `Object.prototype` by any of them would show here as well as in their responses.
 */
import request from 'supertest';
import { restClient, startEventsWorld, type EventsWorld } from '@loom/testing';

let world: EventsWorld;
let postId: number;
const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
const functionBefore = Object.getOwnPropertyNames(Function.prototype).sort();

beforeAll(async () => {
  world = await startEventsWorld();
  const made = await restClient(world.gw.app, world.auth.administrator).post('/core/v2/posts', {
    title: 'Hello',
    status: 'publish',
  });
  postId = made.body.id;
});
afterAll(() => world.close());

const anon = () => restClient(world.gw.app, {});
const admin = () => restClient(world.gw.app, world.auth.administrator);

/** What every request here must leave as it was: the prototypes and the methods everything calls. */
function expectUntouched(res?: request.Response) {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
  expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(functionBefore);
  expect(typeof Object.prototype.hasOwnProperty.call).toBe('function');
  expect(({} as Record<string, unknown>).x).toBeUndefined();
  if (res) expect(res.headers.x).toBeUndefined();
}

const HOSTILE_FIELDS = [
  '__proto__.x',
  'constructor.prototype.x',
  'hasOwnProperty.call',
  'toString.call',
  'id.__proto__.x',
  '__proto__',
  'constructor',
  'prototype.x',
  'valueOf',
];

describe('_fields names are data', () => {
  const paths = () => [
    '/rest/',
    '/rest/core/v2/posts',
    `/rest/core/v2/posts/${postId}`,
    '/rest/core/v2/categories',
    '/rest/core/v2/types',
    '/rest/events/v1/events',
    '/rest/events/v1',
  ];

  test.each(HOSTILE_FIELDS)('_fields=%s is answered and changes nothing, on every service', async (fields) => {
    for (const path of paths()) {
      const r = await request(world.gw.app).get(path).query({ _fields: fields });
      expect([r.status, path]).toEqual([200, path]);
      // Inherited members are not fields: nothing is picked (a scalar `id` asked for in parts is kept whole, as
      // WordPress's _rest_array_intersect_key_recursive keeps it).
      const items = Array.isArray(r.body) ? r.body : [r.body];
      for (const item of items) expect(Object.keys(item).filter((k) => k !== 'id')).toEqual([]);
      expectUntouched(r);
    }
    // The next request on each process is served as usual.
    const after = await anon().get(`/core/v2/posts/${postId}?_fields=id,title.rendered`);
    expect(after.body).toEqual({ id: postId, title: { rendered: 'Hello' } });
    expect((await anon().get('/events/v1/events')).status).toBe(200);
    expect((await anon().get('/')).status).toBe(200);
  });

  test('a real field next to hostile ones is still picked; an _envelope answer stays clean', async () => {
    const r = await anon().get(`/core/v2/posts/${postId}?_fields=__proto__.x,id,constructor.prototype.y&_envelope`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ body: { id: postId }, status: 200, headers: expect.any(Object) });
    expect(Object.keys(r.body.headers)).not.toContain('x');
    expectUntouched(r);
  });

  test('the same names in _fields[] form and in a POST body', async () => {
    const r = await anon().get(`/core/v2/posts?_fields[]=__proto__.x&_fields[]=hasOwnProperty.call&_fields[]=id`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ id: postId }]);
    const w = await admin().post(`/core/v2/posts/${postId}`, { _fields: '__proto__.polluted,hasOwnProperty.call,id' });
    expect(w.status).toBe(200);
    expect(w.body).toEqual({ id: postId });
    expectUntouched(w);
  });
});

describe('other client-chosen names', () => {
  test('_embed with prototype names embeds nothing and fails nothing', async () => {
    for (const embed of ['__proto__', 'constructor', 'hasOwnProperty', 'author,__proto__']) {
      const r = await anon().get(`/core/v2/posts?_embed=${embed}`);
      expect(r.status).toBe(200);
      expectUntouched(r);
    }
  });

  test('prototype keys in query and form brackets are ignored', async () => {
    const q = await anon().get(
      '/core/v2/posts?__proto__[x]=1&constructor[prototype][x]=1&a[__proto__][x]=1&hasOwnProperty=1&categories[__proto__]=1',
    );
    expect(q.status).toBe(200);
    const f = await request(world.gw.app)
      .post('/rest/core/v2/categories')
      .set(world.auth.administrator)
      .type('form')
      .send('name=Form+proto&__proto__[x]=1&constructor[prototype][x]=1&toString=1');
    expect(f.status).toBe(201);
    expect(f.body.name).toBe('Form proto');
    expectUntouched(f);
  });

  test('a JSON body with __proto__ and constructor keys, at the top and inside meta, is stored as data only', async () => {
    const r = await request(world.gw.app)
      .post('/rest/core/v2/posts')
      .set(world.auth.administrator)
      .set('content-type', 'application/json')
      .send(
        '{"title":"Proto","__proto__":{"status":"publish","x":1},"constructor":{"prototype":{"x":1}},"meta":{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}}',
      );
    expect(r.status).toBe(201);
    // `status` came only through __proto__: it is not a parameter the post got.
    expect(r.body.status).toBe('draft');
    expect(Object.getPrototypeOf(r.body.meta)).toBe(Object.prototype);
    const stored = await world.core.store.collection('posts').findOne({ id: r.body.id });
    expect(Object.getPrototypeOf(stored!.meta)).toBe(Object.prototype);
    expect((stored!.meta as Record<string, unknown>).x).toBeUndefined();
    expectUntouched(r);
  });

  test('an events write with prototype keys in its inline venue', async () => {
    const r = await request(world.gw.app)
      .post('/rest/events/v1/events')
      .set(world.auth.administrator)
      .set('content-type', 'application/json')
      .send(
        '{"title":"Proto event","start_date":"2030-01-01 10:00","end_date":"2030-01-01 11:00","venue":{"venue":"Hall","__proto__":{"id":1},"constructor":{"x":1}}}',
      );
    expect(r.status).toBe(201);
    expect(r.body.venue.venue).toBe('Hall');
    expectUntouched(r);
  });

  test('batch items with prototype names as header names and body keys', async () => {
    const r = await request(world.gw.app)
      .post('/rest/batch/v1')
      .set(world.auth.administrator)
      .set('content-type', 'application/json')
      .send(
        '{"requests":[{"path":"/core/v2/tags","body":{"name":"Batch proto","__proto__":{"x":1}},"headers":{"__proto__":{"x":"1"},"constructor":"x","hasOwnProperty":"y","toString":"z"}},' +
          '{"path":"/core/v2/tags?_fields=__proto__.x,hasOwnProperty.call","body":{"name":"Batch proto 2"}}]}',
      );
    expect(r.status).toBe(207);
    expect(r.body.responses.map((i: { status: number }) => i.status)).toEqual([201, 201]);
    expect(r.body.responses[0].body.name).toBe('Batch proto');
    expect(r.body.responses[1].body).toEqual([]);
    expectUntouched(r);
  });

  test('enumerated names that happen to be prototype members are refused as values', async () => {
    const orderby = await anon().get('/core/v2/posts?orderby=constructor');
    expect(orderby.status).toBe(400);
    expect(orderby.body.code).toBe('rest_invalid_param');
    const roles = await admin().post('/core/v2/users', {
      username: 'proto',
      email: 'proto@loom.test',
      password: 'x-Secret-1',
      roles: ['constructor'],
    });
    expect(roles.status).toBe(400);
    expect(roles.body.code).toBe('rest_user_invalid_role');
    expectUntouched();
  });
});

describe('malformed strings are a clean 400', () => {
  const lone = (json: string) => json; // the escapes below reach the server as written

  test.each([
    [
      'anonymous term slug, before any permission check',
      '/rest/core/v2/categories',
      lone('{"name":"n","slug":"\\ud800"}'),
      {},
    ],
    ['a post title as an administrator', '/rest/core/v2/posts', lone('{"title":"a\\udc00b"}'), null],
    ['a meta key', '/rest/core/v2/posts', lone('{"title":"t","meta":{"\\ud800":1}}'), null],
    [
      'an event title',
      '/rest/events/v1/events',
      lone('{"title":"\\ud83d","start_date":"2030-01-01 10:00","end_date":"2030-01-01 11:00"}'),
      null,
    ],
    [
      'a batch item path',
      '/rest/batch/v1',
      lone('{"requests":[{"path":"/core/v2/tags\\ud800","body":{"name":"x"}}]}'),
      null,
    ],
  ])('%s', async (_what, path, body, auth) => {
    const r = await request(world.gw.app)
      .post(path)
      .set(auth ?? world.auth.administrator)
      .set('content-type', 'application/json')
      .send(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'rest_invalid_param',
      message: expect.any(String),
      data: { status: 400, params: expect.any(Object) },
    });
  });

  test('a well-formed astral character is fine', async () => {
    const r = await admin().post('/core/v2/tags', { name: 'Smile \u{1F600}' });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe('Smile \u{1F600}');
  });
});
