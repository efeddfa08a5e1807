/**
 * `GET /_loom/oembed-post?url=` (the oembed service's lookup): url_to_postid + is_post_publicly_viewable. Posts are made
 * through the REST API as an editor; the lookup is asked with the internal proof, as the oembed service asks.
 */
import request from 'supertest';
import { OEMBED_POST_PATH, INTERNAL_HEADER, oembedPostSchema } from '@loom/contracts';
import { asRole, signInternal, TEST_SECRET } from '@loom/service-kit';
import { POSTS } from '../src/engine/repository';
import { startCore } from './helpers';

let core: Awaited<ReturnType<typeof startCore>>;
const HOME = 'http://loom.test';

beforeAll(async () => {
  core = await startCore();
});
afterAll(() => core.close());

const create = async (type: 'posts' | 'pages', body: Record<string, unknown>) => {
  const r = await request(core.app).post(`/rest/core/v2/${type}`).set(asRole('editor')).send(body);
  expect(r.status).toBe(201);
  return r.body as { id: number; link: string };
};
const lookup = (url: string, headers: Record<string, string> = { [INTERNAL_HEADER]: signInternal(TEST_SECRET) }) =>
  request(core.app).get(OEMBED_POST_PATH).query({ url }).set(headers);

describe('oEmbed post lookup', () => {
  let post: { id: number; link: string };
  let child: { id: number; link: string };

  beforeAll(async () => {
    post = await create('posts', {
      title: 'Linen & wool',
      content: '<p>Woven in <em>spring</em>.</p>',
      status: 'publish',
    });
    const parent = await create('pages', { title: 'About', slug: 'about', status: 'publish' });
    child = await create('pages', { title: 'Team', slug: 'team', parent: parent.id, status: 'publish' });
  });

  test('a published post by permalink: its title, link, author and excerpt', async () => {
    expect(post.link).toBe(`${HOME}/linen-wool/`);
    const r = await lookup(post.link);
    expect(r.status).toBe(200);
    expect(r.body.title).toMatch(/^Linen &(amp|#038);/);
    const rest = await request(core.app).get(`/rest/core/v2/posts/${post.id}`);
    expect(oembedPostSchema.parse(r.body)).toEqual({
      id: post.id,
      type: 'post',
      // get_the_title(), as the REST API renders it.
      title: rest.body.title.rendered,
      link: post.link,
      author: { name: 'editor', url: `${HOME}/author/editor/` },
      excerpt: '<p>Woven in spring.</p>\n',
      protected: false,
      featured_media: 0,
      mime_type: '',
    });
  });

  test.each([
    ['the plain ?p= form', (p: { id: number }) => `${HOME}/?p=${p.id}`],
    ['another scheme, www. and a port (url_to_postid ignores them)', () => 'https://www.loom.test:8443/linen-wool/'],
    ['without the trailing slash, with a fragment', () => `${HOME}/linen-wool#more`],
    ['a page number', () => `${HOME}/linen-wool/2/`],
    ['the embed page', () => `${HOME}/linen-wool/embed/`],
    ['a bare path', () => '/linen-wool/'],
  ])('the same post by %s', async (_label, url) => {
    const r = await lookup(url(post));
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(post.id);
  });

  test('a nested page by its full path and by ?page_id=, not by its slug alone', async () => {
    expect(child.link).toBe(`${HOME}/about/team/`);
    expect((await lookup(child.link)).body.id).toBe(child.id);
    expect((await lookup(`${HOME}/?page_id=${child.id}`)).body.id).toBe(child.id);
    expect((await lookup(`${HOME}/team/`)).status).toBe(404);
  });

  test('only publicly viewable items: drafts, private, pending and trashed posts are not found', async () => {
    for (const status of ['draft', 'private', 'pending']) {
      const p = await create('posts', { title: `Hidden ${status}`, status });
      const r = await lookup(`${HOME}/?p=${p.id}`);
      expect({ status, code: r.status, body: r.body }).toEqual({
        status,
        code: 404,
        body: { code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } },
      });
    }
    const trashed = await create('posts', { title: 'Trashed', status: 'publish' });
    await request(core.app).delete(`/rest/core/v2/posts/${trashed.id}`).set(asRole('editor')).expect(200);
    expect((await lookup(`${HOME}/?p=${trashed.id}`)).status).toBe(404);
    expect((await lookup(trashed.link)).status).toBe(404);
  });

  test('types that are not viewable (reusable blocks) are not found by id', async () => {
    const block = await request(core.app)
      .post('/rest/core/v2/blocks')
      .set(asRole('editor'))
      .send({ title: 'Block', status: 'publish', content: 'x' });
    expect(block.status).toBe(201);
    expect((await lookup(`${HOME}/?p=${block.body.id}`)).status).toBe(404);
  });

  test('a password-protected post is found without its excerpt, its title saying so', async () => {
    const p = await create('posts', { title: 'Secret', password: 'pw', content: 'hidden words', status: 'publish' });
    const r = await lookup(p.link);
    expect(r.body).toMatchObject({ id: p.id, title: 'Protected: Secret', excerpt: '', protected: true });
  });

  test('the featured image id and a deleted author', async () => {
    const p = await create('posts', { title: 'Pictured', status: 'publish' });
    await core.store.collection(POSTS).updateOne({ id: p.id }, { $set: { featured_media: 77, author: 999 } });
    expect((await lookup(p.link)).body).toMatchObject({ featured_media: 77, author: null });
  });

  test.each([
    'http://elsewhere.test/linen-wool/',
    `${HOME}/no-such-post/`,
    `${HOME}/`,
    'not-a-url',
    '',
    `${HOME}/?p=0`,
    `${HOME}/?p=99999999999999999999`,
  ])('%j is not found', async (url) => {
    const r = await lookup(url);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('oembed_invalid_url');
  });

  test('only for Loom services: no internal proof, 403', async () => {
    const r = await lookup(post.link, {});
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('loom_internal_only');
  });
});
