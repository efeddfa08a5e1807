/**
 * core/v2/templates and core/v2/template-parts through the gateway (WP_REST_Templates_Controller, WordPress 6.4;
 * samples 143-169 show 6.1): the shipped theme's files, `theme//slug` ids (`theme/slug` too), stored rows beating
 * files, customising a theme file and reverting it, create/update/delete rules, list filters, titles, template-part
 * areas, lookup along the template hierarchy, posts' and pages' `template` checked against the theme, and no batch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { as, err, make, startWorld, type Client, type World } from '@loom/testing';

const REST = 'http://loom.test/rest/core/v2';
const THEME_DIR = join(__dirname, '../themes/atelier');
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
const PARAGRAPH = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

/** The theme's templates, by slug, as the list shows them (17 files). */
const THEME_TEMPLATES = [
  '404',
  'archive',
  'author',
  'category',
  'date',
  'front-page',
  'home',
  'index',
  'page',
  'page-no-title',
  'page-wide',
  'page-with-sidebar',
  'search',
  'single',
  'single-with-sidebar',
  'singular',
  'tag',
];

let w: World;
let admin: Client;
let editor: Client;
let anon: Client;

type Body = Record<string, unknown>;

async function created(client: Client, base: 'templates' | 'template-parts', body: object): Promise<Body> {
  const r = await client.post(`/core/v2/${base}`, body);
  if (r.status !== 201) throw new Error(`creating a ${base}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Body;
}

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  editor = as(w, 'editor');
  anon = as(w, 'anonymous');
});
afterAll(() => w.close());

describe('the theme: files as templates (samples 143, 144, 164, 165)', () => {
  test('every route needs edit_theme_options: 401 anonymous, 403 signed in (143)', async () => {
    expect((await anon.get('/core/v2/templates')).body).toEqual({
      code: 'rest_cannot_manage_templates',
      message: 'Sorry, you are not allowed to access the templates on this site.',
      data: { status: 401 },
    });
    expect(err(await editor.get('/core/v2/templates/atelier//index'))).toEqual({
      status: 403,
      code: 'rest_cannot_manage_templates',
    });
    expect(err(await editor.get('/core/v2/template-parts/lookup?slug=header'))).toEqual({
      status: 403,
      code: 'rest_cannot_manage_templates',
    });
  });

  test("the list: the theme's templates (WordPress's hierarchy plus its custom ones), no pagination headers", async () => {
    const r = await admin.get('/core/v2/templates?_fields=id,slug,source,type,is_custom,title');
    expect(r.status).toBe(200);
    expect(r.headers['x-wp-total']).toBeUndefined();
    const list = r.body as Array<{
      slug: string;
      id: string;
      source: string;
      is_custom: boolean;
      title: { raw: string };
    }>;
    expect(list.map((t) => t.slug)).toEqual(THEME_TEMPLATES);
    expect(list.every((t) => t.id === `atelier//${t.slug}` && t.source === 'theme')).toBe(true);
    // Default types carry WordPress's titles and are not custom; the custom ones take theme.json's titles.
    expect(Object.fromEntries(list.map((t) => [t.slug, [t.title.raw, t.is_custom]]))).toMatchObject({
      index: ['Index', false],
      home: ['Blog Home', false],
      '404': ['Page: 404', false],
      single: ['Single Posts', false],
      'page-wide': ['Page with Wide Image', true],
      'single-with-sidebar': ['Single with Sidebar', true],
    });
  });

  test('a file template in view context: the theme injected into its template parts, modified false, links (144)', async () => {
    const r = await admin.get('/core/v2/templates/atelier//404');
    expect(r.status).toBe(200);
    const file = readFileSync(join(THEME_DIR, 'templates/404.html'), 'utf8');
    const raw = file
      .replace('{"slug":"header","tagName":"header"}', '{"slug":"header","tagName":"header","theme":"atelier"}')
      .replace('{"slug":"footer","tagName":"footer"}', '{"slug":"footer","tagName":"footer","theme":"atelier"}');
    expect(r.body).toEqual({
      id: 'atelier//404',
      theme: 'atelier',
      content: { raw },
      slug: '404',
      source: 'theme',
      origin: null,
      type: 'wp_template',
      description: 'Displays when a visitor views a non-existent page, such as a dead link or a mistyped URL.',
      title: { raw: 'Page: 404', rendered: 'Page: 404' },
      status: 'publish',
      wp_id: 0,
      has_theme_file: true,
      is_custom: false,
      author: 0,
      modified: false,
      _links: {
        self: [{ href: `${REST}/templates/atelier//404` }],
        collection: [{ href: `${REST}/templates` }],
        about: [{ href: `${REST}/types/wp_template` }],
        'wp:action-publish': [{ href: `${REST}/templates/atelier//404` }],
        'wp:action-unfiltered-html': [{ href: `${REST}/templates/atelier//404` }],
        curies: CURIES,
      },
    });
    expect(r.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
  });

  test('contexts: block_version in edit only; embed keeps neither raw content nor modified', async () => {
    const edit = await admin.get('/core/v2/templates/atelier//index?context=edit');
    expect((edit.body.content as Body).block_version).toBe(1);
    const embed = await admin.get('/core/v2/templates/atelier//index?context=embed');
    expect(embed.body.content).toEqual([]);
    expect(embed.body.modified).toBeUndefined();
    expect(embed.body.title).toEqual({ raw: 'Index', rendered: 'Index' });
  });

  test('ids: `theme/slug` is `theme//slug`; an unknown template, another theme or a single segment is 404 (145)', async () => {
    expect((await admin.get('/core/v2/templates/atelier/home')).body.id).toBe('atelier//home');
    expect((await admin.get('/core/v2/templates/atelier%2F%2Fhome')).body.id).toBe('atelier//home');
    for (const id of ['atelier//no-such-template', 'twentytwentythree//home', 'home']) {
      expect((await admin.get(`/core/v2/templates/${id}`)).body).toEqual({
        code: 'rest_template_not_found',
        message: 'No templates exist with that id.',
        data: { status: 404 },
      });
    }
    // Spec 1.2: no more than two segments, no `: < > * ? " |`.
    expect(err(await admin.get('/core/v2/templates/a/b/c'))).toEqual({ status: 404, code: 'rest_no_route' });
    expect(err(await admin.get('/core/v2/templates/atelier//in|dex'))).toEqual({ status: 404, code: 'rest_no_route' });
  });

  test('template parts: area from theme.json, filter by area; parts have area, templates is_custom (164, 165)', async () => {
    const headers = await admin.get('/core/v2/template-parts?area=header&_fields=id,area,title');
    expect(headers.body).toEqual([
      { id: 'atelier//header', title: { raw: 'Header', rendered: 'Header' }, area: 'header' },
    ]);
    const footer = await admin.get('/core/v2/template-parts/atelier//footer');
    expect(footer.body).toMatchObject({
      id: 'atelier//footer',
      type: 'wp_template_part',
      source: 'theme',
      title: { raw: 'Footer' },
      area: 'footer',
      wp_id: 0,
      description: '',
    });
    expect(footer.body).not.toHaveProperty('is_custom');
    expect((footer.body._links as Body).about).toEqual([{ href: `${REST}/types/wp_template_part` }]);
    expect((await admin.get('/core/v2/template-parts?_fields=slug,area')).body).toEqual([
      { slug: 'footer', area: 'footer' },
      { slug: 'header', area: 'header' },
      { slug: 'sidebar', area: 'uncategorized' },
    ]);
    expect((await admin.get('/core/v2/templates/atelier//index')).body).not.toHaveProperty('area');
    // `area` filters parts only.
    expect((await admin.get('/core/v2/templates?area=header')).body).toHaveLength(THEME_TEMPLATES.length);
  });

  test('the post_type filter: custom templates for that type', async () => {
    const slugs = async (q: string) =>
      ((await admin.get(`/core/v2/templates?post_type=${q}&_fields=slug`)).body as Array<{ slug: string }>).map(
        (t) => t.slug,
      );
    expect(await slugs('page')).toEqual(['page-no-title', 'page-wide', 'page-with-sidebar']);
    expect(await slugs('post')).toEqual(['single-with-sidebar']);
    expect(await slugs('wp_block')).toEqual([]);
  });

  test('the index advertises both resources, their lookup, revisions and autosaves; none is batchable', async () => {
    const routes = (await anon.get('/')).body.routes as Record<
      string,
      { endpoints: Array<{ allow_batch?: unknown; args: Body }> }
    >;
    const ours = Object.keys(routes).filter((p) => p.startsWith('/core/v2/template'));
    expect(ours).toHaveLength(14);
    expect(ours.some((p) => routes[p]!.endpoints.some((e) => e.allow_batch))).toBe(false);
    expect(routes['/core/v2/templates']!.endpoints[1]!.args.slug).toEqual({
      description: 'Unique slug identifying the template.',
      type: 'string',
      minLength: 1,
      pattern: '[a-zA-Z0-9_%-]+',
      required: true,
    });
    expect(Object.keys(routes['/core/v2/template-parts']!.endpoints[1]!.args)).toEqual([
      'slug',
      'theme',
      'type',
      'content',
      'title',
      'description',
      'status',
      'author',
      'area',
    ]);
    const batch = await admin.post('/batch/v1', {
      requests: [{ path: '/core/v2/templates', body: { slug: 'batched', title: 'Batched' } }],
    });
    expect((batch.body.responses as Array<{ status: number; body: Body }>)[0]!.body.code).toBe(
      'rest_batch_not_allowed',
    );
    expect((await admin.get('/core/v2/templates/atelier//batched')).status).toBe(404);
  });
});

