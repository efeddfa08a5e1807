/**
 * core/v2/navigation (wp_navigation, the posts controller) through the gateway: fields per context (WordPress
 * samples 108-121, with 6.4's plain links and embed context), content.rendered as WordPress renders navigation
 * links, defaults, filters, who may read and write (published menus are public; everything else needs
 * edit_theme_options), trash and force, revisions and autosaves, batch.
 */
import { as, err, make, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let admin: Client;
let editor: Client;
let subscriber: Client;
let anon: Client;

const REST = 'http://loom.test/rest/core/v2';
type Body = Record<string, unknown> & { id: number };

/** navigation-link block markup, as the editor saves it. */
const link = (attrs: Record<string, unknown>) => `<!-- wp:navigation-link ${JSON.stringify(attrs)} /-->`;
/** What WordPress renders for a link (samples 108, 114). */
const li = (href: string, label: string) =>
  `<li class=" wp-block-navigation-item wp-block-navigation-link"><a class="wp-block-navigation-item__content"  href="${href}"><span class="wp-block-navigation-item__label">${label}</span></a></li>`;

async function navigation(client: Client, body: object): Promise<Body> {
  const r = await client.post('/core/v2/navigation', body);
  if (r.status !== 201) throw new Error(`creating a navigation: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Body;
}

let about: Body;
let aboutLink: string;
let header: Body;

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  editor = as(w, 'editor');
  subscriber = as(w, 'subscriber');
  anon = as(w, 'anonymous');
  about = await make(admin, 'pages', { title: 'About', status: 'publish' });
  aboutLink = link({ label: 'About', type: 'page', id: about.id, url: 'http://loom.test/about/', kind: 'post-type' });
  header = await navigation(admin, { title: 'Header navigation', status: 'publish', content: aboutLink });
});
afterAll(() => w.close());

describe('fields per context (samples 108, 111, 112)', () => {
  test('create: 201, Location, edit context in WordPress order, content rendered as WordPress renders navigation links', async () => {
    expect(Object.keys(header)).toEqual([
      'id',
      'date',
      'date_gmt',
      'guid',
      'modified',
      'modified_gmt',
      'password',
      'slug',
      'status',
      'type',
      'link',
      'title',
      'content',
      'template',
      '_links',
    ]);
    expect(header).toMatchObject({
      password: '',
      slug: 'header-navigation',
      status: 'publish',
      type: 'wp_navigation',
      // 6.4: not viewable, so the plain link (6.1's sample shows the pretty one).
      link: `http://loom.test/?post_type=wp_navigation&p=${header.id}`,
      guid: {
        rendered: `http://loom.test/?post_type=wp_navigation&p=${header.id}`,
        raw: `http://loom.test/?post_type=wp_navigation&p=${header.id}`,
      },
      title: { raw: 'Header navigation', rendered: 'Header navigation' },
      content: { raw: aboutLink, rendered: li('http://loom.test/about/', 'About'), protected: false, block_version: 1 },
      template: '',
    });
    const created = await admin.post('/core/v2/navigation', { title: 'Fresh' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`${REST}/navigation/${created.body.id}`);
    expect(created.body).toMatchObject({
      status: 'draft',
      slug: '',
      content: { raw: '', rendered: '', block_version: 0 },
    });
  });

  test('view, anonymously: a published menu with rendered text only, no meta (sample 111)', async () => {
    const r = await anon.get(`/core/v2/navigation/${header.id}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([
      'id',
      'date',
      'date_gmt',
      'guid',
      'modified',
      'modified_gmt',
      'slug',
      'status',
      'type',
      'link',
      'title',
      'content',
      'template',
      '_links',
    ]);
    expect(r.body.title).toEqual({ rendered: 'Header navigation' });
    expect(r.body.content).toEqual({ rendered: li('http://loom.test/about/', 'About'), protected: false });
    expect(r.headers.allow).toBe('GET');
  });

  test('embed (6.4): status, the raw and rendered title and content, block_version', async () => {
    const r = await anon.get(`/core/v2/navigation/${header.id}?context=embed`);
    expect(Object.keys(r.body)).toEqual(['id', 'date', 'slug', 'status', 'type', 'link', 'title', 'content', '_links']);
    expect(r.body.title).toEqual({ raw: 'Header navigation', rendered: 'Header navigation' });
    expect(r.body.content).toEqual({
      raw: aboutLink,
      rendered: li('http://loom.test/about/', 'About'),
      protected: false,
      block_version: 1,
    });
  });

  test('edit needs edit_theme_options: rest_forbidden_context (sample 113)', async () => {
    const r = await anon.get(`/core/v2/navigation/${header.id}?context=edit`);
    expect(err(r)).toEqual({ status: 401, code: 'rest_forbidden_context' });
    expect(r.body.message).toBe('Sorry, you are not allowed to edit this post.');
    expect(err(await editor.get(`/core/v2/navigation/${header.id}?context=edit`))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect(err(await editor.get('/core/v2/navigation?context=edit'))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    const edit = await admin.get(`/core/v2/navigation/${header.id}?context=edit`);
    expect(edit.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(edit.body.content.raw).toBe(aboutLink);
  });

  test('links: self, collection, about, version-history, wp:attachment; edit context adds publish and unfiltered_html', async () => {
    const view = await anon.get(`/core/v2/navigation/${header.id}`);
    expect(view.body._links).toEqual({
      self: [{ href: `${REST}/navigation/${header.id}` }],
      collection: [{ href: `${REST}/navigation` }],
      about: [{ href: `${REST}/types/wp_navigation` }],
      'version-history': [{ count: 0, href: `${REST}/navigation/${header.id}/revisions` }],
      'wp:attachment': [{ href: `${REST}/media?parent=${header.id}` }],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    });
    expect(Object.keys(header._links as object).filter((k) => k.startsWith('wp:action'))).toEqual([
      'wp:action-publish',
      'wp:action-unfiltered-html',
    ]);
    // Nothing to embed: no author, no terms.
    expect((await anon.get(`/core/v2/navigation/${header.id}?_embed`)).body).not.toHaveProperty('_embedded');
  });

  test('the route index: set N (no author, no terms), write arguments with the embed contexts, batch', async () => {
    const { routes } = (await anon.get('/core/v2')).body;
    const [list, create] = routes['/core/v2/navigation'].endpoints;
    expect(Object.keys(list.args)).toEqual([
      'context',
      'page',
      'per_page',
      'search',
      'after',
      'modified_after',
      'before',
      'modified_before',
      'exclude',
      'include',
      'offset',
      'order',
      'orderby',
      'search_columns',
      'slug',
      'status',
    ]);
    expect(Object.keys(create.args)).toEqual([
      'date',
      'date_gmt',
      'slug',
      'status',
      'password',
      'title',
      'content',
      'template',
    ]);
    expect(create.args.title.properties.raw.context).toEqual(['edit', 'embed']);
    expect(create.args.content.properties).toMatchObject({
      raw: { context: ['edit', 'embed'] },
      rendered: { context: ['view', 'edit', 'embed'] },
      block_version: { context: ['edit', 'embed'] },
    });
    for (const route of ['/core/v2/navigation', '/core/v2/navigation/(?P<id>[\\d]+)'])
      for (const e of routes[route].endpoints) expect(e.allow_batch).toEqual({ v1: true });
    expect(Object.keys(routes)).toEqual(
      expect.arrayContaining([
        '/core/v2/navigation/(?P<parent>[\\d]+)/revisions',
        '/core/v2/navigation/(?P<id>[\\d]+)/autosaves',
      ]),
    );
  });
});

describe('content.rendered: navigation links as WordPress renders them', () => {
  test('a link to a page renders only while the page is published; custom links always (sample 114)', async () => {
    const page = await make(admin, 'pages', { title: 'Team', status: 'publish' });
    const teamLink = link({
      label: 'Team',
      type: 'page',
      id: page.id,
      url: 'http://loom.test/team/',
      kind: 'post-type',
    });
    const example = link({ label: 'Example', url: 'https://example.com/', kind: 'custom' });
    const nav = await navigation(admin, { title: 'Footer', status: 'publish', content: teamLink + example });
    expect(nav.content).toMatchObject({
      rendered: li('http://loom.test/team/', 'Team') + li('https://example.com/', 'Example'),
    });
    await admin.post(`/core/v2/pages/${page.id}`, { status: 'draft' });
    expect((await anon.get(`/core/v2/navigation/${nav.id}`)).body.content.rendered).toBe(
      li('https://example.com/', 'Example'),
    );
    await admin.delete(`/core/v2/pages/${page.id}?force=true`);
    const list = await anon.get(`/core/v2/navigation?include=${nav.id}`);
    expect(list.body[0].content.rendered).toBe(li('https://example.com/', 'Example'));
  });

  test('labels are texturized and filtered, URLs escaped', async () => {
    const nav = await navigation(admin, {
      title: 'Shop',
      status: 'publish',
      content: link({ label: "Tom's <em>shop</em>", url: '/shop?a=1&b=2', kind: 'custom', opensInNewTab: true }),
    });
    expect((nav.content as { rendered: string }).rendered).toBe(
      '<li class=" wp-block-navigation-item wp-block-navigation-link"><a class="wp-block-navigation-item__content"  href="/shop?a=1&#038;b=2" target="_blank"  ><span class="wp-block-navigation-item__label">Tom&#8217;s <em>shop</em></span></a></li>',
    );
  });
});

describe('who may read and write', () => {
  test('published menus are public (sample 110); drafts need edit_theme_options', async () => {
    const list = await anon.get('/core/v2/navigation');
    expect(list.status).toBe(200);
    expect(list.body.map((n: Body) => n.id)).toContain(header.id);
    expect(list.headers['x-wp-total']).toBe(String(list.body.length));
    const draft = await navigation(admin, { title: 'Draft menu' });
    expect(err(await anon.get(`/core/v2/navigation/${draft.id}`))).toEqual({ status: 401, code: 'rest_forbidden' });
    expect(err(await editor.get(`/core/v2/navigation/${draft.id}`))).toEqual({ status: 403, code: 'rest_forbidden' });
    expect((await admin.get(`/core/v2/navigation/${draft.id}`)).status).toBe(200);
    expect(err(await editor.get('/core/v2/navigation?status=draft'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect((await admin.get('/core/v2/navigation?status=draft')).body.map((n: Body) => n.id)).toContain(draft.id);
  });

  test('create, update and delete need edit_theme_options (sample 119)', async () => {
    const anonymous = await anon.post('/core/v2/navigation', { title: 'x' });
    expect(err(anonymous)).toEqual({ status: 401, code: 'rest_cannot_create' });
    expect(anonymous.body.message).toBe('Sorry, you are not allowed to create posts as this user.');
    expect(err(await editor.post('/core/v2/navigation', { title: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_create',
    });
    expect(err(await editor.post(`/core/v2/navigation/${header.id}`, { title: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit',
    });
    expect(err(await subscriber.delete(`/core/v2/navigation/${header.id}`))).toEqual({
      status: 403,
      code: 'rest_cannot_delete',
    });
    expect(err(await anon.delete(`/core/v2/navigation/${header.id}`))).toEqual({
      status: 401,
      code: 'rest_cannot_delete',
    });
  });

  test('errors: a template (the type has none), an id on create, an unknown or foreign id', async () => {
    expect(err(await admin.post('/core/v2/navigation', { title: 'x', template: 'page-wide' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect(err(await admin.post('/core/v2/navigation', { title: 'x', id: header.id }))).toEqual({
      status: 400,
      code: 'rest_post_exists',
    });
    expect(err(await anon.get('/core/v2/navigation/999999'))).toEqual({ status: 404, code: 'rest_post_invalid_id' });
    expect(err(await anon.get(`/core/v2/navigation/${about.id}`))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
    expect(err(await admin.post('/core/v2/navigation', { title: 'x', meta: { footnotes: 'x' } }))).toEqual({
      status: 201,
      code: undefined,
    });
  });
});

describe('update, revisions and autosaves (samples 114-118)', () => {
  let nav: Body;
  beforeAll(async () => {
    nav = await navigation(admin, { title: 'Main', status: 'publish', content: aboutLink });
  });

  test('an update creates a revision; the list shows rendered text only in view context', async () => {
    const example = link({ label: 'Example', url: 'https://example.com/', kind: 'custom' });
    const r = await admin.post(`/core/v2/navigation/${nav.id}`, { content: aboutLink + example });
    expect(r.status).toBe(200);
    expect(r.body.content.rendered).toBe(
      li('http://loom.test/about/', 'About') + li('https://example.com/', 'Example'),
    );
    const revisionId = r.body._links['predecessor-version'][0].id as number;
    expect(r.body._links['version-history'][0].count).toBe(1);
    const list = await admin.get(`/core/v2/navigation/${nav.id}/revisions`);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: revisionId,
      parent: nav.id,
      slug: `${nav.id}-revision-v1`,
      title: { rendered: 'Main' },
    });
    expect(list.body[0].title).toEqual({ rendered: 'Main' });
    expect(list.body[0].content).toEqual({
      rendered: li('http://loom.test/about/', 'About') + li('https://example.com/', 'Example'),
    });
    expect((await admin.get(`/core/v2/navigation/${nav.id}/revisions/${revisionId}`)).body._links).toEqual({
      parent: [{ href: `${REST}/navigation/${nav.id}` }],
    });
    expect(err(await editor.get(`/core/v2/navigation/${nav.id}/revisions`))).toEqual({
      status: 403,
      code: 'rest_cannot_read',
    });
  });

  test('autosave: 200 with an empty preview_link, listed on its own route', async () => {
    const draftLink = link({ label: 'Draft link', url: 'https://example.org/', kind: 'custom' });
    const a = await admin.post(`/core/v2/navigation/${nav.id}/autosaves`, { title: 'Main', content: draftLink });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      parent: nav.id,
      slug: `${nav.id}-autosave-v1`,
      title: { raw: 'Main', rendered: 'Main' },
      content: { raw: draftLink, rendered: li('https://example.org/', 'Draft link') },
      preview_link: '',
    });
    const list = await admin.get(`/core/v2/navigation/${nav.id}/autosaves`);
    expect(list.body.map((x: Body) => x.id)).toEqual([a.body.id]);
    expect((await admin.get(`/core/v2/navigation/${nav.id}/autosaves/${a.body.id}`)).body.content.rendered).toBe(
      li('https://example.org/', 'Draft link'),
    );
    expect(err(await editor.post(`/core/v2/navigation/${nav.id}/autosaves`, { content: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit',
    });
  });
});

describe('trash, force and 410 (samples 120, 121)', () => {
  test('DELETE trashes (slug __trashed, plain link), again is 410, force deletes with previous', async () => {
    const nav = await navigation(admin, { title: 'Old menu', status: 'publish', content: aboutLink });
    const trashed = await admin.delete(`/core/v2/navigation/${nav.id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({
      status: 'trash',
      slug: 'old-menu__trashed',
      link: `http://loom.test/?post_type=wp_navigation&p=${nav.id}`,
    });
    expect(err(await anon.get(`/core/v2/navigation/${nav.id}`))).toEqual({ status: 401, code: 'rest_forbidden' });
    expect(err(await admin.delete(`/core/v2/navigation/${nav.id}`))).toEqual({
      status: 410,
      code: 'rest_already_trashed',
    });
    const gone = await admin.delete(`/core/v2/navigation/${nav.id}?force=true`);
    expect(gone.body).toMatchObject({
      deleted: true,
      previous: { id: nav.id, status: 'trash', content: { raw: aboutLink } },
    });
    expect(Object.keys(gone.body)).toEqual(['deleted', 'previous']);
  });
});

