/**
 * Issue 27: node-wpapi (the `wpapi` package, unmodified) against the whole site through the /wp-json face, as a
 * WordPress client uses it: discover() from the site's address (the front page's Link, then the face's index), the
 * wp/v2 shortcuts it builds from the index's routes, lists with their paging (from X-WP-Total and the Link header),
 * and a post's create, read, update and delete with an application password. discover() falls back to its built-in
 * routes when the index cannot be used, so the suite checks it did not: no error logged, and routes that only the
 * index names (tribe/events/v1, menu-items, templates) are there.
 */
import { basic, createAppPassword, createUser, image, startSite, type Site } from '@loom/testing';

// node-wpapi ships CommonJS without types: what this suite uses of it.
interface Paging {
  total: number;
  totalPages: number;
  next?: WpRequest;
}
interface WpRequest extends PromiseLike<unknown> {
  id(id: number): WpRequest;
  perPage(n: number): WpRequest;
  param(name: string, value: unknown): WpRequest;
  toString(): string;
  get(): Promise<unknown>;
  create(body: object): Promise<Record<string, unknown>>;
  update(body: object): Promise<Record<string, unknown>>;
  delete(): Promise<Record<string, unknown>>;
}
type Handler = () => WpRequest;
interface Wpapi {
  auth(credentials: { username: string; password: string }): Wpapi;
  namespace(name: string): Record<string, Handler>;
  [resource: string]: unknown;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const WPAPI = require('wpapi') as { discover(url: string): Promise<Wpapi> };

jest.setTimeout(120_000);

let site: Site;
let login: string;
let password: string;
let wp: Wpapi;
const said: unknown[] = [];

beforeAll(async () => {
  site = await startSite();
  const core = site.services['core-content'].url;
  const admin = await createUser(core, 'administrator');
  login = admin.login;
  password = (await createAppPassword(core, admin)).password;
  // A picture for the media list.
  const upload = await fetch(`${site.url}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: {
      ...basic(login, password),
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="a.png"',
    },
    body: await image(20, 20, { format: 'png' }),
  });
  expect(upload.status).toBe(201);
  // What discover() says when it gives up on the index and binds to its built-in routes.
  const keep = (...args: unknown[]) => said.push(args);
  jest.spyOn(console, 'error').mockImplementation(keep);
  jest.spyOn(console, 'warn').mockImplementation(keep);
  wp = (await WPAPI.discover(site.url)).auth({ username: login, password });
});
afterAll(async () => {
  jest.restoreAllMocks();
  await site?.close();
});

const shortcut = (name: string) => (wp[name] as Handler)();

test('discover() reads the /wp-json/ index (no fallback) and builds every namespace’s routes from it', () => {
  expect(said).toEqual([]);
  expect(shortcut('posts').toString()).toBe(`${site.url}/wp-json/wp/v2/posts`);
  for (const name of [
    'posts',
    'pages',
    'media',
    'categories',
    'tags',
    'users',
    'menus',
    'menu-items',
    'templates',
    'blocks',
  ])
    expect({ name, kind: typeof wp[name] }).toEqual({ name, kind: 'function' });
  expect(wp.namespace('tribe/events/v1').events!().toString()).toBe(`${site.url}/wp-json/tribe/events/v1/events`);
  expect(wp.namespace('contact-form-7/v1')['contact-forms']!().toString()).toBe(
    `${site.url}/wp-json/contact-form-7/v1/contact-forms`,
  );
  expect(() => wp.namespace('core/v2')).toThrow();
});

test('lists of posts, pages, categories and media answer, with paging from X-WP-Total and Link', async () => {
  for (let i = 0; i < 3; i++) await shortcut('posts').create({ title: `Listed ${i}`, status: 'publish' });
  await shortcut('pages').create({ title: 'A page', status: 'publish' });
  for (const name of ['posts', 'pages', 'categories', 'media']) {
    const list = (await shortcut(name).get()) as Array<{ id: number }>;
    expect({ name, list: Array.isArray(list) && list.length > 0 }).toEqual({ name, list: true });
  }
  const first = (await shortcut('posts').perPage(1).get()) as Array<{ id: number }> & { _paging: Paging };
  expect(first._paging.total).toBeGreaterThanOrEqual(3);
  expect(first._paging.totalPages).toBe(first._paging.total);
  // The next page is the Link header's URL: the face's.
  expect(first._paging.next!.toString()).toMatch(`${site.url}/wp-json/wp/v2/posts?`);
  const second = (await first._paging.next!.get()) as Array<{ id: number }>;
  expect(second).toHaveLength(1);
  expect(second[0]!.id).not.toBe(first[0]!.id);
});

test('a post created, read, updated and deleted through node-wpapi, unmodified', async () => {
  const made = await shortcut('posts').create({ title: 'From node-wpapi', content: 'Hello', status: 'publish' });
  const id = made.id as number;
  expect((made._links as { self: Array<{ href: string }> }).self[0]!.href).toBe(
    `${site.url}/wp-json/wp/v2/posts/${id}`,
  );
  const read = (await shortcut('posts').id(id).get()) as { title: { rendered: string } };
  expect(read.title.rendered).toBe('From node-wpapi');
  const updated = await shortcut('posts').id(id).update({ title: 'Updated by node-wpapi' });
  expect((updated.title as { raw: string }).raw).toBe('Updated by node-wpapi');
  const gone = await shortcut('posts').id(id).param('force', true).delete();
  expect(gone.deleted).toBe(true);
  await expect(shortcut('posts').id(id).get()).rejects.toMatchObject({ code: 'rest_post_invalid_id' });
  // A term and a menu item through their shortcuts too.
  expect((await shortcut('categories').create({ name: 'From node-wpapi' })).name).toBe('From node-wpapi');
  const item = await shortcut('menu-items').create({ title: 'Home', url: 'https://example.com/', status: 'publish' });
  expect(item.url).toBe('https://example.com/');
});

test('pages, categories, tags, menu items and templates: create, read, update and delete through their shortcuts', async () => {
  const cases: Array<[string, object, object, (r: Record<string, unknown>) => unknown]> = [
    [
      'pages',
      { title: 'A wpapi page', status: 'publish' },
      { title: 'Renamed page' },
      (r) => (r.title as { raw: string }).raw,
    ],
    ['categories', { name: 'wpapi category' }, { name: 'Renamed category' }, (r) => r.name],
    ['tags', { name: 'wpapi tag' }, { name: 'Renamed tag' }, (r) => r.name],
    [
      'menu-items',
      { title: 'Docs', url: 'https://example.com/docs', status: 'publish' },
      { title: 'Manual' },
      (r) => (r.title as { raw: string }).raw,
    ],
    [
      'templates',
      { slug: 'wpapi-template', title: 'From wpapi', content: '<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph -->' },
      { title: 'Renamed template' },
      (r) => (r.title as { raw: string }).raw,
    ],
  ];
  for (const [name, body, change, read] of cases) {
    const made = await shortcut(name).create(body);
    const id = made.id as number;
    expect({ name, id: made.id }).toEqual({ name, id: expect.anything() });
    const got = (await shortcut(name).id(id).get()) as Record<string, unknown>;
    expect({ name, id: got.id }).toEqual({ name, id: made.id });
    const updated = await shortcut(name).id(id).update(change);
    expect({ name, value: read(updated) }).toEqual({ name, value: Object.values(change)[0] });
    const gone = await shortcut(name).id(id).param('force', true).delete();
    expect({ name, deleted: gone.deleted }).toEqual({ name, deleted: true });
  }
});
