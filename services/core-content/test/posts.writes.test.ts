/**
 * Creating, updating and deleting posts and pages through the gateway: WordPress's capability checks (who may
 * publish, set private, edit others' posts, set the author, make posts sticky), every write parameter, slugs,
 * terms and their counts, page parents, and the error codes of WP_REST_Posts_Controller.
 */
import request from 'supertest';
import { as, basicFor, createUser, err, make, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let admin: Client;
let editor: Client;
let author: Client;
let contributor: Client;
let subscriber: Client;
let anon: Client;

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  editor = as(w, 'editor');
  author = as(w, 'author');
  contributor = as(w, 'contributor');
  subscriber = as(w, 'subscriber');
  anon = as(w, 'anonymous');
});
afterAll(() => w.close());

let seq = 0;
const unique = (p: string) => `${p} ${++seq}`;
const term = async (base: 'categories' | 'tags', name: string, parent?: number) =>
  (await admin.post(`/core/v2/${base}`, { name: unique(name), ...(parent ? { parent } : {}) })).body as {
    id: number;
    count: number;
  };
const countOf = async (base: 'categories' | 'tags', id: number) =>
  (await anon.get(`/core/v2/${base}/${id}`)).body.count as number;

describe('create (sample 36) and who may', () => {
  test('201, Location, edit context; defaults: draft, the caller as author, the default category', async () => {
    const r = await author.post('/core/v2/posts', { title: 'Temp post', content: 'To be deleted' });
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`http://loom.test/rest/core/v2/posts/${r.body.id}`);
    expect(r.body).toMatchObject({
      status: 'draft',
      author: w.users.author.id,
      categories: [1],
      tags: [],
      slug: '',
      generated_slug: 'temp-post',
      password: '',
    });
    expect(r.body.title).toEqual({ raw: 'Temp post', rendered: 'Temp post' });
  });

  test('a multipart/form-data body is read as a form body (WordPress takes $_POST); its files are no parameters', async () => {
    const r = await request(w.gw.app)
      .post('/rest/core/v2/posts')
      .set(w.auth.author)
      .field('title', 'From a form')
      .field('status', 'draft')
      .field('sticky', '1')
      .attach('title', Buffer.from('not a title'), 'title.txt');
    expect(r.status).toBe(201);
    expect(r.body.title.raw).toBe('From a form');
    expect(r.body.sticky).toBe(true); // '1' coerced as WordPress coerces form values
    const bad = await request(w.gw.app)
      .post('/rest/core/v2/posts')
      .set(w.auth.author)
      .field('title', 'x')
      .field('status', 'sideways');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });

  test('anonymous and subscribers may not create (sample 32)', async () => {
    expect((await anon.post('/core/v2/posts', { title: 'x' })).body).toEqual({
      code: 'rest_cannot_create',
      message: 'Sorry, you are not allowed to create posts as this user.',
      data: { status: 401 },
    });
    expect(err(await subscriber.post('/core/v2/posts', { title: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_create',
    });
    expect(err(await author.post('/core/v2/pages', { title: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_create',
    });
    expect(err(await contributor.post('/core/v2/pages', { title: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_create',
    });
    expect((await editor.post('/core/v2/pages', { title: 'x', status: 'publish' })).status).toBe(201);
  });

  test('publishing, scheduling and private posts need publish_posts (rest_cannot_publish)', async () => {
    const pub = await contributor.post('/core/v2/posts', { title: 'x', status: 'publish' });
    expect(pub.body).toEqual({
      code: 'rest_cannot_publish',
      message: 'Sorry, you are not allowed to publish posts in this post type.',
      data: { status: 403 },
    });
    expect(
      err(await contributor.post('/core/v2/posts', { title: 'x', status: 'future', date: '2099-01-01T00:00:00' })),
    ).toEqual({ status: 403, code: 'rest_cannot_publish' });
    const priv = await contributor.post('/core/v2/posts', { title: 'x', status: 'private' });
    expect(priv.body.message).toBe('Sorry, you are not allowed to create private posts in this post type.');
    expect((await contributor.post('/core/v2/posts', { title: 'x', status: 'pending' })).status).toBe(201);
    expect((await author.post('/core/v2/posts', { title: 'x', status: 'publish' })).status).toBe(201);
    expect((await author.post('/core/v2/posts', { title: 'x', status: 'private' })).body.status).toBe('private');
    // Authors may not publish pages; editors may.
    expect(err(await editor.post('/core/v2/pages', { title: 'x', status: 'private' }))).toEqual({
      status: 201,
      code: undefined,
    });
  });

  test('status is one of the write set (spec 2.1)', async () => {
    const r = await admin.post('/core/v2/posts', { title: 'x', status: 'trash' });
    expect(r.status).toBe(400);
    expect(r.body.data.details.status.code).toBe('rest_not_in_enum');
    expect(r.body.data.params.status).toMatch(
      /^status is not one of publish, future, draft, pending, private, closed, spam, orphan, hidden, x-disabled,/,
    );
    for (const status of ['closed', 'spam', 'x-ea-draft'])
      expect((await admin.post('/core/v2/posts', { title: 'x', status })).body.status).toBe(status);
  });

  test('author: others need edit_others_posts; the user must exist', async () => {
    const r = await author.post('/core/v2/posts', { title: 'x', author: w.users.editor.id });
    expect(r.body).toEqual({
      code: 'rest_cannot_edit_others',
      message: 'Sorry, you are not allowed to create posts as this user.',
      data: { status: 403 },
    });
    expect((await author.post('/core/v2/posts', { title: 'x', author: w.users.author.id })).status).toBe(201);
    expect((await editor.post('/core/v2/posts', { title: 'x', author: w.users.author.id })).body.author).toBe(
      w.users.author.id,
    );
    expect((await editor.post('/core/v2/posts', { title: 'x', author: 4242 })).body).toEqual({
      code: 'rest_invalid_author',
      message: 'Invalid author ID.',
      data: { status: 400 },
    });
  });

  test('an id in the body is refused (rest_post_exists), before anything else', async () => {
    expect((await admin.post('/core/v2/posts', { id: 5, title: 'x' })).body).toEqual({
      code: 'rest_post_exists',
      message: 'Cannot create existing post.',
      data: { status: 400 },
    });
    expect(err(await anon.post('/core/v2/posts', { id: 5 }))).toEqual({ status: 400, code: 'rest_post_exists' });
    expect((await admin.post('/core/v2/posts', { id: 0, title: 'x' })).status).toBe(201);
  });

  test('a post with no title, content or excerpt is refused (empty_content); pages have no excerpt, so may be empty', async () => {
    expect((await admin.post('/core/v2/posts', { status: 'draft' })).body).toEqual({
      code: 'empty_content',
      message: 'Content, title, and excerpt are empty.',
      data: { status: 400 },
    });
    const p = await make(admin, 'posts', { title: 'soon empty' });
    expect(err(await admin.post(`/core/v2/posts/${p.id}`, { title: '' }))).toEqual({
      status: 400,
      code: 'empty_content',
    });
    expect((await admin.post('/core/v2/pages', {})).status).toBe(201);
  });

  test('title, content and excerpt as strings or {raw}; an empty title object changes nothing', async () => {
    const p = await make(admin, 'posts', {
      title: { raw: 'Object title' },
      content: { raw: '<p>Body</p>' },
      excerpt: 'Short',
    });
    expect(p.title).toMatchObject({ raw: 'Object title' });
    expect(p.content).toMatchObject({ raw: '<p>Body</p>' });
    expect(p.excerpt).toMatchObject({ raw: 'Short', rendered: '<p>Short</p>\n' });
    const u = await admin.post(`/core/v2/posts/${p.id}`, { title: { raw: '' }, excerpt: { raw: '' } });
    expect(u.body.title.raw).toBe('Object title');
    expect(u.body.excerpt.raw).toBe('');
  });

  test('callers without unfiltered_html have their markup filtered on save', async () => {
    const bad = '<p onclick="x()">Hi</p><script>alert(1)</script>';
    const mine = await make(author, 'posts', { title: 'kses', content: bad });
    expect(mine.content).toMatchObject({ raw: expect.not.stringContaining('<script') });
    expect((mine.content as { raw: string }).raw).not.toContain('onclick');
    const admins = await make(admin, 'posts', { title: 'unfiltered', content: bad });
    expect((admins.content as { raw: string }).raw).toBe(bad);
  });
});

describe('update and delete: who may', () => {
  test('edit_post: own drafts for contributors, own published posts for authors, everything for editors', async () => {
    const draft = await make(contributor, 'posts', { title: 'c draft' });
    expect((await contributor.post(`/core/v2/posts/${draft.id}`, { title: 'c draft 2' })).status).toBe(200);
    const published = await make(admin, 'posts', {
      title: 'published',
      status: 'publish',
      author: w.users.contributor.id,
    });
    expect((await contributor.put(`/core/v2/posts/${published.id}`, { title: 'no' })).body).toEqual({
      code: 'rest_cannot_edit',
      message: 'Sorry, you are not allowed to edit this post.',
      data: { status: 403 },
    });
    const authors = await make(author, 'posts', { title: 'a post', status: 'publish' });
    expect((await author.patch(`/core/v2/posts/${authors.id}`, { title: 'a post 2' })).status).toBe(200);
    expect(err(await as(w, 'author2').post(`/core/v2/posts/${authors.id}`, { title: 'no' }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit',
    });
    expect(err(await anon.post(`/core/v2/posts/${authors.id}`, { title: 'no' }))).toEqual({
      status: 401,
      code: 'rest_cannot_edit',
    });
    expect((await editor.post(`/core/v2/posts/${authors.id}`, { title: 'edited by editor' })).status).toBe(200);
    expect(err(await author.post(`/core/v2/posts/${authors.id}`, { author: w.users.editor.id }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit_others',
    });
    expect((await author.post(`/core/v2/posts/${authors.id}`, { author: w.users.editor.id })).body.message).toBe(
      'Sorry, you are not allowed to update posts as this user.',
    );
    expect(err(await author.post('/core/v2/posts/999999', { title: 'x' }))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
  });

  test('delete_post: rest_cannot_delete for others', async () => {
    const p = await make(author, 'posts', { title: 'to delete', status: 'publish' });
    expect((await as(w, 'author2').delete(`/core/v2/posts/${p.id}`)).body).toEqual({
      code: 'rest_cannot_delete',
      message: 'Sorry, you are not allowed to delete this post.',
      data: { status: 403 },
    });
    expect(err(await anon.delete(`/core/v2/posts/${p.id}`))).toEqual({ status: 401, code: 'rest_cannot_delete' });
    expect(err(await contributor.delete(`/core/v2/posts/${p.id}`))).toEqual({
      status: 403,
      code: 'rest_cannot_delete',
    });
    expect((await author.delete(`/core/v2/posts/${p.id}`)).body.status).toBe('trash');
    expect(err(await author.delete('/core/v2/posts/999999'))).toEqual({ status: 404, code: 'rest_post_invalid_id' });
  });

  test('a status change to publish by someone who cannot publish is refused; the current status may be sent back', async () => {
    const draft = await make(contributor, 'posts', { title: 'will not publish' });
    expect(err(await contributor.post(`/core/v2/posts/${draft.id}`, { status: 'publish' }))).toEqual({
      status: 403,
      code: 'rest_cannot_publish',
    });
    expect(
      (await contributor.post(`/core/v2/posts/${draft.id}`, { status: 'draft', title: 'same status' })).status,
    ).toBe(200);
    // A trashed post sent back with its own status: check_status accepts it although trash is not in the enum.
    const trashed = (
      await admin.delete(`/core/v2/posts/${(await make(admin, 'posts', { title: 'trash me', status: 'publish' })).id}`)
    ).body;
    const back = await admin.post(`/core/v2/posts/${trashed.id}`, { status: 'trash', title: 'still trashed' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'trash', title: { raw: 'still trashed' } });
    expect(err(await admin.post(`/core/v2/posts/${draft.id}`, { status: 'trash' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });
});

describe('sticky posts', () => {
  test('sticky is refused only to users who may neither edit others’ posts nor publish (a contributor)', async () => {
    expect((await contributor.post('/core/v2/posts', { title: 'x', sticky: true })).body).toEqual({
      code: 'rest_cannot_assign_sticky',
      message: 'Sorry, you are not allowed to make posts sticky.',
      data: { status: 403 },
    });
    const s = await make(editor, 'posts', { title: 'Sticky one', status: 'publish', sticky: true });
    expect(s.sticky).toBe(true);
    // Authors publish, so they may make their own posts sticky, as in WordPress.
    const own = await make(author, 'posts', { title: 'author sticky', status: 'publish', sticky: true });
    expect(own.sticky).toBe(true);
    expect((await author.post(`/core/v2/posts/${own.id}`, { sticky: false })).body.sticky).toBe(false);
    // A contributor's own draft: sticky=false is no request to make it sticky, sticky=true is refused.
    const draft = await make(contributor, 'posts', { title: 'contributor draft' });
    expect(
      (await contributor.post(`/core/v2/posts/${draft.id}`, { sticky: false, title: 'still a draft' })).status,
    ).toBe(200);
    expect(err(await contributor.post(`/core/v2/posts/${draft.id}`, { sticky: true }))).toEqual({
      status: 403,
      code: 'rest_cannot_assign_sticky',
    });
    expect((await editor.post(`/core/v2/posts/${draft.id}`, { sticky: true })).body.sticky).toBe(true);
  });

  test('sticky and password exclude each other (rest_invalid_field)', async () => {
    expect((await editor.post('/core/v2/posts', { title: 'x', sticky: true, password: 'pw' })).body).toEqual({
      code: 'rest_invalid_field',
      message: 'A post can not be sticky and have a password.',
      data: { status: 400 },
    });
    const s = await make(editor, 'posts', { title: 'sticky', status: 'publish', sticky: true });
    expect((await editor.post(`/core/v2/posts/${s.id}`, { password: 'pw' })).body.message).toBe(
      'A sticky post can not be password protected.',
    );
    const p = await make(editor, 'posts', { title: 'protected', status: 'publish', password: 'pw' });
    expect((await editor.post(`/core/v2/posts/${p.id}`, { sticky: true })).body.message).toBe(
      'A password protected post can not be set to sticky.',
    );
  });

  test('trashing unsticks', async () => {
    const s = await make(editor, 'posts', { title: 'sticky then trashed', status: 'publish', sticky: true });
    expect((await editor.delete(`/core/v2/posts/${s.id}`)).body.sticky).toBe(false);
  });
});

describe('slugs (wp_unique_post_slug)', () => {
  test('from the title, unique within the type with -2, -3', async () => {
    const a = await make(admin, 'posts', { title: 'Hello World', status: 'publish' });
    const b = await make(admin, 'posts', { title: 'Hello World', status: 'publish' });
    const c = await make(admin, 'posts', { title: 'Hello World', status: 'publish', slug: 'hello-world' });
    expect([a.slug, b.slug, c.slug]).toEqual(['hello-world', 'hello-world-2', 'hello-world-3']);
    // Another type does not collide; sanitize_title strips accents and punctuation.
    expect((await make(admin, 'pages', { title: 'Hello World', status: 'publish' })).slug).toBe('hello-world');
    expect((await make(admin, 'posts', { title: 'Café Über: déjà vu!', status: 'publish' })).slug).toBe(
      'cafe-uber-deja-vu',
    );
  });

  test('drafts keep an empty slug (generated_slug previews it) until published', async () => {
    await make(admin, 'posts', { title: 'Draft Title', status: 'publish' });
    const d = await make(admin, 'posts', { title: 'Draft Title' });
    expect(d).toMatchObject({
      slug: '',
      generated_slug: 'draft-title-2',
      permalink_template: 'http://loom.test/%postname%/',
      link: `http://loom.test/?p=${d.id}`,
    });
    const pub = await admin.post(`/core/v2/posts/${d.id}`, { status: 'publish' });
    expect(pub.body).toMatchObject({ slug: 'draft-title-2', link: 'http://loom.test/draft-title-2/' });
    // A draft given a slug gets a unique one at once (the controller checks it as if published).
    expect((await make(admin, 'posts', { title: 'x', slug: 'draft-title' })).slug).toBe('draft-title-3');
  });

  test("contributors' pending posts get no slug of their own", async () => {
    const p = await make(contributor, 'posts', { title: 'Pending', slug: 'chosen', status: 'pending' });
    expect(p.slug).toBe('');
    expect((await make(author, 'posts', { title: 'Pending', slug: 'chosen-by-author', status: 'pending' })).slug).toBe(
      'chosen-by-author',
    );
  });

  test('numbers, feeds and embed are never used as they are; untitled posts get their id', async () => {
    expect((await make(admin, 'posts', { title: 'x', slug: '2024', status: 'publish' })).slug).toBe('2024-2');
    expect((await make(admin, 'posts', { title: 'feed', status: 'publish' })).slug).toBe('feed-2');
    expect((await make(admin, 'pages', { title: 'embed', status: 'publish' })).slug).toBe('embed-2');
    expect((await make(admin, 'pages', { title: 'x', slug: 'page2', status: 'publish' })).slug).toBe('page2-2');
    const untitled = await make(admin, 'posts', { content: 'no title', status: 'publish' });
    expect(untitled.slug).toBe(`${untitled.id}-2`);
  });

  test('pages: unique among siblings only', async () => {
    const a = await make(admin, 'pages', { title: 'Parent A', status: 'publish' });
    const b = await make(admin, 'pages', { title: 'Parent B', status: 'publish' });
    const c1 = await make(admin, 'pages', { title: 'Child', status: 'publish', parent: a.id });
    const c2 = await make(admin, 'pages', { title: 'Child', status: 'publish', parent: b.id });
    const c3 = await make(admin, 'pages', { title: 'Child', status: 'publish', parent: a.id });
    expect([c1.slug, c2.slug, c3.slug]).toEqual(['child', 'child', 'child-2']);
    expect(c3.link).toBe('http://loom.test/parent-a/child-2/');
  });

  test('trash adds __trashed and frees the slug; leaving the trash brings it back (made unique)', async () => {
    const a = await make(admin, 'posts', { title: 'Reused', status: 'publish' });
    const trashed = await admin.delete(`/core/v2/posts/${a.id}`);
    expect(trashed.body).toMatchObject({
      slug: 'reused__trashed',
      status: 'trash',
      link: `http://loom.test/?p=${a.id}`,
      permalink_template: `http://loom.test/?p=${a.id}`,
      generated_slug: 'reused',
    });
    const b = await make(admin, 'posts', { title: 'Reused', status: 'publish' });
    expect(b.slug).toBe('reused');
    const back = await admin.post(`/core/v2/posts/${a.id}`, { status: 'publish' });
    expect(back.body).toMatchObject({ status: 'publish', slug: 'reused-2' });
    const draft = await make(admin, 'posts', { title: 'Trashed draft' });
    expect((await admin.delete(`/core/v2/posts/${draft.id}`)).body.slug).toBe('__trashed');
    // Its desired slug was empty, so it keeps the suffixed one (as WordPress's untrashed drafts do).
    expect((await admin.post(`/core/v2/posts/${draft.id}`, { status: 'draft' })).body.slug).toBe('__trashed');
  });
});

describe('format, template, featured media, comments, password', () => {
  test('format (enum; standard clears it)', async () => {
    const p = await make(admin, 'posts', { title: 'f', format: 'gallery' });
    expect(p.format).toBe('gallery');
    expect((await admin.post(`/core/v2/posts/${p.id}`, { title: 'f2' })).body.format).toBe('gallery');
    expect((await admin.post(`/core/v2/posts/${p.id}`, { format: 'standard' })).body.format).toBe('standard');
    expect(err(await admin.post(`/core/v2/posts/${p.id}`, { format: 'podcast' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
  });

  test("template: '', the current one, or one of the theme's templates for the type", async () => {
    const p = await make(admin, 'posts', { title: 't', template: 'single-with-sidebar' });
    expect(p.template).toBe('single-with-sidebar');
    const bad = await admin.post(`/core/v2/posts/${p.id}`, { template: 'page-wide' });
    expect(bad.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): template',
      data: {
        status: 400,
        params: { template: 'template is not one of single-with-sidebar.' },
        details: {
          template: { code: 'rest_invalid_param', message: 'template is not one of single-with-sidebar.', data: null },
        },
      },
    });
    expect((await admin.post(`/core/v2/posts/${p.id}`, { template: 'single-with-sidebar' })).status).toBe(200);
    expect((await admin.post(`/core/v2/posts/${p.id}`, { template: '' })).body.template).toBe('');
    expect((await make(admin, 'pages', { title: 'wide', template: 'page-wide' })).template).toBe('page-wide');
  });

  test('featured_media must be an attachment (uploads in media.connections.test.ts); 0 is none', async () => {
    expect((await admin.post('/core/v2/posts', { title: 'x', featured_media: 12345 })).body).toEqual({
      code: 'rest_invalid_featured_media',
      message: 'Invalid featured media ID.',
      data: { status: 400 },
    });
    const other = await make(admin, 'posts', { title: 'a post, not an attachment' });
    expect(err(await admin.post('/core/v2/posts', { title: 'x', featured_media: other.id }))).toEqual({
      status: 400,
      code: 'rest_invalid_featured_media',
    });
    expect((await make(admin, 'posts', { title: 'x', featured_media: 0 })).featured_media).toBe(0);
  });

  test('comment_status and ping_status; private posts drop their password', async () => {
    const p = await make(admin, 'posts', { title: 'c', comment_status: 'closed', ping_status: 'closed' });
    expect([p.comment_status, p.ping_status]).toEqual(['closed', 'closed']);
    expect(err(await admin.post(`/core/v2/posts/${p.id}`, { comment_status: 'maybe' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect((await make(admin, 'posts', { title: 'priv', status: 'private', password: 'pw' })).password).toBe('');
  });
});

describe('terms and their counts', () => {
  test('categories and tags must exist in their taxonomy (others are dropped); counts follow published posts only', async () => {
    const cat = await term('categories', 'Counted');
    const tag = await term('tags', 'Counted');
    const p = await make(admin, 'posts', {
      title: 'terms',
      categories: [cat.id, tag.id, 99999],
      tags: [tag.id, cat.id],
    });
    expect([p.categories, p.tags]).toEqual([[cat.id], [tag.id]]);
    expect([await countOf('categories', cat.id), await countOf('tags', tag.id)]).toEqual([0, 0]);
    await admin.post(`/core/v2/posts/${p.id}`, { status: 'publish' });
    expect([await countOf('categories', cat.id), await countOf('tags', tag.id)]).toEqual([1, 1]);
    await make(admin, 'posts', { title: 'terms 2', status: 'publish', categories: [cat.id] });
    expect(await countOf('categories', cat.id)).toBe(2);
    await admin.post(`/core/v2/posts/${p.id}`, { categories: [1] });
    expect(await countOf('categories', cat.id)).toBe(1);
    await admin.delete(`/core/v2/posts/${p.id}`);
    expect(await countOf('tags', tag.id)).toBe(0);
    const q = await make(admin, 'posts', { title: 'terms 3', status: 'publish', tags: [tag.id] });
    expect(await countOf('tags', tag.id)).toBe(1);
    await admin.delete(`/core/v2/posts/${q.id}?force=true`);
    expect(await countOf('tags', tag.id)).toBe(0);
  });

  test('an explicit empty list clears the categories; a later save without it brings the default back (WordPress)', async () => {
    const p = await make(admin, 'posts', { title: 'no cats', categories: [] });
    expect(p.categories).toEqual([]);
    expect((await admin.post(`/core/v2/posts/${p.id}`, { title: 'saved again' })).body.categories).toEqual([1]);
  });

  test('deleting a term takes it off its posts; posts left without a category get the default', async () => {
    const cat = await term('categories', 'Doomed');
    const p = await make(admin, 'posts', { title: 'doomed', status: 'publish', categories: [cat.id] });
    await admin.delete(`/core/v2/categories/${cat.id}?force=true`);
    expect((await anon.get(`/core/v2/posts/${p.id}`)).body.categories).toEqual([1]);
  });

  test('assigning terms needs assign_terms (contributors have it)', async () => {
    const cat = await term('categories', 'Assignable');
    expect((await make(contributor, 'posts', { title: 'assigned', categories: [cat.id] })).categories).toEqual([
      cat.id,
    ]);
  });
});

describe('pages: parent and menu_order', () => {
  test('the parent must exist (rest_post_invalid_id 400); a parent that would make a loop is dropped', async () => {
    expect((await admin.post('/core/v2/pages', { title: 'orphan', parent: 999999 })).body).toEqual({
      code: 'rest_post_invalid_id',
      message: 'Invalid post parent ID.',
      data: { status: 400 },
    });
    const a = await make(admin, 'pages', { title: 'A', status: 'publish', menu_order: 3 });
    const b = await make(admin, 'pages', { title: 'B', status: 'publish', parent: a.id });
    const c = await make(admin, 'pages', { title: 'C', status: 'publish', parent: b.id });
    expect(a.menu_order).toBe(3);
    expect((await admin.post(`/core/v2/pages/${a.id}`, { parent: c.id })).body.parent).toBe(0);
    expect((await admin.post(`/core/v2/pages/${a.id}`, { parent: a.id })).body.parent).toBe(0);
    expect((await admin.post(`/core/v2/pages/${c.id}`, { parent: a.id, menu_order: 9 })).body).toMatchObject({
      parent: a.id,
      menu_order: 9,
    });
  });

  test('deleting a page moves its children up', async () => {
    const a = await make(admin, 'pages', { title: 'Grand', status: 'publish' });
    const b = await make(admin, 'pages', { title: 'Middle', status: 'publish', parent: a.id });
    const c = await make(admin, 'pages', { title: 'Leaf', status: 'publish', parent: b.id });
    await admin.delete(`/core/v2/pages/${b.id}?force=true`);
    expect((await anon.get(`/core/v2/pages/${c.id}`)).body).toMatchObject({
      parent: a.id,
      link: 'http://loom.test/grand/leaf/',
    });
  });
});

describe('users deleted with their content', () => {
  test('reassign moves posts to another user; reassign=false deletes them and fixes term counts', async () => {
    const moved = await createUser(w.core.url, 'author');
    const mine = await make(as(w, await basicFor(w.core.url, moved)), 'posts', { title: 'moved', status: 'publish' });
    expect((await admin.delete(`/core/v2/users/${moved.id}?force=true&reassign=${w.users.editor.id}`)).status).toBe(
      200,
    );
    expect((await anon.get(`/core/v2/posts/${mine.id}`)).body.author).toBe(w.users.editor.id);

    const doomed = await createUser(w.core.url, 'author');
    const client = as(w, await basicFor(w.core.url, doomed));
    const cat = await term('categories', 'Owned');
    const p = await make(client, 'posts', { title: 'owned', status: 'publish', categories: [cat.id] });
    expect(p.author).toBe(doomed.id);
    expect(await countOf('categories', cat.id)).toBe(1);
    expect((await admin.delete(`/core/v2/users/${doomed.id}?force=true&reassign=false`)).status).toBe(200);
    expect((await anon.get(`/core/v2/posts/${p.id}`)).status).toBe(404);
    expect(await countOf('categories', cat.id)).toBe(0);
  });
});
