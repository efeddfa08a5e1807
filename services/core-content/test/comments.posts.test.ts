/**
 * Comments and their posts, through the gateway: comment_count, the `replies` link and its `_embed`, password-
 * protected, private and draft posts, and what trashing, untrashing and deleting a post does to its comments.
 */
import { as, err, startWorld, type World } from '@loom/testing';
import { approved, BASE, comment, made, newPost, stored } from './comments.requests';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());

const countOf = async (post: number) =>
  ((await w.core.store.collection('posts').findOne({ id: post })) as { comment_count?: number } | null)
    ?.comment_count ?? 0;

test("comment_count follows the post's approved comments", async () => {
  const post = await newPost(w);
  const a = await approved(w, post.id);
  await approved(w, post.id);
  const held = await made(w, 'subscriber', { post: post.id, content: 'held' });
  expect(held.status).toBe('hold');
  expect(await countOf(post.id)).toBe(2);
  await as(w, 'editor').post(`/core/v2/comments/${held.id}`, { status: 'approved' });
  expect(await countOf(post.id)).toBe(3);
  await as(w, 'editor').delete(`/core/v2/comments/${a.id}`);
  expect(await countOf(post.id)).toBe(2);
  await as(w, 'editor').post(`/core/v2/comments/${held.id}`, { status: 'spam' });
  expect(await countOf(post.id)).toBe(1);
  // Saving the post does not write back an older count.
  await as(w, 'administrator').post(`/core/v2/posts/${post.id}`, { title: 'Renamed' });
  expect(await countOf(post.id)).toBe(1);
});

test('comment_count stays right under concurrent moderation', async () => {
  const post = await newPost(w);
  const held = await Promise.all(
    [1, 2, 3, 4, 5, 6].map((i) => approved(w, post.id, { content: `held ${i}`, status: 'hold' })),
  );
  await Promise.all([
    ...held.map((c) => as(w, 'editor').post(`/core/v2/comments/${c.id}`, { status: 'approved' })),
    ...held.map((c) => as(w, 'administrator').post(`/core/v2/comments/${c.id}`, { status: 'approved' })),
    as(w, 'administrator').post(`/core/v2/comments/${held[0]!.id}`, { status: 'spam' }),
  ]);
  const listed = await as(w, 'anonymous').get(`/core/v2/comments?post=${post.id}`);
  expect(await countOf(post.id)).toBe(Number(listed.headers['x-wp-total']));
  expect(Number(listed.headers['x-wp-total'])).toBeGreaterThanOrEqual(5);
});

test("a post's replies link lists its approved comments, and _embed holds them in the embed context", async () => {
  const post = await newPost(w);
  const top = await approved(w, post.id, { content: 'Top' });
  const reply = await approved(w, post.id, { content: 'Reply', parent: top.id });
  await made(w, 'subscriber', { post: post.id, content: 'not yet' });
  const r = await as(w, 'anonymous').get(`/core/v2/posts/${post.id}?_embed=replies`);
  expect(r.body._links.replies).toEqual([{ embeddable: true, href: `${BASE}/rest/core/v2/comments?post=${post.id}` }]);
  // As WordPress: every approved comment of the post, replies included, newest first.
  const embedded = r.body._embedded.replies as Record<string, unknown>[][];
  expect(embedded).toHaveLength(1);
  expect(embedded[0]!.map((c) => c.id)).toEqual([reply.id, top.id]);
  expect(Object.keys(embedded[0]![0]!)).toEqual([
    'id',
    'parent',
    'author',
    'author_name',
    'author_url',
    'date',
    'content',
    'link',
    'type',
    'author_avatar_urls',
    '_links',
  ]);
  // A post without comments has no replies under _embedded.
  const bare = await newPost(w);
  const none = await as(w, 'anonymous').get(`/core/v2/posts/${bare.id}?_embed=replies`);
  expect(none.body._embedded).toBeUndefined();
});

test("a password-protected post's comments need its password", async () => {
  const post = await newPost(w, { password: 'secret' });
  const c = await approved(w, post.id);
  // WordPress's answers.
  expect((await as(w, 'anonymous').get(`/core/v2/comments?post=${post.id}`)).body).toEqual({
    code: 'rest_cannot_read_post',
    message: 'Sorry, you are not allowed to read the post for this comment.',
    data: { status: 401 },
  });
  const listed = await as(w, 'anonymous').get(`/core/v2/comments?post=${post.id}&password=secret`);
  expect(listed.body.map((x: { id: number }) => x.id)).toEqual([c.id]);
  expect(err(await as(w, 'anonymous').get(`/core/v2/comments?post=${post.id}&password=wrong`))).toEqual({
    status: 401,
    code: 'rest_cannot_read_post',
  });
  expect((await as(w, 'anonymous').get(`/core/v2/comments/${c.id}`)).body).toEqual({
    code: 'rest_cannot_read',
    message: 'Sorry, you are not allowed to read this comment.',
    data: { status: 401 },
  });
  expect((await as(w, 'anonymous').get(`/core/v2/comments/${c.id}?password=secret`)).status).toBe(200);
  const embedded = await as(w, 'anonymous').get(`/core/v2/posts/${post.id}?_embed=replies&password=secret`);
  expect(embedded.body._embedded.replies).toEqual([
    {
      code: 'rest_cannot_read_post',
      message: 'Sorry, you are not allowed to read the post for this comment.',
      data: { status: 401 },
    },
  ]);
  // Commenting needs the password too.
  expect(err(await comment(w, 'subscriber', { post: post.id, content: 'x' }))).toEqual({
    status: 403,
    code: 'rest_cannot_read_post',
  });
  expect((await comment(w, 'subscriber', { post: post.id, content: 'pw ok', password: 'secret' })).status).toBe(201);
  // Its editors read them without it.
  expect((await as(w, 'editor').get(`/core/v2/comments?post=${post.id}`)).status).toBe(200);
});

