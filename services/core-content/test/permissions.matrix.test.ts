/**
 * The permission matrix: every route that exists × {anonymous, subscriber, contributor, author, editor,
 * administrator}, checking the status each caller gets (WordPress's 401-anonymous / 403-signed-in rule
 * included). Each cell acts on its own fixture, so no cell depends on another's writes.
 */
import request from 'supertest';
import type { Role } from '@loom/contracts';
import { asRole } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { insertUser, startCore } from './helpers';

type Caller = Role | null;
const CALLERS: Caller[] = [null, 'subscriber', 'contributor', 'author', 'editor', 'administrator'];
const label = (c: Caller) => c ?? 'anonymous';

let app: Awaited<ReturnType<typeof startCore>>['app'];
let store: Store;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, store, close } = await startCore());
});
afterAll(() => close());

let seq = 0;
const unique = (p: string) => `${p}-${++seq}`;
const admin = asRole('administrator');
const made = async (path: string, body: Record<string, unknown>) => (await request(app).post(`/rest/core/v2/${path}`).set(admin).send(body)).body.id as number;
const otherUser = async () => (await insertUser(store, unique('other'), ['subscriber'])).id;

interface Row {
  name: string;
  method: 'get' | 'post' | 'delete';
  /** The path under /rest/core/v2, prepared per cell (fixtures are created here). */
  path: () => Promise<string> | string;
  body?: () => Record<string, unknown>;
  /** Expected status for anonymous, subscriber, contributor, author, editor, administrator. */
  expect: [number, number, number, number, number, number];
}

const post = (status: string, extra: Record<string, unknown> = {}) => made('posts', { title: unique('p'), status, ...extra });

