/**
 * Hostile and malformed input never produces a 500 or changes stored data: a bounded table of inputs thrown
 * at every term, user, post and page route, as query strings, JSON and form bodies.
 */
import request from 'supertest';
import { asRole } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { startCore } from './helpers';

// Hundreds of hostile bodies, each checked against the store: the outcome is asserted, not the time. One test ran
// past jest's 30 s default on the loaded CI machine.
jest.setTimeout(120_000);

let app: Awaited<ReturnType<typeof startCore>>['app'];
let store: Store;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, store, close } = await startCore());
});
afterAll(() => close());

const QUERIES = [
  'per_page=1e999',
  'per_page=-1',
  'page=99999999999999999999',
  'include[]=1&include[a]=2',
  'include[0][0][0][0][0][0][0]=1',
  'search[$where]=1',
  'slug=%00',
  'orderby[]=id',
  'order=asc&order[]=desc',
  '_fields[$ne]=1',
  '_embed[x]=1',
  'context[]=edit',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'hide_empty=%F0%9F%92%A9',
  `search=${'a'.repeat(5000)}`,
];

const BODIES: Array<[string, string]> = [
  ['application/json', '{"name": {"$gt": ""}}'],
  ['application/json', '{"__proto__": {"admin": true}, "name": "x"}'],
  ['application/json', '[1,2,3]'],
  ['application/json', '"just a string"'],
  ['application/json', '{"name": "a", "parent": 1e400}'],
  ['application/json', `{"name": ${JSON.stringify('n'.repeat(10000))}}`],
  ['application/json', '{"name": "\\u0000"}'],
  ['application/json', '{"name":"a","meta":{"__proto__":{"x":1}}}'],
  ['application/x-www-form-urlencoded', 'name[$ne]=1'],
  ['application/x-www-form-urlencoded', 'name=%E0%A4%A'],
  ['text/plain', 'name=a'],
  ['application/json', '{'.repeat(2000)],
];

const ROUTES = ['categories', 'tags', 'users', 'posts', 'pages'];

test('no query string makes a collection answer 500', async () => {
  for (const route of ROUTES) {
    for (const q of QUERIES) {
      const r = await request(app).get(`/rest/core/v2/${route}?${q}`).set(asRole('administrator'));
      expect([route, q, r.status < 500]).toEqual([route, q, true]);
      expect(r.body).toBeDefined();
    }
  }
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
});

test('no body makes a create or update answer 500, and nothing half-written remains', async () => {
  const before = { terms: await store.collection('terms').count({}), users: await store.collection('users').count({}) };
  const post = (await request(app).post('/rest/core/v2/posts').set(asRole('administrator')).send({ title: 'target' }))
    .body.id as number;
  for (const route of ['categories', 'tags', 'categories/1', 'users/me', 'posts', 'pages', `posts/${post}`]) {
    for (const [type, body] of BODIES) {
      const r = await request(app)
        .post(`/rest/core/v2/${route}`)
        .set(asRole('administrator'))
        .set('Content-Type', type)
        .send(body);
      expect([route, body.slice(0, 40), r.status < 500]).toEqual([route, body.slice(0, 40), true]);
    }
  }
  // Some bodies are valid creates (a 10,000-character name is allowed); none may leave a malformed document.
  const terms = await store.collection('terms').find({});
  for (const t of terms) {
    expect(typeof t.name).toBe('string');
    expect(typeof t.slug).toBe('string');
    expect(Object.keys(t)).not.toContain('$gt');
  }
  for (const p of await store.collection('posts').find({})) {
    expect([typeof p.title, typeof p.slug, typeof p.content]).toEqual(['string', 'string', 'string']);
    expect(Object.keys(p)).not.toContain('$gt');
  }
  expect(await store.collection('users').count({})).toBe(before.users);
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
  expect(({} as Record<string, unknown>).x).toBeUndefined();
});

test("a template named after an Object.prototype property is not one of the theme's (it was accepted and stored)", async () => {
  for (const type of ['posts', 'pages']) {
    for (const template of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const r = await request(app)
        .post(`/rest/core/v2/${type}`)
        .set(asRole('administrator'))
        .send({ title: 'x', template });
      expect([type, template, r.status, r.body.code]).toEqual([type, template, 400, 'rest_invalid_param']);
    }
  }
});