test('comments on private and draft posts do not leak to anonymous readers, in lists or totals', async () => {
  const privatePost = await newPost(w, { status: 'private' });
  const draft = await newPost(w, { status: 'draft' });
  const onPrivate = await approved(w, privatePost.id);
  // A comment on a post that became a draft after it was written.
  const later = await newPost(w);
  const onDraft = await approved(w, later.id);
  await as(w, 'administrator').post(`/core/v2/posts/${later.id}`, { status: 'draft' });
  const protectedPost = await newPost(w, { password: 'pw' });
  const onProtected = await approved(w, protectedPost.id);
  const open = await approved(w, (await newPost(w)).id);

  const all = await as(w, 'anonymous').get('/core/v2/comments?per_page=100');
  const ids = all.body.map((c: { id: number }) => c.id);
  expect(ids).toContain(open.id);
  for (const hidden of [onPrivate.id, onDraft.id, onProtected.id]) expect(ids).not.toContain(hidden);
  expect(Number(all.headers['x-wp-total'])).toBe(ids.length);
  expect(err(await as(w, 'anonymous').get(`/core/v2/comments?post=${privatePost.id}`))).toEqual({
    status: 401,
    code: 'rest_cannot_read_post',
  });
  expect(err(await as(w, 'anonymous').get(`/core/v2/comments?post=${draft.id}`))).toEqual({
    status: 401,
    code: 'rest_cannot_read_post',
  });
  expect(err(await as(w, 'anonymous').get(`/core/v2/comments/${onPrivate.id}`))).toEqual({
    status: 401,
    code: 'rest_cannot_read',
  });
  expect(err(await as(w, 'subscriber').get(`/core/v2/comments/${onDraft.id}`))).toEqual({
    status: 403,
    code: 'rest_cannot_read',
  });
  // Those who may read the post see them.
  const editors = await as(w, 'editor').get('/core/v2/comments?per_page=100');
  expect(editors.body.map((c: { id: number }) => c.id)).toEqual(
    expect.arrayContaining([onPrivate.id, onDraft.id, onProtected.id]),
  );
});

test('trashing a post trashes its comments (post-trashed); untrashing restores each as it was', async () => {
  const post = await newPost(w);
  const a = await approved(w, post.id);
  const held = await made(w, 'author2', { post: post.id, content: 'held before' });
  const spam = await approved(w, post.id);
  await as(w, 'editor').post(`/core/v2/comments/${spam.id}`, { status: 'spam' });
  await as(w, 'administrator').delete(`/core/v2/posts/${post.id}`);
  expect((await stored(w, a.id))!.approved).toBe('post-trashed');
  expect((await stored(w, held.id))!.approved).toBe('post-trashed');
  expect(await countOf(post.id)).toBe(0);
  const any = await as(w, 'administrator').get(`/core/v2/comments?post=${post.id}&status=post-trashed`);
  expect(any.body.map((c: { id: number; status: string }) => [c.id, c.status]).sort()).toEqual(
    [
      [a.id, 'post-trashed'],
      [held.id, 'post-trashed'],
      [spam.id, 'post-trashed'],
    ].sort(),
  );
  expect(err(await as(w, 'anonymous').get(`/core/v2/comments/${a.id}`))).toEqual({
    status: 401,
    code: 'rest_cannot_read',
  });

  await as(w, 'administrator').post(`/core/v2/posts/${post.id}`, { status: 'publish' });
  expect((await as(w, 'administrator').get(`/core/v2/comments/${a.id}`)).body.status).toBe('approved');
  expect((await as(w, 'administrator').get(`/core/v2/comments/${held.id}`)).body.status).toBe('hold');
  expect((await as(w, 'administrator').get(`/core/v2/comments/${spam.id}`)).body.status).toBe('spam');
  expect(await countOf(post.id)).toBe(1);
});

test('deleting a post for good deletes its comments', async () => {
  const post = await newPost(w);
  const a = await approved(w, post.id);
  await as(w, 'administrator').delete(`/core/v2/posts/${post.id}?force=true`);
  expect(err(await as(w, 'administrator').get(`/core/v2/comments/${a.id}`))).toEqual({
    status: 404,
    code: 'rest_comment_invalid_id',
  });
  expect(await stored(w, a.id)).toBeNull();
});
