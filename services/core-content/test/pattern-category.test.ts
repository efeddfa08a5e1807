/**
 * core/v2/pattern_category (wp_pattern_category, the terms controller) through the gateway: fields per context,
 * its term query set W, who may list, create, edit and delete (the registry's caps: anyone lists, assign_terms
 * (edit_posts) creates a flat term, manage_categories edits and deletes), the terms of a block, links, counts,
 * force-only deletes, batch and _embed.
 */
import { as, err, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let editor: Client;
let author: Client;
let contributor: Client;
let subscriber: Client;
let anon: Client;

const REST = 'http://loom.test/rest/core/v2';
type Body = Record<string, unknown> & { id: number };

let heroes: Body;

beforeAll(async () => {
  w = await startWorld();
  editor = as(w, 'editor');
  author = as(w, 'author');
  contributor = as(w, 'contributor');
  subscriber = as(w, 'subscriber');
  anon = as(w, 'anonymous');
  heroes = (await editor.post('/core/v2/pattern_category', { name: 'Heroes', description: 'Big banners' })).body;
});
afterAll(() => w.close());

describe('fields per context', () => {
  test('create: 201, Location, edit context: a flat term (no parent), its plain link, meta []', async () => {
    const r = await editor.post('/core/v2/pattern_category', { name: 'Call to action', slug: 'cta' });
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`${REST}/pattern_category/${r.body.id}`);
    expect(Object.keys(r.body)).toEqual([
      'id',
      'count',
      'description',
      'link',
      'name',
      'slug',
      'taxonomy',
      'meta',
      '_links',
    ]);
    expect(r.body).toMatchObject({
      count: 0,
      description: '',
      // Not public, no rewrite rules, no query var: get_term_link()'s last form.
      link: 'http://loom.test/?taxonomy=wp_pattern_category&term=cta',
      name: 'Call to action',
      slug: 'cta',
      taxonomy: 'wp_pattern_category',
      meta: [],
    });
  });

  test('view and embed', async () => {
    const view = await anon.get(`/core/v2/pattern_category/${heroes.id}`);
    expect(view.status).toBe(200);
    expect(Object.keys(view.body)).toEqual([
      'id',
      'count',
      'description',
      'link',
      'name',
      'slug',
      'taxonomy',
      'meta',
      '_links',
    ]);
    expect(view.body).toMatchObject({ name: 'Heroes', description: 'Big banners', slug: 'heroes' });
    const embed = await anon.get(`/core/v2/pattern_category/${heroes.id}?context=embed`);
    expect(Object.keys(embed.body)).toEqual(['id', 'link', 'name', 'slug', 'taxonomy', '_links']);
  });

  test('links: self, collection, about, wp:post_type (the blocks of the category)', async () => {
    const r = await anon.get(`/core/v2/pattern_category/${heroes.id}`);
    expect(r.body._links).toEqual({
      self: [{ href: `${REST}/pattern_category/${heroes.id}` }],
      collection: [{ href: `${REST}/pattern_category` }],
      about: [{ href: `${REST}/taxonomies/wp_pattern_category` }],
      'wp:post_type': [{ href: `${REST}/blocks?pattern_category=${heroes.id}` }],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    });
  });

  test('the route index: query set W (offset, no parent), write arguments, batch on collection and item routes', async () => {
    const { routes } = (await anon.get('/core/v2')).body;
    const [list, create] = routes['/core/v2/pattern_category'].endpoints;
    expect(Object.keys(list.args)).toEqual([
      'context',
      'page',
      'per_page',
      'search',
      'exclude',
      'include',
      'offset',
      'order',
      'orderby',
      'hide_empty',
      'post',
      'slug',
    ]);
    expect(list.args.hide_empty.default).toBe(false);
    expect(list.args.orderby.default).toBe('name');
    expect(Object.keys(create.args)).toEqual(['description', 'name', 'slug', 'meta']);
    expect(create.args.name.required).toBe(true);
    for (const route of ['/core/v2/pattern_category', '/core/v2/pattern_category/(?P<id>[\\d]+)'])
      for (const e of routes[route].endpoints) expect(e.allow_batch).toEqual({ v1: true });
    // Taxonomy routes come after every post type's, as WordPress registers them.
    const keys = Object.keys(routes);
    expect(keys.indexOf('/core/v2/pattern_category')).toBeGreaterThan(
      keys.indexOf('/core/v2/navigation/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)'),
    );
  });

  test('the taxonomy descriptor links to its terms', async () => {
    const r = await anon.get('/core/v2/taxonomies/wp_pattern_category');
    expect(r.body).toMatchObject({
      slug: 'wp_pattern_category',
      types: ['wp_block'],
      rest_base: 'pattern_category',
      _links: { 'wp:items': [{ href: `${REST}/pattern_category` }] },
    });
  });
});

