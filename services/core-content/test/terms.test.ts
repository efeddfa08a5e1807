import request from 'supertest';
import { asRole } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { startCore } from './helpers';

let app: Awaited<ReturnType<typeof startCore>>['app'];
let store: Store;
let close: () => Promise<void>;
const editor = asRole('editor');

beforeEach(async () => {
  ({ app, store, close } = await startCore());
});
afterEach(() => close());

const create = (path: string, body: Record<string, unknown>, who = editor) =>
  request(app).post(`/rest/core/v2/${path}`).set(who).send(body);
const termCount = () => store.collection('terms').count({});

describe('categories: create, read, update, delete', () => {
  test('the default category exists from the first start', async () => {
    const r = await request(app).get('/rest/core/v2/categories/1');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: 1,
      name: 'Uncategorized',
      slug: 'uncategorized',
      taxonomy: 'category',
      parent: 0,
      count: 0,
    });
  });

  test('create returns 201, Location, edit context; name sanitized, slug generated', async () => {
    const r = await create('categories', { name: ' Fabrics <b>&</b> Yarns ', description: 'All <em>fabrics</em>' });
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`http://loom.test/rest/core/v2/categories/${r.body.id}`);
    expect(r.body).toEqual({
      id: r.body.id,
      count: 0,
      description: 'All <em>fabrics</em>',
      link: 'http://loom.test/category/fabrics-yarns/',
      // pre_term_name runs wp_filter_kses for everyone: WordPress stores and answers the entity.
      name: 'Fabrics &amp; Yarns',
      slug: 'fabrics-yarns',
      taxonomy: 'category',
      parent: 0,
      meta: [],
      _links: {
        self: [{ href: `http://loom.test/rest/core/v2/categories/${r.body.id}` }],
        collection: [{ href: 'http://loom.test/rest/core/v2/categories' }],
        about: [{ href: 'http://loom.test/rest/core/v2/taxonomies/category' }],
        'wp:post_type': [{ href: `http://loom.test/rest/core/v2/posts?categories=${r.body.id}` }],
        curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
      },
    });
    const back = await request(app).get(`/rest/core/v2/categories/${r.body.id}`);
    expect(back.body.name).toBe('Fabrics &amp; Yarns');
  });

  test('children: parent must exist, link nests, up link is embeddable', async () => {
    const tech = (await create('categories', { name: 'Tech' })).body;
    const rust = await create('categories', { name: 'Rust', parent: tech.id });
    expect(rust.status).toBe(201);
    expect(rust.body.parent).toBe(tech.id);
    expect(rust.body.link).toBe('http://loom.test/category/tech/rust/');
    expect(rust.body._links.up).toEqual([
      { embeddable: true, href: `http://loom.test/rest/core/v2/categories/${tech.id}` },
    ]);
    const before = await termCount();
    const bad = await create('categories', { name: 'Orphan', parent: 9999 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 'rest_term_invalid',
      message: 'Parent term does not exist.',
      data: { status: 400 },
    });
    expect(await termCount()).toBe(before);
  });

  test('duplicate name under the same parent is term_exists with the existing id; another parent is fine', async () => {
    const a = (await create('categories', { name: 'Denim' })).body;
    const dup = await create('categories', { name: 'denim' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists with this parent.',
      data: { status: 400, term_id: a.id },
      additional_data: [a.id],
    });
    const child = await create('categories', { name: 'Denim', parent: a.id });
    expect(child.status).toBe(201);
    // The slug is taken, so WordPress appends the parent's slug.
    expect(child.body.slug).toBe('denim-denim');
  });

  test('a colliding slug on create is made unique; on update it is duplicate_term_slug (500)', async () => {
    await create('categories', { name: 'Linen', slug: 'linen' });
    const second = await create('categories', { name: 'Linen Blend', slug: 'linen' });
    expect(second.body.slug).toBe('linen-2');
    const upd = await request(app)
      .post(`/rest/core/v2/categories/${second.body.id}`)
      .set(editor)
      .send({ slug: 'linen' });
    expect(upd.status).toBe(500);
    expect(upd.body).toEqual({
      code: 'duplicate_term_slug',
      message: 'The slug “linen” is already in use by another term.',
      data: { status: 500 },
    });
    expect((await request(app).get(`/rest/core/v2/categories/${second.body.id}`)).body.slug).toBe('linen-2');
  });

  test('update: PUT/PATCH/POST alike, partial, returns edit context; loops are broken as WordPress does', async () => {
    const a = (await create('categories', { name: 'A' })).body;
    const b = (await create('categories', { name: 'B', parent: a.id })).body;
    const put = await request(app).put(`/rest/core/v2/categories/${a.id}`).set(editor).send({ description: 'new' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: a.id, name: 'A', description: 'new', slug: 'a' });
    const patch = await request(app).patch(`/rest/core/v2/categories/${a.id}`).set(editor).send({ name: 'Alpha' });
    expect(patch.body).toMatchObject({ name: 'Alpha', slug: 'a' });
    const loop = await request(app).post(`/rest/core/v2/categories/${a.id}`).set(editor).send({ parent: b.id });
    expect(loop.status).toBe(200);
    expect(loop.body.parent).toBe(0);
    const self = await request(app).post(`/rest/core/v2/categories/${b.id}`).set(editor).send({ parent: b.id });
    expect(self.body.parent).toBe(0);
    expect((await request(app).post('/rest/core/v2/categories/9999').set(editor).send({ name: 'x' })).body.code).toBe(
      'rest_term_invalid',
    );
  });

  test('delete needs force=true (501 otherwise); then previous is returned and children move up', async () => {
    const parent = (await create('categories', { name: 'P' })).body;
    const mid = (await create('categories', { name: 'M', parent: parent.id })).body;
    const leaf = (await create('categories', { name: 'L', parent: mid.id })).body;
    const noForce = await request(app).delete(`/rest/core/v2/categories/${mid.id}`).set(editor);
    expect(noForce.status).toBe(501);
    expect(noForce.body).toEqual({
      code: 'rest_trash_not_supported',
      message: "Terms do not support trashing. Set 'force=true' to delete.",
      data: { status: 501 },
    });
    expect((await request(app).get(`/rest/core/v2/categories/${mid.id}`)).status).toBe(200);
    const del = await request(app).delete(`/rest/core/v2/categories/${mid.id}?force=true`).set(editor);
    expect(del.status).toBe(200);
    expect(del.body.deleted).toBe(true);
    expect(del.body.previous).toMatchObject({ id: mid.id, name: 'M', parent: parent.id });
    expect((await request(app).get(`/rest/core/v2/categories/${mid.id}`)).status).toBe(404);
    expect((await request(app).get(`/rest/core/v2/categories/${leaf.id}`)).body.parent).toBe(parent.id);
    expect((await request(app).delete(`/rest/core/v2/categories/${mid.id}?force=1`).set(editor)).body.code).toBe(
      'rest_term_invalid',
    );
  });

  test('the default category cannot be deleted', async () => {
    const r = await request(app).delete('/rest/core/v2/categories/1?force=true').set(asRole('administrator'));
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('rest_cannot_delete');
  });

  test('unknown or non-category ids are rest_term_invalid 404', async () => {
    const tag = (await create('tags', { name: 'T' })).body;
    for (const id of [9999, tag.id]) {
      const r = await request(app).get(`/rest/core/v2/categories/${id}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
    }
  });
});

describe('permissions', () => {
  test('anonymous 401, lacking capability 403, with WordPress codes; nothing stored', async () => {
    const before = await termCount();
    const anon = await create('categories', { name: 'X' }, {});
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({
      code: 'rest_cannot_create',
      message: 'Sorry, you are not allowed to create terms in this taxonomy.',
      data: { status: 401 },
    });
    for (const role of ['subscriber', 'contributor', 'author'] as const) {
      const r = await create('categories', { name: 'X' }, asRole(role));
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('rest_cannot_create');
    }
    expect(await termCount()).toBe(before);
    const upd = await request(app).post('/rest/core/v2/categories/1').set(asRole('author')).send({ name: 'Hacked' });
    expect(upd.status).toBe(403);
    expect(upd.body.code).toBe('rest_cannot_update');
    const del = await request(app).delete('/rest/core/v2/categories/1?force=true');
    expect(del.status).toBe(401);
    expect(del.body.code).toBe('rest_cannot_delete');
    expect((await request(app).get('/rest/core/v2/categories/1')).body.name).toBe('Uncategorized');
  });

  test('tags: contributors may create (assign_terms), only editors may edit or delete', async () => {
    const c = await create('tags', { name: 'Cotton' }, asRole('contributor'));
    expect(c.status).toBe(201);
    expect((await create('tags', { name: 'Wool' }, asRole('subscriber'))).status).toBe(403);
    expect(
      (await request(app).post(`/rest/core/v2/tags/${c.body.id}`).set(asRole('contributor')).send({ name: 'x' }))
        .status,
    ).toBe(403);
    expect((await request(app).delete(`/rest/core/v2/tags/${c.body.id}?force=true`).set(asRole('author'))).status).toBe(
      403,
    );
    expect((await request(app).delete(`/rest/core/v2/tags/${c.body.id}?force=true`).set(editor)).status).toBe(200);
  });

  test('context=edit needs the capability: rest_forbidden_context 401/403', async () => {
    const anon = await request(app).get('/rest/core/v2/categories?context=edit');
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({
      code: 'rest_forbidden_context',
      message: 'Sorry, you are not allowed to edit terms in this taxonomy.',
      data: { status: 401 },
    });
    const item = await request(app).get('/rest/core/v2/categories/1?context=edit').set(asRole('author'));
    expect(item.status).toBe(403);
    expect(item.body.message).toBe('Sorry, you are not allowed to edit this term.');
    expect((await request(app).get('/rest/core/v2/categories/1?context=edit').set(editor)).status).toBe(200);
  });

  test('Allow lists what the caller may do', async () => {
    expect((await request(app).get('/rest/core/v2/categories/1')).headers.allow).toBe('GET');
    expect((await request(app).get('/rest/core/v2/tags').set(asRole('contributor'))).headers.allow).toBe('GET, POST');
    const tag = (await create('tags', { name: 'A' })).body;
    expect((await request(app).get(`/rest/core/v2/tags/${tag.id}`).set(editor)).headers.allow).toBe(
      'GET, POST, PUT, PATCH, DELETE',
    );
  });
});

describe('term query set T', () => {
  let ids: Record<string, number>;
  beforeEach(async () => {
    ids = {};
    for (const [name, extra] of [
      ['banana', {}],
      ['Apple', { description: 'fruit' }],
      ['cherry', {}],
      ['Date', {}],
      ['elder', {}],
    ] as const) {
      ids[name] = (await create('tags', { name, ...extra })).body.id;
    }
  });
  const list = (q: string) => request(app).get(`/rest/core/v2/tags?${q}`);
  const names = (r: request.Response) => r.body.map((t: { name: string }) => t.name);

  test('default order: name ascending, case-insensitive; headers', async () => {
    const r = await list('');
    expect(names(r)).toEqual(['Apple', 'banana', 'cherry', 'Date', 'elder']);
    expect(r.headers['x-wp-total']).toBe('5');
    expect(r.headers['x-wp-totalpages']).toBe('1');
    expect(r.headers.link).toBe('<http://loom.test/rest/>; rel="https://api.w.org/"');
  });

  test('page, per_page, offset and Link headers', async () => {
    const p2 = await list('per_page=2&page=2');
    expect(names(p2)).toEqual(['cherry', 'Date']);
    expect(p2.headers['x-wp-totalpages']).toBe('3');
    expect(p2.headers.link).toContain('<http://loom.test/rest/core/v2/tags?per_page=2&page=1>; rel="prev"');
    expect(p2.headers.link).toContain('<http://loom.test/rest/core/v2/tags?per_page=2&page=3>; rel="next"');
    expect(names(await list('per_page=2&offset=3'))).toEqual(['Date', 'elder']);
    const past = await list('page=9');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-wp-total']).toBe('5');
  });

  test('order and orderby (id, slug, description, count, include, include_slugs)', async () => {
    expect(names(await list('order=desc'))).toEqual(['elder', 'Date', 'cherry', 'banana', 'Apple']);
    expect(names(await list('orderby=id'))).toEqual(['banana', 'Apple', 'cherry', 'Date', 'elder']);
    expect(names(await list('orderby=slug&order=desc'))[0]).toBe('elder');
    expect(names(await list('orderby=description&order=desc'))[0]).toBe('Apple');
    expect((await list('orderby=count')).status).toBe(200);
    expect(names(await list(`orderby=include&include=${ids.cherry},${ids.Apple},${ids.elder}`))).toEqual([
      'cherry',
      'Apple',
      'elder',
    ]);
    expect(names(await list('orderby=include_slugs&slug=date,banana'))).toEqual(['Date', 'banana']);
  });

  test('search, include, exclude, slug, hide_empty, post', async () => {
    expect(names(await list('search=AN'))).toEqual(['banana']);
    expect(names(await list('search=.*'))).toEqual([]);
    expect((await list(`include[]=${ids.Date}&include[]=x`)).status).toBe(400);
    expect(names(await list(`include[]=${ids.Date}&include[]=${ids.elder}`))).toEqual(['Date', 'elder']);
    expect(names(await list(`exclude=${ids.Apple},${ids.banana}`))).toEqual(['cherry', 'Date', 'elder']);
    expect(names(await list('slug=cherry,apple'))).toEqual(['Apple', 'cherry']);
    expect(names(await list('hide_empty=true'))).toEqual([]);
    const missing = await list('post=12345');
    expect([missing.status, missing.body.code]).toEqual([400, 'rest_post_invalid_id']);
    await store
      .collection('posts')
      .insert({ id: 777, type: 'post', status: 'publish', author: 3, tags: [ids.cherry, ids.elder] });
    expect(names(await list('post=777'))).toEqual(['cherry', 'elder']);
    // The terms of a draft are as private as the draft (check_read_terms_permission_for_post).
    await store.collection('posts').insert({ id: 778, type: 'post', status: 'draft', author: 3, tags: [ids.cherry] });
    const anon = await list('post=778');
    expect([anon.status, anon.body.code, anon.body.message]).toEqual([
      401,
      'rest_forbidden_context',
      'Sorry, you are not allowed to view terms for this post.',
    ]);
    expect((await request(app).get('/rest/core/v2/tags?post=778').set(asRole('contributor'))).status).toBe(403);
    expect(names(await request(app).get('/rest/core/v2/tags?post=778').set(asRole('author')))).toEqual(['cherry']);
    expect(names(await request(app).get('/rest/core/v2/tags?post=778').set(editor))).toEqual(['cherry']);
  });

  test('parent filter on categories; context=embed fields', async () => {
    const top = (await create('categories', { name: 'Top' })).body;
    await create('categories', { name: 'Kid', parent: top.id });
    const r = await request(app).get(`/rest/core/v2/categories?parent=${top.id}`);
    expect(r.body.map((c: { name: string }) => c.name)).toEqual(['Kid']);
    const roots = await request(app).get('/rest/core/v2/categories?parent=0');
    expect(roots.body.map((c: { name: string }) => c.name)).toEqual(['Top', 'Uncategorized']);
    const embed = await request(app).get('/rest/core/v2/categories?context=embed&per_page=1');
    expect(Object.keys(embed.body[0])).toEqual(['id', 'link', 'name', 'slug', 'taxonomy', '_links']);
  });

  test('bad query parameters are 400 rest_invalid_param and name the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['per_page=101', 'per_page'],
      ['page=0', 'page'],
      ['orderby=relevance', 'orderby'],
      ['order=up', 'order'],
      ['hide_empty=maybe', 'hide_empty'],
      ['include=a', 'include'],
      ['post=x', 'post'],
      ['slug[$ne]=x', 'slug'],
      ['search[$regex]=a', 'search'],
      ['context=admin', 'context'],
    ];
    for (const [q, param] of cases) {
      const r = await list(q);
      expect([q, r.status, r.body.code]).toEqual([q, 400, 'rest_invalid_param']);
      expect(Object.keys(r.body.data.params)).toEqual([param]);
    }
    // offset is not part of the category query set (spec 4.6): ignored there.
    expect((await request(app).get('/rest/core/v2/categories?offset=abc')).status).toBe(200);
  });
});

describe('bad writes change nothing', () => {
  test('missing name, wrong types, malformed JSON, injection attempts', async () => {
    const before = await termCount();
    const missing = await create('categories', { description: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): name',
      data: { status: 400, params: ['name'] },
    });
    const wrongType = await create('categories', { name: ['a'], parent: 'x' });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.data.params).sort()).toEqual(['name', 'parent']);
    const bad = await request(app)
      .post('/rest/core/v2/tags')
      .set(editor)
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(bad.body.code).toBe('rest_invalid_json');
    const empty = await create('tags', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('empty_term_name');
    const op = await create('tags', { name: { $gt: '' } });
    expect(op.status).toBe(400);
    expect(await termCount()).toBe(before);
  });
});

test('data survives a restart of the service', async () => {
  const { startCoreAt } = await import('./helpers');
  const first = await startCoreAt();
  const made = await request(first.app).post('/rest/core/v2/tags').set(editor).send({ name: 'Persisted' });
  await first.close();
  const second = await startCoreAt(first.dataDir);
  const back = await request(second.app).get(`/rest/core/v2/tags/${made.body.id}`);
  expect(back.body.name).toBe('Persisted');
  const next = await request(second.app).post('/rest/core/v2/tags').set(editor).send({ name: 'After' });
  expect(next.body.id).toBeGreaterThan(made.body.id);
  expect((await request(second.app).get('/rest/core/v2/categories')).headers['x-wp-total']).toBe('1');
  await second.close();
});
