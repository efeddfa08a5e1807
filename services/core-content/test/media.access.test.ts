/**
 * Who sees which media, through the gateway (reference §1.1, 1.4): an attachment inherits its parent's visibility
 * (attached to a draft: hidden from readers of the list and of the item; to a published post: public; unattached:
 * public), private files need read_post, the collection's parameters (media_type, mime_type, parent,
 * parent_exclude, status inherit|private|trash), the fields per context, updates, parents deleted, and media is
 * never batchable (spec 4.1).
 */
import { as, err, image, startWorld, type World } from '@loom/testing';
import { BASE, uploaded, uploadRaw } from './media.requests';

let w: World;
let draftPost: number;
let publishedPost: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  w = await startWorld();
  draftPost = (await as(w, 'author').post('/core/v2/posts', { title: 'Secret draft', status: 'draft' })).body.id;
  publishedPost = (await as(w, 'author').post('/core/v2/posts', { title: 'Out there', status: 'publish' })).body.id;
  const jpg = await image(40, 30);
  ids.loose = (await uploaded(w, 'author', jpg, 'loose.jpg')).id;
  ids.onDraft = (await uploadRaw(w, 'author', jpg, 'on-draft.jpg', 'image/jpeg', `?post=${draftPost}`)).body.id;
  ids.onPublished = (
    await uploadRaw(w, 'author', jpg, 'on-published.jpg', 'image/jpeg', `?post=${publishedPost}`)
  ).body.id;
  ids.text = (await uploaded(w, 'author', Buffer.from('plain words\n'), 'words.txt', 'text/plain')).id;
  ids.png = (await uploaded(w, 'author', await image(40, 30, { format: 'png' }), 'shape.png', 'image/png')).id;
  const priv = await uploaded(w, 'author', jpg, 'private.jpg');
  await as(w, 'author').post(`/core/v2/media/${priv.id}`, { status: 'private' });
  ids.private = priv.id;
});
afterAll(() => w.close());

const listIds = async (caller: Parameters<typeof as>[1], query = '') =>
  ((await as(w, caller).get(`/core/v2/media?per_page=100${query}`)).body as Array<{ id: number }>)
    .map((m) => m.id)
    .sort((a, b) => a - b);
const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

test('the list: anonymous readers see unattached and published-parent files, never a draft’s or private ones', async () => {
  const visible = sorted(ids.loose!, ids.onPublished!, ids.text!, ids.png!);
  expect(await listIds('anonymous')).toEqual(visible);
  expect(await listIds('subscriber')).toEqual(visible);
  const r = await as(w, 'anonymous').get('/core/v2/media?per_page=100');
  expect(r.headers['x-wp-total']).toBe(String(visible.length));
  // The draft's author and editors see it.
  expect(await listIds('author')).toContain(ids.onDraft);
  expect(await listIds('editor')).toContain(ids.onDraft);
  // Private files: status=private, for those who may read them.
  expect(await listIds('editor', '&status=private')).toEqual([ids.private]);
  expect(err(await as(w, 'anonymous').get('/core/v2/media?status=private'))).toEqual({
    status: 400,
    code: 'rest_invalid_param',
  });
  expect(err(await as(w, 'anonymous').get('/core/v2/media?status=publish'))).toEqual({
    status: 400,
    code: 'rest_invalid_param',
  });
});

test('the item: a draft’s attachment is 401/403 to those who may not read the draft; the parent’s publication opens it', async () => {
  expect(err(await as(w, 'anonymous').get(`/core/v2/media/${ids.onDraft}`))).toEqual({
    status: 401,
    code: 'rest_forbidden',
  });
  expect(err(await as(w, 'subscriber').get(`/core/v2/media/${ids.onDraft}`))).toEqual({
    status: 403,
    code: 'rest_forbidden',
  });
  expect((await as(w, 'author').get(`/core/v2/media/${ids.onDraft}`)).status).toBe(200);
  expect(err(await as(w, 'anonymous').get(`/core/v2/media/${ids.private}`))).toEqual({
    status: 401,
    code: 'rest_forbidden',
  });
  expect((await as(w, 'anonymous').get(`/core/v2/media/${ids.onPublished}`)).status).toBe(200);

  const other = (await as(w, 'author').post('/core/v2/posts', { title: 'Soon', status: 'draft' })).body.id;
  const att = (await uploadRaw(w, 'author', await image(20, 20), 'later.jpg', 'image/jpeg', `?post=${other}`)).body.id;
  expect((await as(w, 'anonymous').get(`/core/v2/media/${att}`)).status).toBe(401);
  await as(w, 'author').post(`/core/v2/posts/${other}`, { status: 'publish' });
  expect((await as(w, 'anonymous').get(`/core/v2/media/${att}`)).status).toBe(200);
  expect(await listIds('anonymous')).toContain(att);
});