describe('custom templates: create, read, update, delete (samples 146-149, 160-163)', () => {
  test('create for a theme named in any text: 201, its Location percent-encoded and answering (found by the fuzzer)', async () => {
    const r = await admin.post('/core/v2/templates', { slug: 'intl', theme: '中文 9611', title: 'Intl' });
    expect(r.status).toBe(201);
    expect(r.body.id).toBe('中文 9611//intl');
    expect(r.headers.location).toBe(`${REST}/templates/${encodeURIComponent('中文 9611')}//intl`);
    expect((await admin.get(new URL(r.headers.location as string).pathname.replace(/^\/rest/, ''))).body.id).toBe(
      '中文 9611//intl',
    );
  });

  test('create: 201 with Location, view context, always published; a taken slug gets -2 (146, 147)', async () => {
    const r = await admin.post('/core/v2/templates', {
      slug: 'ref-landing',
      title: 'Landing',
      description: 'Custom landing template',
      content: PARAGRAPH('Landing'),
      status: 'draft',
      type: 'wp_template_part',
    });
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`${REST}/templates/atelier//ref-landing`);
    const body = r.body as Body;
    expect(body).toEqual({
      id: 'atelier//ref-landing',
      theme: 'atelier',
      content: { raw: PARAGRAPH('Landing') },
      slug: 'ref-landing',
      source: 'custom',
      origin: null,
      type: 'wp_template',
      description: 'Custom landing template',
      title: { raw: 'Landing', rendered: 'Landing' },
      status: 'publish',
      wp_id: expect.any(Number),
      has_theme_file: false,
      is_custom: true,
      author: w.users.administrator.id,
      modified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      _links: {
        self: [{ href: `${REST}/templates/atelier//ref-landing` }],
        collection: [{ href: `${REST}/templates` }],
        about: [{ href: `${REST}/types/wp_template` }],
        'version-history': [{ href: `${REST}/templates/atelier//ref-landing/revisions`, count: 0 }],
        'wp:action-publish': [{ href: `${REST}/templates/atelier//ref-landing` }],
        'wp:action-unfiltered-html': [{ href: `${REST}/templates/atelier//ref-landing` }],
        curies: CURIES,
      },
    });
    const again = await created(admin, 'templates', { slug: 'ref-landing', title: 'Landing again' });
    expect([again.id, again.slug, again.content]).toEqual(['atelier//ref-landing-2', 'ref-landing-2', { raw: '' }]);
    // Stored rows share the posts' id sequence.
    expect(again.wp_id).toBeGreaterThan(body.wp_id as number);
  });

  test('create: slug required, at least one allowed character; sanitized as a post name', async () => {
    expect((await admin.post('/core/v2/templates', { title: 'No slug' })).body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): slug',
      data: { status: 400, params: ['slug'] },
    });
    expect((await admin.post('/core/v2/templates', { slug: '', title: 'x' })).body.data.details.slug.code).toBe(
      'rest_too_short',
    );
    expect((await admin.post('/core/v2/templates', { slug: '!!!', title: 'x' })).body.data.params).toEqual({
      slug: 'slug does not match pattern [a-zA-Z0-9_%-]+.',
    });
    expect((await created(admin, 'templates', { slug: 'Spring Sale!', title: 'Sale' })).slug).toBe('spring-sale');
  });

  test('create: nothing to store is empty_content; an unknown author is rest_invalid_author; nothing is written', async () => {
    expect((await admin.post('/core/v2/templates', { slug: 'empty-one' })).body).toEqual({
      code: 'empty_content',
      message: 'Content, title, and excerpt are empty.',
      data: { status: 400 },
    });
    expect((await admin.post('/core/v2/templates', { slug: 'ghost-author', title: 'x', author: 999999 })).body).toEqual(
      { code: 'rest_invalid_author', message: 'Invalid author ID.', data: { status: 400 } },
    );
    for (const slug of ['empty-one', 'ghost-author'])
      expect((await admin.get(`/core/v2/templates/atelier//${slug}`)).status).toBe(404);
    const other = await created(admin, 'templates', { slug: 'by-editor', title: 'x', author: w.users.editor.id });
    expect(other.author).toBe(w.users.editor.id);
  });

  test('create for another theme: its own id, readable, not listed with the active theme (187)', async () => {
    const r = await created(admin, 'templates', {
      slug: 'classic-landing',
      theme: 'classic-ref',
      title: 'Classic landing',
    });
    expect([r.id, r.theme, r.has_theme_file]).toEqual(['classic-ref//classic-landing', 'classic-ref', false]);
    expect((await admin.get('/core/v2/templates/classic-ref//classic-landing')).body.title).toEqual({
      raw: 'Classic landing',
      rendered: 'Classic landing',
    });
    expect(((await admin.get('/core/v2/templates?_fields=id')).body as Body[]).map((t) => t.id)).not.toContain(
      'classic-ref//classic-landing',
    );
    // Slugs are unique within a theme: the same slug in the active theme is free.
    expect((await created(admin, 'templates', { slug: 'classic-landing', title: 'Here too' })).id).toBe(
      'atelier//classic-landing',
    );
  });

  test('read in edit context (148); update changes text, never the slug, always published (149)', async () => {
    const t = await created(admin, 'templates', { slug: 'ref-update', title: 'Before', content: PARAGRAPH('Before') });
    const read = await admin.get('/core/v2/templates/atelier//ref-update?context=edit');
    expect(read.body.content).toEqual({ raw: PARAGRAPH('Before'), block_version: 1 });
    const r = await admin.post('/core/v2/templates/atelier//ref-update', {
      title: { raw: 'After' },
      content: { raw: PARAGRAPH('After') },
      slug: 'renamed',
      status: 'draft',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: 'atelier//ref-update',
      slug: 'ref-update',
      status: 'publish',
      title: { raw: 'After' },
      content: { raw: PARAGRAPH('After'), block_version: 1 },
      wp_id: t.wp_id,
    });
    // A title object with an empty raw changes nothing; a string always counts.
    expect((await admin.put('/core/v2/templates/atelier//ref-update', { title: { raw: '' } })).body.title).toEqual({
      raw: 'After',
      rendered: 'After',
    });
    expect(
      (await admin.patch('/core/v2/templates/atelier//ref-update', { description: 'Described' })).body.description,
    ).toBe('Described');
    expect(err(await admin.post('/core/v2/templates/atelier//nothing-here', { title: 'x' }))).toEqual({
      status: 404,
      code: 'rest_template_not_found',
    });
  });

  test('delete: trash, then the id is gone (its slug freed, kept as slug__trashed); again 410; force deletes (160-163)', async () => {
    await created(admin, 'templates', { slug: 'ref-trash', title: 'Trash me' });
    const trashed = await admin.delete('/core/v2/templates/atelier//ref-trash');
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({
      id: 'atelier//ref-trash',
      slug: 'ref-trash',
      status: 'trash',
      content: { raw: '', block_version: 0 },
    });
    expect(err(await admin.get('/core/v2/templates/atelier//ref-trash'))).toEqual({
      status: 404,
      code: 'rest_template_not_found',
    });
    expect(err(await admin.delete('/core/v2/templates/atelier//ref-trash'))).toEqual({
      status: 404,
      code: 'rest_template_not_found',
    });
    expect((await admin.get('/core/v2/templates/atelier//ref-trash__trashed')).body).toMatchObject({
      slug: 'ref-trash__trashed',
      status: 'trash',
    });
    expect((await admin.delete('/core/v2/templates/atelier//ref-trash__trashed')).body).toEqual({
      code: 'rest_template_already_trashed',
      message: 'The template has already been deleted.',
      data: { status: 410 },
    });
    // The slug is free again.
    expect((await created(admin, 'templates', { slug: 'ref-trash', title: 'New' })).slug).toBe('ref-trash');
    const gone = await admin.delete('/core/v2/templates/atelier//ref-trash__trashed?force=true');
    expect(gone.body).toEqual({
      deleted: true,
      previous: expect.objectContaining({
        id: 'atelier//ref-trash__trashed',
        slug: 'ref-trash__trashed',
        status: 'trash',
        content: { raw: '', block_version: 0 },
      }),
    });
    expect(gone.body.previous).not.toHaveProperty('_links');
    expect(err(await admin.get('/core/v2/templates/atelier//ref-trash__trashed'))).toEqual({
      status: 404,
      code: 'rest_template_not_found',
    });
  });

  test('updating a trashed template publishes it again under its own slug', async () => {
    await created(admin, 'templates', { slug: 'ref-restore', title: 'Restore me' });
    await admin.delete('/core/v2/templates/atelier//ref-restore');
    const r = await admin.post('/core/v2/templates/atelier//ref-restore__trashed', { title: 'Restored' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: 'atelier//ref-restore',
      slug: 'ref-restore',
      status: 'publish',
      title: { raw: 'Restored' },
    });
    expect((await admin.get('/core/v2/templates/atelier//ref-restore')).body.status).toBe('publish');
  });

  test('a theme file cannot be deleted, forced or not (155)', async () => {
    for (const q of ['', '?force=true']) {
      expect((await admin.delete(`/core/v2/templates/atelier//home${q}`)).body).toEqual({
        code: 'rest_invalid_template',
        message: "Templates based on theme files can't be removed.",
        data: { status: 400 },
      });
    }
  });

  test('untitled custom templates are named after their entity (page, post, category, author), or say it is missing', async () => {
    await make(admin, 'pages', { title: 'Our story', slug: 'story', status: 'publish' });
    await make(admin, 'posts', { title: 'Hello mill', slug: 'hello-mill', status: 'publish' });
    expect((await admin.post('/core/v2/categories', { name: 'Woollens' })).status).toBe(201);
    const titleOf = async (slug: string) => {
      const t = await created(admin, 'templates', { slug, content: PARAGRAPH(slug) });
      return [t.title, t.description];
    };
    expect(await titleOf('page-story')).toEqual([
      { raw: 'Page: Our story', rendered: 'Page: Our story' },
      'Template for Our story',
    ]);
    expect(await titleOf('page-gone')).toEqual([
      { raw: 'Not found: Page (gone)', rendered: 'Not found: Page (gone)' },
      '',
    ]);
    expect(await titleOf('single-post-hello-mill')).toEqual([
      { raw: 'Post: Hello mill', rendered: 'Post: Hello mill' },
      'Template for Hello mill',
    ]);
    expect(await titleOf('category-woollens')).toEqual([
      { raw: 'Category: Woollens', rendered: 'Category: Woollens' },
      'Template for Woollens',
    ]);
    expect(await titleOf(`author-${w.users.editor.login}`)).toEqual([
      { raw: `Author: ${w.users.editor.login}`, rendered: `Author: ${w.users.editor.login}` },
      `Template for ${w.users.editor.login}`,
    ]);
    expect(await titleOf('author-nobody')).toEqual([
      { raw: 'Deleted author: nobody', rendered: 'Deleted author: nobody' },
      '',
    ]);
    // A title of its own is kept.
    expect((await created(admin, 'templates', { slug: 'page-story-2', title: 'Mine', content: 'x' })).title).toEqual({
      raw: 'Mine',
      rendered: 'Mine',
    });
  });

  test('a suggestion (is_wp_suggestion) is not custom; a default type stored is not custom either', async () => {
    expect(
      (await created(admin, 'templates', { slug: 'single-post-suggested', title: 'S', is_wp_suggestion: true }))
        .is_custom,
    ).toBe(false);
    const privacy = await created(admin, 'templates', {
      slug: 'privacy-policy',
      title: 'Privacy',
      content: PARAGRAPH('privacy'),
    });
    expect([privacy.is_custom, privacy.has_theme_file]).toEqual([false, false]);
  });
});

