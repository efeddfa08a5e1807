/**
 * Autosaves through the gateway (WP_REST_Autosaves_Controller): the author's autosave of their own draft updates
 * the draft itself (no revision); any other autosave is one revision per user (`{parent}-autosave-v1`), replaced
 * on each save; unchanged content is refused; answers are 200 in edit context with preview_link; autosaves are
 * listed on their own route and never counted as revisions.
 */
import { as, err, make, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let admin: Client;
let editor: Client;
let author: Client;
let author2: Client;
let contributor: Client;
let anon: Client;

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  editor = as(w, 'editor');
  author = as(w, 'author');
  author2 = as(w, 'author2');
  contributor = as(w, 'contributor');
  anon = as(w, 'anonymous');
});
afterAll(() => w.close());

describe('the author autosaving their own draft', () => {
  test('updates the draft itself, stores no revision, answers 200 in the autosave shape with preview_link', async () => {
    const draft = await make(author, 'posts', { title: 'Draft', content: 'one' });
    const r = await author.post(`/core/v2/posts/${draft.id}/autosaves`, { title: 'Draft 2', content: 'two' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: draft.id,
      parent: 0,
      author: w.users.author.id,
      date: null,
      date_gmt: null,
      title: { raw: 'Draft 2' },
      content: { raw: 'two' },
      preview_link: `http://loom.test/?p=${draft.id}&preview=true`,
    });
    expect(Object.keys(r.body)).toContain('preview_link');
    const post = await author.get(`/core/v2/posts/${draft.id}?context=edit`);
    expect(post.body.title.raw).toBe('Draft 2');
    expect(post.body.status).toBe('draft');
    expect(post.body._links['version-history'][0].count).toBe(0);
    expect((await author.get(`/core/v2/posts/${draft.id}/autosaves`)).body).toEqual([]);
  });
});

describe('autosave revisions', () => {
  test('of a published post: one per user, replaced on each save, never a revision', async () => {
    const post = await make(author, 'posts', { title: 'Live', content: 'live', status: 'publish' });
    const first = await author.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'edit 1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      parent: post.id,
      author: w.users.author.id,
      slug: `${post.id}-autosave-v1`,
      title: { raw: 'Live' },
      content: { raw: 'edit 1' },
    });
    expect(first.body.id).not.toBe(post.id);
    expect(first.body.preview_link).toMatch(
      new RegExp(`^http://loom\\.test/live/\\?preview_id=${post.id}&preview_nonce=[0-9a-f]{10}&preview=true$`),
    );
    // The post itself is unchanged.
    expect((await author.get(`/core/v2/posts/${post.id}?context=edit`)).body.content.raw).toBe('live');

    const second = await author.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'edit 2' });
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.content.raw).toBe('edit 2');

    const other = await editor.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'editor edit' });
    expect(other.status).toBe(200);
    expect(other.body.id).not.toBe(first.body.id);
    expect(other.body.author).toBe(w.users.editor.id);

    const list = await author.get(`/core/v2/posts/${post.id}/autosaves?context=edit`);
    expect(list.body.map((a: { id: number }) => a.id).sort()).toEqual([first.body.id, other.body.id].sort());
    const view = await author.get(`/core/v2/posts/${post.id}/autosaves`);
    expect(view.body[0]).not.toHaveProperty('preview_link');
    expect(view.body[0].content).toEqual({ rendered: expect.any(String) });

    // Autosaves are not revisions.
    expect((await author.get(`/core/v2/posts/${post.id}/revisions`)).body).toEqual([]);
    expect((await author.get(`/core/v2/posts/${post.id}`)).body._links['version-history'][0].count).toBe(0);

    const one = await author.get(`/core/v2/posts/${post.id}/autosaves/${first.body.id}?context=edit`);
    expect(one.status).toBe(200);
    expect(one.body.content.raw).toBe('edit 2');
    const none = await author.get(`/core/v2/posts/${post.id}/autosaves/999999`);
    expect(err(none)).toEqual({ status: 404, code: 'rest_post_no_autosave' });
    expect(none.body.message).toBe('There is no autosave revision for this post.');
  });

  test("of someone else's draft: an autosave revision, the draft untouched", async () => {
    const draft = await make(author, 'posts', { title: 'Theirs', content: 'orig' });
    const r = await editor.post(`/core/v2/posts/${draft.id}/autosaves`, { content: 'by editor' });
    expect(r.status).toBe(200);
    expect(r.body.slug).toBe(`${draft.id}-autosave-v1`);
    expect(r.body.preview_link).toContain(`http://loom.test/?p=${draft.id}&preview_id=${draft.id}&preview_nonce=`);
    expect((await author.get(`/core/v2/posts/${draft.id}?context=edit`)).body.content.raw).toBe('orig');
  });

  test('unchanged content (6.4): an autosave is made when there is none, then the same one is answered as it is', async () => {
    const post = await make(author, 'posts', { title: 'Same', content: 'same', status: 'publish' });
    const first = await author.post(`/core/v2/posts/${post.id}/autosaves`, { title: 'Same', content: 'same' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ parent: post.id, slug: `${post.id}-autosave-v1`, content: { raw: 'same' } });
    const again = await author.post(`/core/v2/posts/${post.id}/autosaves`, { title: 'Same', content: 'same' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, modified: first.body.modified, content: { raw: 'same' } });
    expect((await author.get(`/core/v2/posts/${post.id}/autosaves`)).body).toHaveLength(1);
  });

  test("a change replaces the user's autosave; going back to the post's content leaves the autosave as it was (6.4)", async () => {
    const post = await make(author, 'posts', { title: 'Back', content: 'same', status: 'publish' });
    const changed = await author.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'changed' });
    expect(changed.status).toBe(200);
    const again = await author.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'changed again' });
    expect(again.body).toMatchObject({ id: changed.body.id, content: { raw: 'changed again' } });
    // Equal to the post: WordPress returns the existing autosave untouched.
    const back = await author.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'same' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: changed.body.id, content: { raw: 'changed again' } });
  });

  test('pages: autosaves of a published page; the route takes page fields', async () => {
    const page = await make(admin, 'pages', { title: 'Page', content: 'p', status: 'publish' });
    const r = await admin.post(`/core/v2/pages/${page.id}/autosaves`, { content: 'p2', parent: 0, menu_order: 3 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ parent: page.id, content: { raw: 'p2' } });
    expect(r.body._links.parent).toEqual([{ href: `http://loom.test/rest/core/v2/pages/${page.id}` }]);
    expect(err(await admin.post(`/core/v2/posts/${page.id}/autosaves`, { content: 'x' }))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
  });

  test('deleting the post deletes its autosaves', async () => {
    const post = await make(admin, 'posts', { title: 'Gone', content: 'a', status: 'publish' });
    const a = await admin.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'b' });
    await admin.delete(`/core/v2/posts/${post.id}?force=true`);
    expect(err(await admin.get(`/core/v2/posts/${post.id}/autosaves/${a.body.id}`))).toEqual({
      status: 404,
      code: 'rest_post_invalid_parent',
    });
    expect(
      await (w.core as unknown as { store: { collection(n: string): { count(f: object): Promise<number> } } }).store
        .collection('posts')
        .count({ id: a.body.id }),
    ).toBe(0);
  });
});

