/**
 * What readers may see, through the gateway: password-protected content (samples 10-12), the trash (samples
 * 37-39), and the rule that anonymous readers never see drafts, pending, scheduled, private or trashed posts
 * nor protected content, whichever way they ask (item, list, include, slug, search, embed context).
 */
import { as, err, make, startWorld, type Client, type World } from '@loom/testing';

let w: World;
let admin: Client;
let anon: Client;
let prot: Record<string, unknown> & { id: number };

beforeAll(async () => {
  w = await startWorld();
  admin = as(w, 'administrator');
  anon = as(w, 'anonymous');
  prot = await make(admin, 'posts', {
    title: 'Protected post',
    content: '<p>Secret content.</p>',
    status: 'publish',
    password: 'secret',
  });
});
afterAll(() => w.close());

describe('password-protected posts', () => {
  test('without the password: empty rendered content and excerpt, protected true (sample 10)', async () => {
    const r = await anon.get(`/core/v2/posts/${prot.id}`);
    expect(r.status).toBe(200);
    expect(r.body.title).toEqual({ rendered: 'Protected post' });
    expect(r.body.content).toEqual({ rendered: '', protected: true });
    expect(r.body.excerpt).toEqual({ rendered: '', protected: true });
    expect(r.body).not.toHaveProperty('password');
    const embed = await anon.get(`/core/v2/posts/${prot.id}?context=embed`);
    expect(embed.body.excerpt).toEqual({ rendered: '', protected: true });
  });

  test('with the right password (sample 11): rendered, still protected', async () => {
    const r = await anon.get(`/core/v2/posts/${prot.id}?password=secret`);
    expect(r.body.content).toEqual({ rendered: '<p>Secret content.</p>\n', protected: true });
    expect(r.body.excerpt).toEqual({ rendered: '<p>Secret content.</p>\n', protected: true });
  });

  test('a wrong password is 403 rest_post_incorrect_password (sample 12), for anyone, and on unprotected posts too', async () => {
    const body = { code: 'rest_post_incorrect_password', message: 'Incorrect post password.', data: { status: 403 } };
    expect((await anon.get(`/core/v2/posts/${prot.id}?password=wrong`)).body).toEqual(body);
    expect((await admin.get(`/core/v2/posts/${prot.id}?password=wrong`)).body).toEqual(body);
    const open = await make(admin, 'posts', { title: 'open', status: 'publish' });
    expect((await anon.get(`/core/v2/posts/${open.id}?password=anything`)).body).toEqual(body);
    expect((await anon.get(`/core/v2/posts/${open.id}?password=`)).status).toBe(200);
  });

  test('lists never show protected content in view context; editors see it in edit context', async () => {
    const list = await anon.get('/core/v2/posts');
    const item = (list.body as Array<{ id: number; content: unknown }>).find((p) => p.id === prot.id)!;
    expect(item.content).toEqual({ rendered: '', protected: true });
    const adminView = await admin.get(`/core/v2/posts/${prot.id}`);
    expect(adminView.body.content.rendered).toBe('');
    const edit = await admin.get(`/core/v2/posts/${prot.id}?context=edit`);
    expect(edit.body).toMatchObject({
      password: 'secret',
      content: { raw: '<p>Secret content.</p>', rendered: '<p>Secret content.</p>\n', protected: true },
    });
    const editList = await admin.get('/core/v2/posts?context=edit');
    expect(
      (editList.body as Array<{ id: number; content: { rendered: string } }>).find((p) => p.id === prot.id)!.content
        .rendered,
    ).toContain('Secret content');
  });

  test('anonymous searches leave protected posts out', async () => {
    expect((await anon.get('/core/v2/posts?search=Protected')).body).toEqual([]);
    expect((await admin.get('/core/v2/posts?search=Protected')).body.map((p: { id: number }) => p.id)).toEqual([
      prot.id,
    ]);
  });
});

