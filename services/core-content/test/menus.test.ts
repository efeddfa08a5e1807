/**
 * core/v2/menus through the gateway (WP_REST_Menus_Controller over the nav_menu terms): fields per context,
 * wp_update_nav_menu_object's rules (menu_exists, the slug made from the name on every write, the description
 * reset), locations and auto_add, reads for content editors only, no trash, and a menu's items going with it.
 */
import { as, err, startWorld, type World } from '@loom/testing';

const REST = 'http://loom.test/rest';
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const admin = () => as(w, 'administrator');
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;

async function menu(body: Record<string, unknown> = {}): Promise<Record<string, unknown> & { id: number }> {
  const r = await admin().post('/core/v2/menus', { name: unique('Menu'), ...body });
  if (r.status !== 201) throw new Error(`creating a menu: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function item(
  menuId: number,
  body: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { id: number }> {
  const r = await admin().post('/core/v2/menu-items', {
    title: unique('Link'),
    url: 'https://example.com/',
    menus: menuId,
    ...body,
  });
  if (r.status !== 201) throw new Error(`creating a menu item: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

describe('create (sample 84)', () => {
  test('201 with Location, in view context, the fields in WordPress order and the menu links', async () => {
    const r = await admin().post('/core/v2/menus', {
      name: 'Footer Menu',
      description: 'Links shown in the footer',
      auto_add: false,
    });
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`${REST}/core/v2/menus/${r.body.id}`);
    expect(r.body).toEqual({
      id: r.body.id,
      description: 'Links shown in the footer',
      name: 'Footer Menu',
      slug: 'footer-menu',
      meta: [],
      locations: [],
      auto_add: false,
      _links: {
        self: [{ href: `${REST}/core/v2/menus/${r.body.id}` }],
        collection: [{ href: `${REST}/core/v2/menus` }],
        about: [{ href: `${REST}/core/v2/taxonomies/nav_menu` }],
        'wp:post_type': [{ href: `${REST}/core/v2/menu-items?menus=${r.body.id}` }],
        curies: CURIES,
      },
    });
    expect(Object.keys(r.body)).toEqual([
      'id',
      'description',
      'name',
      'slug',
      'meta',
      'locations',
      'auto_add',
      '_links',
    ]);
  });

  test('another menu of the same name (whatever its case) is menu_exists with the id twice (sample 85)', async () => {
    const first = await menu({ name: 'Main Navigation' });
    const r = await admin().post('/core/v2/menus', { name: 'main navigation' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'menu_exists',
      message: 'The menu name <strong>main navigation</strong> conflicts with another menu name. Please try another.',
      data: { status: 400, term_id: first.id },
      additional_data: [first.id],
    });
  });

  test('the name is required and may not be empty; the slug sent is ignored, the name gives one, made unique', async () => {
    expect(err(await admin().post('/core/v2/menus', { description: 'x' }))).toEqual({
      status: 400,
      code: 'rest_missing_callback_param',
    });
    expect(err(await admin().post('/core/v2/menus', { name: '' }))).toEqual({ status: 400, code: 'empty_term_name' });
    const a = await menu({ name: 'Shop Links', slug: 'my-own-slug' });
    expect(a.slug).toBe('shop-links');
    const b = await menu({ name: 'Shop-Links' });
    expect(b.slug).toBe('shop-links-2');
  });

  test('menus are flat: a parent is refused, create and update alike', async () => {
    const r = await admin().post('/core/v2/menus', { name: unique('Nested'), parent: 1 });
    expect(r.body).toEqual({
      code: 'rest_taxonomy_not_hierarchical',
      message: 'Cannot set parent term, taxonomy is not hierarchical.',
      data: { status: 400 },
    });
    const m = await menu();
    expect(err(await admin().post(`/core/v2/menus/${m.id}`, { parent: 0 }))).toEqual({
      status: 400,
      code: 'rest_taxonomy_not_hierarchical',
    });
  });
});

describe('update (wp_update_nav_menu_object)', () => {
  test('a new name gives a new slug; the slug sent is ignored; a description not sent is emptied', async () => {
    const m = await menu({ name: 'Before Rename', description: 'kept?' });
    const r = await admin().post(`/core/v2/menus/${m.id}`, { name: 'After Rename', slug: 'ignored' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: m.id, name: 'After Rename', slug: 'after-rename', description: '' });
    const described = await admin().put(`/core/v2/menus/${m.id}`, { description: 'Now described' });
    expect(described.body).toMatchObject({ name: 'After Rename', slug: 'after-rename', description: 'Now described' });
    // Any update, even of the locations alone, empties the description again.
    expect((await admin().patch(`/core/v2/menus/${m.id}`, { auto_add: true })).body.description).toBe('');
  });

  test("another menu's name is menu_exists with no status: 500, as WordPress passes the error on", async () => {
    const a = await menu({ name: 'Taken Name' });
    const b = await menu();
    const r = await admin().post(`/core/v2/menus/${b.id}`, { name: 'TAKEN NAME' });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      code: 'menu_exists',
      message: 'The menu name <strong>TAKEN NAME</strong> conflicts with another menu name. Please try another.',
      data: null,
    });
    // Its own name (in another case) is no conflict.
    expect((await admin().post(`/core/v2/menus/${a.id}`, { name: 'taken name' })).body.slug).toBe('taken-name');
  });

  test("an unknown menu, or the id of another taxonomy's term, is rest_term_invalid 404", async () => {
    for (const path of ['/core/v2/menus/999999', '/core/v2/menus/1']) {
      expect(err(await admin().get(path))).toEqual({ status: 404, code: 'rest_term_invalid' });
      expect(err(await admin().post(path, { name: unique('x') }))).toEqual({ status: 404, code: 'rest_term_invalid' });
      expect(err(await admin().delete(`${path}?force=true`))).toEqual({ status: 404, code: 'rest_term_invalid' });
    }
  });
});

