/**
 * core/v2/blocks (wp_block, WP_REST_Blocks_Controller) through the gateway: fields per context (WordPress samples
 * 122-142, with 6.4's schema: raw text only, the sync status moved out of meta, pattern categories), defaults,
 * filters, who may read and write (read_post: no block is public), password protection, trash and force,
 * revisions and autosaves, batch and _embed.
 */
import { as, err, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let admin: Client;
let editor: Client;
let author: Client;
let contributor: Client;
let subscriber: Client;
let anon: Client;

const REST = 'http://loom.test/rest/core/v2';
const PARAGRAPH = '<!-- wp:paragraph -->\n<p>Subscribe to our newsletter!</p>\n<!-- /wp:paragraph -->';
const COUNTERS = {
  _forum_topic_count: 0,
  _forum_reply_count: 0,
  _forum_total_topic_count: 0,
  _forum_total_reply_count: 0,
  _forum_voice_count: 0,
  _forum_anonymous_reply_count: 0,
  _forum_topic_count_hidden: 0,
  _forum_reply_count_hidden: 0,
  _forum_subforum_count: 0,
};

type Body = Record<string, unknown> & { id: number };

async function block(client: Client, body: object): Promise<Body> {
  const r = await client.post('/core/v2/blocks', body);
  if (r.status !== 201) throw new Error(`creating a block: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Body;
}

let cta: Body;
let members: Body;
let forms: number;
let footers: number;

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  editor = as(w, 'editor');
  author = as(w, 'author');
  contributor = as(w, 'contributor');
  subscriber = as(w, 'subscriber');
  anon = as(w, 'anonymous');
  forms = (await admin.post('/core/v2/pattern_category', { name: 'Forms' })).body.id;
  footers = (await admin.post('/core/v2/pattern_category', { name: 'Footers' })).body.id;
  cta = await block(admin, {
    title: 'Call to action',
    status: 'publish',
    content: PARAGRAPH,
    pattern_category: [forms],
  });
  members = await block(admin, {
    title: 'Members-only block',
    status: 'publish',
    password: 's3cret',
    content: '<!-- wp:paragraph -->\n<p>Members only.</p>\n<!-- /wp:paragraph -->',
  });
});
afterAll(() => w.close());

describe('fields per context (samples 122, 124, 126, 128)', () => {
  test('create: 201, Location, edit context in WordPress order; title and content raw only; defaults', async () => {
    const r = await admin.post('/core/v2/blocks', { title: 'Fresh', content: PARAGRAPH });
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`${REST}/blocks/${r.body.id}`);
    expect(Object.keys(r.body)).toEqual([
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
      'meta',
      'pattern_category',
      'wp_pattern_sync_status',
      '_links',
    ]);
    expect(r.body).toMatchObject({
      password: '',
      slug: '',
      status: 'draft',
      type: 'wp_block',
      link: `http://loom.test/?post_type=wp_block&p=${r.body.id}`,
      guid: {
        rendered: `http://loom.test/?post_type=wp_block&p=${r.body.id}`,
        raw: `http://loom.test/?post_type=wp_block&p=${r.body.id}`,
      },
      title: { raw: 'Fresh' },
      content: { raw: PARAGRAPH, protected: false, block_version: 1 },
      template: '',
      meta: COUNTERS,
      pattern_category: [],
      wp_pattern_sync_status: '',
    });
    expect(Object.keys(r.body.title)).toEqual(['raw']);
    expect(Object.keys(r.body.content)).toEqual(['raw', 'protected', 'block_version']);
  });

  test('view: raw text without block_version or password; link and guid in the plain form (6.4: not viewable)', async () => {
    const r = await contributor.get(`/core/v2/blocks/${cta.id}`);
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
      'meta',
      'pattern_category',
      'wp_pattern_sync_status',
      '_links',
    ]);
    expect(r.body).toMatchObject({
      slug: 'call-to-action',
      status: 'publish',
      title: { raw: 'Call to action' },
      content: { raw: PARAGRAPH, protected: false },
      pattern_category: [forms],
    });
    expect(Object.keys(r.body.content)).toEqual(['raw', 'protected']);
    expect(Object.keys(r.body.guid)).toEqual(['rendered']);
    expect(r.headers.link).not.toMatch(/rel="alternate"/);
  });

  test("embed: id, date, slug, type, link, an empty title (PHP's []) and the sync status as WordPress answers it there", async () => {
    const r = await admin.get(`/core/v2/blocks/${cta.id}?context=embed`);
    expect(Object.keys(r.body)).toEqual([
      'id',
      'date',
      'slug',
      'type',
      'link',
      'title',
      'wp_pattern_sync_status',
      '_links',
    ]);
    expect(r.body.title).toEqual([]);
    expect(r.body.wp_pattern_sync_status).toBe('');
  });

  test('links: version history, attachments, the pattern categories (wp:term); edit context adds the actions', async () => {
    const view = await admin.get(`/core/v2/blocks/${cta.id}`);
    expect(view.body._links).toEqual({
      self: [{ href: `${REST}/blocks/${cta.id}` }],
      collection: [{ href: `${REST}/blocks` }],
      about: [{ href: `${REST}/types/wp_block` }],
      'version-history': [{ count: 0, href: `${REST}/blocks/${cta.id}/revisions` }],
      'wp:attachment': [{ href: `${REST}/media?parent=${cta.id}` }],
      'wp:term': [
        { taxonomy: 'wp_pattern_category', embeddable: true, href: `${REST}/pattern_category?post=${cta.id}` },
      ],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    });
    const edit = await admin.get(`/core/v2/blocks/${cta.id}?context=edit`);
    expect(Object.keys(edit.body._links).filter((k) => k.startsWith('wp:action'))).toEqual([
      'wp:action-publish',
      'wp:action-unfiltered-html',
      'wp:action-create-pattern_category',
      'wp:action-assign-pattern_category',
    ]);
    // An author may publish blocks (publish_blocks is publish_posts) and assign categories, without unfiltered_html.
    const mine = await block(author, { title: 'Author block', status: 'publish' });
    expect(Object.keys(mine._links as object).filter((k) => k.startsWith('wp:action'))).toEqual([
      'wp:action-publish',
      'wp:action-create-pattern_category',
      'wp:action-assign-pattern_category',
    ]);
  });

  test('_embed: the pattern categories, in embed context', async () => {
    const r = await admin.get(`/core/v2/blocks/${cta.id}?_embed`);
    expect(Object.keys(r.body._embedded)).toEqual(['wp:term']);
    expect(r.body._embedded['wp:term']).toEqual([
      [
        {
          id: forms,
          link: 'http://loom.test/?taxonomy=wp_pattern_category&term=forms',
          name: 'Forms',
          slug: 'forms',
          taxonomy: 'wp_pattern_category',
          _links: expect.any(Object),
        },
      ],
    ]);
    // Anonymous callers may not read the block, so its terms stay hidden from them too.
    const list = await editor.get('/core/v2/blocks?_embed=wp:term');
    expect(list.body.find((b: Body) => b.id === cta.id)._embedded['wp:term'][0]).toHaveLength(1);
  });

  test('the route index: set B, the block write arguments, batch on collection and item routes', async () => {
    const { routes } = (await anon.get('/core/v2')).body;
    const [list, create] = routes['/core/v2/blocks'].endpoints;
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
      'tax_relation',
      'pattern_category',
      'pattern_category_exclude',
    ]);
    expect(Object.keys(create.args)).toEqual([
      'date',
      'date_gmt',
      'slug',
      'status',
      'password',
      'title',
      'content',
      'meta',
      'template',
      'pattern_category',
    ]);
    expect(create.args.title.properties).toEqual({
      raw: {
        description: 'Title for the post, as it exists in the database.',
        type: 'string',
        context: ['view', 'edit'],
      },
    });
    expect(Object.keys(create.args.content.properties)).toEqual(['raw', 'block_version', 'protected']);
    expect(create.args.meta.properties.pattern_sync_status).toEqual({
      type: 'string',
      default: '',
      enum: ['partial', 'unsynced'],
    });
    for (const route of ['/core/v2/blocks', '/core/v2/blocks/(?P<id>[\\d]+)'])
      for (const e of routes[route].endpoints) expect(e.allow_batch).toEqual({ v1: true });
    expect(routes['/core/v2/blocks/(?P<id>[\\d]+)'].methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });
});

