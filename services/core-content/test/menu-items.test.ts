/**
 * core/v2/menu-items through the gateway (WP_REST_Menu_Items_Controller): every field of spec 2.6 per context with
 * its create defaults, URL and title from the linked object (post, page, term, archive) and `invalid` when it is
 * gone, WordPress's errors (several at once in additional_errors), the query set I (menus, menus_exclude,
 * menu_order, 100 per page by menu_order), reads for content editors, no trash, autosaves, batch, notifications.
 */
import {
  ADMIN,
  as,
  basicFor,
  err,
  eventually,
  restClient,
  startCore,
  startGateway,
  startNats,
  startWorld,
  testNotifier,
  watchChanges,
  type Changes,
  type Client,
  type World,
} from '@loom/testing';

const REST = 'http://loom.test/rest';
const HOME = 'http://loom.test';
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
const META = Object.fromEntries(
  [
    'topic_count',
    'reply_count',
    'total_topic_count',
    'total_reply_count',
    'voice_count',
    'anonymous_reply_count',
    'topic_count_hidden',
    'reply_count_hidden',
    'subforum_count',
  ].map((k) => [`_forum_${k}`, 0]),
);

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const admin = () => as(w, 'administrator');
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;

async function created(
  client: Client,
  path: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: number }> {
  const r = await client.post(path, body);
  if (r.status !== 201) throw new Error(`creating ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
const menu = (body: Record<string, unknown> = {}) =>
  created(admin(), '/core/v2/menus', { name: unique('Menu'), ...body });
const link = (menuId: number, body: Record<string, unknown> = {}) =>
  created(admin(), '/core/v2/menu-items', {
    title: unique('Link'),
    url: 'https://example.com/',
    menus: menuId,
    ...body,
  });
const ids = (r: { body: Array<{ id: number }> }) => r.body.map((i) => i.id);

const itemLinks = (id: number, extra: Record<string, unknown> = {}) => ({
  self: [{ href: `${REST}/core/v2/menu-items/${id}` }],
  collection: [{ href: `${REST}/core/v2/menu-items` }],
  about: [{ href: `${REST}/core/v2/types/nav_menu_item` }],
  'wp:term': [{ taxonomy: 'nav_menu', embeddable: true, href: `${REST}/core/v2/menus?post=${id}` }],
  ...extra,
});
const actions = (id: number) => ({
  'wp:action-publish': [{ href: `${REST}/core/v2/menu-items/${id}` }],
  'wp:action-unfiltered-html': [{ href: `${REST}/core/v2/menu-items/${id}` }],
  'wp:action-create-menus': [{ href: `${REST}/core/v2/menu-items/${id}` }],
  'wp:action-assign-menus': [{ href: `${REST}/core/v2/menu-items/${id}` }],
});

describe('fields (samples 89, 94, 95)', () => {
  let footer: number;
  let custom: Record<string, unknown> & { id: number };
  beforeAll(async () => {
    footer = (await menu({ name: 'Footer Menu' })).id;
    custom = await created(admin(), '/core/v2/menu-items', {
      title: 'Example link',
      url: 'https://example.com/',
      type: 'custom',
      menus: footer,
      status: 'publish',
      target: '_blank',
      attr_title: 'Go to example.com',
      description: 'External link',
      classes: ['external', 'highlight'],
      xfn: ['nofollow'],
    });
  });

  test('create: 201 with Location, in edit context, fields in WordPress order (sample 89)', async () => {
    expect(custom).toEqual({
      id: custom.id,
      title: { raw: 'Example link', rendered: 'Example link' },
      status: 'publish',
      url: 'https://example.com/',
      attr_title: 'Go to example.com',
      description: 'External link',
      type: 'custom',
      type_label: 'Custom Link',
      object: 'custom',
      // A custom link is its own object.
      object_id: custom.id,
      parent: 0,
      menu_order: 1,
      target: '_blank',
      classes: ['external', 'highlight'],
      xfn: ['nofollow'],
      invalid: false,
      meta: META,
      menus: footer,
      _links: { ...itemLinks(custom.id), ...actions(custom.id), curies: CURIES },
    });
    const again = await admin().post('/core/v2/menu-items', { title: 'x', url: 'https://example.com/' });
    expect(again.headers.location).toBe(`${REST}/core/v2/menu-items/${again.body.id}`);
  });

  test('view context: no title.raw and no actions (sample 94); edit context shows them (sample 95)', async () => {
    const view = await admin().get(`/core/v2/menu-items/${custom.id}`);
    expect(view.body.title).toEqual({ rendered: 'Example link' });
    expect(view.body._links).toEqual({ ...itemLinks(custom.id), curies: CURIES });
    const { _links: _v, title: _t, ...viewRest } = view.body;
    void _v;
    void _t;
    const {
      _links: _e,
      title,
      ...editRest
    } = (await admin().get(`/core/v2/menu-items/${custom.id}?context=edit`)).body;
    void _e;
    expect(title).toEqual({ raw: 'Example link', rendered: 'Example link' });
    expect(editRest).toEqual(viewRest);
  });

  test('embed context: every field but menus and meta; no `password` argument on reads', async () => {
    const r = await admin().get(`/core/v2/menu-items/${custom.id}?context=embed`);
    expect(Object.keys(r.body)).toEqual([
      'id',
      'title',
      'status',
      'url',
      'attr_title',
      'description',
      'type',
      'type_label',
      'object',
      'object_id',
      'parent',
      'menu_order',
      'target',
      'classes',
      'xfn',
      'invalid',
      '_links',
    ]);
    const index = (await admin().get('/')).body.routes['/core/v2/menu-items/(?P<id>[\\d]+)'];
    expect(Object.keys(index.endpoints[0].args)).toEqual(['id', 'context']);
  });

  test('create defaults (spec 2.6): custom, publish, parent 0, menu_order 1, empty classes and xfn as [""]', async () => {
    const r = await admin().post('/core/v2/menu-items', {
      title: 'Defaults',
      url: 'https://example.com/d',
      menus: footer,
    });
    expect(r.body).toMatchObject({
      type: 'custom',
      status: 'publish',
      parent: 0,
      menu_order: 1,
      target: '',
      attr_title: '',
      description: '',
      classes: [''],
      xfn: [''],
      invalid: false,
    });
    const index = (await admin().get('/')).body.routes['/core/v2/menu-items'].endpoints[1].args;
    expect([
      index.type.default,
      index.status.default,
      index.parent.default,
      index.menu_order.default,
      index.object_id.default,
    ]).toEqual(['custom', 'publish', 0, 1, 0]);
    expect([index.menu_order.minimum, index.parent.minimum, index.object_id.minimum]).toEqual([1, 0, 0]);
    expect(index.title.type).toEqual(['string', 'object']);
    expect(index.menus.type).toBe('integer');
    const update = (await admin().get('/')).body.routes['/core/v2/menu-items/(?P<id>[\\d]+)'].endpoints[1].args;
    expect(update.type).not.toHaveProperty('default');
  });

  test('values are cleaned as WordPress stores them: text fields, class names, the object key, the URL', async () => {
    const r = await admin().post('/core/v2/menu-items', {
      title: { raw: 'Object title' },
      url: '  https://example.com/a b  ',
      attr_title: '<b>Bold</b>\n title',
      description: 'Two\t\tparts <i>here</i>',
      classes: 'first second%20 th!rd',
      xfn: 'me friend',
      menus: footer,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: { raw: 'Object title' },
      // sanitize_url() trims the start only: the spaces at the end are %20 before wp_update_nav_menu_item trims.
      url: 'https://example.com/a%20b%20%20',
      attr_title: 'Bold title',
      description: 'Two parts here',
      classes: ['first', 'second', 'thrd'],
      xfn: ['me', 'friend'],
    });
    // A title object with an empty raw is no title.
    expect(
      err(
        await admin().post('/core/v2/menu-items', { title: { raw: '' }, url: 'https://example.com/', menus: footer }),
      ),
    ).toEqual({ status: 400, code: 'rest_title_required' });
  });

  test('attr_title and description are read through their filters (wptexturize, strip_tags) in every context', async () => {
    const i = await created(admin(), '/core/v2/menu-items', {
      title: 'Quoted',
      url: 'https://example.com/q',
      attr_title: 'Go to "example"',
      description: "External -- link, it's here...",
      menus: footer,
    });
    // WordPress 6.1 and 6.4 (wp_setup_nav_menu_item's nav_menu_attr_title and nav_menu_description): no raw form.
    const read = {
      attr_title: 'Go to &#8220;example&#8221;',
      description: 'External &#8212; link, it&#8217;s here&#8230;',
    };
    expect(i).toMatchObject(read);
    for (const context of ['view', 'edit', 'embed'])
      expect([context, (await admin().get(`/core/v2/menu-items/${i.id}?context=${context}`)).body]).toMatchObject([
        context,
        read,
      ]);
    // An update that leaves them out writes back what it read (prepare_item_for_database reads the set-up item).
    expect((await admin().post(`/core/v2/menu-items/${i.id}`, { title: 'Requoted' })).body).toMatchObject(read);
    expect(
      (await admin().get(`/core/v2/menu-items?menus=${footer}&include=${i.id}&_fields=attr_title,description`)).body,
    ).toEqual([read]);
  });

  test('a custom URL is stored as sanitize_url() gives it: http:// added, spaces and brackets encoded', async () => {
    // What WordPress stored for each (the reference site, 6.1; esc_url is the same in 6.4).
    const stored: Array<[string, string]> = [
      ['not a url', 'http://not%20a%20url'],
      [' spaced.example.com/a b ', 'http://spaced.example.com/a%20b%20'],
      ['x y.com', 'http://x%20y.com'],
      ['a&b', 'http://a&b'],
      ['foo.php?x=1', 'foo.php?x=1'],
      ['//cdn.example/x', '//cdn.example/x'],
      ['?q=1', '?q=1'],
      ['mailto:a@b.c', 'mailto:a@b.c'],
      ['http://[::1]:80/a[b]', 'http://[::1]:80/a%5Bb%5D'],
      ['HTTPS://Example.com/', 'https://Example.com/'],
    ];
    const got: Array<[string, string]> = [];
    for (const [url] of stored) {
      const r = await created(admin(), '/core/v2/menu-items', { title: 'URL', url, menus: footer });
      got.push([url, (await admin().get(`/core/v2/menu-items/${r.id}`)).body.url]);
    }
    expect(got).toEqual(stored);
    // A protocol outside wp_allowed_protocols() leaves nothing: the URL argument is refused.
    for (const url of ['javascript:alert(1)', 'example.com/a:b', 'feed:javascript:x', 'data:text/html,hi']) {
      const r = await admin().post('/core/v2/menu-items', { title: 'URL', url, menus: footer });
      expect([url, r.status, r.body.data?.details?.url]).toEqual([
        url,
        400,
        { code: 'rest_invalid_url', message: 'Invalid URL.', data: null },
      ]);
    }
  });

  test('an item in no menu has no `menus` field (get_the_terms gives nothing) and sits first', async () => {
    const r = await admin().post('/core/v2/menu-items', {
      title: 'Orphan',
      url: 'https://example.com/o',
      menu_order: 5,
    });
    expect(r.status).toBe(201);
    expect(r.body).not.toHaveProperty('menus');
    expect(r.body.menu_order).toBe(1);
    expect((await admin().get(`/core/v2/menus?post=${r.body.id}`)).body).toEqual([]);
  });

  test('_embed: the menu (wp:term) and the linked object (wp:menu-item-object)', async () => {
    const post = await created(admin(), '/core/v2/posts', { title: 'Embedded post', status: 'publish' });
    const i = await created(admin(), '/core/v2/menu-items', {
      type: 'post_type',
      object: 'post',
      object_id: post.id,
      menus: footer,
    });
    const r = await admin().get(`/core/v2/menu-items/${i.id}?_embed`);
    expect(r.body._embedded['wp:term']).toEqual([
      [expect.objectContaining({ id: footer, name: 'Footer Menu', slug: 'footer-menu' })],
    ]);
    expect(Object.keys(r.body._embedded['wp:term'][0][0])).toEqual(['id', 'name', 'slug', '_links']);
    expect(r.body._embedded['wp:menu-item-object']).toEqual([
      expect.objectContaining({ id: post.id, title: { rendered: 'Embedded post' } }),
    ]);
  });
});

describe('the linked object gives the URL and, while the item has none of its own, the title', () => {
  let m: number;
  beforeAll(async () => {
    m = (await menu()).id;
  });

  test("post_type: the post's title and permalink, a wp:menu-item-object link (sample 90); renames followed", async () => {
    const post = await created(admin(), '/core/v2/posts', { title: 'Post number 1', status: 'publish' });
    const i = await created(admin(), '/core/v2/menu-items', {
      type: 'post_type',
      object: 'post',
      object_id: post.id,
      menus: m,
      status: 'publish',
    });
    expect(i).toMatchObject({
      title: { raw: 'Post number 1', rendered: 'Post number 1' },
      url: `${HOME}/post-number-1/`,
      type: 'post_type',
      type_label: 'Post',
      object: 'post',
      object_id: post.id,
      classes: [''],
      xfn: [''],
      invalid: false,
    });
    expect(i._links).toEqual({
      ...itemLinks(i.id, {
        'wp:menu-item-object': [{ post_type: 'post', embeddable: true, href: `${REST}/core/v2/posts/${post.id}` }],
      }),
      ...actions(i.id),
      curies: CURIES,
    });
    expect(Object.keys(i._links as object).indexOf('wp:menu-item-object')).toBe(4);
    await admin().post(`/core/v2/posts/${post.id}`, { title: 'Renamed post', slug: 'renamed-post' });
    expect((await admin().get(`/core/v2/menu-items/${i.id}?context=edit`)).body).toMatchObject({
      title: { raw: 'Renamed post' },
      url: `${HOME}/renamed-post/`,
    });
    // A title equal to the post's is stored empty (it keeps following); another one is the item's own.
    const same = await created(admin(), '/core/v2/menu-items', {
      title: 'Renamed post',
      type: 'post_type',
      object: 'post',
      object_id: post.id,
      menus: m,
    });
    const own = await created(admin(), '/core/v2/menu-items', {
      title: 'Read this',
      type: 'post_type',
      object: 'post',
      object_id: post.id,
      menus: m,
    });
    await admin().post(`/core/v2/posts/${post.id}`, { title: 'Renamed again' });
    expect((await admin().get(`/core/v2/menu-items/${same.id}`)).body.title.rendered).toBe('Renamed again');
    expect((await admin().get(`/core/v2/menu-items/${own.id}`)).body.title.rendered).toBe('Read this');
    // A URL sent for a non-custom item is dropped.
    expect((await admin().post(`/core/v2/menu-items/${own.id}`, { url: 'https://elsewhere.example/' })).body.url).toBe(
      `${HOME}/renamed-post/`,
    );
  });

  test("post_type without `object`: the post's type is found from its id; pages link under their ancestors", async () => {
    const about = await created(admin(), '/core/v2/pages', { title: 'About', status: 'publish' });
    const team = await created(admin(), '/core/v2/pages', { title: 'Team', status: 'publish', parent: about.id });
    const i = await created(admin(), '/core/v2/menu-items', { type: 'post_type', object_id: team.id, menus: m });
    expect(i).toMatchObject({ object: 'page', type_label: 'Page', title: { raw: 'Team' }, url: `${HOME}/about/team/` });
    expect((i._links as Record<string, unknown>)['wp:menu-item-object']).toEqual([
      { post_type: 'page', embeddable: true, href: `${REST}/core/v2/pages/${team.id}` },
    ]);
    // An untitled post shows as "#id (no title)"; a draft links in the plain form.
    const draft = await created(admin(), '/core/v2/posts', { content: 'Untitled draft', status: 'draft' });
    expect(
      await created(admin(), '/core/v2/menu-items', { type: 'post_type', object_id: draft.id, menus: m }),
    ).toMatchObject({ title: { raw: `#${draft.id} (no title)` }, url: `${HOME}/?p=${draft.id}`, invalid: false });
  });

  test("taxonomy: the term's name and archive link; the taxonomy found from the term when `object` is left out", async () => {
    const parent = await created(admin(), '/core/v2/categories', { name: 'Clothing' });
    const child = await created(admin(), '/core/v2/categories', { name: 'Knitwear', parent: parent.id });
    const tag = await created(admin(), '/core/v2/tags', { name: 'Wool' });
    const cat = await created(admin(), '/core/v2/menu-items', {
      type: 'taxonomy',
      object: 'category',
      object_id: child.id,
      menus: m,
    });
    expect(cat).toMatchObject({
      title: { raw: 'Knitwear' },
      url: `${HOME}/category/clothing/knitwear/`,
      type: 'taxonomy',
      type_label: 'Category',
      object: 'category',
      invalid: false,
    });
    expect((cat._links as Record<string, unknown>)['wp:menu-item-object']).toEqual([
      { taxonomy: 'category', embeddable: true, href: `${REST}/core/v2/categories/${child.id}` },
    ]);
    const t = await created(admin(), '/core/v2/menu-items', { type: 'taxonomy', object_id: tag.id, menus: m });
    expect(t).toMatchObject({
      object: 'post_tag',
      type_label: 'Tag',
      title: { raw: 'Wool' },
      url: `${HOME}/tag/wool/`,
    });
    await admin().post(`/core/v2/tags/${tag.id}`, { name: 'Merino wool' });
    expect((await admin().get(`/core/v2/menu-items/${t.id}`)).body.title.rendered).toBe('Merino wool');
    // A term of another taxonomy than the item's object is no object of it.
    expect(
      await created(admin(), '/core/v2/menu-items', {
        type: 'taxonomy',
        object: 'category',
        object_id: tag.id,
        menus: m,
      }),
    ).toMatchObject({ invalid: true, url: '', title: { raw: `#${tag.id} (no title)` } });
  });

  test("post_type_archive: the type's archive label; the posts archive is the home page, others have no link (false)", async () => {
    const posts = await created(admin(), '/core/v2/menu-items', {
      type: 'post_type_archive',
      object: 'post',
      menus: m,
    });
    expect(posts).toMatchObject({
      title: { raw: 'Post Archives' },
      url: HOME,
      type_label: 'Post Type Archive',
      object: 'post',
      object_id: 0,
      invalid: false,
    });
    expect(posts._links).not.toHaveProperty('wp:menu-item-object');
    const pages = await created(admin(), '/core/v2/menu-items', {
      type: 'post_type_archive',
      object: 'page',
      title: 'All pages',
      menus: m,
    });
    expect(pages).toMatchObject({ title: { raw: 'All pages' }, url: false, invalid: false });
  });

  test('an object that is missing, trashed or of an unknown type makes the item invalid (sample 92)', async () => {
    const missing = await created(admin(), '/core/v2/menu-items', {
      type: 'post_type',
      object: 'post',
      object_id: 999999,
      menus: m,
    });
    expect(missing).toMatchObject({
      title: { raw: '#999999 (no title)', rendered: '#999999 (no title)' },
      url: '',
      type_label: 'Post',
      object_id: 999999,
      invalid: true,
    });
    expect(missing._links).not.toHaveProperty('wp:menu-item-object');
    const post = await created(admin(), '/core/v2/posts', { title: 'Soon trashed', status: 'publish' });
    const i = await created(admin(), '/core/v2/menu-items', { type: 'post_type', object_id: post.id, menus: m });
    await admin().delete(`/core/v2/posts/${post.id}`);
    expect((await admin().get(`/core/v2/menu-items/${i.id}`)).body).toMatchObject({
      invalid: true,
      title: { rendered: 'Soon trashed' },
    });
    const unknown = await created(admin(), '/core/v2/menu-items', {
      type: 'post_type',
      object: 'product',
      object_id: post.id,
      menus: m,
    });
    expect(unknown).toMatchObject({ type_label: 'product', invalid: true });
  });

  test('items go with the post deleted for good, or the term deleted, they link to', async () => {
    const post = await created(admin(), '/core/v2/posts', { title: 'Deleted for good', status: 'publish' });
    const tag = await created(admin(), '/core/v2/tags', { name: unique('Gone') });
    const a = await created(admin(), '/core/v2/menu-items', { type: 'post_type', object_id: post.id, menus: m });
    const b = await created(admin(), '/core/v2/menu-items', { type: 'taxonomy', object_id: tag.id, menus: m });
    await admin().delete(`/core/v2/posts/${post.id}?force=true`);
    await admin().delete(`/core/v2/tags/${tag.id}?force=true`);
    for (const i of [a, b])
      expect(err(await admin().get(`/core/v2/menu-items/${i.id}`))).toEqual({
        status: 404,
        code: 'rest_post_invalid_id',
      });
  });
});

