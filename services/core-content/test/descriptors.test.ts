/**
 * core/v2 types, statuses and taxonomies, as a WordPress client sees them: shapes per context compared with
 * the captured WordPress responses (samples 18-20), permissions per role, and WordPress's error answers.
 */
import request from 'supertest';
import * as contracts from '../src/routes';
import { asRole } from '@loom/service-kit';
import { startCore } from './helpers';

const REST = 'http://loom.test/rest';
const CORE = `${REST}/core/v2`;
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

let core: Awaited<ReturnType<typeof startCore>>;
beforeAll(async () => {
  core = await startCore();
});
afterAll(async () => {
  await core.close();
});

type Role = Parameters<typeof asRole>[0];
const get = (path: string, role: Role = null) => request(core.app).get(`/rest/core/v2${path}`).set(asRole(role));

/** An error answer: status, code and (when given) message, in WordPress's envelope. */
async function expectError(path: string, role: Role, status: number, code: string, message?: string) {
  const res = await get(path, role);
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.data).toEqual({ status });
  if (message) expect(res.body.message).toBe(message);
}

/**
 * WordPress's answers (the samples) list every registered type and taxonomy; Loom lists those it serves routes
 * for (the others join as their resources land), so expectations keep WordPress's order, limited to those.
 */
const servedTypes = new Set(contracts.servedPostTypes().map((t) => t.name));
const servedTaxonomies = new Set(contracts.servedTaxonomies().map((t) => t.name));
const types = (names: string[]) => names.filter((n) => servedTypes.has(n));
const taxonomies = (names: string[]) => names.filter((n) => servedTaxonomies.has(n));
const servedOnly = <T>(byName: Record<string, T>, served: Set<string>) =>
  Object.fromEntries(Object.entries(byName).filter(([k]) => served.has(k)));

const itemLinks = (collection: string, items: string) => ({
  collection: [{ href: `${CORE}/${collection}` }],
  'wp:items': [{ href: `${CORE}/${items}` }],
  curies: CURIES,
});