describe('who may', () => {
  test('anyone lists and reads; edit context needs manage_categories (edit_terms)', async () => {
    expect((await anon.get('/core/v2/pattern_category')).status).toBe(200);
    expect(err(await anon.get('/core/v2/pattern_category?context=edit'))).toEqual({
      status: 401,
      code: 'rest_forbidden_context',
    });
    expect(err(await author.get('/core/v2/pattern_category?context=edit'))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect(err(await contributor.get(`/core/v2/pattern_category/${heroes.id}?context=edit`))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect((await editor.get(`/core/v2/pattern_category/${heroes.id}?context=edit`)).status).toBe(200);
  });

  test('create: a flat taxonomy needs assign_terms, which is edit_posts (contributors and up)', async () => {
    expect(err(await anon.post('/core/v2/pattern_category', { name: 'Nope' }))).toEqual({
      status: 401,
      code: 'rest_cannot_create',
    });
    expect(err(await subscriber.post('/core/v2/pattern_category', { name: 'Nope' }))).toEqual({
      status: 403,
      code: 'rest_cannot_create',
    });
    expect((await contributor.post('/core/v2/pattern_category', { name: 'From a contributor' })).status).toBe(201);
  });

  test('update and delete need manage_categories (editors and up)', async () => {
    const t = (await contributor.post('/core/v2/pattern_category', { name: 'Editable' })).body;
    expect(err(await author.post(`/core/v2/pattern_category/${t.id}`, { name: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_update',
    });
    expect(err(await anon.put(`/core/v2/pattern_category/${t.id}`, { name: 'x' }))).toEqual({
      status: 401,
      code: 'rest_cannot_update',
    });
    expect((await editor.patch(`/core/v2/pattern_category/${t.id}`, { description: 'Edited' })).body.description).toBe(
      'Edited',
    );
    expect(err(await author.delete(`/core/v2/pattern_category/${t.id}?force=true`))).toEqual({
      status: 403,
      code: 'rest_cannot_delete',
    });
    expect((await editor.delete(`/core/v2/pattern_category/${t.id}?force=true`)).status).toBe(200);
  });
});

describe('writes and errors', () => {
  test('DELETE needs force (rest_trash_not_supported 501); with it, {deleted, previous}', async () => {
    const t = (await editor.post('/core/v2/pattern_category', { name: 'Temporary' })).body;
    expect(err(await editor.delete(`/core/v2/pattern_category/${t.id}`))).toEqual({
      status: 501,
      code: 'rest_trash_not_supported',
    });
    const gone = await editor.delete(`/core/v2/pattern_category/${t.id}?force=true`);
    expect(gone.body).toMatchObject({
      deleted: true,
      previous: { id: t.id, name: 'Temporary', taxonomy: 'wp_pattern_category' },
    });
    expect(err(await anon.get(`/core/v2/pattern_category/${t.id}`))).toEqual({
      status: 404,
      code: 'rest_term_invalid',
    });
  });

  test('name required on create; a duplicate name is term_exists; a colliding slug is made unique', async () => {
    expect(err(await editor.post('/core/v2/pattern_category', {}))).toEqual({
      status: 400,
      code: 'rest_missing_callback_param',
    });
    expect(err(await editor.post('/core/v2/pattern_category', { name: 'heroes' }))).toEqual({
      status: 400,
      code: 'term_exists',
    });
    const other = await editor.post('/core/v2/pattern_category', { name: 'Heroes again', slug: 'heroes' });
    expect(other.body.slug).toBe('heroes-2');
  });

  test('a category or tag id is not a pattern category', async () => {
    const tag = (await editor.post('/core/v2/tags', { name: 'A tag' })).body.id;
    expect(err(await anon.get(`/core/v2/pattern_category/${tag}`))).toEqual({ status: 404, code: 'rest_term_invalid' });
    expect(err(await anon.get('/core/v2/pattern_category/1'))).toEqual({ status: 404, code: 'rest_term_invalid' });
  });
});

describe('the terms of a block, counts and filters (set W)', () => {
  let layouts: Body;
  let block: number;
  beforeAll(async () => {
    layouts = (await editor.post('/core/v2/pattern_category', { name: 'Layouts' })).body;
    block = (
      await author.post('/core/v2/blocks', {
        title: 'Hero block',
        status: 'publish',
        pattern_category: [heroes.id, layouts.id],
      })
    ).body.id;
  });

  test('post=<block>: its terms, for those who may read the block (not anonymous callers: a block is not publicly viewable)', async () => {
    const r = await contributor.get(`/core/v2/pattern_category?post=${block}`);
    expect(r.status).toBe(200);
    expect(r.body.map((t: Body) => t.id)).toEqual([heroes.id, layouts.id]);
    expect(err(await anon.get(`/core/v2/pattern_category?post=${block}`))).toEqual({
      status: 401,
      code: 'rest_forbidden_context',
    });
    expect(err(await subscriber.get(`/core/v2/pattern_category?post=${block}`))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    const post = (await editor.post('/core/v2/posts', { title: 'A post', status: 'publish' })).body.id;
    expect(err(await contributor.get(`/core/v2/pattern_category?post=${post}`))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect(err(await contributor.get('/core/v2/pattern_category?post=999999'))).toEqual({
      status: 400,
      code: 'rest_post_invalid_id',
    });
  });

  test('counts follow published blocks; hide_empty; search, slug, include/exclude, offset, orderby', async () => {
    expect((await anon.get(`/core/v2/pattern_category/${layouts.id}`)).body.count).toBe(1);
    const ids = async (q: string) => (await anon.get(`/core/v2/pattern_category?${q}`)).body.map((t: Body) => t.id);
    expect(await ids('hide_empty=true')).toEqual([heroes.id, layouts.id]);
    expect(await ids('search=layo')).toEqual([layouts.id]);
    expect(await ids('slug=heroes,layouts')).toEqual([heroes.id, layouts.id]);
    expect(await ids(`include=${layouts.id},${heroes.id}&orderby=include`)).toEqual([layouts.id, heroes.id]);
    expect(await ids(`hide_empty=1&exclude=${heroes.id}`)).toEqual([layouts.id]);
    expect(await ids('hide_empty=1&offset=1')).toEqual([layouts.id]);
    expect(await ids('hide_empty=1&orderby=id&order=desc')).toEqual([layouts.id, heroes.id]);
    const page = await anon.get('/core/v2/pattern_category?per_page=1');
    expect(Number(page.headers['x-wp-totalpages'])).toBe(Number(page.headers['x-wp-total']));
    expect(err(await anon.get('/core/v2/pattern_category?orderby=parent'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    // Trashing the block takes it out of the count.
    await author.delete(`/core/v2/blocks/${block}`);
    expect((await anon.get(`/core/v2/pattern_category/${layouts.id}`)).body.count).toBe(0);
  });

  test('_embed through a block: its pattern categories in embed context', async () => {
    const b = (
      await author.post('/core/v2/blocks', { title: 'Embedding', status: 'publish', pattern_category: [layouts.id] })
    ).body.id;
    const r = await author.get(`/core/v2/blocks/${b}?_embed`);
    expect(r.body._embedded['wp:term'][0].map((t: Body) => [t.id, t.taxonomy])).toEqual([
      [layouts.id, 'wp_pattern_category'],
    ]);
  });
});

describe('batch (spec 4.1)', () => {
  test('pattern categories may be created and updated in a batch', async () => {
    const r = await editor.post('/batch/v1', {
      requests: [
        { path: '/core/v2/pattern_category', body: { name: 'Batched' } },
        { method: 'POST', path: `/core/v2/pattern_category/${heroes.id}`, body: { description: 'Big banners' } },
        { path: '/core/v2/pattern_category', body: {} },
      ],
    });
    expect(r.status).toBe(207);
    expect(r.body.responses.map((x: { status: number }) => x.status)).toEqual([201, 200, 400]);
    expect(r.body.responses[0].body).toMatchObject({ name: 'Batched', taxonomy: 'wp_pattern_category' });
  });
});