describe('the sync status (6.4: a meta key shown at the top level)', () => {
  test('written through meta, answered as wp_pattern_sync_status and no longer in meta; null resets it', async () => {
    const b = await block(admin, { title: 'Unsynced', meta: { pattern_sync_status: 'unsynced' } });
    expect(b.wp_pattern_sync_status).toBe('unsynced');
    expect(b.meta).toEqual(COUNTERS);
    const partial = await admin.post(`/core/v2/blocks/${b.id}`, { meta: { pattern_sync_status: 'partial' } });
    expect(partial.body.wp_pattern_sync_status).toBe('partial');
    expect((await admin.get(`/core/v2/blocks/${b.id}`)).body.wp_pattern_sync_status).toBe('partial');
    const reset = await admin.post(`/core/v2/blocks/${b.id}`, { meta: { pattern_sync_status: null } });
    expect(reset.body.wp_pattern_sync_status).toBe('');
    // The top-level field is an answer, not an argument.
    expect(
      (await admin.post(`/core/v2/blocks/${b.id}`, { wp_pattern_sync_status: 'unsynced' })).body.wp_pattern_sync_status,
    ).toBe('');
  });

  test('a value outside partial | unsynced is refused (rest_not_in_enum, 400), the empty string included', async () => {
    for (const value of ['synced', '']) {
      const r = await admin.post('/core/v2/blocks', { title: 'Bad', meta: { pattern_sync_status: value } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        code: 'rest_not_in_enum',
        message: 'meta.pattern_sync_status is not one of partial and unsynced.',
      });
    }
    expect(err(await admin.post('/core/v2/blocks', { title: 'Bad', meta: { pattern_sync_status: 5 } }))).toEqual({
      status: 400,
      code: 'rest_invalid_type',
    });
  });
});