describe('customising a theme template, and reverting it (samples 153, 154, 156)', () => {
  test('an update stores a copy: custom, origin theme, the file text and titles kept unless sent (153, 154)', async () => {
    const r = await admin.post('/core/v2/templates/atelier/search', { content: PARAGRAPH('Custom search') });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: 'atelier//search',
      source: 'custom',
      origin: 'theme',
      has_theme_file: true,
      is_custom: false,
      title: { raw: 'Search Results', rendered: 'Search Results' },
      description: 'Displays when a visitor performs a search on your website.',
      content: { raw: PARAGRAPH('Custom search'), block_version: 1 },
      author: w.users.administrator.id,
    });
    const wpId = r.body.wp_id as number;
    expect(wpId).toBeGreaterThan(0);
    // The stored copy is what reads and the list give, once; `source=theme` still reads the file.
    expect((await admin.get('/core/v2/templates/atelier//search')).body.wp_id).toBe(wpId);
    const list = (await admin.get('/core/v2/templates?_fields=id,source,wp_id')).body as Body[];
    expect(list.filter((t) => t.id === 'atelier//search')).toEqual([
      { id: 'atelier//search', source: 'custom', wp_id: wpId },
    ]);
    // The spec's `ref_id` (WordPress's `wp_id`, read too): that row only, no theme file.
    expect((await admin.get(`/core/v2/templates?ref_id=${wpId}&_fields=id`)).body).toEqual([{ id: 'atelier//search' }]);
    expect((await admin.get(`/core/v2/templates?wp_id=${wpId}&_fields=id`)).body).toEqual([{ id: 'atelier//search' }]);
    expect((await admin.get('/core/v2/templates?ref_id=999999')).body).toEqual([]);
    const file = await admin.get('/core/v2/templates/atelier//search?source=theme');
    expect([file.body.source, file.body.wp_id]).toEqual(['theme', 0]);
    // A second update changes the copy.
    expect((await admin.post('/core/v2/templates/atelier//search', { title: 'Find' })).body).toMatchObject({
      wp_id: wpId,
      title: { raw: 'Find' },
      content: { raw: PARAGRAPH('Custom search') },
    });
  });

  test('source=theme on update reverts: the copy goes, the file answers in edit context', async () => {
    const copy = await admin.post('/core/v2/templates/atelier//date', { content: PARAGRAPH('Dated') });
    const reverted = await admin.post('/core/v2/templates/atelier//date?source=theme', {});
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({
      id: 'atelier//date',
      source: 'theme',
      origin: null,
      wp_id: 0,
      title: { raw: 'Date Archives' },
    });
    expect((reverted.body.content as Body).block_version).toBe(1);
    expect((await admin.get('/core/v2/templates/atelier//date')).body.source).toBe('theme');
    expect((await admin.get(`/core/v2/templates?ref_id=${copy.body.wp_id}`)).body).toEqual([]);
    // Nothing to revert to: a custom template without a theme file is refused, and kept.
    await created(admin, 'templates', { slug: 'no-file', title: 'No file' });
    expect((await admin.post('/core/v2/templates/atelier//no-file?source=theme', {})).body).toEqual({
      code: 'rest_invalid_template',
      message: 'There is no theme file to revert this template to.',
      data: { status: 400 },
    });
    expect((await admin.get('/core/v2/templates/atelier//no-file')).status).toBe(200);
  });

  test('deleting a customised theme template, forced, reverts it to the file (156)', async () => {
    await admin.post('/core/v2/templates/atelier//tag', { content: PARAGRAPH('Tagged') });
    const r = await admin.delete('/core/v2/templates/atelier//tag?force=true');
    expect(r.body).toMatchObject({
      deleted: true,
      previous: { id: 'atelier//tag', source: 'custom', origin: 'theme', has_theme_file: true },
    });
    expect((await admin.get('/core/v2/templates/atelier//tag')).body).toMatchObject({ source: 'theme', wp_id: 0 });
  });

  test('a custom template named like a theme file overrides it, with no origin', async () => {
    const t = await created(admin, 'templates', { slug: 'author', title: 'My authors', content: PARAGRAPH('Authors') });
    expect(t).toMatchObject({
      id: 'atelier//author',
      source: 'custom',
      origin: null,
      has_theme_file: true,
      is_custom: false,
    });
    const list = (await admin.get('/core/v2/templates?_fields=id')).body as Body[];
    expect(list.filter((x) => x.id === 'atelier//author')).toHaveLength(1);
  });
});