const ROWS: Row[] = [
  { name: 'list posts', method: 'get', path: () => 'posts', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'list posts, edit context', method: 'get', path: () => 'posts?context=edit', expect: [401, 403, 200, 200, 200, 200] },
  { name: 'list draft posts', method: 'get', path: () => 'posts?status=draft', expect: [400, 400, 200, 200, 200, 200] },
  { name: 'list private posts', method: 'get', path: () => 'posts?status=private', expect: [400, 400, 200, 200, 200, 200] },
  { name: 'read a published post', method: 'get', path: async () => `posts/${await post('publish')}`, expect: [200, 200, 200, 200, 200, 200] },
  { name: "read someone else's draft", method: 'get', path: async () => `posts/${await post('draft')}`, expect: [401, 403, 403, 403, 200, 200] },
  { name: "read someone else's private post", method: 'get', path: async () => `posts/${await post('private')}`, expect: [401, 403, 403, 403, 200, 200] },
  { name: 'read a published post, edit context', method: 'get', path: async () => `posts/${await post('publish')}?context=edit`, expect: [401, 403, 403, 403, 200, 200] },
  { name: 'create a draft post', method: 'post', path: () => 'posts', body: () => ({ title: unique('t') }), expect: [401, 403, 201, 201, 201, 201] },
  { name: 'create a published post', method: 'post', path: () => 'posts', body: () => ({ title: unique('t'), status: 'publish' }), expect: [401, 403, 403, 201, 201, 201] },
  { name: 'create a private post', method: 'post', path: () => 'posts', body: () => ({ title: unique('t'), status: 'private' }), expect: [401, 403, 403, 201, 201, 201] },
  { name: 'create a sticky post', method: 'post', path: () => 'posts', body: () => ({ title: unique('t'), status: 'publish', sticky: true }), expect: [401, 403, 403, 201, 201, 201] },
  { name: 'create a post for another author', method: 'post', path: () => 'posts', body: () => ({ title: unique('t'), author: 1 }), expect: [401, 403, 403, 403, 201, 201] },
  { name: "update someone else's post", method: 'post', path: async () => `posts/${await post('publish')}`, body: () => ({ title: unique('u') }), expect: [401, 403, 403, 403, 200, 200] },
  { name: "trash someone else's post", method: 'delete', path: async () => `posts/${await post('publish')}`, expect: [401, 403, 403, 403, 200, 200] },
  { name: "delete someone else's post", method: 'delete', path: async () => `posts/${await post('draft')}?force=true`, expect: [401, 403, 403, 403, 200, 200] },
  { name: 'list pages', method: 'get', path: () => 'pages', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'create a page', method: 'post', path: () => 'pages', body: () => ({ title: unique('pg') }), expect: [401, 403, 403, 403, 201, 201] },
  { name: 'update a page', method: 'post', path: async () => `pages/${await made('pages', { title: unique('pg'), status: 'publish' })}`, body: () => ({ title: unique('u') }), expect: [401, 403, 403, 403, 200, 200] },
  { name: 'list categories', method: 'get', path: () => 'categories', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'list categories, edit context', method: 'get', path: () => 'categories?context=edit', expect: [401, 403, 403, 403, 200, 200] },
  { name: 'read category', method: 'get', path: () => 'categories/1', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'read category, edit context', method: 'get', path: () => 'categories/1?context=edit', expect: [401, 403, 403, 403, 200, 200] },
  { name: 'create category', method: 'post', path: () => 'categories', body: () => ({ name: unique('cat') }), expect: [401, 403, 403, 403, 201, 201] },
  { name: 'update category', method: 'post', path: async () => `categories/${await made('categories', { name: unique('c') })}`, body: () => ({ description: 'd' }), expect: [401, 403, 403, 403, 200, 200] },
  { name: 'delete category', method: 'delete', path: async () => `categories/${await made('categories', { name: unique('c') })}?force=true`, expect: [401, 403, 403, 403, 200, 200] },
  { name: 'list tags', method: 'get', path: () => 'tags', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'create tag (assign_terms)', method: 'post', path: () => 'tags', body: () => ({ name: unique('tag') }), expect: [401, 403, 201, 201, 201, 201] },
  { name: 'update tag', method: 'post', path: async () => `tags/${await made('tags', { name: unique('t') })}`, body: () => ({ name: unique('n') }), expect: [401, 403, 403, 403, 200, 200] },
  { name: 'delete tag', method: 'delete', path: async () => `tags/${await made('tags', { name: unique('t') })}?force=true`, expect: [401, 403, 403, 403, 200, 200] },
  { name: 'list types', method: 'get', path: () => 'types', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'list types, edit context', method: 'get', path: () => 'types?context=edit', expect: [401, 403, 200, 200, 200, 200] },
  { name: 'read page type, edit context', method: 'get', path: () => 'types/page?context=edit', expect: [401, 403, 403, 403, 200, 200] },
  { name: 'list statuses', method: 'get', path: () => 'statuses', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'read draft status', method: 'get', path: () => 'statuses/draft', expect: [401, 403, 200, 200, 200, 200] },
  { name: 'list taxonomies, edit context', method: 'get', path: () => 'taxonomies?context=edit', expect: [401, 403, 200, 200, 200, 200] },
  { name: 'read nav_menu taxonomy, edit context', method: 'get', path: () => 'taxonomies/nav_menu?context=edit', expect: [401, 403, 403, 403, 403, 200] },
  { name: 'list users', method: 'get', path: () => 'users', expect: [200, 200, 200, 200, 200, 200] },
  { name: 'list users, edit context', method: 'get', path: () => 'users?context=edit', expect: [401, 403, 403, 403, 403, 200] },
  { name: 'read another user without posts', method: 'get', path: async () => `users/${await otherUser()}`, expect: [401, 403, 403, 403, 403, 200] },
  { name: 'read me', method: 'get', path: () => 'users/me', expect: [401, 200, 200, 200, 200, 200] },
  { name: 'create user', method: 'post', path: () => 'users', body: () => ({ username: unique('u'), email: `${unique('e')}@example.com`, password: 'a-long-password' }), expect: [401, 403, 403, 403, 403, 201] },
  { name: 'update another user', method: 'post', path: async () => `users/${await otherUser()}`, body: () => ({ name: 'New Name' }), expect: [401, 403, 403, 403, 403, 200] },
  { name: 'update me', method: 'post', path: () => 'users/me', body: () => ({ description: 'about me' }), expect: [404, 200, 200, 200, 200, 200] },
  { name: 'delete another user', method: 'delete', path: async () => `users/${await otherUser()}?force=true&reassign=false`, expect: [401, 403, 403, 403, 403, 200] },
  { name: 'list my application passwords', method: 'get', path: () => 'users/me/application-passwords', expect: [401, 200, 200, 200, 200, 200] },
  { name: 'create my application password', method: 'post', path: () => 'users/me/application-passwords', body: () => ({ name: unique('app') }), expect: [401, 201, 201, 201, 201, 201] },
  { name: "list another user's application passwords", method: 'get', path: async () => `users/${await otherUser()}/application-passwords`, expect: [401, 403, 403, 403, 403, 200] },
  { name: "create another user's application password", method: 'post', path: async () => `users/${await otherUser()}/application-passwords`, body: () => ({ name: unique('app') }), expect: [401, 403, 403, 403, 403, 201] },
];

describe.each(ROWS)('$name', (row) => {
  test.each(CALLERS.map((c, i) => [label(c), c, row.expect[i]!] as const))('%s → %i', async (_label, caller, status) => {
    const path = await row.path();
    let req = request(app)[row.method](`/rest/core/v2/${path}`).set(asRole(caller));
    if (row.body) req = req.send(row.body());
    const r = await req;
    expect({ status: r.status, code: r.status >= 400 ? r.body.code : undefined }).toEqual({ status, code: r.status >= 400 ? expect.any(String) : undefined });
  });
});
