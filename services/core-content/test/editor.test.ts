/**
 * The editor's endpoints through the gateway (WordPress 6.4): themes, global styles (with revisions) and block
 * patterns, over the shipped theme (atelier: a header, theme.json, two style variations, two patterns and a pattern
 * category). Permissions as 6.4's controllers check them; shapes as their schemas and prepare methods give them.
 */
import request from 'supertest';
import { as, err, startWorld, type World } from '@loom/testing';

const REST = 'http://loom.test/rest';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const admin = () => as(w, 'administrator');

describe('themes', () => {
  test('the active theme: header fields, status, supports of a block theme with theme.json, links', async () => {
    const r = await admin().get('/core/v2/themes?status=active&context=edit');
    expect(r.status).toBe(200);
    expect(r.headers['x-wp-total']).toBe('1');
    expect(r.body).toHaveLength(1);
    const t = r.body[0];
    expect(Object.keys(t)).toEqual([
      'stylesheet',
      'stylesheet_uri',
      'template',
      'template_uri',
      'requires_php',
      'requires_wp',
      'textdomain',
      'version',
      'screenshot',
      'author',
      'author_uri',
      'description',
      'name',
      'tags',
      'theme_uri',
      'status',
      'theme_supports',
      'is_block_theme',
      '_links',
    ]);
    expect(t).toMatchObject({
      stylesheet: 'atelier',
      template: 'atelier',
      requires_php: '7.0',
      requires_wp: '6.4',
      textdomain: 'atelier',
      version: '1.0.0',
      stylesheet_uri: expect.stringMatching(/\/wp-content\/themes\/atelier$/),
      screenshot: expect.stringMatching(/\/wp-content\/themes\/atelier\/screenshot\.png$/),
      author: { raw: 'The Loom team', rendered: '<a href="https://example.com/">The Loom team</a>' },
      author_uri: { raw: 'https://example.com/', rendered: 'https://example.com/' },
      name: { raw: 'Atelier', rendered: 'Atelier' },
      tags: {
        raw: ['block-patterns', 'full-site-editing', 'style-variations', 'wide-blocks'],
        rendered: 'block-patterns, full-site-editing, style-variations, wide-blocks',
      },
      theme_uri: { raw: 'https://example.com/themes/atelier', rendered: 'https://example.com/themes/atelier' },
      status: 'active',
      is_block_theme: true,
    });
    // wptexturize: the apostrophe of "maker's" is curled in the rendered description only.
    expect(t.description.raw).toContain("maker's");
    expect(t.description.rendered).toContain('maker&#8217;s');
    expect(t.theme_supports).toEqual({
      'align-wide': false,
      'automatic-feed-links': true,
      'block-templates': true,
      'block-template-parts': false,
      'custom-background': false,
      'custom-header': false,
      'custom-logo': false,
      'customize-selective-refresh-widgets': false,
      'dark-editor-style': false,
      'disable-custom-colors': false,
      'disable-custom-font-sizes': false,
      'disable-custom-gradients': false,
      'disable-layout-styles': false,
      'editor-color-palette': false,
      'editor-font-sizes': false,
      'editor-gradient-presets': false,
      'editor-styles': true,
      html5: ['comment-form', 'comment-list', 'search-form', 'gallery', 'caption', 'style', 'script'],
      formats: ['standard'],
      'post-thumbnails': true,
      'responsive-embeds': true,
      'title-tag': false,
      'wp-block-styles': false,
    });
    const styles = t._links['wp:user-global-styles'][0].href as string;
    expect(styles).toMatch(new RegExp(`^${REST}/core/v2/global-styles/\\d+$`));
    expect(t._links.self).toEqual([{ href: `${REST}/core/v2/themes/atelier` }]);
    expect(t._links.collection).toEqual([{ href: `${REST}/core/v2/themes` }]);
    // The link names the same post every time (made once).
    const again = await admin().get('/core/v2/themes/atelier');
    expect(again.body._links['wp:user-global-styles'][0].href).toBe(styles);
    expect((await admin().get('/core/v2/themes?status=inactive')).body).toEqual([]);
  });

  test('permissions: switch_themes reads all; edit_posts the active theme only; 404 for another stylesheet', async () => {
    for (const path of ['/core/v2/themes?status=active', '/core/v2/themes/atelier']) {
      for (const role of ['contributor', 'author', 'editor'] as const)
        expect([role, path, (await as(w, role).get(path)).status]).toEqual([role, path, 200]);
      expect(err(await as(w, 'subscriber').get(path))).toEqual({ status: 403, code: 'rest_cannot_view_active_theme' });
      expect((await as(w, 'anonymous').get(path)).body).toEqual({
        code: 'rest_cannot_view_active_theme',
        message: 'Sorry, you are not allowed to view the active theme.',
        data: { status: 401 },
      });
    }
    for (const path of ['/core/v2/themes', '/core/v2/themes?status=active,inactive', '/core/v2/themes/other']) {
      expect(err(await as(w, 'editor').get(path))).toEqual({ status: 403, code: 'rest_cannot_view_themes' });
      expect(err(await as(w, 'anonymous').get(path))).toEqual({ status: 401, code: 'rest_cannot_view_themes' });
    }
    expect((await admin().get('/core/v2/themes/other')).body).toEqual({
      code: 'rest_theme_not_found',
      message: 'Theme not found.',
      data: { status: 404 },
    });
    expect((await admin().get('/core/v2/themes')).body.map((t: { stylesheet: string }) => t.stylesheet)).toEqual([
      'atelier',
    ]);
    expect(err(await admin().get('/core/v2/themes?status=broken'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });
});

describe('global styles', () => {
  const stylesId = async (): Promise<number> => {
    const t = await admin().get('/core/v2/themes/atelier');
    return Number(/(\d+)$/.exec(t.body._links['wp:user-global-styles'][0].href)![1]);
  };

  test("the theme's base styles: core's theme.json under the theme's, presets keyed by origin", async () => {
    const r = await admin().get('/core/v2/global-styles/themes/atelier?context=view');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['settings', 'styles', '_links']);
    const { settings, styles } = r.body;
    expect(settings.color.palette.theme).toEqual([
      { slug: 'base', color: '#f7f4ef', name: 'Linen' },
      { slug: 'contrast', color: '#1f1d1a', name: 'Charcoal' },
      { slug: 'accent', color: '#8a3b2e', name: 'Madder' },
      { slug: 'muted', color: '#6e6a63', name: 'Flax' },
    ]);
    expect(settings.color.palette.default[0]).toEqual({ name: 'Black', slug: 'black', color: '#000000' });
    expect(settings.typography.fontSizes.theme.map((s: { slug: string }) => s.slug)).toEqual([
      'small',
      'medium',
      'large',
      'x-large',
    ]);
    // appearanceTools opted into its settings; the theme's units replace core's whole.
    expect(settings.appearanceTools).toBe(false);
    expect(settings.border).toEqual({ color: true, radius: true, style: true, width: true });
    expect(settings.spacing.units).toEqual(['px', 'rem', '%']);
    expect(settings.spacing.spacingSizes.default.map((s: { slug: string; size: string }) => [s.slug, s.size])).toEqual([
      ['20', '0.44rem'],
      ['30', '0.67rem'],
      ['40', '1rem'],
      ['50', '1.5rem'],
      ['60', '2.25rem'],
      ['70', '3.38rem'],
      ['80', '5.06rem'],
    ]);
    // Core's styles, then the theme's over them.
    expect(styles.elements.button.color).toEqual({ text: '#fff', background: '#32373c' });
    expect(styles.elements.link).toEqual({
      typography: { textDecoration: 'underline' },
      color: { text: 'var(--wp--preset--color--accent)' },
    });
    expect(styles.spacing.blockGap).toBe('1.5rem');
    expect(r.body._links.self).toEqual([{ href: `${REST}/core/v2/global-styles/themes/atelier` }]);
  });

  test('the style variations, by file name, each titled (by its file name when it has no title)', async () => {
    const r = await admin().get('/core/v2/global-styles/themes/atelier/variations?context=view');
    expect(r.status).toBe(200);
    expect(r.body.map((v: { title: string }) => v.title)).toEqual(['Indigo', 'night-loom']);
    expect(r.body[0].settings.color.palette.theme[1]).toEqual({ slug: 'contrast', color: '#141a33', name: 'Indigo' });
    expect(r.body[1]).toEqual({
      version: 2,
      styles: {
        color: { background: '#1f1d1a', text: '#f7f4ef' },
        elements: { link: { color: { text: '#e0a290' } } },
      },
      title: 'night-loom',
    });
  });

  test('edit_theme_options only; another stylesheet is rest_theme_not_found', async () => {
    for (const path of ['/core/v2/global-styles/themes/atelier', '/core/v2/global-styles/themes/atelier/variations']) {
      expect(err(await as(w, 'anonymous').get(path))).toEqual({
        status: 401,
        code: 'rest_cannot_manage_global_styles',
      });
      expect(err(await as(w, 'editor').get(path))).toEqual({ status: 403, code: 'rest_cannot_manage_global_styles' });
    }
    expect(err(await admin().get('/core/v2/global-styles/themes/other'))).toEqual({
      status: 404,
      code: 'rest_theme_not_found',
    });
    expect(err(await admin().get('/core/v2/global-styles/themes/other/variations'))).toEqual({
      status: 404,
      code: 'rest_theme_not_found',
    });
  });

  test("the user's styles: read, updated, its revision listed; read_post and edit_post are edit_theme_options", async () => {
    const id = await stylesId();
    const first = await admin().get(`/core/v2/global-styles/${id}?context=edit`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id,
      title: { raw: 'Custom Styles', rendered: 'Custom Styles' },
      settings: {},
      styles: {},
      _links: {
        self: [{ href: `${REST}/core/v2/global-styles/${id}` }],
        'version-history': [{ href: `${REST}/core/v2/global-styles/${id}/revisions`, count: 0 }],
        'wp:action-publish': [{ href: `${REST}/core/v2/global-styles/${id}` }],
        'wp:action-edit-css': [{ href: `${REST}/core/v2/global-styles/${id}` }],
        curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
      },
    });
    const opts = await request(w.gw.app).options(`/rest/core/v2/global-styles/${id}`).set(w.auth.administrator);
    expect(opts.status).toBe(200);
    expect(opts.body.schema.title).toBe('wp_global_styles');

    const styles = { color: { background: '#ffffff' }, css: 'body { margin: 0 }' };
    const settings = { color: { palette: [{ slug: 'x', color: '#123456', name: 'X' }] } };
    const put = await admin().put(`/core/v2/global-styles/${id}`, { styles, settings, title: 'Mine' });
    expect(put.status).toBe(200);
    // Presets are stored keyed by the user's origin.
    expect(put.body).toMatchObject({
      id,
      title: { raw: 'Mine' },
      styles,
      settings: { color: { palette: { custom: settings.color.palette } } },
    });
    expect(put.body._links['version-history'][0].count).toBe(1);
    const read = await admin().get(`/core/v2/global-styles/${id}`);
    expect(read.body.styles).toEqual(styles);
    // A POST of the title alone keeps the styles.
    expect((await admin().post(`/core/v2/global-styles/${id}`, { title: { raw: 'Ours' } })).body).toMatchObject({
      title: { raw: 'Ours' },
      styles,
    });

    const revisions = await admin().get(`/core/v2/global-styles/${id}/revisions`);
    expect(revisions.status).toBe(200);
    expect(revisions.headers['x-wp-total']).toBe('2');
    expect(revisions.body[0]).toMatchObject({ parent: id, author: expect.any(Number), styles });
    expect(revisions.body[0]).not.toHaveProperty('title');
    expect(Object.keys(revisions.body[1])).toEqual([
      'settings',
      'styles',
      'author',
      'date',
      'date_gmt',
      'id',
      'modified',
      'modified_gmt',
      'parent',
    ]);
    expect(err(await admin().get(`/core/v2/global-styles/${id}/revisions?offset=5`))).toEqual({
      status: 400,
      code: 'rest_revision_invalid_offset_number',
    });
    expect(err(await admin().get(`/core/v2/global-styles/999999/revisions`))).toEqual({
      status: 404,
      code: 'rest_post_invalid_parent',
    });

    for (const role of ['editor', 'author', 'subscriber'] as const) {
      expect(err(await as(w, role).get(`/core/v2/global-styles/${id}`))).toEqual({
        status: 403,
        code: 'rest_cannot_view',
      });
      expect(err(await as(w, role).get(`/core/v2/global-styles/${id}?context=edit`))).toEqual({
        status: 403,
        code: 'rest_forbidden_context',
      });
      expect(err(await as(w, role).put(`/core/v2/global-styles/${id}`, { styles: {} }))).toEqual({
        status: 403,
        code: 'rest_cannot_edit',
      });
      expect(err(await as(w, role).get(`/core/v2/global-styles/${id}/revisions`))).toEqual({
        status: 403,
        code: 'rest_cannot_view',
      });
    }
    expect(err(await as(w, 'anonymous').get(`/core/v2/global-styles/${id}`))).toEqual({
      status: 401,
      code: 'rest_cannot_view',
    });
  });

  test('bad input: non-object styles or settings are 400, markup in custom CSS is refused, unknown ids are 404', async () => {
    const id = await stylesId();
    for (const body of [{ styles: 'red' }, { settings: 5 }, { styles: ['a'] }, { title: 7 }])
      expect([body, err(await admin().put(`/core/v2/global-styles/${id}`, body))]).toEqual([
        body,
        { status: 400, code: 'rest_invalid_param' },
      ]);
    expect((await admin().put(`/core/v2/global-styles/${id}`, { styles: { css: '</style><script>' } })).body).toEqual({
      code: 'rest_custom_css_illegal_markup',
      message: 'Markup is not allowed in CSS.',
      data: { status: 400 },
    });
    for (const path of ['/core/v2/global-styles/999999', '/core/v2/global-styles/abc', '/core/v2/global-styles/0'])
      expect(err(await admin().get(path))).toEqual({ status: 404, code: 'rest_global_styles_not_found' });
    // Another post's id is no global styles post.
    const post = await admin().post('/core/v2/posts', { title: 'x' });
    expect(err(await admin().get(`/core/v2/global-styles/${post.body.id}`))).toEqual({
      status: 404,
      code: 'rest_global_styles_not_found',
    });
  });
});

test('concurrent first requests make one wp_global_styles post for the theme', async () => {
  const fresh = await startWorld();
  try {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => as(fresh, 'editor').get('/core/v2/themes/atelier')),
    );
    const hrefs = new Set(answers.map((a) => a.body._links['wp:user-global-styles'][0].href));
    expect(hrefs.size).toBe(1);
  } finally {
    await fresh.close();
  }
});

