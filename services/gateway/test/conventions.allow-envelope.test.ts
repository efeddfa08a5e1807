/**
 * WordPress's Allow header and `_envelope`, as a client sees them through the gateway (issue 11): Allow on every
 * answer of a matched route (errors too), listing only the methods whose permission check passes for this caller
 * and request, checked after the handler (none after a permanent delete); OPTIONS filtered the same way;
 * envelope and batch item headers with integer counts, `[]` when empty, Allow included; `_envelope` ignored
 * inside a batch item. Samples 30, 119, 139, 145 of the captured WordPress show the same.
 */
import request from 'supertest';
import { as, err, make, startWorld, type World } from '@loom/testing';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

describe('Allow on errors of a matched route', () => {
  test('400 invalid parameters: the caller’s methods (anonymous GET; an editor GET, POST)', async () => {
    const anon = await as(world, 'anonymous').get('/core/v2/posts?per_page=500');
    expect(err(anon)).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(anon.headers.allow).toBe('GET');
    const editor = await as(world, 'editor').get('/core/v2/posts?per_page=500');
    expect(editor.status).toBe(400);
    expect(editor.headers.allow).toBe('GET, POST');
  });

  test('401 and 403: what the caller may still do', async () => {
    const anon = await as(world, 'anonymous').post('/core/v2/posts', { title: 'x' });
    expect(err(anon)).toEqual({ status: 401, code: 'rest_cannot_create' });
    expect(anon.headers.allow).toBe('GET');
    const sub = await as(world, 'subscriber').post('/core/v2/categories', { name: 'x' });
    expect(err(sub)).toEqual({ status: 403, code: 'rest_cannot_create' });
    expect(sub.headers.allow).toBe('GET');
  });

  test('a missing parameter and a bad item are answered with the methods that pass for that item', async () => {
    const post = await make(as(world, 'editor'), 'posts', { title: 'Allowed', status: 'publish' });
    // The checks run on this request: with context=edit even reading fails for anonymous, so nothing is allowed;
    // in view context reading is.
    const badCtx = await as(world, 'anonymous').get(`/core/v2/posts/${post.id}?context=edit`);
    expect(err(badCtx)).toEqual({ status: 401, code: 'rest_forbidden_context' });
    expect(badCtx.headers.allow).toBeUndefined();
    const anonWrite = await as(world, 'anonymous').post(`/core/v2/posts/${post.id}`, { title: 'x' });
    expect(err(anonWrite)).toEqual({ status: 401, code: 'rest_cannot_edit' });
    expect(anonWrite.headers.allow).toBe('GET');
    const mine = await as(world, 'editor').post(`/core/v2/posts/${post.id}`, { status: 'nonsense' });
    expect(mine.status).toBe(400);
    expect(mine.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    // A post that does not exist passes no permission check (WordPress's sample 30): no Allow at all.
    const missing = await as(world, 'editor').get('/core/v2/posts/999999');
    expect(err(missing)).toEqual({ status: 404, code: 'rest_post_invalid_id' });
    expect(missing.headers.allow).toBeUndefined();
  });

  test('after a permanent delete no method passes: no Allow', async () => {
    const post = await make(as(world, 'editor'), 'posts', { title: 'Gone' });
    const trashed = await as(world, 'editor').delete(`/core/v2/posts/${post.id}`);
    expect(trashed.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    const gone = await as(world, 'editor').delete(`/core/v2/posts/${post.id}?force=true`);
    expect(gone.status).toBe(200);
    expect(gone.body.deleted).toBe(true);
    expect(gone.headers.allow).toBeUndefined();
    const term = await as(world, 'editor').post('/core/v2/tags', { name: 'Gone tag' });
    const deleted = await as(world, 'editor').delete(`/core/v2/tags/${term.body.id}?force=true`);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.allow).toBeUndefined();
  });

  test('no route matched: no Allow', async () => {
    const r = await as(world, 'editor').get('/core/v2/nothing-here');
    expect(err(r)).toEqual({ status: 404, code: 'rest_no_route' });
    expect(r.headers.allow).toBeUndefined();
  });
});

describe('OPTIONS lists only what this caller may do', () => {
  test('collections and items, per role', async () => {
    const post = await make(as(world, 'author'), 'posts', { title: 'Options', status: 'publish' });
    const allow = async (caller: Parameters<typeof as>[1], path: string) => {
      const r = await request(world.gw.app)
        .options(`/rest${path}`)
        .set(typeof caller === 'string' ? world.auth[caller] : caller);
      expect(r.status).toBe(200);
      expect(r.body.namespace).toBe('core/v2');
      return r.headers.allow;
    };
    expect(await allow('anonymous', '/core/v2/posts')).toBe('GET');
    expect(await allow('contributor', '/core/v2/posts')).toBe('GET, POST');
    expect(await allow('anonymous', `/core/v2/posts/${post.id}`)).toBe('GET');
    // Another author may read a published post but not change it; its own author and an editor may.
    expect(await allow('author2', `/core/v2/posts/${post.id}`)).toBe('GET');
    expect(await allow('author', `/core/v2/posts/${post.id}`)).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(await allow('editor', `/core/v2/posts/${post.id}`)).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(await allow('subscriber', '/core/v2/categories')).toBe('GET');
    expect(await allow('editor', '/core/v2/categories')).toBe('GET, POST');
  });
});

describe('_envelope headers', () => {
  test('counts are integers, Allow is included; an answer without headers has []', async () => {
    await make(as(world, 'editor'), 'posts', { title: 'Counted', status: 'publish' });
    const list = await as(world, 'anonymous').get('/core/v2/posts?per_page=1&_envelope');
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(200);
    expect(list.body.headers['X-WP-Total']).toEqual(expect.any(Number));
    expect(list.body.headers['X-WP-TotalPages']).toBe(list.body.headers['X-WP-Total']);
    expect(list.body.headers.Allow).toBe('GET');
    expect(list.headers['x-wp-total']).toBeUndefined();
    // No route matched and nothing set: PHP's empty array.
    const none = await as(world, 'anonymous').get('/core/v2/nothing-here?_envelope');
    expect(none.body).toEqual({
      body: { code: 'rest_no_route', message: expect.any(String), data: { status: 404 } },
      status: 404,
      headers: [],
    });
    // The gateway's own answers follow the same rule.
    const index = await as(world, 'anonymous').get('/?_envelope&_fields=name');
    expect(index.body.headers).toEqual({ Allow: 'GET' });
  });

  test('inside a batch item `_envelope` is ignored; item headers have integer counts and Allow', async () => {
    const r = await as(world, 'editor').post('/batch/v1', {
      requests: [
        { path: '/core/v2/tags?_envelope', body: { name: 'Item envelope' } },
        { method: 'DELETE', path: '/core/v2/tags/999999?_envelope&force=true' },
      ],
    });
    expect(r.status).toBe(207);
    const [made, missing] = r.body.responses;
    expect(made.status).toBe(201);
    expect(made.body.name).toBe('Item envelope');
    expect(made.headers).toMatchObject({ Location: expect.stringContaining('/core/v2/tags/'), Allow: 'GET, POST' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('rest_term_invalid');
    expect(missing.headers).toEqual([]);
  });
});