describe('template parts (samples 166, 167, 169)', () => {
  test('create with an area; an unknown or missing area is uncategorized (166, 167)', async () => {
    const footer = await created(admin, 'template-parts', {
      slug: 'ref-footer',
      title: 'Ref footer',
      area: 'footer',
      content: PARAGRAPH('Footer text'),
    });
    expect(footer).toMatchObject({
      id: 'atelier//ref-footer',
      type: 'wp_template_part',
      source: 'custom',
      area: 'footer',
      has_theme_file: false,
    });
    expect(footer).not.toHaveProperty('is_custom');
    expect(
      (await created(admin, 'template-parts', { slug: 'ref-odd-area', title: 'Odd area', area: 'sidebar-left' })).area,
    ).toBe('uncategorized');
    expect((await created(admin, 'template-parts', { slug: 'ref-no-area', title: 'No area' })).area).toBe(
      'uncategorized',
    );
    expect(
      ((await admin.get('/core/v2/template-parts?area=footer&_fields=id')).body as Body[]).map((t) => t.id),
    ).toEqual(['atelier//ref-footer', 'atelier//footer']);
    expect((await admin.post('/core/v2/template-parts/atelier//ref-footer', { area: 'header' })).body.area).toBe(
      'header',
    );
    expect((await admin.delete('/core/v2/template-parts/atelier//ref-footer?force=true')).body).toMatchObject({
      deleted: true,
      previous: { id: 'atelier//ref-footer', area: 'header' },
    });
  });

  test('customising a theme part keeps its area and title', async () => {
    const r = await admin.post('/core/v2/template-parts/atelier//header', { content: PARAGRAPH('New header') });
    expect(r.body).toMatchObject({
      id: 'atelier//header',
      source: 'custom',
      origin: 'theme',
      area: 'header',
      title: { raw: 'Header' },
      has_theme_file: true,
    });
    await admin.post('/core/v2/template-parts/atelier//header?source=theme', {});
  });
});

