/**
 * Revisions of posts and pages through the gateway (WP_REST_Revisions_Controller): stored on each update that
 * changes title, content or excerpt (the first update always), listed newest first with WordPress's query
 * parameters and pagination errors, read with parent checks, deleted only with force=true, gone with their
 * post, and kept out of the posts' own lists; the posts' version-history links count them.
 */
import type { Store } from '@loom/store';
import { as, err, make, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let admin: Client;
let editor: Client;
let author: Client;
let contributor: Client;
let anon: Client;
const rest = 'http://loom.test/rest/core/v2';

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  editor = as(w, 'editor');
  author = as(w, 'author');
  contributor = as(w, 'contributor');
  anon = as(w, 'anonymous');
});
afterAll(() => w.close());

/** A published post of the author's, updated `n` times with new content. */
async function withRevisions(n: number, base: 'posts' | 'pages' = 'posts', client: Client = admin) {
  const post = await make(client, base, { title: 'Original', content: 'v0', status: 'publish' });
  for (let i = 1; i <= n; i++) {
    const r = await client.post(`/core/v2/${base}/${post.id}`, { content: `v${i}` });
    expect(r.status).toBe(200);
  }
  return post;
}

describe('storing revisions', () => {
  test('none on create; the first update stores one even without changes; then only when title/content/excerpt change', async () => {
    const post = await make(admin, 'posts', { title: 'T', content: 'C', status: 'publish' });
    const list = () => admin.get(`/core/v2/posts/${post.id}/revisions`);
    expect((await list()).body).toEqual([]);
    await admin.post(`/core/v2/posts/${post.id}`, { comment_status: 'closed' });
    expect((await list()).body).toHaveLength(1);
    await admin.post(`/core/v2/posts/${post.id}`, { ping_status: 'closed', slug: 'other' });
    expect((await list()).body).toHaveLength(1);
    await admin.post(`/core/v2/posts/${post.id}`, { content: 'C  ' });
    expect((await list()).body).toHaveLength(1);
    await admin.post(`/core/v2/posts/${post.id}`, { excerpt: 'E' });
    const after = (await list()).body;
    expect(after).toHaveLength(2);
    expect(after[0].excerpt.rendered).toBe('<p>E</p>\n');
  });

  test('a revision is a copy of the saved post, by the user who saved it, dated with its modification time', async () => {
    const post = await make(author, 'posts', { title: 'Mine', content: '<p>Body</p>', status: 'publish' });
    const updated = await editor.post(`/core/v2/posts/${post.id}`, { title: 'Edited' });
    const r = await admin.get(`/core/v2/posts/${post.id}/revisions?context=edit`);
    expect(r.status).toBe(200);
    const [rev] = r.body;
    expect(Object.keys(rev)).toEqual([
      'author',
      'date',
      'date_gmt',
      'id',
      'modified',
      'modified_gmt',
      'parent',
      'slug',
      'guid',
      'title',
      'content',
      'excerpt',
      '_links',
    ]);
    expect(rev).toMatchObject({
      author: w.users.editor.id,
      date: updated.body.modified,
      date_gmt: updated.body.modified_gmt,
      modified: updated.body.modified,
      parent: post.id,
      slug: `${post.id}-revision-v1`,
      guid: { raw: `http://loom.test/?p=${rev.id}`, rendered: `http://loom.test/?p=${rev.id}` },
      title: { raw: 'Edited', rendered: 'Edited' },
      content: { raw: '<p>Body</p>', rendered: '<p>Body</p>\n' },
      excerpt: { raw: '', rendered: '' },
    });
    expect(rev._links).toEqual({ parent: [{ href: `${rest}/posts/${post.id}` }] });
  });

  test('view context hides raw values and date_gmt stays; embed keeps author, date, id, parent, slug, title', async () => {
    const post = await withRevisions(1);
    const view = (await admin.get(`/core/v2/posts/${post.id}/revisions`)).body[0];
    expect(view.title).toEqual({ rendered: 'Original' });
    expect(view.content).toEqual({ rendered: '<p>v1</p>\n' });
    expect(view.guid).toEqual({ rendered: `http://loom.test/?p=${view.id}` });
    const embed = (await admin.get(`/core/v2/posts/${post.id}/revisions?context=embed`)).body[0];
    expect(Object.keys(embed)).toEqual(['author', 'date', 'id', 'parent', 'slug', 'title', 'excerpt', '_links']);
  });

  test('pages have theirs, under their own route', async () => {
    const page = await withRevisions(2, 'pages');
    const r = await admin.get(`/core/v2/pages/${page.id}/revisions`);
    expect(r.body.map((x: { content: { rendered: string } }) => x.content.rendered)).toEqual([
      '<p>v2</p>\n',
      '<p>v1</p>\n',
    ]);
    expect(r.body[0]._links.parent).toEqual([{ href: `${rest}/pages/${page.id}` }]);
    // A page's revisions are not a post's.
    expect(err(await admin.get(`/core/v2/posts/${page.id}/revisions`))).toEqual({
      status: 404,
      code: 'rest_post_invalid_parent',
    });
  });

  test('version-history and predecessor-version on the post count revisions and point at the newest', async () => {
    const post = await withRevisions(3);
    const revs = (await admin.get(`/core/v2/posts/${post.id}/revisions`)).body;
    const r = await anon.get(`/core/v2/posts/${post.id}`);
    expect(r.body._links['version-history']).toEqual([{ count: 3, href: `${rest}/posts/${post.id}/revisions` }]);
    expect(r.body._links['predecessor-version']).toEqual([
      { id: revs[0].id, href: `${rest}/posts/${post.id}/revisions/${revs[0].id}` },
    ]);
    const list = await anon.get(`/core/v2/posts?include=${post.id}`);
    expect(list.body[0]._links['version-history'][0].count).toBe(3);
  });

  test('revisions never appear in post lists, searches or counts', async () => {
    const post = await make(admin, 'posts', { title: 'Zebra-unique-title', content: 'x', status: 'publish' });
    await admin.post(`/core/v2/posts/${post.id}`, { content: 'zebra-unique-content' });
    const search = await admin.get('/core/v2/posts?search=zebra-unique&status=any&context=edit');
    expect(search.body.map((p: { id: number }) => p.id)).toEqual([post.id]);
    const all = await admin.get('/core/v2/posts?status=any&per_page=100');
    expect(all.body.every((p: { type: string }) => p.type === 'post')).toBe(true);
    const pages = await admin.get('/core/v2/pages?status=any&per_page=100');
    expect(pages.body.every((p: { type: string }) => p.type === 'page')).toBe(true);
  });
});