describe('errors', () => {
  let m: number;
  beforeAll(async () => {
    m = (await menu()).id;
  });

  test('a custom item needs a url (sample 91) and a title; both missing: one error, the other in additional_errors', async () => {
    const noUrl = await admin().post('/core/v2/menu-items', { title: 'No URL', type: 'custom', menus: m });
    expect(noUrl.body).toEqual({
      code: 'rest_url_required',
      message: 'The url is required when using a custom menu item type.',
      data: { status: 400 },
    });
    expect((await admin().post('/core/v2/menu-items', { url: 'https://example.com/', menus: m })).body).toEqual({
      code: 'rest_title_required',
      message: 'The title is required when using a custom menu item type.',
      data: { status: 400 },
    });
    expect((await admin().post('/core/v2/menu-items', { menus: m })).body).toEqual({
      code: 'rest_title_required',
      message: 'The title is required when using a custom menu item type.',
      data: { status: 400 },
      additional_errors: [
        {
          code: 'rest_url_required',
          message: 'The url is required when using a custom menu item type.',
          data: { status: 400 },
        },
      ],
    });
    // An update keeps the stored values: clearing the url is refused too.
    const i = await link(m);
    expect(err(await admin().post(`/core/v2/menu-items/${i.id}`, { url: '' }))).toEqual({
      status: 400,
      code: 'rest_url_required',
    });
  });

  test('the object is checked only when no `object` is given: rest_post_invalid_id and rest_term_invalid_id are 400', async () => {
    expect(
      (await admin().post('/core/v2/menu-items', { type: 'post_type', object_id: 999999, menus: m })).body,
    ).toEqual({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 400 } });
    expect((await admin().post('/core/v2/menu-items', { type: 'post_type', menus: m })).body.code).toBe(
      'rest_post_invalid_id',
    );
    expect((await admin().post('/core/v2/menu-items', { type: 'taxonomy', object_id: 999999, menus: m })).body).toEqual(
      { code: 'rest_term_invalid_id', message: 'Invalid term ID.', data: { status: 400 } },
    );
    expect(
      (await admin().post('/core/v2/menu-items', { type: 'post_type_archive', object: 'product', menus: m })).body,
    ).toEqual({ code: 'rest_post_invalid_type', message: 'Invalid post type.', data: { status: 400 } });
    expect(err(await admin().post('/core/v2/menu-items', { type: 'post_type_archive', menus: m }))).toEqual({
      status: 400,
      code: 'rest_post_invalid_type',
    });
  });

  test('an unknown menu is invalid_menu_id 400 (a term of another taxonomy too)', async () => {
    for (const menus of [999999, 1]) {
      expect(
        (await admin().post('/core/v2/menu-items', { title: 'x', url: 'https://example.com/', menus })).body,
      ).toEqual({ code: 'invalid_menu_id', message: 'Invalid menu ID.', data: { status: 400 } });
    }
  });

  test('argument checks: enums, bounds, types, the URL (rest_invalid_url), an id on create', async () => {
    const bad = async (body: Record<string, unknown>, param: string, code: string) => {
      const r = await admin().post('/core/v2/menu-items', {
        title: 'x',
        url: 'https://example.com/',
        menus: m,
        ...body,
      });
      expect([param, r.status, r.body.code, r.body.data?.details?.[param]?.code]).toEqual([
        param,
        400,
        'rest_invalid_param',
        code,
      ]);
    };
    await bad({ menu_order: 0 }, 'menu_order', 'rest_out_of_bounds');
    await bad({ parent: -1 }, 'parent', 'rest_out_of_bounds');
    await bad({ object_id: -1 }, 'object_id', 'rest_out_of_bounds');
    await bad({ target: '_self' }, 'target', 'rest_not_in_enum');
    await bad({ type: 'link' }, 'type', 'rest_not_in_enum');
    await bad({ status: 'archived' }, 'status', 'rest_not_in_enum');
    await bad({ title: 5 }, 'title', 'rest_invalid_type');
    await bad({ classes: [{}] }, 'classes', 'rest_invalid_type');
    await bad({ menus: 'main' }, 'menus', 'rest_invalid_type');
    await bad({ url: 'javascript:alert(1)' }, 'url', 'rest_invalid_url');
    expect(err(await admin().post('/core/v2/menu-items', { id: 5, title: 'x', url: 'https://example.com/' }))).toEqual({
      status: 400,
      code: 'rest_post_exists',
    });
    expect(err(await admin().get('/core/v2/menu-items/999999'))).toEqual({ status: 404, code: 'rest_post_invalid_id' });
    const post = await created(admin(), '/core/v2/posts', { title: 'Not an item', status: 'publish' });
    expect(err(await admin().get(`/core/v2/menu-items/${post.id}`))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
  });
});