describe('collection filters (query set N)', () => {
  test('search, slug, status, include, orderby title', async () => {
    const a = await navigation(admin, {
      title: 'Qux alpha',
      status: 'publish',
      content: link({ label: 'Zebra', url: '/z', kind: 'custom' }),
    });
    const b = await navigation(admin, { title: 'Qux beta', status: 'publish' });
    const ids = async (q: string) => (await anon.get(`/core/v2/navigation?${q}`)).body.map((n: Body) => n.id);
    expect(await ids('search=Qux&orderby=title&order=asc')).toEqual([a.id, b.id]);
    expect(await ids('search=Zebra')).toEqual([a.id]);
    expect(await ids('slug=qux-beta')).toEqual([b.id]);
    expect(await ids(`include=${b.id},${a.id}&orderby=include`)).toEqual([b.id, a.id]);
    expect(err(await anon.get('/core/v2/navigation?author=1'))).toEqual({ status: 200, code: undefined });
  });
});

describe('batch (spec 4.1)', () => {
  test('navigation menus may be created and updated in a batch', async () => {
    const r = await admin.post('/batch/v1', {
      validation: 'require-all-validate',
      requests: [
        { path: '/core/v2/navigation', body: { title: 'Batched menu', status: 'publish' } },
        { method: 'PATCH', path: `/core/v2/navigation/${header.id}`, body: { title: 'Header navigation' } },
      ],
    });
    expect(r.status).toBe(207);
    expect(r.body.responses.map((x: { status: number }) => x.status)).toEqual([201, 200]);
    expect(r.body.responses[0].body).toMatchObject({ type: 'wp_navigation', title: { raw: 'Batched menu' } });
  });
});