describe('block patterns', () => {
  test("core's patterns, then the theme's, with 6.4's category migration and field names", async () => {
    const r = await admin().get('/core/v2/block-patterns/patterns');
    expect(r.status).toBe(200);
    expect(r.body.map((p: { name: string }) => p.name)).toEqual([
      'core/query-standard-posts',
      'core/query-medium-posts',
      'core/query-small-posts',
      'core/query-grid-posts',
      'core/query-large-title-posts',
      'core/query-offset-posts',
      'core/social-links-shared-background-color',
      'atelier/collection-grid',
      'atelier/footer-with-address',
    ]);
    const standard = r.body[0];
    expect(Object.keys(standard)).toEqual(['name', 'title', 'content', 'categories', 'block_types', 'source']);
    expect(standard).toMatchObject({
      title: 'Standard',
      categories: ['posts'],
      block_types: ['core/query'],
      source: 'core',
    });
    // The content is parsed and written back (attributes re-encoded, as WordPress's serializer writes them).
    expect(standard.content).toContain('<!-- wp:post-featured-image {"isLink":true,"align":"wide"} /-->');
    expect(r.body[6]).toMatchObject({ categories: ['call-to-action'], viewport_width: 500 });
    expect(r.body[7]).toEqual({
      name: 'atelier/collection-grid',
      title: 'Collection grid',
      content: expect.stringMatching(/^<!-- wp:columns \{"align":"wide"\} -->\n/),
      description: 'Three garments side by side, each with its picture, name and a line about its cloth.',
      viewport_width: 1200,
      categories: ['atelier-collections', 'text'],
      keywords: ['garments', 'season', 'grid'],
      block_types: ['core/columns'],
    });
    expect(r.body[8]).toMatchObject({
      description: '',
      inserter: false,
      template_types: ['footer'],
      block_types: ['core/template-part/footer'],
    });
    // A template part in a pattern is given the theme it belongs to.
    expect(r.body[8].content).toContain('<!-- wp:template-part {"slug":"footer","theme":"atelier"} /-->');
    expect(r.body.some((p: { source?: string }) => p.source?.startsWith('pattern-directory'))).toBe(false);
  });

  test("categories: core's registered ones, then the theme's", async () => {
    const r = await as(w, 'contributor').get('/core/v2/block-patterns/categories');
    expect(r.status).toBe(200);
    expect(r.body[0]).toEqual({ name: 'banner', label: 'Banners' });
    expect(r.body[1]).toEqual({
      name: 'buttons',
      label: 'Buttons',
      description: 'Patterns that contain buttons and call to actions.',
    });
    expect(r.body.map((c: { name: string }) => c.name)).toEqual([
      'banner',
      'buttons',
      'columns',
      'text',
      'query',
      'featured',
      'call-to-action',
      'team',
      'testimonials',
      'services',
      'contact',
      'about',
      'portfolio',
      'gallery',
      'media',
      'posts',
      'footer',
      'header',
      'atelier-collections',
    ]);
  });

  test('edit_posts (or any type’s): 401 anonymous, 403 subscriber', async () => {
    for (const [path, message] of [
      ['/core/v2/block-patterns/patterns', 'Sorry, you are not allowed to view the registered block patterns.'],
      [
        '/core/v2/block-patterns/categories',
        'Sorry, you are not allowed to view the registered block pattern categories.',
      ],
    ]) {
      expect((await as(w, 'anonymous').get(path)).body).toEqual({
        code: 'rest_cannot_view',
        message,
        data: { status: 401 },
      });
      expect(err(await as(w, 'subscriber').get(path))).toEqual({ status: 403, code: 'rest_cannot_view' });
      expect((await as(w, 'editor').get(path)).status).toBe(200);
    }
  });
});

test('the index lists the new routes with WordPress 6.4 keys; no pattern-directory route', async () => {
  const routes = (await admin().get('/')).body.routes;
  for (const key of [
    '/core/v2/global-styles/(?P<parent>[\\d]+)/revisions',
    '/core/v2/global-styles/themes/(?P<stylesheet>[\\/\\s%\\w\\.\\x28\\x29\\[\\]@_\\-]+)/variations',
    '/core/v2/global-styles/themes/(?P<stylesheet>[^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)',
    '/core/v2/global-styles/(?P<id>[\\/\\w-]+)',
    '/core/v2/themes',
    '/core/v2/themes/(?P<stylesheet>[^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)',
    '/core/v2/block-patterns/patterns',
    '/core/v2/block-patterns/categories',
  ])
    expect([key, routes[key]?.namespace]).toEqual([key, 'core/v2']);
  expect(routes['/core/v2/global-styles/(?P<id>[\\/\\w-]+)'].methods).toEqual(['GET', 'POST', 'PUT', 'PATCH']);
  expect(routes['/core/v2/pattern-directory/patterns']).toBeUndefined();
});