describe('who may read (read_post: a block is never public)', () => {
  test('anonymous: the list is empty (Loom counts only what the caller may see: X-WP-Total 0), a block 401 rest_forbidden (samples 125, 127)', async () => {
    const list = await anon.get('/core/v2/blocks');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect(list.headers['x-wp-total']).toBe('0');
    expect(err(await anon.get(`/core/v2/blocks/${cta.id}`))).toEqual({ status: 401, code: 'rest_forbidden' });
    expect((await anon.get(`/core/v2/blocks/${cta.id}`)).body.message).toBe('Sorry, you are not allowed to do that.');
  });

  test('subscribers (no edit_posts) see none; contributors and up read published blocks', async () => {
    expect((await subscriber.get('/core/v2/blocks')).body).toEqual([]);
    expect(err(await subscriber.get(`/core/v2/blocks/${cta.id}`))).toEqual({ status: 403, code: 'rest_forbidden' });
    const list = await contributor.get('/core/v2/blocks');
    expect(list.body.map((b: Body) => b.id)).toEqual(expect.arrayContaining([cta.id, members.id]));
    expect(list.headers['x-wp-total']).toBe(String(list.body.length));
  });

  test("drafts: the author's own; others' need edit_others_posts", async () => {
    const draft = await block(author, { title: 'Author draft' });
    expect((await author.get(`/core/v2/blocks/${draft.id}`)).status).toBe(200);
    expect(err(await contributor.get(`/core/v2/blocks/${draft.id}`))).toEqual({ status: 403, code: 'rest_forbidden' });
    expect((await editor.get(`/core/v2/blocks/${draft.id}`)).status).toBe(200);
    expect(err(await anon.get('/core/v2/blocks?status=draft'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect((await author.get('/core/v2/blocks?status=draft')).body.map((b: Body) => b.id)).toContain(draft.id);
  });

  test("private blocks: their author only; nobody holds read_private_blocks, so not even an administrator reads another's (WordPress)", async () => {
    const priv = await block(author, { title: 'Private block', status: 'private' });
    expect((await author.get(`/core/v2/blocks/${priv.id}`)).status).toBe(200);
    expect(err(await editor.get(`/core/v2/blocks/${priv.id}`))).toEqual({ status: 403, code: 'rest_forbidden' });
    expect(err(await admin.get(`/core/v2/blocks/${priv.id}`))).toEqual({ status: 403, code: 'rest_forbidden' });
    // Asking for private ones is allowed (read_private_blocks asked by name is read_private_posts); the others' stay out.
    const list = await editor.get('/core/v2/blocks?status=private');
    expect(list.status).toBe(200);
    expect(list.body.map((b: Body) => b.id)).not.toContain(priv.id);
  });

  test('edit context needs edit_post (rest_forbidden_context)', async () => {
    expect(err(await contributor.get(`/core/v2/blocks/${cta.id}?context=edit`))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect(err(await anon.get(`/core/v2/blocks/${cta.id}?context=edit`))).toEqual({
      status: 401,
      code: 'rest_forbidden_context',
    });
    expect(err(await subscriber.get('/core/v2/blocks?context=edit'))).toEqual({
      status: 403,
      code: 'rest_forbidden_context',
    });
    expect((await contributor.get('/core/v2/blocks?context=edit')).body).toEqual([]);
    expect((await editor.get(`/core/v2/blocks/${cta.id}?context=edit`)).status).toBe(200);
  });

  test('an unknown id is rest_post_invalid_id 404, and so is the id of another type', async () => {
    expect(err(await admin.get('/core/v2/blocks/999999'))).toEqual({ status: 404, code: 'rest_post_invalid_id' });
    const post = (await admin.post('/core/v2/posts', { title: 'A post', status: 'publish' })).body.id;
    expect(err(await admin.get(`/core/v2/blocks/${post}`))).toEqual({ status: 404, code: 'rest_post_invalid_id' });
  });
});

describe('password-protected blocks (samples 123, 129-131)', () => {
  test('the raw content is shown, protected: true; the password only in edit context', async () => {
    expect(members).toMatchObject({ password: 's3cret', content: { protected: true, block_version: 1 } });
    const view = await contributor.get(`/core/v2/blocks/${members.id}`);
    expect(view.body.content).toEqual({
      raw: '<!-- wp:paragraph -->\n<p>Members only.</p>\n<!-- /wp:paragraph -->',
      protected: true,
    });
    expect(view.body).not.toHaveProperty('password');
    expect((await admin.get(`/core/v2/blocks/${members.id}?context=edit`)).body.password).toBe('s3cret');
  });

  test('the right password does not open a block to anonymous callers (rest_forbidden); a wrong one is 403', async () => {
    expect(err(await anon.get(`/core/v2/blocks/${members.id}?password=s3cret`))).toEqual({
      status: 401,
      code: 'rest_forbidden',
    });
    expect(err(await contributor.get(`/core/v2/blocks/${members.id}?password=wrong`))).toEqual({
      status: 403,
      code: 'rest_post_incorrect_password',
    });
  });
});

describe('writes', () => {
  test('creating needs publish_posts (authors and up), even for a draft (sample 119 for navigation)', async () => {
    expect(err(await anon.post('/core/v2/blocks', { title: 'x' }))).toEqual({
      status: 401,
      code: 'rest_cannot_create',
    });
    expect(err(await subscriber.post('/core/v2/blocks', { title: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_create',
    });
    expect(err(await contributor.post('/core/v2/blocks', { title: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_create',
    });
    expect((await author.post('/core/v2/blocks', { title: 'x', status: 'publish' })).status).toBe(201);
  });

  test("update: 200 in edit context, a revision; others' blocks need edit_others_posts (sample 132)", async () => {
    const mine = await block(author, { title: 'Mine', content: 'one', status: 'publish' });
    const r = await author.post(`/core/v2/blocks/${mine.id}`, { content: 'two' });
    expect(r.status).toBe(200);
    expect(r.body.content).toEqual({ raw: 'two', protected: false, block_version: 0 });
    expect(r.body._links['version-history'][0].count).toBe(1);
    expect(r.body._links['predecessor-version'][0].id).toEqual(expect.any(Number));
    expect(err(await contributor.post(`/core/v2/blocks/${mine.id}`, { content: 'three' }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit',
    });
    expect((await editor.put(`/core/v2/blocks/${mine.id}`, { title: 'Edited by the editor' })).body.title).toEqual({
      raw: 'Edited by the editor',
    });
    expect(err(await admin.patch('/core/v2/blocks/999999', { title: 'x' }))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
  });

  test('pattern categories: ids of the taxonomy only (others dropped); the term count follows published blocks', async () => {
    const tag = (await admin.post('/core/v2/tags', { name: 'Not a pattern category' })).body.id;
    const b = await block(author, {
      title: 'Categorised',
      status: 'publish',
      pattern_category: [footers, tag, 999999],
    });
    expect(b.pattern_category).toEqual([footers]);
    expect((await anon.get(`/core/v2/pattern_category/${footers}`)).body.count).toBe(1);
    await author.post(`/core/v2/blocks/${b.id}`, { pattern_category: [] });
    expect((await anon.get(`/core/v2/pattern_category/${footers}`)).body.count).toBe(0);
  });

  test('errors: an id on create, a template (none exist), a bad status, a bad date', async () => {
    expect(err(await admin.post('/core/v2/blocks', { id: cta.id, title: 'x' }))).toEqual({
      status: 400,
      code: 'rest_post_exists',
    });
    expect(err(await admin.post('/core/v2/blocks', { title: 'x', template: 'page-wide' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect((await admin.post('/core/v2/blocks', { title: 'x', template: '' })).status).toBe(201);
    expect(err(await admin.post('/core/v2/blocks', { title: 'x', status: 'published' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect(err(await admin.post('/core/v2/blocks', { title: 'x', date: 'yesterday' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  test('a block with neither title nor content may be saved (no excerpt support)', async () => {
    expect((await admin.post('/core/v2/blocks', {})).status).toBe(201);
  });
});

describe('trash, force and 410 (samples 141, 142)', () => {
  test('DELETE trashes (slug __trashed), again is rest_already_trashed 410, force deletes with previous', async () => {
    const b = await block(admin, { title: 'Doomed', status: 'publish' });
    const trashed = await admin.delete(`/core/v2/blocks/${b.id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({
      id: b.id,
      status: 'trash',
      slug: 'doomed__trashed',
      link: `http://loom.test/?post_type=wp_block&p=${b.id}`,
    });
    expect(err(await admin.delete(`/core/v2/blocks/${b.id}`))).toEqual({ status: 410, code: 'rest_already_trashed' });
    const gone = await admin.delete(`/core/v2/blocks/${b.id}?force=true`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({
      deleted: true,
      previous: { id: b.id, status: 'trash', title: { raw: 'Doomed' } },
    });
    expect(err(await admin.get(`/core/v2/blocks/${b.id}`))).toEqual({ status: 404, code: 'rest_post_invalid_id' });
  });

  test("deleting needs delete_post: authors their own, not others'", async () => {
    expect(err(await author.delete(`/core/v2/blocks/${cta.id}`))).toEqual({ status: 403, code: 'rest_cannot_delete' });
    expect(err(await anon.delete(`/core/v2/blocks/${cta.id}`))).toEqual({ status: 401, code: 'rest_cannot_delete' });
    const mine = await block(author, { title: 'Own', status: 'publish' });
    expect((await author.delete(`/core/v2/blocks/${mine.id}?force=true`)).body.deleted).toBe(true);
  });
});

describe('revisions and autosaves (samples 133-140)', () => {
  let revised: Body;
  let revision: number;
  beforeAll(async () => {
    revised = await block(admin, { title: 'Revised', status: 'publish', content: PARAGRAPH });
    await admin.post(`/core/v2/blocks/${revised.id}`, {
      content: '<!-- wp:paragraph -->\n<p>Subscribe to our weekly newsletter!</p>\n<!-- /wp:paragraph -->',
    });
    revision = (await admin.get(`/core/v2/blocks/${revised.id}/revisions`)).body[0].id;
  });

  test('a revision shows raw and rendered text even in view context', async () => {
    const list = await admin.get(`/core/v2/blocks/${revised.id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.headers['x-wp-total']).toBe('1');
    expect(list.body[0]).toMatchObject({
      parent: revised.id,
      slug: `${revised.id}-revision-v1`,
      title: { raw: 'Revised', rendered: 'Revised' },
      content: {
        raw: '<!-- wp:paragraph -->\n<p>Subscribe to our weekly newsletter!</p>\n<!-- /wp:paragraph -->',
        rendered: '\n<p>Subscribe to our weekly newsletter!</p>\n',
      },
      _links: { parent: [{ href: `${REST}/blocks/${revised.id}` }] },
    });
    expect(Object.keys(list.body[0])).toEqual([
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
      '_links',
    ]);
    expect(Object.keys(list.body[0].title)).toEqual(['raw', 'rendered']);
    const one = await admin.get(`/core/v2/blocks/${revised.id}/revisions/${revision}`);
    expect(one.body.id).toBe(revision);
    expect(
      Object.keys((await admin.get(`/core/v2/blocks/${revised.id}/revisions/${revision}?context=embed`)).body.title),
    ).toEqual(['rendered']);
  });

  test('reading them needs edit_post on the block (rest_cannot_read); revisions are never deleted without force', async () => {
    expect(err(await anon.get(`/core/v2/blocks/${revised.id}/revisions`))).toEqual({
      status: 401,
      code: 'rest_cannot_read',
    });
    expect(err(await contributor.get(`/core/v2/blocks/${revised.id}/revisions`))).toEqual({
      status: 403,
      code: 'rest_cannot_read',
    });
    expect(err(await admin.delete(`/core/v2/blocks/${revised.id}/revisions/${revision}`))).toEqual({
      status: 501,
      code: 'rest_trash_not_supported',
    });
    expect(err(await admin.get(`/core/v2/blocks/${cta.id}/revisions/${revision}`))).toEqual({
      status: 404,
      code: 'rest_revision_parent_id_mismatch',
    });
  });

  test('autosave: 200, one per user, preview_link empty (a block has no preview), listed and read on its own routes', async () => {
    const a = await admin.post(`/core/v2/blocks/${revised.id}/autosaves`, {
      title: 'Revised',
      content: '<!-- wp:paragraph -->\n<p>Autosaved text.</p>\n<!-- /wp:paragraph -->',
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      parent: revised.id,
      slug: `${revised.id}-autosave-v1`,
      title: { raw: 'Revised', rendered: 'Revised' },
      content: {
        raw: '<!-- wp:paragraph -->\n<p>Autosaved text.</p>\n<!-- /wp:paragraph -->',
        rendered: '\n<p>Autosaved text.</p>\n',
      },
      preview_link: '',
    });
    const list = await admin.get(`/core/v2/blocks/${revised.id}/autosaves`);
    expect(list.body.map((x: Body) => x.id)).toEqual([a.body.id]);
    expect(list.body[0]).not.toHaveProperty('preview_link');
    expect((await admin.get(`/core/v2/blocks/${revised.id}/autosaves/${a.body.id}`)).body.content.raw).toContain(
      'Autosaved text.',
    );
    expect(err(await contributor.post(`/core/v2/blocks/${revised.id}/autosaves`, { content: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit',
    });
    // Autosaves are not revisions.
    expect((await admin.get(`/core/v2/blocks/${revised.id}/revisions`)).body).toHaveLength(1);
  });

  test('the autosave routes take the block write arguments (meta included, no excerpt)', async () => {
    const { routes } = (await anon.get('/core/v2')).body;
    const create = routes['/core/v2/blocks/(?P<id>[\\d]+)/autosaves'].endpoints[1];
    expect(Object.keys(create.args)).toEqual([
      'parent',
      'date',
      'date_gmt',
      'slug',
      'status',
      'password',
      'title',
      'content',
      'meta',
      'template',
      'pattern_category',
    ]);
    for (const e of routes['/core/v2/blocks/(?P<parent>[\\d]+)/revisions'].endpoints)
      expect(e).not.toHaveProperty('allow_batch');
  });
});

describe('collection filters (query set B)', () => {
  let a: Body;
  let b: Body;
  let c: Body;
  beforeAll(async () => {
    a = await block(admin, {
      title: 'Filter alpha',
      status: 'publish',
      content: 'zebra',
      pattern_category: [forms, footers],
    });
    b = await block(admin, { title: 'Filter beta', status: 'publish', content: 'yak', pattern_category: [footers] });
    c = await block(admin, { title: 'Filter gamma', status: 'publish', content: 'zebra yak' });
  });
  const ids = async (query: string) => (await editor.get(`/core/v2/blocks?${query}`)).body.map((x: Body) => x.id);

  test('pattern_category (any, or all with operator AND) and pattern_category_exclude', async () => {
    expect(await ids(`search=Filter&pattern_category=${footers}`)).toEqual([b.id, a.id]);
    expect(
      await ids(`search=Filter&pattern_category[terms]=${forms},${footers}&pattern_category[operator]=AND`),
    ).toEqual([a.id]);
    expect(await ids(`search=Filter&pattern_category_exclude=${forms}`)).toEqual([c.id, b.id]);
    expect(
      await ids(`search=Filter&pattern_category=${forms}&pattern_category_exclude=${forms}&tax_relation=OR`),
    ).toEqual([c.id, b.id, a.id]);
    expect(err(await editor.get('/core/v2/blocks?pattern_category[operator]=XOR'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  test('search, search_columns, slug, include, orderby and order, per_page with headers', async () => {
    expect(await ids('search=zebra')).toEqual([c.id, a.id]);
    expect(await ids('search=Filter&search_columns=post_content')).toEqual([]);
    expect(await ids('slug=filter-beta')).toEqual([b.id]);
    expect(await ids(`include=${c.id},${a.id}&orderby=include`)).toEqual([c.id, a.id]);
    expect(await ids('search=Filter&orderby=title&order=asc')).toEqual([a.id, b.id, c.id]);
    const page = await editor.get('/core/v2/blocks?search=Filter&per_page=2&page=2');
    expect(page.body.map((x: Body) => x.id)).toEqual([a.id]);
    expect(page.headers['x-wp-total']).toBe('3');
    expect(page.headers['x-wp-totalpages']).toBe('2');
    expect(err(await editor.get('/core/v2/blocks?per_page=101'))).toEqual({ status: 400, code: 'rest_invalid_param' });
    expect(err(await editor.get('/core/v2/blocks?orderby=menu_order'))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });
});

describe('batch (spec 4.1)', () => {
  test('blocks may be created, updated and deleted in a batch', async () => {
    const r = await admin.post('/batch/v1', {
      requests: [
        { path: '/core/v2/blocks', body: { title: 'Batched', status: 'publish' } },
        { method: 'PUT', path: `/core/v2/blocks/${cta.id}`, body: { meta: { pattern_sync_status: 'unsynced' } } },
        { method: 'DELETE', path: '/core/v2/blocks/999999' },
      ],
    });
    expect(r.status).toBe(207);
    const [created, updated, missing] = r.body.responses;
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: { raw: 'Batched' }, type: 'wp_block' });
    expect(updated).toMatchObject({ status: 200, body: { id: cta.id, wp_pattern_sync_status: 'unsynced' } });
    expect(missing).toMatchObject({ status: 404, body: { code: 'rest_post_invalid_id' } });
    await admin.post(`/core/v2/blocks/${cta.id}`, { meta: { pattern_sync_status: null } });
  });
});