test('fields by context: view, embed and edit as WordPress 6.4 answers them', async () => {
  const view = (await as(w, 'anonymous').get(`/core/v2/media/${ids.onPublished}`)).body;
  expect(Object.keys(view)).toEqual(
    expect.arrayContaining([
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
      'author',
      'comment_status',
      'ping_status',
      'template',
      'meta',
      'description',
      'caption',
      'alt_text',
      'media_type',
      'mime_type',
      'media_details',
      'post',
      'source_url',
      '_links',
    ]),
  );
  for (const absent of [
    'password',
    'content',
    'excerpt',
    'featured_media',
    'missing_image_sizes',
    'permalink_template',
    'parent',
  ])
    expect([absent, absent in view]).toEqual([absent, false]);
  expect(view.post).toBe(publishedPost);
  expect(view.title).toEqual({ rendered: 'on-published' });
  expect(view.guid).toEqual({ rendered: view.source_url });
  expect(view.meta).toEqual(expect.objectContaining({ _forum_topic_count: 0 }));
  expect(Object.keys(view._links).sort()).toEqual(['about', 'author', 'collection', 'replies', 'self']);

  const embed = (await as(w, 'anonymous').get(`/core/v2/media/${ids.onPublished}?context=embed`)).body;
  expect(Object.keys(embed).sort()).toEqual(
    [
      '_links',
      'alt_text',
      'author',
      'caption',
      'date',
      'id',
      'link',
      'media_details',
      'media_type',
      'mime_type',
      'slug',
      'source_url',
      'title',
      'type',
    ].sort(),
  );

  const edit = (await as(w, 'author').get(`/core/v2/media/${ids.onPublished}?context=edit`)).body;
  expect(edit).toMatchObject({
    guid: { raw: edit.source_url },
    title: { raw: 'on-published' },
    caption: { raw: '' },
    description: { raw: '' },
    missing_image_sizes: [],
  });
  expect(edit).toHaveProperty('permalink_template');
  const text = (await as(w, 'author').get(`/core/v2/media/${ids.text}`)).body;
  expect(text).toMatchObject({
    media_type: 'file',
    mime_type: 'text/plain',
    post: null,
    media_details: { filesize: 12, sizes: {} },
  });
});

test('links are attachment pages: under the parent’s permalink, at the root without one, plain for a draft’s', async () => {
  expect((await as(w, 'anonymous').get(`/core/v2/media/${ids.loose}`)).body.link).toBe(`${BASE}/loose/`);
  expect((await as(w, 'anonymous').get(`/core/v2/media/${ids.onPublished}`)).body.link).toBe(
    `${BASE}/out-there/on-published/`,
  );
  const onDraft = (await as(w, 'author').get(`/core/v2/media/${ids.onDraft}?context=edit`)).body;
  expect(onDraft.link).toBe(`${BASE}/?attachment_id=${ids.onDraft}`);
  // The sample of one without a parent is the plain link (get_attachment_link with $leavename: media.fields.test.ts).
  const loose = (await as(w, 'author').get(`/core/v2/media/${ids.loose}?context=edit`)).body;
  expect(loose).toMatchObject({ permalink_template: `${BASE}/?attachment_id=${ids.loose}`, generated_slug: 'loose' });
});

test('collection parameters: media_type, mime_type, parent, parent_exclude, search', async () => {
  // Only the fixtures of beforeAll (other tests add files).
  const listIds = async (caller: Parameters<typeof as>[1], query = '') =>
    (
      (await as(w, caller).get(`/core/v2/media?per_page=100&include=${Object.values(ids).join(',')}${query}`))
        .body as Array<{ id: number }>
    )
      .map((m) => m.id)
      .sort((a, b) => a - b);
  expect(await listIds('anonymous', '&media_type=text')).toEqual([ids.text]);
  expect(await listIds('anonymous', '&media_type=image')).toEqual(sorted(ids.loose!, ids.onPublished!, ids.png!));
  expect(await listIds('anonymous', '&mime_type=image/png')).toEqual([ids.png]);
  // A MIME type WordPress does not allow is ignored, as its prepare_items_query ignores it.
  expect((await listIds('anonymous', '&mime_type=image/svg%2Bxml')).length).toBeGreaterThan(2);
  expect(await listIds('anonymous', `&parent=${publishedPost}`)).toEqual([ids.onPublished]);
  expect(await listIds('anonymous', '&parent=0')).toEqual(sorted(ids.loose!, ids.text!, ids.png!));
  expect(await listIds('anonymous', `&parent_exclude=${publishedPost}`)).not.toContain(ids.onPublished);
  expect(await listIds('anonymous', '&search=shape')).toEqual([ids.png]);
  expect(err(await as(w, 'anonymous').get('/core/v2/media?media_type=font'))).toEqual({
    status: 400,
    code: 'rest_invalid_param',
  });
});