describe('GET /core/v2/types', () => {
  const ALL = types([
    'post',
    'page',
    'attachment',
    'nav_menu_item',
    'wp_block',
    'wp_template',
    'wp_template_part',
    'wp_navigation',
  ]);

  it('lists every REST post type keyed by slug, in registration order, with view fields as WordPress', async () => {
    const res = await get('/types');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(ALL);
    // Sample 18, with our URLs and namespace.
    expect(res.body.post).toEqual({
      description: '',
      hierarchical: false,
      has_archive: false,
      name: 'Posts',
      slug: 'post',
      icon: 'dashicons-admin-post',
      taxonomies: ['category', 'post_tag'],
      rest_base: 'posts',
      rest_namespace: 'core/v2',
      _links: itemLinks('types', 'posts'),
    });
    expect(Object.keys(res.body.post)).toEqual([
      'description',
      'hierarchical',
      'has_archive',
      'name',
      'slug',
      'icon',
      'taxonomies',
      'rest_base',
      'rest_namespace',
      '_links',
    ]);
    if (servedTypes.has('wp_template'))
      expect(res.body.wp_template).toMatchObject({
        description: 'Templates to include in your theme.',
        name: 'Templates',
        icon: null,
      });
  });

  it('gives each type its rest_base, taxonomies and hierarchy', async () => {
    const res = await get('/types');
    const summary = Object.fromEntries(
      Object.entries(
        res.body as Record<string, { rest_base: string; taxonomies: string[]; hierarchical: boolean }>,
      ).map(([k, v]) => [k, [v.rest_base, v.taxonomies, v.hierarchical]]),
    );
    expect(summary).toEqual(
      servedOnly(
        {
          post: ['posts', ['category', 'post_tag'], false],
          page: ['pages', [], true],
          attachment: ['media', [], false],
          nav_menu_item: ['menu-items', ['nav_menu'], false],
          wp_block: ['blocks', ['wp_pattern_category'], false],
          wp_template: ['templates', [], false],
          wp_template_part: ['template-parts', [], false],
          wp_navigation: ['navigation', [], false],
        },
        servedTypes,
      ),
    );
    for (const [slug, t] of Object.entries(res.body as Record<string, { rest_base: string; _links: unknown }>)) {
      expect([slug, t._links]).toEqual([slug, itemLinks('types', t.rest_base)]);
    }
  });

  it('shows the embed fields only in embed context', async () => {
    const res = await get('/types?context=embed');
    expect(res.status).toBe(200);
    expect(res.body.page).toEqual({
      name: 'Pages',
      slug: 'page',
      icon: 'dashicons-admin-page',
      rest_base: 'pages',
      rest_namespace: 'core/v2',
      _links: itemLinks('types', 'pages'),
    });
  });

  it('refuses edit context to callers who can edit no post type (401 anonymous, 403 signed in)', async () => {
    await expectError(
      '/types?context=edit',
      null,
      401,
      'rest_cannot_view',
      'Sorry, you are not allowed to edit posts in this post type.',
    );
    await expectError('/types?context=edit', 'subscriber', 403, 'rest_cannot_view');
  });

  it('lists in edit context only the types the caller can edit', async () => {
    expect(Object.keys((await get('/types?context=edit', 'contributor')).body)).toEqual(
      types(['post', 'attachment', 'wp_block']),
    );
    expect(Object.keys((await get('/types?context=edit', 'editor')).body)).toEqual(
      types(['post', 'page', 'attachment', 'wp_block']),
    );
    expect(Object.keys((await get('/types?context=edit', 'administrator')).body)).toEqual(ALL);
  });

  it('adds capabilities, labels, supports, viewable and visibility in edit context', async () => {
    const { body } = await get('/types?context=edit', 'editor');
    expect(Object.keys(body.post)).toEqual([
      'capabilities',
      'description',
      'hierarchical',
      'has_archive',
      'visibility',
      'viewable',
      'labels',
      'name',
      'slug',
      'icon',
      'supports',
      'taxonomies',
      'rest_base',
      'rest_namespace',
      '_links',
    ]);
    expect(body.post.capabilities).toEqual({
      edit_post: 'edit_post',
      read_post: 'read_post',
      delete_post: 'delete_post',
      edit_posts: 'edit_posts',
      edit_others_posts: 'edit_others_posts',
      delete_posts: 'delete_posts',
      publish_posts: 'publish_posts',
      read_private_posts: 'read_private_posts',
      read: 'read',
      delete_private_posts: 'delete_private_posts',
      delete_published_posts: 'delete_published_posts',
      delete_others_posts: 'delete_others_posts',
      edit_private_posts: 'edit_private_posts',
      edit_published_posts: 'edit_published_posts',
      create_posts: 'edit_posts',
    });
    expect(body.post.supports).toEqual({
      title: true,
      editor: true,
      author: true,
      thumbnail: true,
      excerpt: true,
      trackbacks: true,
      'custom-fields': true,
      comments: true,
      revisions: true,
      'post-formats': true,
    });
    expect(body.post).toMatchObject({ viewable: true, visibility: { show_in_nav_menus: true, show_ui: true } });
    expect(body.post.labels).toMatchObject({
      name: 'Posts',
      singular_name: 'Post',
      add_new_item: 'Add New Post',
      parent_item_colon: null,
      menu_name: 'Posts',
      name_admin_bar: 'Post',
    });
    expect(body.page.labels).toMatchObject({
      name: 'Pages',
      parent_item_colon: 'Parent Page:',
      all_items: 'All Pages',
    });
    expect(body.page.capabilities).toMatchObject({
      edit_posts: 'edit_pages',
      create_posts: 'edit_pages',
      edit_post: 'edit_page',
    });
    if (servedTypes.has('attachment'))
      expect(body.attachment).toMatchObject({
        viewable: true,
        capabilities: { create_posts: 'upload_files' },
        labels: { name: 'Media', singular_name: 'Media' },
      });
    expect(body.wp_block).toMatchObject({
      viewable: false,
      capabilities: { read: 'edit_posts', create_posts: 'publish_posts', edit_post: 'edit_block' },
    });
  });
});

describe('GET /core/v2/types/<type>', () => {
  it('returns one type in view context', async () => {
    const res = await get('/types/wp_block');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      description: '',
      hierarchical: false,
      has_archive: false,
      name: 'Reusable blocks',
      slug: 'wp_block',
      icon: null,
      taxonomies: ['wp_pattern_category'],
      rest_base: 'blocks',
      rest_namespace: 'core/v2',
      _links: itemLinks('types', 'blocks'),
    });
  });

  it('answers rest_type_invalid 404 for an unknown type, whoever asks', async () => {
    await expectError('/types/forum_topic', null, 404, 'rest_type_invalid', 'Invalid post type.');
    await expectError('/types/forum_topic', 'administrator', 404, 'rest_type_invalid');
  });

  it('refuses a registered type that is not shown in REST with rest_cannot_read_type', async () => {
    await expectError('/types/revision', null, 401, 'rest_cannot_read_type', 'Cannot view post type.');
    await expectError('/types/revision', 'administrator', 403, 'rest_cannot_read_type');
  });

  it("needs the type's edit_posts for edit context", async () => {
    await expectError(
      '/types/post?context=edit',
      null,
      401,
      'rest_forbidden_context',
      'Sorry, you are not allowed to edit posts in this post type.',
    );
    await expectError('/types/page?context=edit', 'contributor', 403, 'rest_forbidden_context');
    await expectError('/types/nav_menu_item?context=edit', 'editor', 403, 'rest_forbidden_context');
    const page = await get('/types/page?context=edit', 'editor');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      slug: 'page',
      hierarchical: true,
      viewable: true,
      supports: { 'page-attributes': true },
    });
    const menuItem = await get('/types/nav_menu_item?context=edit', 'administrator');
    expect(menuItem.status).toBe(200);
    expect(menuItem.body).toMatchObject({
      visibility: { show_in_nav_menus: false, show_ui: false },
      capabilities: { edit_posts: 'edit_theme_options' },
    });
  });

  it('validates context', async () => {
    const res = await get('/types/post?context=full');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });
});

