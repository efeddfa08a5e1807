import request from 'supertest';
import { asRole, createLogger, TEST_USER_IDS, type RestRequest } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { termsOfPostEmbedder, userEmbedder } from '../src/engine/embedded';
import '../src';
import { TAXONOMY_BEHAVIOURS } from '../src/engine/terms';

const categoryResource = TAXONOMY_BEHAVIOURS().get('category')!;
import { startCore } from './helpers';

let app: Awaited<ReturnType<typeof startCore>>['app'];
let store: Store;
let config: Awaited<ReturnType<typeof startCore>>['config'];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, store, config, close } = await startCore());
});
afterAll(() => close());

const editor = asRole('editor');
const create = async (body: Record<string, unknown>) =>
  (await request(app).post('/rest/core/v2/categories').set(editor).send(body)).body;
/** A request context as handlers get it, for calling loaders directly. */
const ctx = (user: RestRequest['user']): RestRequest =>
  ({ user, store, config, log: createLogger('t', 'silent') }) as unknown as RestRequest;
const REST = 'http://loom.test/rest/core/v2';

test('a child category embeds its parent (up) in embed context', async () => {
  const top = await create({ name: 'Garments' });
  const child = await create({ name: 'Shirts', parent: top.id });
  const r = await request(app).get(`/rest/core/v2/categories/${child.id}?_embed`);
  expect(r.body._embedded.up).toEqual([
    {
      id: top.id,
      link: 'http://loom.test/category/garments/',
      name: 'Garments',
      slug: 'garments',
      taxonomy: 'category',
      _links: expect.any(Object),
    },
  ]);
  const list = await request(app).get(`/rest/core/v2/categories?_embed=up&include=${child.id},${top.id}`);
  expect(list.body.find((c: { id: number }) => c.id === child.id)._embedded.up[0].id).toBe(top.id);
  expect(list.body.find((c: { id: number }) => c.id === top.id)._embedded).toBeUndefined();
});

test("terms of many posts load together, each post's own in name order", async () => {
  const a = await create({ name: 'Zips' });
  const b = await create({ name: 'Buttons', parent: a.id });
  await store
    .collection('posts')
    .insert({ id: 9001, type: 'post', status: 'publish', author: 3, categories: [a.id, b.id] });
  await store.collection('posts').insert({ id: 9002, type: 'post', status: 'publish', author: 3, categories: [b.id] });
  const urls = [
    new URL(`${REST}/categories?post=9001`),
    new URL(`${REST}/categories?post=9002`),
    new URL(`${REST}/categories?post=9999`),
  ];
  const loader = termsOfPostEmbedder(categoryResource);
  expect(urls.every((u) => loader.match(u))).toBe(true);
  const got = await loader.load(urls, ctx(null));
  expect((got.get(urls[0]!.href) as Array<{ name: string }>).map((t) => t.name)).toEqual(['Buttons', 'Zips']);
  expect(got.get(urls[1]!.href)).toEqual([
    expect.objectContaining({ id: b.id, link: 'http://loom.test/category/zips/buttons/' }),
  ]);
  expect(got.get(urls[2]!.href)).toMatchObject({ code: 'rest_post_invalid_id', data: { status: 400 } });
  // A draft's terms are embedded only for callers who may read the draft.
  await store.collection('posts').insert({ id: 9003, type: 'post', status: 'draft', author: 3, categories: [a.id] });
  const draft = new URL(`${REST}/categories?post=9003`);
  expect((await loader.load([draft], ctx(null))).get(draft.href)).toMatchObject({
    code: 'rest_forbidden_context',
    data: { status: 401 },
  });
  const editor = { id: 2, login: 'editor', name: '', roles: ['editor' as const], iat: 0 };
  expect((await loader.load([draft], ctx(editor))).get(draft.href)).toEqual([expect.objectContaining({ id: a.id })]);
});