describe('writes', () => {
  let m: number;
  beforeAll(async () => {
    m = (await menu()).id;
  });

  test('only publish and draft exist: any other status is stored as draft', async () => {
    for (const [status, stored] of [
      ['draft', 'draft'],
      ['pending', 'draft'],
      ['private', 'draft'],
      ['future', 'draft'],
      ['publish', 'publish'],
    ]) {
      expect([status, (await link(m, { status })).status]).toEqual([status, stored]);
    }
    const i = await link(m, { status: 'draft' });
    expect((await admin().post(`/core/v2/menu-items/${i.id}`, { status: 'pending' })).body.status).toBe('draft');
    expect((await admin().post(`/core/v2/menu-items/${i.id}`, { status: 'publish' })).body.status).toBe('publish');
  });

  test('an update changes what it carries and keeps the rest (sample 96); an item is never its own parent', async () => {
    const a = await link(m, { classes: ['keep'], target: '_blank', attr_title: 'Kept', description: 'Kept too' });
    const b = await link(m, { title: 'Child link' });
    const r = await admin().post(`/core/v2/menu-items/${b.id}`, { menu_order: 3, parent: a.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      menu_order: 3,
      parent: a.id,
      title: { raw: 'Child link' },
      url: 'https://example.com/',
      menus: m,
    });
    const kept = await admin().patch(`/core/v2/menu-items/${a.id}`, { title: 'New title' });
    expect(kept.body).toMatchObject({
      title: { raw: 'New title' },
      classes: ['keep'],
      target: '_blank',
      attr_title: 'Kept',
      description: 'Kept too',
      menus: m,
    });
    expect((await admin().put(`/core/v2/menu-items/${a.id}`, { parent: a.id })).body.parent).toBe(0);
    // A parent is not checked otherwise.
    expect((await admin().put(`/core/v2/menu-items/${a.id}`, { parent: 999999 })).body.parent).toBe(999999);
  });

  test('menus: moves the item to another menu; absent leaves it where it is; 0 is a term nobody may assign', async () => {
    const other = (await menu()).id;
    const i = await link(m);
    expect((await admin().post(`/core/v2/menu-items/${i.id}`, { menus: other })).body.menus).toBe(other);
    expect((await admin().post(`/core/v2/menu-items/${i.id}`, { title: 'Kept' })).body.menus).toBe(other);
    expect(ids(await admin().get(`/core/v2/menu-items?menus=${m}&include=${i.id}`))).toEqual([]);
    // check_assign_terms_permission(): get_term( 0 ) is an error, not nothing, and assign_term on it is refused.
    expect((await admin().post(`/core/v2/menu-items/${i.id}`, { title: 'Orphaned', menus: 0 })).body).toEqual({
      code: 'rest_cannot_assign_term',
      message: 'Sorry, you are not allowed to assign the provided terms.',
      data: { status: 403 },
    });
    expect((await admin().get(`/core/v2/menu-items/${i.id}?context=edit`)).body).toMatchObject({
      title: { raw: 'Kept' },
      menus: other,
    });
  });

  test('a custom link turned into a post link keeps its stored object until one is sent', async () => {
    const post = await created(admin(), '/core/v2/posts', { title: 'Linked later', status: 'publish' });
    const i = await link(m, { title: 'Was custom' });
    // `object` is still "custom", so nothing is looked up: an item of an unknown type.
    const half = await admin().post(`/core/v2/menu-items/${i.id}`, { type: 'post_type', object_id: post.id });
    expect(half.body).toMatchObject({
      type: 'post_type',
      object: 'custom',
      type_label: 'custom',
      invalid: true,
      url: `${HOME}/linked-later/`,
    });
    const turned = await admin().post(`/core/v2/menu-items/${i.id}`, { object: 'post' });
    expect(turned.body).toMatchObject({
      type: 'post_type',
      object: 'post',
      object_id: post.id,
      type_label: 'Post',
      invalid: false,
      title: { raw: 'Was custom' },
    });
  });
});