describe('OPTIONS /core/v2/types', () => {
  it('describes the endpoint and the item schema', async () => {
    const res = await request(core.app).options('/rest/core/v2/types');
    expect(res.status).toBe(200);
    expect(res.body.methods).toEqual(['GET']);
    expect(res.body.endpoints[0].args.context).toMatchObject({ default: 'view', enum: ['view', 'embed', 'edit'] });
    const { schema } = res.body;
    expect(schema).toMatchObject({ $schema: 'http://json-schema.org/draft-04/schema#', title: 'type', type: 'object' });
    expect(Object.keys(schema.properties)).toEqual([
      'capabilities',
      'description',
      'hierarchical',
      'viewable',
      'labels',
      'name',
      'slug',
      'supports',
      'has_archive',
      'taxonomies',
      'rest_base',
      'rest_namespace',
      'visibility',
      'icon',
    ]);
    expect(schema.properties.capabilities).toEqual({
      description: 'All capabilities used by the post type.',
      type: 'object',
      context: ['edit'],
      readonly: true,
    });
    expect(schema.properties.name).toMatchObject({
      type: 'string',
      context: ['view', 'edit', 'embed'],
      readonly: true,
    });
    expect(schema.properties.has_archive.type).toEqual(['string', 'boolean']);
    expect(schema.properties.icon.type).toEqual(['string', 'null']);
    expect(schema.properties.taxonomies).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(Object.keys(schema.properties.visibility.properties)).toEqual(['show_ui', 'show_in_nav_menus']);
  });
});

describe('GET /core/v2/statuses', () => {
  const PRIVATE_ORDER = [
    'publish',
    'future',
    'draft',
    'pending',
    'private',
    'closed',
    'spam',
    'orphan',
    'hidden',
    'x-disabled',
    'x-ea-success',
    'x-ea-failed',
    'x-ea-schedule',
    'x-ea-pending',
    'x-ea-draft',
    'x-ignored',
    'trash',
  ];

  it('shows anonymous callers only the public statuses, publish as in WordPress', async () => {
    const res = await get('/statuses');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['publish', 'closed']);
    // Sample 19.
    expect(res.body.publish).toEqual({
      name: 'Published',
      public: true,
      queryable: true,
      slug: 'publish',
      date_floating: false,
      _links: { archives: [{ href: `${CORE}/posts` }] },
    });
    expect((await get('/statuses', 'subscriber')).body).toEqual(res.body);
  });

  it('shows callers who can edit posts every REST status, trash last', async () => {
    const res = await get('/statuses', 'contributor');
    expect(Object.keys(res.body)).toEqual(PRIVATE_ORDER);
    expect(res.body.draft).toEqual({
      name: 'Draft',
      public: false,
      queryable: false,
      slug: 'draft',
      date_floating: true,
      _links: { archives: [{ href: `${CORE}/posts?status=draft` }] },
    });
  });

  it('refuses edit context without edit_posts, and gives the edit fields otherwise', async () => {
    await expectError(
      '/statuses?context=edit',
      null,
      401,
      'rest_cannot_view',
      'Sorry, you are not allowed to manage post statuses.',
    );
    await expectError('/statuses?context=edit', 'subscriber', 403, 'rest_cannot_view');
    const res = await get('/statuses?context=edit', 'contributor');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(PRIVATE_ORDER);
    expect(res.body.private).toEqual({
      name: 'Private',
      private: true,
      protected: false,
      public: false,
      queryable: false,
      show_in_list: true,
      slug: 'private',
      date_floating: false,
      _links: { archives: [{ href: `${CORE}/posts?status=private` }] },
    });
    expect(res.body.trash).toMatchObject({ name: 'Trash', show_in_list: false, protected: false, private: false });
  });

  it('flags the extension statuses', async () => {
    const { body } = await get('/statuses?context=edit', 'editor');
    const flags = (s: string) => [body[s].public, body[s].protected, body[s].private];
    expect(flags('closed')).toEqual([true, false, false]);
    expect(flags('spam')).toEqual([false, true, false]);
    expect(flags('orphan')).toEqual([false, true, false]);
    expect(flags('hidden')).toEqual([false, false, true]);
    for (const s of [
      'x-disabled',
      'x-ea-success',
      'x-ea-failed',
      'x-ea-schedule',
      'x-ea-pending',
      'x-ea-draft',
      'x-ignored',
    ])
      expect([s, flags(s)]).toEqual([s, [false, true, false]]);
    expect(body['x-ea-draft']._links.archives).toEqual([{ href: `${CORE}/posts?status=x-ea-draft` }]);
  });

  it('keeps name and slug in embed context', async () => {
    const res = await get('/statuses?context=embed');
    expect(res.body.publish).toEqual({
      name: 'Published',
      slug: 'publish',
      _links: { archives: [{ href: `${CORE}/posts` }] },
    });
  });
});