describe('lookup along the template hierarchy (samples 157-159, 168)', () => {
  const lookup = async (query: string, base = 'templates') => {
    const r = await admin.get(`/core/v2/${base}/lookup?${query}`);
    if (r.status !== 200) throw new Error(`lookup ${query}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Body;
  };
  const found = async (query: string) => (await lookup(query)).slug;

  test('each branch falls back to the first template of the hierarchy the theme has', async () => {
    expect(await found('slug=index')).toBe('index');
    expect(await found('slug=front-page')).toBe('front-page');
    expect(await found('slug=my-landing&is_custom=true')).toBe('page');
    expect(await found('slug=page-about&template_prefix=page')).toBe('page');
    expect(await found('slug=page-contact')).toBe('page');
    expect(await found('slug=single-post-hello')).toBe('single');
    expect(await found('slug=single-wp_block-promo')).toBe('single');
    expect(await found('slug=category-news')).toBe('category');
    expect(await found('slug=tag-linen')).toBe('tag');
    expect(await found('slug=author-jane')).toBe('author');
    expect(await found('slug=date')).toBe('date');
    expect(await found('slug=archive-products')).toBe('archive');
    expect(await found('slug=taxonomy-category-news')).toBe('archive');
    expect(await found('slug=attachment')).toBe('single');
    expect(await found('slug=search')).toBe('search');
    expect(await found('slug=nothing-like-it')).toBe('index');
  });

  test('the more specific templates of each hierarchy win when they exist (stored ones count)', async () => {
    const with_ = async (slug: string, query: string) => {
      await created(admin, 'templates', { slug, title: slug, content: PARAGRAPH(slug) });
      const got = await found(query);
      await admin.delete(`/core/v2/templates/atelier//${slug}?force=true`);
      return got;
    };
    expect(await with_('single-post', 'slug=single-post-hello')).toBe('single-post');
    expect(await with_('single-product', 'slug=single-product-coat&template_prefix=single-product')).toBe(
      'single-product',
    );
    expect(await with_('taxonomy-category', 'slug=taxonomy-category-news')).toBe('taxonomy-category');
    expect(await with_('page-about', 'slug=page-about&template_prefix=page')).toBe('page-about');
    expect(await with_('tag-linen', 'slug=tag-linen')).toBe('tag-linen');
    expect(await with_('taxonomy', 'slug=taxonomy-post_tag-x')).toBe('taxonomy');
    expect(await with_('singular', 'slug=attachment')).toBe('single');
    expect(await with_('attachment', 'slug=attachment')).toBe('attachment');
  });

  test('a template without content is passed over: front-page → home → index (157)', async () => {
    await admin.post('/core/v2/templates/atelier//front-page', { content: '' });
    expect(await found('slug=front-page')).toBe('home');
    await admin.post('/core/v2/templates/atelier//home', { content: '' });
    expect(await found('slug=front-page')).toBe('index');
    await admin.post('/core/v2/templates/atelier//front-page?source=theme', {});
    await admin.post('/core/v2/templates/atelier//home?source=theme', {});
    expect(await found('slug=front-page')).toBe('front-page');
  });

  test('answers: view context with links; from template-parts a template, without is_custom or area (158, 168)', async () => {
    const page = await lookup('slug=page-about&template_prefix=page');
    expect(page).toMatchObject({ id: 'atelier//page', type: 'wp_template', is_custom: false, modified: false });
    expect(page.content).not.toHaveProperty('block_version');
    const part = await lookup('slug=header', 'template-parts');
    expect(part).toMatchObject({ id: 'atelier//index', type: 'wp_template' });
    expect(part).not.toHaveProperty('is_custom');
    expect(part).not.toHaveProperty('area');
    expect((part._links as Body).collection).toEqual([{ href: `${REST}/template-parts` }]);
    expect((await admin.get('/core/v2/templates/lookup')).body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): slug',
      data: { status: 400, params: ['slug'] },
    });
  });

  test('an empty slug (or "0") resolves no template: the template of nulls, linked under an empty id (6.4)', async () => {
    // resolve_block_template() returns null for an empty template type, and prepare_item_for_response() reads
    // null's properties: WordPress 6.1 answers the same without `modified`, and links `self` to the REST root.
    const links = (base: string, type: string) => ({
      self: [{ href: `${REST}/${base}/` }],
      collection: [{ href: `${REST}/${base}` }],
      about: [{ href: `${REST}/types/${type}` }],
      'wp:action-publish': [{ href: `${REST}/${base}/` }],
      'wp:action-unfiltered-html': [{ href: `${REST}/${base}/` }],
      curies: CURIES,
    });
    const nulls = {
      id: null,
      theme: null,
      content: { raw: null },
      slug: null,
      source: null,
      origin: null,
      type: null,
      description: null,
      title: { raw: null, rendered: null },
      status: null,
      wp_id: 0,
      has_theme_file: false,
      author: 0,
      modified: false,
    };
    for (const query of ['slug=', 'slug=0', 'slug=&is_custom=true', 'slug=&template_prefix=page']) {
      const r = await admin.get(`/core/v2/templates/lookup?${query}`);
      expect([query, r.status, r.body]).toEqual([query, 200, { ...nulls, _links: links('templates', 'wp_template') }]);
    }
    expect((await admin.get('/core/v2/template-parts/lookup?slug=')).body).toEqual({
      ...nulls,
      _links: links('template-parts', 'wp_template_part'),
    });
    expect(err(await editor.get('/core/v2/templates/lookup?slug='))).toEqual({
      status: 403,
      code: 'rest_cannot_manage_templates',
    });
  });
});