test('authors embed only when readable: published authors publicly, others with list_users or themselves', async () => {
  await store
    .collection('posts')
    .insert({ id: 9100, type: 'post', status: 'publish', author: TEST_USER_IDS.author, categories: [] });
  const urls = [TEST_USER_IDS.author, TEST_USER_IDS.contributor, 424242].map((id) => new URL(`${REST}/users/${id}`));
  const anon = await userEmbedder.load(urls, ctx(null));
  expect(anon.get(urls[0]!.href)).toMatchObject({ id: TEST_USER_IDS.author, slug: 'author' });
  expect(Object.keys(anon.get(urls[0]!.href) as object)).not.toContain('email');
  expect(anon.get(urls[1]!.href)).toEqual({
    code: 'rest_user_cannot_view',
    message: 'Sorry, you are not allowed to list users.',
    data: { status: 401 },
  });
  expect(anon.get(urls[2]!.href)).toMatchObject({ code: 'rest_user_invalid_id', data: { status: 404 } });
  const admin = await userEmbedder.load(
    urls,
    ctx({ id: 1, login: 'administrator', name: '', roles: ['administrator'], iat: 0 }),
  );
  expect(admin.get(urls[1]!.href)).toMatchObject({ id: TEST_USER_IDS.contributor });
  const self = await userEmbedder.load(
    [urls[1]!],
    ctx({ id: TEST_USER_IDS.contributor, login: 'contributor', name: '', roles: ['contributor'], iat: 0 }),
  );
  expect(self.get(urls[1]!.href)).toMatchObject({ id: TEST_USER_IDS.contributor });
});

test("pages' parents (up) load together, with the item route's read check, hidden text stays hidden", async () => {
  const admin = asRole('administrator');
  const page = async (body: Record<string, unknown>) =>
    (await request(app).post('/rest/core/v2/pages').set(admin).send(body)).body;
  const top = await page({ title: 'Collections', status: 'publish' });
  const secret = await page({ title: 'Secret', status: 'publish', password: 'pw', content: 'hidden text' });
  const draft = await page({ title: 'Draft', status: 'draft' });
  const kids = [
    await page({ title: 'A', status: 'publish', parent: top.id }),
    await page({ title: 'B', status: 'publish', parent: secret.id }),
    await page({ title: 'C', status: 'publish', parent: draft.id }),
  ];

  const list = await request(app).get(
    `/rest/core/v2/pages?_embed=up&include=${kids.map((k) => k.id).join(',')}&orderby=include`,
  );
  expect(list.status).toBe(200);
  const up = list.body.map((p: { _embedded?: { up: unknown[] } }) => p._embedded?.up[0]);
  expect(up[0]).toMatchObject({ id: top.id, title: { rendered: 'Collections' }, type: 'page' });
  expect(up[1]).toMatchObject({ id: secret.id, excerpt: { rendered: '', protected: true } });
  expect(up[2]).toEqual({
    code: 'rest_forbidden',
    message: 'Sorry, you are not allowed to do that.',
    data: { status: 401 },
  });
  const asEditor = await request(app).get(`/rest/core/v2/pages/${kids[2].id}?_embed=up`).set(admin);
  expect(asEditor.body._embedded.up[0]).toMatchObject({ id: draft.id });

  // One query for all the parents of a page of results.
  let finds = 0;
  const counting = new Proxy(store, {
    get: (target, prop) =>
      prop === 'collection'
        ? (name: string) => {
            const c = target.collection(name);
            return new Proxy(c, {
              get: (ct, p) =>
                p === 'find' && name === 'posts'
                  ? (...a: unknown[]) => (finds++, (ct.find as (...x: unknown[]) => unknown)(...a))
                  : Reflect.get(ct, p),
            });
          }
        : Reflect.get(target, prop),
  });
  const { postItemEmbedder } = await import('../src/engine/embedded');
  const pageRules = (await import('../src/engine')).POST_TYPE_BEHAVIOURS().get('page')!;
  const urls = [top.id, secret.id, draft.id, 999999].map((id) => new URL(`${REST}/pages/${id}`));
  const got = await postItemEmbedder(pageRules).load(urls, { ...ctx(null), store: counting } as unknown as RestRequest);
  expect(finds).toBeLessThanOrEqual(3);
  expect(got.get(urls[3]!.href)).toMatchObject({ code: 'rest_post_invalid_id', data: { status: 404 } });
});
