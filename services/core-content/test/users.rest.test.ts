/**
 * Users through the gateway, where a WordPress client would see a difference (issue 11): `has_published_posts`
 * as a boolean or a list of types, the edit context's `persisted_preferences` meta, the role capabilities with
 * every `level_N`, and users out of batch/v1 (spec 4.1).
 */
import { as, err, make, startWorld, type World } from '@loom/testing';

let world: World;
beforeAll(async () => {
  world = await startWorld();
  await make(as(world, 'author'), 'posts', { title: 'By the author', status: 'publish' });
  await make(as(world, 'editor'), 'pages', { title: 'By the editor', status: 'publish' });
});
afterAll(() => world.close());

const logins = (r: { body: Array<{ slug: string }> }) => r.body.map((u) => u.slug).sort();

test('has_published_posts takes true, or a list of post types', async () => {
  const all = await as(world, 'administrator').get('/core/v2/users?has_published_posts=true');
  expect(all.status).toBe(200);
  expect(logins(all)).toEqual(['author', 'editor']);
  const pages = await as(world, 'administrator').get('/core/v2/users?has_published_posts=page');
  expect(logins(pages)).toEqual(['editor']);
  const posts = await as(world, 'administrator').get('/core/v2/users?has_published_posts[]=post');
  expect(logins(posts)).toEqual(['author']);
  // false filters nothing (the administrator lists everyone).
  const none = await as(world, 'administrator').get('/core/v2/users?has_published_posts=false&per_page=100');
  expect(none.body.length).toBeGreaterThanOrEqual(6);
  const bad = await as(world, 'administrator').get('/core/v2/users?has_published_posts=nosuchtype');
  expect(err(bad)).toEqual({ status: 400, code: 'rest_invalid_param' });
});

test('has_published_posts for callers without list_users: any caller may narrow the published authors by type', async () => {
  // WordPress 6.4 checks no capability for it: without list_users the list is already the authors of published
  // content of every REST type, and a list of types replaces that set.
  for (const caller of ['anonymous', 'subscriber'] as const) {
    const c = as(world, caller);
    const of = async (query: string) => {
      const r = await c.get(`/core/v2/users?${query}`);
      expect([caller, query, r.status]).toEqual([caller, query, 200]);
      return [logins(r), r.headers['x-wp-total']];
    };
    expect(await of('has_published_posts=true')).toEqual([['author', 'editor'], '2']);
    expect(await of('has_published_posts=1')).toEqual([['author', 'editor'], '2']);
    expect(await of('has_published_posts=false')).toEqual([['author', 'editor'], '2']);
    expect(await of('has_published_posts=page')).toEqual([['editor'], '1']);
    expect(await of('has_published_posts=post,page')).toEqual([['author', 'editor'], '2']);
    expect(await of('has_published_posts[]=post')).toEqual([['author'], '1']);
    expect(await of('has_published_posts=wp_block')).toEqual([[], '0']);
    const bad = await c.get('/core/v2/users?has_published_posts=nosuchtype');
    expect(bad.body.data.params.has_published_posts).toMatch(/^has_published_posts\[0\] is not one of post, page, /);
  }
});

test('meta: persisted_preferences in edit context, an empty list in view', async () => {
  const view = await as(world, 'editor').get('/core/v2/users/me');
  expect(view.body.meta).toEqual([]);
  const edit = await as(world, 'editor').get('/core/v2/users/me?context=edit');
  expect(edit.body.meta).toEqual({ persisted_preferences: [] });
  // The block editor saves its preferences there; they come back as saved.
  const prefs = { 'core/edit-post': { welcomeGuide: false }, _modified: '2026-11-23T10:00:00.000Z' };
  const saved = await as(world, 'editor').post('/core/v2/users/me', {
    meta: { persisted_preferences: prefs, unregistered: 1 },
  });
  expect(saved.status).toBe(200);
  expect(saved.body.meta).toEqual({ persisted_preferences: prefs });
  expect((await as(world, 'editor').get('/core/v2/users/me?context=edit')).body.meta.persisted_preferences).toEqual(
    prefs,
  );
  const wrong = await as(world, 'editor').post('/core/v2/users/me', { meta: { persisted_preferences: 'text' } });
  expect(err(wrong)).toEqual({ status: 400, code: 'rest_invalid_param' });
});

test('capabilities carry every level of the role, and unfiltered_upload for administrators', async () => {
  const caps = async (login: string) => {
    const r = await as(world, 'administrator').get(`/core/v2/users?slug=${login}&context=edit`);
    return r.body[0].capabilities as Record<string, boolean>;
  };
  const levels = (c: Record<string, boolean>) =>
    Object.keys(c)
      .filter((k) => k.startsWith('level_'))
      .map((k) => Number(k.slice(6)))
      .sort((a, b) => a - b);
  const editor = await caps('editor');
  expect(levels(editor)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(editor.unfiltered_upload).toBeUndefined();
  const admin = await caps('administrator');
  expect(levels(admin)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(admin.unfiltered_upload).toBe(true);
  expect(levels(await caps('author'))).toEqual([0, 1, 2]);
  expect(levels(await caps('subscriber'))).toEqual([0]);
});

test('users are not batchable: rest_batch_not_allowed, and the other items still run', async () => {
  const r = await as(world, 'administrator').post('/batch/v1', {
    requests: [
      { path: '/core/v2/users', body: { username: 'batched', email: 'batched@loom.test', password: 'x-Secret-1' } },
      { path: '/core/v2/tags', body: { name: 'Beside a user' } },
    ],
  });
  expect(r.status).toBe(207);
  expect(r.body.responses[0]).toEqual({
    body: {
      code: 'rest_batch_not_allowed',
      message: 'The requested route does not support batch requests.',
      data: { status: 400 },
    },
    status: 400,
    headers: [],
  });
  expect(r.body.responses[1].status).toBe(201);
  expect((await as(world, 'administrator').get('/core/v2/users?search=batched')).body).toEqual([]);
});