describe("posts' and pages' template: the theme's custom templates for the type", () => {
  test('a post takes its custom templates (theme files and stored ones), a page its own; others are refused', async () => {
    const post = await make(admin, 'posts', { title: 'With sidebar', template: 'single-with-sidebar' });
    expect(post.template).toBe('single-with-sidebar');
    const refused = await admin.post(`/core/v2/posts/${post.id}`, { template: 'page-wide' });
    expect(refused.body.code).toBe('rest_invalid_param');
    expect(refused.body.data.params.template).toMatch(/^template is not one of .*single-with-sidebar.*\.$/);
    // Default types are not custom templates.
    expect(err(await admin.post('/core/v2/posts', { title: 'x', template: 'single' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect((await make(admin, 'pages', { title: 'Wide', template: 'page-wide' })).template).toBe('page-wide');
    expect(err(await admin.post('/core/v2/pages', { title: 'x', template: 'single-with-sidebar' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    // A stored custom template that names no post type serves every public type.
    await created(admin, 'templates', { slug: 'campaign', title: 'Campaign', content: PARAGRAPH('Campaign') });
    expect((await make(admin, 'posts', { title: 'Campaign post', template: 'campaign' })).template).toBe('campaign');
    expect((await make(admin, 'pages', { title: 'Campaign page', template: 'campaign' })).template).toBe('campaign');
    // Navigation is no public type: only '' passes.
    expect(err(await admin.post('/core/v2/navigation', { title: 'Nav', template: 'campaign' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });
});