describe('listing', () => {
  let post: { id: number };
  let ids: number[];
  const list = (q = '') => admin.get(`/core/v2/posts/${post.id}/revisions${q}`);
  beforeAll(async () => {
    post = await withRevisions(5);
    ids = (await list()).body.map((r: { id: number }) => r.id);
  });

  test('newest first, all of them without per_page, with totals', async () => {
    const r = await list();
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(r.headers['x-wp-total']).toBe('5');
    expect(r.headers['x-wp-totalpages']).toBe('1');
    expect(r.headers.link ?? '').not.toContain('rel="next"');
  });

  test('per_page, page, offset, order, orderby, include, exclude, search', async () => {
    const p2 = await list('?per_page=2&page=2');
    expect(p2.body.map((r: { id: number }) => r.id)).toEqual(ids.slice(2, 4));
    expect(p2.headers['x-wp-totalpages']).toBe('3');
    expect(p2.headers.link).toContain('rel="prev"');
    expect(p2.headers.link).toContain('rel="next"');
    expect((await list('?per_page=2&offset=3')).body.map((r: { id: number }) => r.id)).toEqual(ids.slice(3, 5));
    expect((await list('?order=asc')).body.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect((await list('?orderby=id&order=asc&per_page=1')).body[0].id).toBe(ids[4]);
    expect((await list(`?include=${ids[1]},${ids[3]}&orderby=include`)).body.map((r: { id: number }) => r.id)).toEqual([
      ids[1],
      ids[3],
    ]);
    expect((await list(`?exclude=${ids[0]}`)).body).toHaveLength(4);
    expect((await list('?search=v3')).body.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
  });

  test('errors: page or offset past the end, relevance without search, include order without include, bad per_page', async () => {
    expect(err(await list('?per_page=2&page=4'))).toEqual({ status: 400, code: 'rest_revision_invalid_page_number' });
    expect(err(await list('?page=2'))).toEqual({ status: 400, code: 'rest_revision_invalid_page_number' });
    expect(err(await list('?offset=5'))).toEqual({ status: 400, code: 'rest_revision_invalid_offset_number' });
    expect((await list('?offset=5')).body.message).toBe(
      'The offset number requested is larger than or equal to the number of available revisions.',
    );
    expect(err(await list('?orderby=relevance'))).toEqual({ status: 400, code: 'rest_no_search_term_defined' });
    expect(err(await list('?orderby=include'))).toEqual({ status: 400, code: 'rest_orderby_include_missing_include' });
    expect(err(await list('?per_page=0'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await list('?per_page=101'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    // No revisions: no page error.
    const fresh = await make(admin, 'posts', { title: 'none', status: 'publish' });
    const r = await admin.get(`/core/v2/posts/${fresh.id}/revisions?page=3`);
    expect(r.status).toBe(200);
    expect(r.headers['x-wp-totalpages']).toBe('0');
  });

  test('permissions: edit_post on the parent (rest_cannot_read 401/403), bad parent 404', async () => {
    expect(err(await anon.get(`/core/v2/posts/${post.id}/revisions`))).toEqual({
      status: 401,
      code: 'rest_cannot_read',
    });
    expect(err(await contributor.get(`/core/v2/posts/${post.id}/revisions`))).toEqual({
      status: 403,
      code: 'rest_cannot_read',
    });
    expect((await contributor.get(`/core/v2/posts/${post.id}/revisions`)).body.message).toBe(
      'Sorry, you are not allowed to view revisions of this post.',
    );
    expect((await editor.get(`/core/v2/posts/${post.id}/revisions`)).status).toBe(200);
    expect(err(await admin.get('/core/v2/posts/999999/revisions'))).toEqual({
      status: 404,
      code: 'rest_post_invalid_parent',
    });
  });
});

describe('single revision and delete', () => {
  test('read: ok, unknown id, revision of another post, permissions', async () => {
    const a = await withRevisions(1);
    const b = await withRevisions(1);
    const [revA] = (await admin.get(`/core/v2/posts/${a.id}/revisions`)).body;
    const one = await admin.get(`/core/v2/posts/${a.id}/revisions/${revA.id}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(revA.id);
    expect(one.body.title).toEqual({ rendered: 'Original' });
    const bad = await admin.get(`/core/v2/posts/${a.id}/revisions/999999`);
    expect(err(bad)).toEqual({ status: 404, code: 'rest_post_invalid_id' });
    expect(bad.body.message).toBe('Invalid revision ID.');
    // A post id is not a revision id.
    expect(err(await admin.get(`/core/v2/posts/${a.id}/revisions/${b.id}`))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
    const other = await admin.get(`/core/v2/posts/${b.id}/revisions/${revA.id}`);
    expect(err(other)).toEqual({ status: 404, code: 'rest_revision_parent_id_mismatch' });
    expect(other.body.message).toBe(`The revision does not belong to the specified parent with id of "${b.id}"`);
    expect(err(await anon.get(`/core/v2/posts/${a.id}/revisions/${revA.id}`))).toEqual({
      status: 401,
      code: 'rest_cannot_read',
    });
  });

  test('delete: force must be true (501), then {deleted, previous}; others may not; the post keeps its other revisions', async () => {
    const post = await withRevisions(2, 'posts', author);
    const [newest, older] = (await admin.get(`/core/v2/posts/${post.id}/revisions`)).body;
    const path = `/core/v2/posts/${post.id}/revisions/${newest.id}`;
    const soft = await author.delete(path);
    expect(err(soft)).toEqual({ status: 501, code: 'rest_trash_not_supported' });
    expect(soft.body.message).toBe("Revisions do not support trashing. Set 'force=true' to delete.");
    expect(err(await contributor.delete(`${path}?force=true`))).toEqual({ status: 403, code: 'rest_cannot_delete' });
    expect(err(await anon.delete(`${path}?force=true`))).toEqual({ status: 401, code: 'rest_cannot_delete' });
    expect(err(await author.delete(`/core/v2/posts/${post.id}/revisions/999999?force=true`))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
    const r = await author.delete(`${path}?force=true`);
    expect(r.status).toBe(200);
    expect(r.body.deleted).toBe(true);
    expect(r.body.previous).toMatchObject({ id: newest.id, parent: post.id, title: { rendered: 'Original' } });
    expect(r.body.previous).not.toHaveProperty('_links');
    expect(err(await admin.get(path))).toEqual({ status: 404, code: 'rest_post_invalid_id' });
    const left = await admin.get(`/core/v2/posts/${post.id}/revisions`);
    expect(left.body.map((x: { id: number }) => x.id)).toEqual([older.id]);
  });

  test('deleting the post deletes its revisions', async () => {
    const post = await withRevisions(2);
    const [rev] = (await admin.get(`/core/v2/posts/${post.id}/revisions`)).body;
    expect((await admin.delete(`/core/v2/posts/${post.id}?force=true`)).status).toBe(200);
    const store = (w.core as unknown as { store: Store }).store;
    expect(await store.collection('posts').count({ type: 'revision', parent: post.id })).toBe(0);
    expect(await store.collection('posts').count({ id: rev.id })).toBe(0);
  });
});

describe('routes', () => {
  test("the index lists revision and autosave routes after each type's item route, without batch", async () => {
    const { routes } = (await admin.get('/core/v2')).body as {
      routes: Record<string, { endpoints: Array<{ allow_batch?: unknown; args: Record<string, unknown> }> }>;
    };
    const keys = Object.keys(routes);
    const at = (k: string) => keys.indexOf(k);
    const item = '/core/v2/posts/(?P<id>[\\d]+)';
    expect(keys.slice(at(item), at(item) + 5)).toEqual([
      item,
      '/core/v2/posts/(?P<parent>[\\d]+)/revisions',
      '/core/v2/posts/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)',
      '/core/v2/posts/(?P<id>[\\d]+)/autosaves',
      '/core/v2/posts/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)',
    ]);
    expect(keys).toContain('/core/v2/pages/(?P<parent>[\\d]+)/revisions');
    const list = routes['/core/v2/posts/(?P<parent>[\\d]+)/revisions']!.endpoints[0]!;
    expect(Object.keys(list.args)).toEqual([
      'parent',
      'context',
      'page',
      'per_page',
      'search',
      'exclude',
      'include',
      'offset',
      'order',
      'orderby',
    ]);
    expect(list.args.per_page).not.toHaveProperty('default');
    for (const k of keys.filter((x) => /revisions|autosaves/.test(x)))
      for (const e of routes[k]!.endpoints) expect(e).not.toHaveProperty('allow_batch');
    const autosave = routes['/core/v2/posts/(?P<id>[\\d]+)/autosaves']!.endpoints[1]!;
    expect(Object.keys(autosave.args)).not.toContain('id');
    expect(Object.keys(autosave.args)[0]).toBe('parent');
  });
});