describe('permissions', () => {
  test('create needs edit_post on the post (rest_cannot_edit); lists and reads rest_cannot_read; unknown post 404', async () => {
    const post = await make(author, 'posts', { title: 'P', content: 'c', status: 'publish' });
    expect(err(await anon.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'x' }))).toEqual({
      status: 401,
      code: 'rest_cannot_edit',
    });
    expect(err(await author2.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit',
    });
    expect(err(await contributor.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'x' }))).toEqual({
      status: 403,
      code: 'rest_cannot_edit',
    });
    const list = await author2.get(`/core/v2/posts/${post.id}/autosaves`);
    expect(err(list)).toEqual({ status: 403, code: 'rest_cannot_read' });
    expect(list.body.message).toBe('Sorry, you are not allowed to view autosaves of this post.');
    const a = await author.post(`/core/v2/posts/${post.id}/autosaves`, { content: 'x' });
    expect(err(await anon.get(`/core/v2/posts/${post.id}/autosaves/${a.body.id}`))).toEqual({
      status: 401,
      code: 'rest_cannot_read',
    });
    expect(err(await admin.post('/core/v2/posts/999999/autosaves', { content: 'x' }))).toEqual({
      status: 404,
      code: 'rest_post_invalid_id',
    });
    expect(err(await admin.get('/core/v2/posts/999999/autosaves'))).toEqual({
      status: 404,
      code: 'rest_post_invalid_parent',
    });
  });

  test('a contributor autosaving their own pending post gets an autosave revision; may not change the author', async () => {
    const pending = await make(contributor, 'posts', { title: 'Pend', content: 'c', status: 'pending' });
    const r = await contributor.post(`/core/v2/posts/${pending.id}/autosaves`, { content: 'c2' });
    expect(r.status).toBe(200);
    expect(r.body.slug).toBe(`${pending.id}-autosave-v1`);
    expect(
      err(
        await contributor.post(`/core/v2/posts/${pending.id}/autosaves`, { content: 'c3', author: w.users.editor.id }),
      ),
    ).toEqual({
      status: 403,
      code: 'rest_cannot_edit_others',
    });
  });
});