describe('trash (samples 37, 38, 39)', () => {
  test('DELETE moves to the trash and returns the item in edit context; again is 410; force deletes for good', async () => {
    const p = await make(admin, 'posts', { title: 'Temp post', content: 'To be deleted', status: 'publish' });
    const trashed = await admin.delete(`/core/v2/posts/${p.id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({
      id: p.id,
      status: 'trash',
      slug: 'temp-post__trashed',
      password: '',
      link: `http://loom.test/?p=${p.id}`,
      generated_slug: 'temp-post',
    });
    expect(trashed.body._links.self).toEqual([{ href: `http://loom.test/rest/core/v2/posts/${p.id}` }]);
    expect((await admin.delete(`/core/v2/posts/${p.id}`)).body).toEqual({
      code: 'rest_already_trashed',
      message: 'The post has already been deleted.',
      data: { status: 410 },
    });
    expect(err(await admin.delete(`/core/v2/posts/${p.id}?force=false`))).toEqual({
      status: 410,
      code: 'rest_already_trashed',
    });
    const gone = await admin.delete(`/core/v2/posts/${p.id}?force=true`);
    expect(gone.status).toBe(200);
    expect(gone.body.deleted).toBe(true);
    expect(gone.body.previous).toMatchObject({
      id: p.id,
      status: 'trash',
      slug: 'temp-post__trashed',
      title: { raw: 'Temp post', rendered: 'Temp post' },
    });
    expect(gone.body.previous).not.toHaveProperty('_links');
    expect(err(await admin.get(`/core/v2/posts/${p.id}`))).toEqual({ status: 404, code: 'rest_post_invalid_id' });
  });

  test('force deletes a post that was never trashed; pages trash too', async () => {
    const p = await make(admin, 'posts', { title: 'straight away', status: 'publish' });
    expect((await admin.delete(`/core/v2/posts/${p.id}?force=1`)).body.deleted).toBe(true);
    const page = await make(admin, 'pages', { title: 'A page', status: 'publish' });
    expect((await admin.delete(`/core/v2/pages/${page.id}`)).body).toMatchObject({
      status: 'trash',
      link: `http://loom.test/?page_id=${page.id}`,
    });
    expect(err(await admin.delete(`/core/v2/pages/${page.id}`))).toEqual({ status: 410, code: 'rest_already_trashed' });
  });

  test('trashed items are invisible to anonymous readers and listed for editors with status=trash', async () => {
    const p = await make(admin, 'posts', { title: 'In the bin', status: 'publish' });
    await admin.delete(`/core/v2/posts/${p.id}`);
    expect((await anon.get(`/core/v2/posts/${p.id}`)).body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    expect(err(await as(w, 'subscriber').get(`/core/v2/posts/${p.id}`))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
    expect((await anon.get('/core/v2/posts')).body.map((x: { id: number }) => x.id)).not.toContain(p.id);
    expect((await as(w, 'editor').get('/core/v2/posts?status=trash')).body.map((x: { id: number }) => x.id)).toContain(
      p.id,
    );
    expect((await admin.get(`/core/v2/posts/${p.id}`)).status).toBe(200);
  });
});

describe('anonymous readers never see unpublished posts', () => {
  const hidden: Record<string, number> = {};
  beforeAll(async () => {
    hidden.draft = (await make(as(w, 'author'), 'posts', { title: 'Hidden draft', slug: 'hidden-draft' })).id;
    hidden.pending = (await make(as(w, 'contributor'), 'posts', { title: 'Hidden pending', status: 'pending' })).id;
    hidden.future = (
      await make(admin, 'posts', { title: 'Hidden future', status: 'publish', date: '2099-01-01T00:00:00' })
    ).id;
    hidden.private = (await make(admin, 'posts', { title: 'Hidden private', status: 'private' })).id;
    hidden.trash = (await make(admin, 'posts', { title: 'Hidden trash', status: 'publish' })).id;
    await admin.delete(`/core/v2/posts/${hidden.trash}`);
    hidden.page = (await make(admin, 'pages', { title: 'Hidden page draft' })).id;
  });

  test('not by id', async () => {
    for (const [name, id] of Object.entries(hidden)) {
      const base = name === 'page' ? 'pages' : 'posts';
      expect([name, err(await anon.get(`/core/v2/${base}/${id}`))]).toEqual([
        name,
        { status: 401, code: 'rest_forbidden' },
      ]);
    }
  });

  test('not in lists, whatever the filter', async () => {
    const all = Object.values(hidden).join(',');
    for (const q of [
      `include=${all}`,
      'search=Hidden',
      'slug=hidden-draft,hidden-future',
      'orderby=relevance&search=Hidden',
      'per_page=100',
      'context=embed',
    ]) {
      const r = await anon.get(`/core/v2/posts?${q}`);
      expect([q, r.status, r.body.filter((p: { id: number }) => Object.values(hidden).includes(p.id))]).toEqual([
        q,
        200,
        [],
      ]);
    }
    expect((await anon.get(`/core/v2/pages?include=${hidden.page}`)).body).toEqual([]);
  });

  test('signed-in readers: their own drafts yes, others’ no; private posts need read_private_posts', async () => {
    expect((await as(w, 'author').get(`/core/v2/posts/${hidden.draft}`)).status).toBe(200);
    expect(err(await as(w, 'author2').get(`/core/v2/posts/${hidden.draft}`))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
    expect(err(await as(w, 'subscriber').get(`/core/v2/posts/${hidden.private}`))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
    expect((await as(w, 'editor').get(`/core/v2/posts/${hidden.private}`)).status).toBe(200);
    expect((await as(w, 'editor').get(`/core/v2/posts/${hidden.future}`)).status).toBe(200);
    expect(err(await as(w, 'author').get(`/core/v2/posts/${hidden.future}`))).toEqual({
      status: 403,
      code: 'rest_forbidden',
    });
    expect((await as(w, 'contributor').get(`/core/v2/posts/${hidden.pending}`)).status).toBe(200);
  });

  test('Allow lists only what the caller may do', async () => {
    const open = await make(admin, 'posts', { title: 'allow', status: 'publish' });
    expect((await anon.get(`/core/v2/posts/${open.id}`)).headers.allow).toBe('GET');
    expect((await admin.get(`/core/v2/posts/${open.id}`)).headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    expect((await anon.get('/core/v2/posts')).headers.allow).toBe('GET');
  });
});