describe('GET /core/v2/statuses/<status>', () => {
  it('returns a public status to anyone, in any context (WordPress checks readability only)', async () => {
    expect((await get('/statuses/publish')).body).toEqual((await get('/statuses')).body.publish);
    const edit = await get('/statuses/publish?context=edit');
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ private: false, protected: false, show_in_list: true });
  });

  it('refuses a non-public status to callers who cannot edit posts', async () => {
    await expectError('/statuses/draft', null, 401, 'rest_cannot_read_status', 'Cannot view status.');
    await expectError('/statuses/draft', 'subscriber', 403, 'rest_cannot_read_status');
    const res = await get('/statuses/draft', 'contributor');
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe('draft');
  });

  it('answers rest_status_invalid 404 for an unknown status', async () => {
    await expectError('/statuses/archived', null, 404, 'rest_status_invalid', 'Invalid status.');
    await expectError('/statuses/archived', 'administrator', 404, 'rest_status_invalid');
  });

  it('shows trash but never the internal statuses', async () => {
    expect((await get('/statuses/trash', 'editor')).body).toMatchObject({ name: 'Trash', slug: 'trash' });
    await expectError('/statuses/inherit', 'administrator', 403, 'rest_cannot_read_status');
    await expectError('/statuses/auto-draft', null, 401, 'rest_cannot_read_status');
  });
});