describe('locations and auto_add', () => {
  test('locations: given on create and update, shown in view and edit context, with a wp:menu-location link each (sample 183)', async () => {
    const m = await menu({ locations: ['primary'] });
    expect(m.locations).toEqual(['primary']);
    expect(m._links).toMatchObject({
      'wp:menu-location': [{ embeddable: true, href: `${REST}/core/v2/menu-locations/primary` }],
    });
    const both = await admin().post(`/core/v2/menus/${m.id}`, { locations: ['footer', 'primary'] });
    expect(both.body.locations).toEqual(['footer', 'primary']);
    expect(both.body._links['wp:menu-location'].map((l: { href: string }) => l.href)).toEqual([
      `${REST}/core/v2/menu-locations/footer`,
      `${REST}/core/v2/menu-locations/primary`,
    ]);
    expect((await admin().get(`/core/v2/menus/${m.id}?context=edit`)).body.locations).toEqual(['footer', 'primary']);
    // The setting keeps its order (array_merge): a location taken from another menu stays in its place.
    const holder = await menu({ locations: ['primary'] });
    expect((await admin().post(`/core/v2/menus/${m.id}`, { locations: ['footer'] })).body.locations).toEqual([
      'footer',
    ]);
    expect((await admin().post(`/core/v2/menus/${m.id}`, { locations: ['footer', 'primary'] })).body.locations).toEqual(
      ['primary', 'footer'],
    );
    expect((await admin().get(`/core/v2/menus/${holder.id}`)).body.locations).toEqual([]);

    // Another menu takes a location over; an empty list frees the menu's.
    const other = await menu({ locations: ['footer'] });
    expect(other.locations).toEqual(['footer']);
    expect((await admin().get(`/core/v2/menus/${m.id}`)).body.locations).toEqual(['primary']);
    expect((await admin().get('/core/v2/menu-locations/footer')).body.menu).toBe(other.id);
    expect((await admin().post(`/core/v2/menus/${m.id}`, { locations: [] })).body.locations).toEqual([]);
    expect((await admin().get('/core/v2/menu-locations/primary')).body.menu).toBe(0);
    // Not sent: left as they are.
    expect((await admin().post(`/core/v2/menus/${other.id}`, { name: unique('Renamed') })).body.locations).toEqual([
      'footer',
    ]);
  });

  test('an unregistered location is rest_invalid_param with rest_invalid_menu_location (sample 86), checked before permissions', async () => {
    const r = await admin().post('/core/v2/menus', { name: 'Social Menu', locations: ['primary', 'sidebar'] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): locations',
      data: {
        status: 400,
        params: { locations: 'Invalid menu location.' },
        details: {
          locations: {
            code: 'rest_invalid_menu_location',
            message: 'Invalid menu location.',
            data: { location: 'sidebar' },
          },
        },
      },
    });
    expect(err(await as(w, 'editor').post('/core/v2/menus', { name: 'x', locations: ['sidebar'] }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    const m = await menu();
    expect(err(await as(w, 'editor').post(`/core/v2/menus/${m.id}`, { locations: ['sidebar'] }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    // A list given as a string is split, as WordPress reads arrays.
    expect(
      (
        await admin().post('/core/v2/menus', { name: unique('Split'), locations: 'primary,footer' })
      ).body.locations.sort(),
    ).toEqual(['footer', 'primary']);
  });

  test('an unregistered location refuses the whole write: nothing is created, renamed or moved', async () => {
    const m = await menu({ locations: ['footer'] });
    const sample86 = {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): locations',
      data: {
        status: 400,
        params: { locations: 'Invalid menu location.' },
        details: {
          locations: { code: 'rest_invalid_menu_location', message: 'Invalid menu location.', data: { location: 'x' } },
        },
      },
    };
    const name = unique('Refused');
    expect((await admin().post('/core/v2/menus', { name, locations: ['primary', 'x'] })).body).toEqual(sample86);
    expect((await admin().get(`/core/v2/menus?search=${encodeURIComponent(name)}`)).body).toEqual([]);
    for (const write of [admin().post, admin().put, admin().patch]) {
      const r = await write(`/core/v2/menus/${m.id}`, { name, description: 'New', locations: ['primary', 'x'] });
      expect([r.status, r.body]).toEqual([400, sample86]);
    }
    expect((await admin().get(`/core/v2/menus/${m.id}?context=edit`)).body).toMatchObject({
      name: m.name,
      locations: ['footer'],
    });
    expect((await admin().get('/core/v2/menu-locations/primary')).body.menu).not.toBe(m.id);
  });

  test('auto_add: stored per menu, false by default; a top-level page published for the first time joins those menus', async () => {
    const auto = await menu({ auto_add: true });
    expect(auto.auto_add).toBe(true);
    const manual = await menu();
    expect(manual.auto_add).toBe(false);
    await item(auto.id, { menu_order: 1 });
    const draft = await admin().post('/core/v2/pages', { title: 'Draft page', status: 'draft' });
    const page = await admin().post('/core/v2/pages', { title: 'About us', status: 'publish' });
    await admin().post('/core/v2/pages', { title: 'Team', status: 'publish', parent: page.body.id });
    await admin().post(`/core/v2/pages/${draft.body.id}`, { status: 'publish' });
    await admin().post('/core/v2/posts', { title: 'A post', status: 'publish' });

    const items = (await admin().get(`/core/v2/menu-items?menus=${auto.id}`)).body as Array<Record<string, unknown>>;
    expect(items.map((i) => [i.type, i.object, i.object_id, i.title, i.menu_order])).toEqual([
      ['custom', 'custom', items[0]!.id, items[0]!.title, 1],
      ['post_type', 'page', page.body.id, { rendered: 'About us' }, 2],
      ['post_type', 'page', draft.body.id, { rendered: 'Draft page' }, 3],
    ]);
    expect((await admin().get(`/core/v2/menu-items?menus=${manual.id}`)).body).toEqual([]);
    // Published again: already there.
    await admin().post(`/core/v2/pages/${page.body.id}`, { status: 'draft' });
    await admin().post(`/core/v2/pages/${page.body.id}`, { status: 'publish' });
    expect((await admin().get(`/core/v2/menu-items?menus=${auto.id}`)).body).toHaveLength(3);
    expect((await admin().post(`/core/v2/menus/${auto.id}`, { auto_add: false })).body.auto_add).toBe(false);
  });
});

describe('fields and lists', () => {
  test('embed context: id, name and slug', async () => {
    const m = await menu({ description: 'Described' });
    const r = await admin().get(`/core/v2/menus/${m.id}?context=embed`);
    expect(Object.keys(r.body)).toEqual(['id', 'name', 'slug', '_links']);
    expect(Object.keys((await admin().get(`/core/v2/menus/${m.id}`)).body)).toEqual([
      'id',
      'description',
      'name',
      'slug',
      'meta',
      'locations',
      'auto_add',
      '_links',
    ]);
  });

  test('the term query set M2: search, include, slug, offset, order; post gives the menu of an item', async () => {
    const a = await menu({ name: 'Zebra stripes' });
    const b = await menu({ name: 'Antelope spots' });
    const search = await admin().get('/core/v2/menus?search=stripes');
    expect(search.body.map((t: { id: number }) => t.id)).toEqual([a.id]);
    expect(
      (await admin().get(`/core/v2/menus?include=${a.id},${b.id}&orderby=include&order=asc`)).body.map(
        (t: { id: number }) => t.id,
      ),
    ).toEqual([a.id, b.id]);
    expect((await admin().get('/core/v2/menus?slug=antelope-spots')).body.map((t: { id: number }) => t.id)).toEqual([
      b.id,
    ]);
    const all = await admin().get('/core/v2/menus?per_page=100');
    expect(Number(all.headers['x-wp-total'])).toBe(all.body.length);
    expect((await admin().get('/core/v2/menus?per_page=100&offset=1')).body).toHaveLength(all.body.length - 1);
    const i = await item(a.id);
    expect((await admin().get(`/core/v2/menus?post=${i.id}`)).body.map((t: { id: number }) => t.id)).toEqual([a.id]);
    expect(err(await admin().get('/core/v2/menus?post=999999'))).toEqual({ status: 400, code: 'rest_post_invalid_id' });
  });
});

describe('permissions', () => {
  test('reading needs a content editor: anonymous 401 and subscribers 403 rest_cannot_view (sample 88); contributors read', async () => {
    const m = await menu();
    for (const path of ['/core/v2/menus', `/core/v2/menus/${m.id}`]) {
      expect((await as(w, 'anonymous').get(path)).body).toEqual({
        code: 'rest_cannot_view',
        message: 'Sorry, you are not allowed to view menus.',
        data: { status: 401 },
      });
      expect(err(await as(w, 'subscriber').get(path))).toEqual({ status: 403, code: 'rest_cannot_view' });
      for (const role of ['contributor', 'author', 'editor'] as const)
        expect([role, (await as(w, role).get(path)).status]).toEqual([role, 200]);
    }
    expect(err(await as(w, 'editor').get(`/core/v2/menus/${m.id}?context=edit`))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect(err(await as(w, 'contributor').get('/core/v2/menus?context=edit'))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
  });

  test('every write needs edit_theme_options', async () => {
    const m = await menu();
    for (const role of ['anonymous', 'subscriber', 'contributor', 'author', 'editor'] as const) {
      const status = role === 'anonymous' ? 401 : 403;
      expect([role, err(await as(w, role).post('/core/v2/menus', { name: unique('x') }))]).toEqual([
        role,
        { status, code: 'rest_cannot_create' },
      ]);
      expect([role, err(await as(w, role).post(`/core/v2/menus/${m.id}`, { name: unique('x') }))]).toEqual([
        role,
        { status, code: 'rest_cannot_update' },
      ]);
      expect([role, err(await as(w, role).delete(`/core/v2/menus/${m.id}?force=true`))]).toEqual([
        role,
        { status, code: 'rest_cannot_delete' },
      ]);
    }
  });
});

describe('delete', () => {
  test('without force: rest_trash_not_supported 501 (sample 106)', async () => {
    const m = await menu();
    const r = await admin().delete(`/core/v2/menus/${m.id}`);
    expect(r.status).toBe(501);
    expect(r.body).toEqual({
      code: 'rest_trash_not_supported',
      message: "Menus do not support trashing. Set 'force=true' to delete.",
      data: { status: 501 },
    });
  });

  test('force=true: the menu as it was in view context (sample 107); its items, locations and auto_add go with it', async () => {
    const m = await menu({ name: 'Doomed', description: 'Soon gone', locations: ['footer'], auto_add: true });
    const a = await item(m.id);
    const b = await item(m.id, { status: 'draft' });
    const r = await admin().delete(`/core/v2/menus/${m.id}?force=true`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      deleted: true,
      previous: {
        id: m.id,
        description: 'Soon gone',
        name: 'Doomed',
        slug: 'doomed',
        meta: [],
        locations: ['footer'],
        auto_add: true,
      },
    });
    for (const i of [a, b])
      expect(err(await admin().get(`/core/v2/menu-items/${i.id}`))).toEqual({
        status: 404,
        code: 'rest_post_invalid_id',
      });
    expect((await admin().get('/core/v2/menu-locations/footer')).body.menu).toBe(0);
    expect(err(await admin().get(`/core/v2/menus/${m.id}`))).toEqual({ status: 404, code: 'rest_term_invalid' });
    // A new top-level page no longer goes anywhere.
    await admin().post('/core/v2/pages', { title: unique('Page'), status: 'publish' });
  });
});

describe('batch (spec 4.1)', () => {
  test('the collection and item endpoints allow batch v1', async () => {
    const routes = (await admin().get('/')).body.routes;
    for (const key of ['/core/v2/menus', '/core/v2/menus/(?P<id>[\\d]+)']) {
      for (const e of routes[key].endpoints)
        expect([key, e.methods, e.allow_batch]).toEqual([key, e.methods, { v1: true }]);
    }
  });

  test('a batch creates, updates and deletes menus', async () => {
    const existing = await menu();
    const r = await admin().post('/batch/v1', {
      requests: [
        { path: '/core/v2/menus', body: { name: 'Batched Menu', locations: ['primary'] } },
        { method: 'PUT', path: `/core/v2/menus/${existing.id}`, body: { description: 'Batched' } },
        { method: 'DELETE', path: `/core/v2/menus/${existing.id}?force=true` },
        { path: '/core/v2/menus', body: { name: 'Batched Menu' } },
      ],
    });
    expect(r.status).toBe(207);
    expect(r.body.responses.map((x: { status: number }) => x.status)).toEqual([201, 200, 200, 400]);
    expect(r.body.responses[0].body).toMatchObject({ name: 'Batched Menu', locations: ['primary'] });
    expect(r.body.responses[1].body.description).toBe('Batched');
    expect(r.body.responses[3].body.code).toBe('menu_exists');
  });
});

describe('a theme that registers no menu locations, as WordPress 6.4 with Twenty Twenty-Three (sample 86)', () => {
  let bare: World;
  beforeAll(async () => {
    bare = await startWorld({ LOOM_MENU_LOCATIONS: '' });
  });
  afterAll(() => bare.close());

  test('`primary` is then unregistered: 400 rest_invalid_param on create and update, and nothing is stored', async () => {
    const admin = as(bare, 'administrator');
    // PHP's empty array: [] (the reference site answers the same).
    expect((await admin.get('/core/v2/menu-locations')).body).toEqual([]);
    const refused = {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): locations',
      data: {
        status: 400,
        params: { locations: 'Invalid menu location.' },
        details: {
          locations: {
            code: 'rest_invalid_menu_location',
            message: 'Invalid menu location.',
            data: { location: 'primary' },
          },
        },
      },
    };
    const r = await admin.post('/core/v2/menus', { name: 'Social Menu', locations: ['primary'] });
    expect([r.status, r.body]).toEqual([400, refused]);
    expect((await admin.get('/core/v2/menus')).body).toEqual([]);
    const m = (await admin.post('/core/v2/menus', { name: 'Social Menu', description: 'Kept' })).body;
    const update = await admin.post(`/core/v2/menus/${m.id}`, { name: 'Renamed', locations: ['primary'] });
    expect([update.status, update.body]).toEqual([400, refused]);
    expect((await admin.get(`/core/v2/menus/${m.id}?context=edit`)).body).toMatchObject({
      name: 'Social Menu',
      description: 'Kept',
      locations: [],
    });
    // An empty list names no location: accepted.
    expect((await admin.post(`/core/v2/menus/${m.id}`, { locations: [] })).status).toBe(200);
  });
});
