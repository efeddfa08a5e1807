import request from 'supertest';
import { z } from 'zod';
import { READABLE, endpoint, namespaceRoute, route } from '@loom/contracts';
import { openStore, type Store } from '@loom/store';
import {
  bind,
  createLogger,
  createServiceApp,
  forbidden,
  links,
  testConfig,
  type Embedder,
  type ServiceDefinition,
} from '../src';

const NS = 'emb/v1';
const REST = 'http://loom.test/rest';
const authors = route(NS, `/${NS}/authors/<id>`, {
  read: endpoint(READABLE, {
    id: z.number().int().optional(),
    context: z.enum(['view', 'embed', 'edit']).default('view'),
  }),
});
const tags = route(NS, `/${NS}/tags`, {
  list: endpoint(READABLE, {
    post: z.number().int().optional(),
    per_page: z.number().int().min(1).max(100).default(10),
    context: z.enum(['view', 'embed', 'edit']).default('view'),
  }),
});
const posts = route(NS, `/${NS}/posts`, { list: endpoint(READABLE, {}) });

let authorReads = 0;
let tagLoads = 0;
const seen: string[] = [];
const post = (id: number, author: number) => ({
  id,
  _links: links({
    self: `${REST}/${NS}/posts/${id}`,
    author: { embeddable: true, href: `${REST}/${NS}/authors/${author}` },
    'https://api.w.org/term': [{ embeddable: true, href: `${REST}/${NS}/tags?post=${id}`, taxonomy: 'tag' }],
    'wp:attachment': { href: `${REST}/${NS}/media?parent=${id}` },
  }),
});

/** Tags of posts, loaded for every post of the page in one go. */
const tagEmbedder: Embedder = {
  match: (url) => url.pathname === `/rest/${NS}/tags`,
  async load(urls) {
    tagLoads++;
    return new Map(urls.map((u) => [u.href, [{ id: Number(u.searchParams.get('post')) * 10, name: 'tag' }]]));
  },
};

const def: ServiceDefinition = {
  name: 'emb',
  namespaces: [NS],
  routes: [namespaceRoute(NS), authors, tags, posts],
  embedders: [tagEmbedder],
  bindings: [
    bind(
      authors.endpoints.read,
      (req) =>
        req.params.id === 99
          ? forbidden(req.user, 'rest_user_cannot_view', 'Sorry, you are not allowed to list users.')
          : true,
      (req) => {
        authorReads++;
        seen.push(`${req.params.context}`);
        return { body: { id: req.params.id, name: `author ${req.params.id}` } };
      },
    ),
    bind(tags.endpoints.list, null, (req) => {
      seen.push(`tags per_page=${req.params.per_page}`);
      return { body: [] };
    }),
    bind(posts.endpoints.list, null, () => ({ body: [post(1, 7), post(2, 7), post(3, 99)] })),
  ],
};

let store: Store;
let app: ReturnType<typeof createServiceApp>;
beforeAll(async () => {
  const config = testConfig('core-content');
  store = await openStore({ service: 'emb', dataDir: config.dataDir });
  app = createServiceApp(def, { config, store, log: createLogger('t', 'silent') });
});
afterAll(() => store.close());
beforeEach(() => {
  authorReads = 0;
  tagLoads = 0;
  seen.length = 0;
});

test('_embed places embeddable links under _embedded, each distinct href resolved once, embed context', async () => {
  const r = await request(app).get(`/rest/${NS}/posts?_embed`);
  expect(r.status).toBe(200);
  expect(r.body[0]._embedded.author).toEqual([{ id: 7, name: 'author 7' }]);
  expect(r.body[0]._embedded['wp:term']).toEqual([[{ id: 10, name: 'tag' }]]);
  expect(r.body[1]._embedded['wp:term']).toEqual([[{ id: 20, name: 'tag' }]]);
  // Author 7 is linked twice but read once (author 99 is refused before its handler runs); the tags of all
  // three posts came from one load.
  expect(authorReads).toBe(1);
  expect(tagLoads).toBe(1);
  expect(seen).toEqual(['embed']);
  // Not embeddable: no _embedded entry. An error is embedded as its body.
  expect(r.body[0]._embedded['wp:attachment']).toBeUndefined();
  expect(r.body[2]._embedded.author).toEqual([
    { code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to list users.', data: { status: 401 } },
  ]);
});

test('_embed with a list of rels embeds only those; absent embeds nothing; _fields must ask for links', async () => {
  const only = await request(app).get(`/rest/${NS}/posts?_embed=author`);
  expect(Object.keys(only.body[0]._embedded)).toEqual(['author']);
  expect(tagLoads).toBe(0);
  const none = await request(app).get(`/rest/${NS}/posts`);
  expect(none.body[0]._embedded).toBeUndefined();
  const fieldsOnly = await request(app).get(`/rest/${NS}/posts?_embed&_fields=id`);
  expect(fieldsOnly.body[0]).toEqual({ id: 1 });
  expect(authorReads).toBe(1);
  const withEmbedded = await request(app).get(`/rest/${NS}/posts?_embed=author&_fields=id,_embedded`);
  expect(withEmbedded.body[0]).toEqual({ id: 1, _embedded: { author: [{ id: 7, name: 'author 7' }] } });
});