describe('GET /core/v2/taxonomies', () => {
  it('lists REST taxonomies keyed by slug with view fields as WordPress', async () => {
    const res = await get('/taxonomies');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(taxonomies(['category', 'post_tag', 'nav_menu', 'wp_pattern_category']));
    // Sample 20.
    expect(res.body.category).toEqual({
      name: 'Categories',
      slug: 'category',
      description: '',
      types: ['post'],
      hierarchical: true,
      rest_base: 'categories',
      rest_namespace: 'core/v2',
      _links: itemLinks('taxonomies', 'categories'),
    });
    expect(res.body.post_tag).toMatchObject({ name: 'Tags', types: ['post'], hierarchical: false, rest_base: 'tags' });
    expect(res.body.nav_menu).toMatchObject({ name: 'Navigation Menus', types: ['nav_menu_item'], rest_base: 'menus' });
    expect(res.body.wp_pattern_category).toEqual({
      name: 'Pattern Categories',
      slug: 'wp_pattern_category',
      description: '',
      types: ['wp_block'],
      hierarchical: false,
      rest_base: 'pattern_category',
      rest_namespace: 'core/v2',
      _links: itemLinks('taxonomies', 'pattern_category'),
    });
  });

  it('filters by post type; a type without taxonomies, or unknown, gives an empty object', async () => {
    expect(Object.keys((await get('/taxonomies?type=post')).body)).toEqual(['category', 'post_tag']);
    expect(Object.keys((await get('/taxonomies?type=nav_menu_item')).body)).toEqual(['nav_menu']);
    expect(Object.keys((await get('/taxonomies?type=wp_block')).body)).toEqual(['wp_pattern_category']);
    for (const type of ['page', 'no_such_type']) {
      const res = await get(`/taxonomies?type=${type}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(res.text).toBe('{}');
    }
    expect(Object.keys((await get('/taxonomies?type=')).body)).toHaveLength(4);
  });

  it('keeps name, slug, rest_base and rest_namespace in embed context', async () => {
    const res = await get('/taxonomies?context=embed');
    expect(res.body.post_tag).toEqual({
      name: 'Tags',
      slug: 'post_tag',
      rest_base: 'tags',
      rest_namespace: 'core/v2',
      _links: itemLinks('taxonomies', 'tags'),
    });
  });

  it('refuses edit context to callers who can assign no terms', async () => {
    await expectError(
      '/taxonomies?context=edit',
      null,
      401,
      'rest_cannot_view',
      'Sorry, you are not allowed to manage terms in this taxonomy.',
    );
    await expectError('/taxonomies?context=edit', 'subscriber', 403, 'rest_cannot_view');
    await expectError('/taxonomies?context=edit&type=nav_menu_item', 'editor', 403, 'rest_cannot_view');
    // No taxonomy to check at all: WordPress refuses even administrators.
    await expectError('/taxonomies?context=edit&type=no_such_type', 'administrator', 403, 'rest_cannot_view');
  });

  it('lists in edit context the taxonomies whose terms the caller can assign, with the edit fields', async () => {
    expect(Object.keys((await get('/taxonomies?context=edit', 'contributor')).body)).toEqual(
      taxonomies(['category', 'post_tag', 'wp_pattern_category']),
    );
    const { body } = await get('/taxonomies?context=edit', 'administrator');
    expect(Object.keys(body)).toEqual(['category', 'post_tag', 'nav_menu', 'wp_pattern_category']);
    expect(Object.keys(body.category)).toEqual([
      'name',
      'slug',
      'capabilities',
      'description',
      'labels',
      'types',
      'show_cloud',
      'hierarchical',
      'rest_base',
      'rest_namespace',
      'visibility',
      '_links',
    ]);
    expect(body.category.capabilities).toEqual({
      manage_terms: 'manage_categories',
      edit_terms: 'edit_categories',
      delete_terms: 'delete_categories',
      assign_terms: 'assign_categories',
    });
    expect(body.category.visibility).toEqual({
      public: true,
      publicly_queryable: true,
      show_admin_column: true,
      show_in_nav_menus: true,
      show_in_quick_edit: true,
      show_ui: true,
    });
    expect(body.category.labels).toMatchObject({
      name: 'Categories',
      singular_name: 'Category',
      parent_item: 'Parent Category',
      popular_items: null,
      menu_name: 'Categories',
    });
    expect(body.post_tag.labels).toMatchObject({
      name: 'Tags',
      popular_items: 'Popular Tags',
      parent_item: null,
      separate_items_with_commas: 'Separate tags with commas',
    });
    expect(body.category.show_cloud).toBe(true);
    expect(body.nav_menu).toMatchObject({
      show_cloud: false,
      visibility: { public: false, show_ui: false },
      capabilities: { assign_terms: 'edit_theme_options' },
    });
    expect(body.wp_pattern_category).toMatchObject({
      show_cloud: false,
      visibility: { show_ui: true, show_admin_column: true },
      labels: { name: 'Pattern Categories' },
    });
  });
});

describe('GET /core/v2/taxonomies/<taxonomy>', () => {
  it('returns one taxonomy', async () => {
    const res = await get('/taxonomies/post_tag');
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await get('/taxonomies')).body.post_tag);
  });

  it('answers rest_taxonomy_invalid 404 for an unknown taxonomy', async () => {
    await expectError('/taxonomies/genre', null, 404, 'rest_taxonomy_invalid', 'Invalid taxonomy.');
    await expectError('/taxonomies/genre?context=edit', 'subscriber', 404, 'rest_taxonomy_invalid');
  });

  it('refuses a registered taxonomy not shown in REST with rest_forbidden', async () => {
    await expectError('/taxonomies/post_format', null, 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
    await expectError('/taxonomies/post_format', 'administrator', 403, 'rest_forbidden');
  });

  it("needs the taxonomy's assign_terms for edit context", async () => {
    await expectError(
      '/taxonomies/category?context=edit',
      null,
      401,
      'rest_forbidden_context',
      'Sorry, you are not allowed to manage terms in this taxonomy.',
    );
    await expectError('/taxonomies/category?context=edit', 'subscriber', 403, 'rest_forbidden_context');
    await expectError('/taxonomies/nav_menu?context=edit', 'editor', 403, 'rest_forbidden_context');
    const res = await get('/taxonomies/category?context=edit', 'contributor');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      slug: 'category',
      show_cloud: true,
      capabilities: { assign_terms: 'assign_categories' },
    });
    expect((await get('/taxonomies/nav_menu?context=edit', 'administrator')).status).toBe(200);
  });
});