test('updates: alt_text, caption, description, post; a revision or attachment is no parent', async () => {
  const a = await uploaded(w, 'author', await image(20, 20), 'upd.jpg');
  const r = await as(w, 'author').post(`/core/v2/media/${a.id}`, {
    alt_text: ' Alt <b>text</b> ',
    caption: { raw: 'Cap' },
    description: 'Desc',
    post: publishedPost,
    title: 'New title',
  });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    alt_text: 'Alt text',
    caption: { raw: 'Cap' },
    description: { raw: 'Desc' },
    post: publishedPost,
    title: { raw: 'New title' },
    status: 'inherit',
  });
  expect((await as(w, 'author').post(`/core/v2/media/${a.id}`, { post: ids.loose })).body).toEqual({
    code: 'rest_invalid_param',
    message: 'Invalid parent type.',
    data: { status: 400 },
  });
  // Detached with post=0.
  expect((await as(w, 'author').post(`/core/v2/media/${a.id}`, { post: 0 })).body.post).toBeNull();
  expect(err(await as(w, 'author2').post(`/core/v2/media/${a.id}`, { alt_text: 'x' }))).toEqual({
    status: 403,
    code: 'rest_cannot_edit',
  });
  expect(err(await as(w, 'anonymous').post(`/core/v2/media/${a.id}`, { alt_text: 'x' }))).toEqual({
    status: 401,
    code: 'rest_cannot_edit',
  });
});

test('deleting a post leaves its attachments unattached (post_parent 0), as wp_delete_post does', async () => {
  const p = (await as(w, 'editor').post('/core/v2/posts', { title: 'Going away', status: 'publish' })).body.id;
  const a = (await uploadRaw(w, 'editor', await image(20, 20), 'stays.jpg', 'image/jpeg', `?post=${p}`)).body;
  expect(a.post).toBe(p);
  expect((await as(w, 'editor').delete(`/core/v2/posts/${p}?force=true`)).status).toBe(200);
  const after = await as(w, 'editor').get(`/core/v2/media/${a.id}`);
  expect(after.body.post).toBeNull();
  expect(after.body.source_url).toBe(a.source_url);
});

test('media is not batchable: a batch naming it gets rest_batch_not_allowed for that item', async () => {
  const r = await as(w, 'administrator').post('/batch/v1', {
    requests: [
      { method: 'POST', path: `/core/v2/media/${ids.loose}`, body: { alt_text: 'batched' } },
      { method: 'DELETE', path: `/core/v2/media/${ids.loose}?force=true` },
      { method: 'POST', path: '/core/v2/tags', body: { name: 'batched-tag' } },
    ],
  });
  expect(r.status).toBe(207);
  expect(r.body.responses[0]).toMatchObject({ status: 400, body: { code: 'rest_batch_not_allowed' } });
  expect(r.body.responses[1]).toMatchObject({ status: 400, body: { code: 'rest_batch_not_allowed' } });
  expect(r.body.responses[2].status).toBe(201);
  expect((await as(w, 'anonymous').get(`/core/v2/media/${ids.loose}`)).body.alt_text).toBe('');
  // The index advertises no allow_batch on media routes.
  const index = await as(w, 'anonymous').get('/');
  for (const pattern of [
    '/core/v2/media',
    '/core/v2/media/(?P<id>[\\d]+)',
    '/core/v2/media/(?P<id>[\\d]+)/post-process',
    '/core/v2/media/(?P<id>[\\d]+)/edit',
  ]) {
    const route = index.body.routes[pattern];
    expect([pattern, Boolean(route)]).toEqual([pattern, true]);
    expect(route.endpoints.some((e: { allow_batch?: unknown }) => e.allow_batch)).toBe(false);
  }
  void BASE;
});