describe('collections (query set I)', () => {
  let m: number;
  let other: number;
  let items: number[];
  beforeAll(async () => {
    m = (await menu()).id;
    other = (await menu()).id;
    items = [];
    for (const order of [3, 1, 2]) items.push((await link(m, { menu_order: order, title: `Order ${order}` })).id);
    items.push((await link(other, { menu_order: 1 })).id);
  });

  test('by menu_order ascending by default, then by id; order=desc and other orderby values', async () => {
    const r = await admin().get(`/core/v2/menu-items?menus=${m}`);
    expect(ids(r)).toEqual([items[1], items[2], items[0]]);
    expect(r.headers['x-wp-total']).toBe('3');
    expect(ids(await admin().get(`/core/v2/menu-items?menus=${m}&order=desc`))).toEqual([items[0], items[2], items[1]]);
    expect(ids(await admin().get(`/core/v2/menu-items?menus=${m}&orderby=id`))).toEqual(items.slice(0, 3));
    expect(ids(await admin().get(`/core/v2/menu-items?menus=${m}&orderby=title&order=desc`))).toEqual([
      items[0],
      items[2],
      items[1],
    ]);
    const index = (await admin().get('/')).body.routes['/core/v2/menu-items'].endpoints[0].args;
    expect([index.per_page.default, index.orderby.default, index.order.default]).toEqual([100, 'menu_order', 'asc']);
    expect(index.orderby.enum).toContain('menu_order');
    expect(Object.keys(index).slice(-4)).toEqual(['tax_relation', 'menus', 'menus_exclude', 'menu_order']);
  });

  test('menus and menus_exclude, as lists and as term queries; menu_order', async () => {
    expect(ids(await admin().get(`/core/v2/menu-items?menus[]=${other}`))).toEqual([items[3]]);
    expect(
      ids(await admin().get(`/core/v2/menu-items?menus[terms][]=${m}&menus[terms][]=${other}&orderby=id`)),
    ).toEqual(items);
    expect(
      ids(await admin().get(`/core/v2/menu-items?menus[terms][]=${m}&menus[terms][]=${other}&menus[operator]=AND`)),
    ).toEqual([]);
    expect(ids(await admin().get(`/core/v2/menu-items?menus=${m},${other}&menus_exclude=${m}`))).toEqual([items[3]]);
    expect(
      ids(await admin().get(`/core/v2/menu-items?menus=${m},${other}&menus_exclude[terms][]=${other}&orderby=id`)),
    ).toEqual(items.slice(0, 3));
    expect(ids(await admin().get(`/core/v2/menu-items?menus=${m},${other}&menu_order=1&orderby=id`))).toEqual([
      items[1],
      items[3],
    ]);
    expect(err(await admin().get('/core/v2/menu-items?menus[operator]=XOR'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect(err(await admin().get('/core/v2/menu-items?menus_exclude[operator]=AND'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  test('100 items a page by default (spec 8), at most 100', async () => {
    const big = (await menu()).id;
    for (let start = 0; start < 101; start += 25) {
      const requests = Array.from({ length: Math.min(25, 101 - start) }, (_, i) => ({
        path: '/core/v2/menu-items',
        body: { title: `Bulk ${start + i}`, url: 'https://example.com/', menus: big, menu_order: start + i + 1 },
      }));
      const r = await admin().post('/batch/v1', { requests });
      expect(r.body.responses.every((x: { status: number }) => x.status === 201)).toBe(true);
    }
    const page = await admin().get(`/core/v2/menu-items?menus=${big}`);
    expect(page.body).toHaveLength(100);
    expect([page.headers['x-wp-total'], page.headers['x-wp-totalpages']]).toEqual(['101', '2']);
    expect(page.body[0].title.rendered).toBe('Bulk 0');
    expect(
      (await admin().get(`/core/v2/menu-items?menus=${big}&page=2`)).body.map(
        (i: { title: { rendered: string } }) => i.title.rendered,
      ),
    ).toEqual(['Bulk 100']);
    expect(err(await admin().get('/core/v2/menu-items?per_page=101'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });
});

describe('permissions', () => {
  let m: number;
  let published: number;
  let draft: number;
  beforeAll(async () => {
    m = (await menu()).id;
    published = (await link(m)).id;
    draft = (await link(m, { status: 'draft' })).id;
  });

  test('reads need a content editor: anonymous 401 rest_cannot_view (samples 97, 98), subscribers 403', async () => {
    for (const path of ['/core/v2/menu-items', `/core/v2/menu-items/${published}`]) {
      expect((await as(w, 'anonymous').get(path)).body).toEqual({
        code: 'rest_cannot_view',
        message: 'Sorry, you are not allowed to view menu items.',
        data: { status: 401 },
      });
      expect(err(await as(w, 'subscriber').get(path))).toEqual({ status: 403, code: 'rest_cannot_view' });
    }
    // Before the read check: an unknown item is 404 for anyone.
    expect(err(await as(w, 'anonymous').get('/core/v2/menu-items/999999'))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
  });

  test('contributors read published items only; drafts and edit context need edit_theme_options', async () => {
    const contributor = as(w, 'contributor');
    expect(ids(await contributor.get(`/core/v2/menu-items?menus=${m}`))).toEqual([published]);
    expect((await contributor.get(`/core/v2/menu-items/${published}`)).status).toBe(200);
    expect(err(await contributor.get(`/core/v2/menu-items/${draft}`))).toEqual({ status: 403, code: 'rest_forbidden' });
    expect(err(await contributor.get(`/core/v2/menu-items?status=draft`))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    // The status argument is checked before any permission, as WordPress sanitizes it.
    expect(err(await as(w, 'anonymous').get(`/core/v2/menu-items?status=draft`))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect(err(await contributor.get('/core/v2/menu-items?context=edit'))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect(err(await as(w, 'editor').get(`/core/v2/menu-items/${published}?context=edit`))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect(ids(await admin().get(`/core/v2/menu-items?menus=${m}&status=draft`))).toEqual([draft]);
  });

  test('Allow lists the methods the caller may use', async () => {
    expect((await as(w, 'contributor').get(`/core/v2/menu-items/${published}`)).headers.allow).toBe('GET');
    expect((await as(w, 'contributor').get('/core/v2/menu-items')).headers.allow).toBe('GET');
    expect((await admin().get(`/core/v2/menu-items/${published}`)).headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    expect((await admin().post('/core/v2/menu-items', { title: 'x', url: 'https://example.com/' })).headers.allow).toBe(
      'GET, POST',
    );
  });

  test('menus=0 (items in no menu): Allow is GET even for an administrator, and creating with menus 0 is 403', async () => {
    // The Allow header runs the POST permission check on the list's own arguments: `menus` holds the term id 0.
    const orphans = await admin().get('/core/v2/menu-items?menus=0');
    expect([orphans.status, orphans.headers.allow]).toEqual([200, 'GET']);
    expect((await admin().get(`/core/v2/menu-items?menus=${m}`)).headers.allow).toBe('GET, POST');
    expect((await admin().get('/core/v2/menu-items?menus=999999')).headers.allow).toBe('GET, POST');
    // Any taxonomy's term 0 alike: the posts list filtered by category 0.
    expect((await admin().get('/core/v2/posts?categories=0')).headers.allow).toBe('GET');
    expect((await admin().get('/core/v2/posts?categories[terms]=0')).headers.allow).toBe('GET, POST');
    const before = orphans.body.length;
    const r = await admin().post('/core/v2/menu-items', { title: 'Orphan', url: 'https://example.com/', menus: 0 });
    expect([r.status, r.body]).toEqual([
      403,
      {
        code: 'rest_cannot_assign_term',
        message: 'Sorry, you are not allowed to assign the provided terms.',
        data: { status: 403 },
      },
    ]);
    expect((await admin().get('/core/v2/menu-items?menus=0')).body).toHaveLength(before);
    expect(err(await admin().post('/core/v2/posts', { title: 'x', categories: [0] }))).toEqual({
      status: 403,
      code: 'rest_cannot_assign_term',
    });
  });

  test('writes need edit_theme_options', async () => {
    for (const role of ['anonymous', 'subscriber', 'contributor', 'author', 'editor'] as const) {
      const status = role === 'anonymous' ? 401 : 403;
      const c = as(w, role);
      expect([
        role,
        err(await c.post('/core/v2/menu-items', { title: 'x', url: 'https://example.com/', menus: m })),
      ]).toEqual([role, { status, code: 'rest_cannot_create' }]);
      expect([role, err(await c.post(`/core/v2/menu-items/${published}`, { title: 'x' }))]).toEqual([
        role,
        { status, code: 'rest_cannot_edit' },
      ]);
      expect([role, err(await c.delete(`/core/v2/menu-items/${published}?force=true`))]).toEqual([
        role,
        { status, code: 'rest_cannot_delete' },
      ]);
      expect([role, err(await c.post(`/core/v2/menu-items/${published}/autosaves`, { title: 'x' }))]).toEqual([
        role,
        { status, code: 'rest_cannot_edit' },
      ]);
    }
  });
});

describe('delete: no trash (spec 3)', () => {
  test('without force: rest_trash_not_supported 501 (sample 101); with force: the item in view context, no links (sample 102)', async () => {
    const m = (await menu()).id;
    const post = await created(admin(), '/core/v2/posts', { title: 'Post number 1', status: 'publish' });
    const i = await created(admin(), '/core/v2/menu-items', {
      type: 'post_type',
      object: 'post',
      object_id: post.id,
      menus: m,
    });
    for (const path of [`/core/v2/menu-items/${i.id}`, `/core/v2/menu-items/${i.id}?force=false`]) {
      const r = await admin().delete(path);
      expect(r.status).toBe(501);
      expect(r.body).toEqual({
        code: 'rest_trash_not_supported',
        message: "Menu items do not support trashing. Set 'force=true' to delete.",
        data: { status: 501 },
      });
    }
    const gone = await admin().delete(`/core/v2/menu-items/${i.id}?force=true`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({
      deleted: true,
      previous: {
        id: i.id,
        title: { rendered: 'Post number 1' },
        status: 'publish',
        url: `${HOME}/post-number-1/`,
        attr_title: '',
        description: '',
        type: 'post_type',
        type_label: 'Post',
        object: 'post',
        object_id: post.id,
        parent: 0,
        menu_order: 1,
        target: '',
        classes: [''],
        xfn: [''],
        invalid: false,
        meta: META,
        menus: m,
      },
    });
    expect(err(await admin().delete(`/core/v2/menu-items/${i.id}?force=true`))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
    // The post it linked to is untouched.
    expect((await admin().get(`/core/v2/posts/${post.id}`)).status).toBe(200);
  });
});

describe('autosaves (spec 2.10: menu items have autosaves, no revisions)', () => {
  test('an autosave holds no text (sample 99); listed (sample 100) and read; a second one is the same autosave', async () => {
    const m = (await menu()).id;
    const i = await link(m, { title: 'Example link' });
    const r = await admin().post(`/core/v2/menu-items/${i.id}/autosaves`, { title: 'Example link (autosaved)' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      author: 1,
      date: expect.any(String),
      date_gmt: expect.any(String),
      id: expect.any(Number),
      modified: expect.any(String),
      modified_gmt: expect.any(String),
      parent: i.id,
      slug: `${i.id}-autosave-v1`,
      guid: { rendered: `${HOME}/?p=${r.body.id}`, raw: `${HOME}/?p=${r.body.id}` },
      title: { raw: '', rendered: '' },
      preview_link: '',
      _links: { parent: [{ href: `${REST}/core/v2/menu-items/${i.id}` }] },
    });
    const { preview_link: _preview, ...summary } = r.body;
    void _preview;
    expect((await admin().get(`/core/v2/menu-items/${i.id}/autosaves`)).body).toEqual([
      { ...summary, title: { rendered: '' } },
    ]);
    expect((await admin().get(`/core/v2/menu-items/${i.id}/autosaves/${r.body.id}`)).body.id).toBe(r.body.id);
    expect((await admin().post(`/core/v2/menu-items/${i.id}/autosaves`, { title: 'Again' })).body.id).toBe(r.body.id);
    // The item itself is unchanged, and validated as an update is.
    expect((await admin().get(`/core/v2/menu-items/${i.id}`)).body.title.rendered).toBe('Example link');
    expect(err(await admin().post(`/core/v2/menu-items/${i.id}/autosaves`, { url: '' }))).toEqual({
      status: 400,
      code: 'rest_url_required',
    });
    // No revisions routes.
    expect(err(await admin().get(`/core/v2/menu-items/${i.id}/revisions`))).toEqual({
      status: 404,
      code: 'rest_no_route',
    });
    const routes = (await admin().get('/')).body.routes;
    expect(Object.keys(routes['/core/v2/menu-items/(?P<id>[\\d]+)/autosaves'].endpoints[1].args)).toEqual([
      'parent',
      'title',
      'type',
      'status',
      'attr_title',
      'classes',
      'description',
      'menu_order',
      'object',
      'object_id',
      'target',
      'url',
      'xfn',
      'menus',
      'meta',
    ]);
  });

  test("an autosave of the author's own draft item changes nothing in it", async () => {
    const m = (await menu()).id;
    const i = await link(m, { title: 'Draft link', status: 'draft' });
    const r = await admin().post(`/core/v2/menu-items/${i.id}/autosaves`, { title: 'Autosaved draft' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: i.id, title: { raw: 'Draft link' }, preview_link: '' });
    expect((await admin().get(`/core/v2/menu-items/${i.id}?context=edit`)).body.title.raw).toBe('Draft link');
  });
});

describe('batch (spec 4.1)', () => {
  test('collection and item endpoints allow batch v1; autosaves do not', async () => {
    const routes = (await admin().get('/')).body.routes;
    for (const key of ['/core/v2/menu-items', '/core/v2/menu-items/(?P<id>[\\d]+)']) {
      for (const e of routes[key].endpoints)
        expect([key, e.methods, e.allow_batch]).toEqual([key, e.methods, { v1: true }]);
    }
    for (const e of routes['/core/v2/menu-items/(?P<id>[\\d]+)/autosaves'].endpoints)
      expect(e).not.toHaveProperty('allow_batch');
  });

  test('a batch creates, updates and deletes items; each item keeps its own errors', async () => {
    const m = (await menu()).id;
    const existing = await link(m);
    const r = await admin().post('/batch/v1', {
      requests: [
        { path: '/core/v2/menu-items', body: { title: 'Batched', url: 'https://example.com/b', menus: m } },
        { method: 'PATCH', path: `/core/v2/menu-items/${existing.id}`, body: { menu_order: 4 } },
        { path: '/core/v2/menu-items', body: { menus: m } },
        { method: 'DELETE', path: `/core/v2/menu-items/${existing.id}` },
        { method: 'DELETE', path: `/core/v2/menu-items/${existing.id}?force=true` },
      ],
    });
    expect(r.status).toBe(207);
    expect(r.body.responses.map((x: { status: number }) => x.status)).toEqual([201, 200, 400, 501, 200]);
    expect(r.body.responses[2].body.additional_errors).toHaveLength(1);
    expect(r.body.responses[1].body.menu_order).toBe(4);
  });
});

describe('change notifications', () => {
  test('each menu and menu item write is published once, on its resource subject', async () => {
    const nats = await startNats();
    const core = await startCore();
    const gw = await startGateway({ upstreams: { 'core-content': core.url }, notifier: testNotifier(nats.url, 100) });
    let changes: Changes | undefined;
    try {
      const client = restClient(gw.app, await basicFor(core.url, ADMIN));
      changes = await watchChanges(nats.url);
      const seen = changes.live;
      const created = await client.post('/core/v2/menus', { name: 'Notified menu' });
      const item = await client.post('/core/v2/menu-items', {
        title: 'Notified',
        url: 'https://example.com/',
        menus: created.body.id,
      });
      await client.delete(`/core/v2/menu-items/${item.body.id}`); // 501: nothing published
      await client.delete(`/core/v2/menu-items/${item.body.id}?force=true`);
      await client.get('/core/v2/menu-items');
      await eventually(async () => seen.length >= 3, 10000);
      await new Promise((r) => setTimeout(r, 150));
      expect(seen.map((s) => [s.subject, s.n.action, s.n.item_id])).toEqual([
        ['loom.changes.core_v2.menus', 'created', created.body.id],
        ['loom.changes.core_v2.menu-items', 'created', item.body.id],
        ['loom.changes.core_v2.menu-items', 'deleted', item.body.id],
      ]);
      expect(seen[2]!.n.item).toMatchObject({
        deleted: true,
        previous: { id: item.body.id, title: { rendered: 'Notified' } },
      });
    } finally {
      await changes?.close();
      gw.close();
      await gw.notifier.close();
      await core.close();
      await nats.dispose();
    }
  });
});
