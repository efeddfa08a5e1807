import request from 'supertest';
import { asRole, TEST_USER_IDS } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { verifyPassword } from '../src/resources/users/passwords';
import { USERS, type UserDoc } from '../src/resources/users/repository';
import { as, insertUser, startCore } from './helpers';

let app: Awaited<ReturnType<typeof startCore>>['app'];
let store: Store;
let close: () => Promise<void>;

const admin = asRole('administrator');
const editor = asRole('editor');
const author = asRole('author');
const contributor = asRole('contributor');
const subscriber = asRole('subscriber');

beforeEach(async () => {
  ({ app, store, close } = await startCore());
});
afterEach(() => close());

const U = '/rest/core/v2/users';
const stored = (id: number) => store.collection<UserDoc>(USERS).findOne({ id });
const post = (author: number, status = 'publish', type = 'post', id = Math.floor(Math.random() * 1e6)) =>
  store.collection('posts').insert({ id, author, status, type });
const create = (body: Record<string, unknown>, who = admin) => request(app).post(U).set(who).send(body);

const VIEW_KEYS = ['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', 'meta', '_links'];
const EDIT_KEYS = [
  'id',
  'username',
  'name',
  'first_name',
  'last_name',
  'email',
  'url',
  'description',
  'link',
  'locale',
  'nickname',
  'slug',
  'roles',
  'registered_date',
  'capabilities',
  'extra_capabilities',
  'avatar_urls',
  'meta',
  '_links',
];

describe('users/me', () => {
  test('anonymous: 401 rest_not_logged_in, Allow GET only (sample 54)', async () => {
    const r = await request(app).get(`${U}/me`);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({
      code: 'rest_not_logged_in',
      message: 'You are not currently logged in.',
      data: { status: 401 },
    });
    expect(r.headers.allow).toBe('GET');
  });

  test('signed in: the caller in view context, as sample 24, with no-cache headers', async () => {
    const r = await request(app).get(`${U}/me`).set(subscriber);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(VIEW_KEYS);
    expect(r.body).toMatchObject({
      id: TEST_USER_IDS.subscriber,
      name: 'subscriber',
      slug: 'subscriber',
      url: '',
      description: '',
      link: 'http://loom.test/author/subscriber/',
      meta: [],
    });
    expect(Object.keys(r.body.avatar_urls)).toEqual(['24', '48', '96']);
    expect(r.body.avatar_urls['24']).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{64}\?s=24&d=mm&r=g$/);
    expect(r.body._links).toEqual({
      self: [{ href: `http://loom.test${U}/5` }],
      collection: [{ href: `http://loom.test${U}` }],
    });
    expect(r.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0');
    expect(r.headers.allow).toBe('GET, POST, PUT, PATCH');
  });

  test('edit context of oneself: email, roles, capabilities; never a password or hash', async () => {
    const r = await request(app).get(`${U}/me?context=edit`).set(subscriber);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(EDIT_KEYS);
    expect(r.body).toMatchObject({
      username: 'subscriber',
      email: 'subscriber@example.com',
      roles: ['subscriber'],
      locale: 'en_US',
      nickname: 'subscriber',
    });
    expect(r.body.registered_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(r.body.capabilities).toEqual({ read: true, level_0: true, subscriber: true });
    expect(r.body.extra_capabilities).toEqual({ subscriber: true });
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/);
  });

  test('embed context keeps the embeddable fields only', async () => {
    const r = await request(app).get(`${U}/me?context=embed`).set(author);
    expect(Object.keys(r.body)).toEqual(['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', '_links']);
  });

  test('update and delete of me: anonymous is rest_user_invalid_id 404 (user 0), as WordPress', async () => {
    const u = await request(app).post(`${U}/me`).send({ name: 'x' });
    expect(u.status).toBe(404);
    expect(u.body.code).toBe('rest_user_invalid_id');
    const d = await request(app).delete(`${U}/me?force=true&reassign=false`);
    expect(d.body).toEqual({ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
  });

  test('a subscriber edits their own profile through me', async () => {
    const r = await request(app)
      .post(`${U}/me`)
      .set(subscriber)
      .send({ first_name: 'Sam', last_name: 'Scriber', name: 'Sam S.', url: 'sam.example.org' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      first_name: 'Sam',
      last_name: 'Scriber',
      name: 'Sam S.',
      url: 'http://sam.example.org',
      email: 'subscriber@example.com',
    });
  });
});

describe('reading users: who may see whom', () => {
  test('unknown id is rest_user_invalid_id 404', async () => {
    const r = await request(app).get(`${U}/999`).set(admin);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
  });

  test('a user without published content is private: 401 anonymous, 403 subscriber, 200 for administrators', async () => {
    const path = `${U}/${TEST_USER_IDS.author}`;
    expect((await request(app).get(path)).body).toEqual({
      code: 'rest_user_cannot_view',
      message: 'Sorry, you are not allowed to list users.',
      data: { status: 401 },
    });
    expect((await request(app).get(path).set(subscriber)).status).toBe(403);
    expect((await request(app).get(path).set(editor)).status).toBe(403);
    const r = await request(app).get(path).set(admin);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(VIEW_KEYS);
  });

  test('an author of published content is public in view context; drafts and private posts do not count for the public', async () => {
    const path = `${U}/${TEST_USER_IDS.author}`;
    await post(TEST_USER_IDS.author, 'draft');
    expect((await request(app).get(path)).status).toBe(401);
    await post(TEST_USER_IDS.author, 'private');
    expect((await request(app).get(path)).status).toBe(401);
    // Editors may read private posts, so a private post's author is visible to them.
    expect((await request(app).get(path).set(editor)).status).toBe(200);
    await post(TEST_USER_IDS.author, 'publish', 'page');
    const r = await request(app).get(path);
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('email');
    expect(r.body).not.toHaveProperty('roles');
  });

  test('edit context of someone else needs list_users', async () => {
    await post(TEST_USER_IDS.author);
    const path = `${U}/${TEST_USER_IDS.author}?context=edit`;
    expect((await request(app).get(path)).status).toBe(401);
    const ed = await request(app).get(path).set(editor);
    expect(ed.status).toBe(403);
    expect(ed.body.code).toBe('rest_user_cannot_view');
    const ad = await request(app).get(path).set(admin);
    expect(ad.status).toBe(200);
    expect(ad.body).toMatchObject({ email: 'author@example.com', roles: ['author'], username: 'author' });
    // Oneself, always.
    expect((await request(app).get(path).set(author)).body.email).toBe('author@example.com');
  });
});

describe('listing users', () => {
  test('anonymous and non-administrators see only authors of published content', async () => {
    const empty = await request(app).get(U);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['x-wp-total']).toBe('0');
    expect(empty.headers['x-wp-totalpages']).toBe('0');
    await post(TEST_USER_IDS.editor);
    await post(TEST_USER_IDS.contributor, 'draft');
    await post(TEST_USER_IDS.subscriber, 'inherit', 'attachment');
    for (const who of [{}, subscriber, editor]) {
      const r = await request(app).get(U).set(who);
      expect(r.body.map((u: { id: number }) => u.id)).toEqual([TEST_USER_IDS.editor]);
      expect(r.headers['x-wp-total']).toBe('1');
    }
  });

  test('administrators list everyone, ordered by name, with pagination headers', async () => {
    const r = await request(app).get(`${U}?per_page=2`).set(admin);
    expect(r.status).toBe(200);
    expect(r.body.map((u: { slug: string }) => u.slug)).toEqual(['administrator', 'author']);
    expect(r.headers['x-wp-total']).toBe('5');
    expect(r.headers['x-wp-totalpages']).toBe('3');
    expect(r.headers.link).toBe(`<http://loom.test${U}?per_page=2&page=2>; rel="next"`);
    const last = await request(app).get(`${U}?per_page=2&page=3&orderby=id&order=desc`).set(admin);
    expect(last.body.map((u: { id: number }) => u.id)).toEqual([1]);
    const past = await request(app).get(`${U}?page=9`).set(admin);
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
  });

  test('filters: include/exclude, slug, roles, search (columns depend on list_users)', async () => {
    const ids = (r: request.Response) => r.body.map((u: { id: number }) => u.id).sort();
    expect(ids(await request(app).get(`${U}?include=2,3&orderby=include`).set(admin))).toEqual([2, 3]);
    expect(
      (await request(app).get(`${U}?include=3,2&orderby=include`).set(admin)).body.map((u: { id: number }) => u.id),
    ).toEqual([3, 2]);
    expect(ids(await request(app).get(`${U}?exclude=1,2,3`).set(admin))).toEqual([4, 5]);
    expect(ids(await request(app).get(`${U}?slug=editor,author`).set(admin))).toEqual([2, 3]);
    expect(ids(await request(app).get(`${U}?roles=editor,subscriber`).set(admin))).toEqual([2, 5]);
    expect(ids(await request(app).get(`${U}?capabilities=edit_others_posts`).set(admin))).toEqual([1, 2]);
    expect(ids(await request(app).get(`${U}?search=example.com`).set(admin))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(await request(app).get(`${U}?search=4`).set(admin))).toEqual([4]);
    // Without list_users an email address is not searchable (it would reveal addresses).
    await post(TEST_USER_IDS.author);
    expect(ids(await request(app).get(`${U}?search=example.com`))).toEqual([]);
    expect(ids(await request(app).get(`${U}?search=auth`))).toEqual([3]);
    // A term too long for any column matches nobody; one of 100 KB answered 500 (V8: "Regular expression too large").
    const huge = await request(app)
      .get(U)
      .set(admin)
      .send({ search: 'x'.repeat(100_000) });
    expect([huge.status, huge.body]).toEqual([200, []]);
    expect(
      (
        await request(app)
          .get(U)
          .send({ search: `*${'é'.repeat(1000)}*` })
      ).status,
    ).toBe(200);
  });

  test('permission errors for role/capability filters, edit context, private orderings and who=authors', async () => {
    const roles = await request(app).get(`${U}?roles=editor`).set(subscriber);
    expect(roles.body).toEqual({
      code: 'rest_user_cannot_view',
      message: 'Sorry, you are not allowed to filter users by role.',
      data: { status: 403 },
    });
    const caps = await request(app).get(`${U}?capabilities=read`);
    expect(caps.body).toEqual({
      code: 'rest_user_cannot_view',
      message: 'Sorry, you are not allowed to filter users by capability.',
      data: { status: 401 },
    });
    const edit = await request(app).get(`${U}?context=edit`).set(editor);
    expect(edit.body).toEqual({
      code: 'rest_forbidden_context',
      message: 'Sorry, you are not allowed to list users.',
      data: { status: 403 },
    });
    const order = await request(app).get(`${U}?orderby=email`);
    expect(order.body).toEqual({
      code: 'rest_forbidden_orderby',
      message: 'Sorry, you are not allowed to order users by this parameter.',
      data: { status: 401 },
    });
    const who = await request(app).get(`${U}?who=authors`).set(subscriber);
    expect(who.body).toEqual({
      code: 'rest_forbidden_who',
      message: 'Sorry, you are not allowed to query users by this parameter.',
      data: { status: 403 },
    });
    const authors = await request(app).get(`${U}?who=authors`).set(contributor);
    expect(authors.status).toBe(200);
    expect(authors.body.map((u: { id: number }) => u.id).sort()).toEqual([1, 2, 3, 4]);
    const ok = await request(app).get(`${U}?context=edit&orderby=registered_date`).set(admin);
    expect(ok.status).toBe(200);
    expect(ok.body[0]).toHaveProperty('email');
  });
});

describe('creating users', () => {
  const alice = { username: 'alice', email: 'Alice@Example.org', password: 'correct horse battery staple' };

  test('anonymous 401 and editors 403 rest_cannot_create_user; nothing stored', async () => {
    const anon = await create(alice, {});
    expect(anon.body).toEqual({
      code: 'rest_cannot_create_user',
      message: 'Sorry, you are not allowed to create new users.',
      data: { status: 401 },
    });
    expect((await create(alice, editor)).status).toBe(403);
    expect(await store.collection(USERS).count({})).toBe(5);
  });

  test('administrators: 201, Location, edit context, default role; password stored as scrypt and never returned', async () => {
    const r = await create(alice);
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`http://loom.test${U}/${r.body.id}`);
    expect(Object.keys(r.body)).toEqual(EDIT_KEYS);
    expect(r.body).toMatchObject({
      username: 'alice',
      name: 'alice',
      nickname: 'alice',
      slug: 'alice',
      email: 'Alice@Example.org',
      roles: ['subscriber'],
      url: '',
      locale: 'en_US',
    });
    expect(JSON.stringify(r.body)).not.toContain(alice.password);
    expect(JSON.stringify(r.body)).not.toMatch(/scrypt|password/);
    const doc = (await stored(r.body.id))!;
    expect(doc.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(JSON.stringify(doc)).not.toContain(alice.password);
    expect(await verifyPassword(alice.password, doc.password_hash)).toBe(true);
    expect(await verifyPassword('wrong', doc.password_hash)).toBe(false);
  });

  test('names, roles and slug: display name from first/last, roles given, slugs made unique', async () => {
    const r = await create({ ...alice, first_name: 'Alice', last_name: 'Liddell', roles: ['author'], slug: 'Editor' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Alice Liddell', roles: ['author'], slug: 'editor-2' });
    expect(r.body.capabilities).toMatchObject({ publish_posts: true, author: true });
  });

  test('missing and invalid parameters are 400s, before the permission check', async () => {
    const missing = await create({}, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): username, email, password',
      data: { status: 400, params: ['username', 'email', 'password'] },
    });
    const bad = await create({ ...alice, username: 'bad name!' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    expect(bad.body.data.params.username).toBe(
      'This username is invalid because it uses illegal characters. Please enter a valid username.',
    );
    expect(bad.body.data.details.username).toEqual({
      code: 'rest_user_invalid_username',
      message: bad.body.data.params.username,
      data: { status: 400 },
    });
    const pw = await create({ ...alice, password: 'back\\slash' });
    expect(pw.body.data.details.password).toEqual({
      code: 'rest_user_invalid_password',
      message: 'Passwords cannot contain the "\\" character.',
      data: { status: 400 },
    });
    const email = await create({ ...alice, email: 'not-an-email' });
    expect(email.body.data.details.email.code).toBe('rest_invalid_email');
    const role = await create({ ...alice, roles: ['overlord'] });
    expect(role.body).toEqual({
      code: 'rest_user_invalid_role',
      message: 'The role overlord does not exist.',
      data: { status: 400 },
    });
    expect(await store.collection(USERS).count({})).toBe(5);
  });

  test("duplicate login or email (any case) is WordPress's 500 with data null", async () => {
    expect((await create(alice)).status).toBe(201);
    const login = await create({ ...alice, username: 'ALICE', email: 'other@example.org' });
    expect(login.status).toBe(500);
    expect(login.body).toEqual({
      code: 'existing_user_login',
      message: 'Sorry, that username already exists!',
      data: null,
    });
    const email = await create({ ...alice, username: 'alice2', email: 'alice@example.ORG' });
    expect(email.status).toBe(500);
    expect(email.body).toEqual({
      code: 'existing_user_email',
      message: 'Sorry, that email address is already used!',
      data: null,
    });
    expect(await store.collection(USERS).count({})).toBe(6);
  });

  test('no users route allows batching, as spec 4.1 and WordPress 6.1 (index and OPTIONS)', async () => {
    const ns = await request(app).get('/rest/core/v2');
    const routes = ns.body.routes;
    expect(Object.keys(routes)).toEqual(
      expect.arrayContaining([
        '/core/v2/users',
        '/core/v2/users/(?P<id>[\\d]+)',
        '/core/v2/users/me',
        '/core/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords',
      ]),
    );
    expect(routes['/core/v2/users'].endpoints[1].methods).toEqual(['POST']);
    for (const e of routes['/core/v2/users'].endpoints) expect(e).not.toHaveProperty('allow_batch');
    expect(routes['/core/v2/users'].endpoints[1].args.username).toEqual({
      description: 'Login name for the user.',
      type: 'string',
      required: true,
    });
    expect(routes['/core/v2/users/(?P<id>[\\d]+)'].endpoints[2].args.reassign).toEqual({
      type: 'integer',
      description: "Reassign the deleted user's posts and links to this user ID.",
      required: true,
    });
    expect(routes['/core/v2/users/(?P<id>[\\d]+)'].endpoints[0]).not.toHaveProperty('allow_batch');
    const options = await request(app).options(`${U}/me`);
    expect(options.body.schema.title).toBe('user');
    expect(options.body.schema.properties.password).toMatchObject({ context: [] });
  });
});

describe('updating users', () => {
  const path = (id: number) => `${U}/${id}`;

  test('oneself yes, others no (401/403 rest_cannot_edit), administrators anyone', async () => {
    const self = await request(app).put(path(TEST_USER_IDS.author)).set(author).send({ description: 'I write.' });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ description: 'I write.', email: 'author@example.com' });
    const other = await request(app).put(path(TEST_USER_IDS.editor)).set(author).send({ description: 'x' });
    expect(other.body).toEqual({
      code: 'rest_cannot_edit',
      message: 'Sorry, you are not allowed to edit this user.',
      data: { status: 403 },
    });
    expect((await request(app).put(path(TEST_USER_IDS.editor)).send({ description: 'x' })).status).toBe(401);
    const byAdmin = await request(app).patch(path(TEST_USER_IDS.editor)).set(admin).send({ nickname: 'Ed' });
    expect(byAdmin.body.nickname).toBe('Ed');
  });

  test('markup in a description is kept for unfiltered_html callers only', async () => {
    const own = await request(app)
      .post(path(TEST_USER_IDS.author))
      .set(author)
      .send({ description: 'Hi <b>there</b><script>x()</script>' });
    expect(own.body.description).toBe('Hi there');
    const admins = await request(app)
      .post(path(TEST_USER_IDS.author))
      .set(admin)
      .send({ description: 'Hi <b>there</b>' });
    expect(admins.body.description).toBe('Hi <b>there</b>');
  });

  test('roles: promote_users needed (rest_cannot_edit_roles); roles-only updates; no self-demotion for administrators', async () => {
    const own = await request(app)
      .post(path(TEST_USER_IDS.subscriber))
      .set(subscriber)
      .send({ roles: ['administrator'] });
    expect(own.body).toEqual({
      code: 'rest_cannot_edit_roles',
      message: 'Sorry, you are not allowed to edit roles of this user.',
      data: { status: 403 },
    });
    expect((await stored(TEST_USER_IDS.subscriber))!.roles).toEqual(['subscriber']);
    const promote = await request(app)
      .post(path(TEST_USER_IDS.subscriber))
      .set(admin)
      .send({ roles: ['author'] });
    expect(promote.status).toBe(200);
    expect(promote.body.roles).toEqual(['author']);
    const demote = await request(app)
      .post(path(TEST_USER_IDS.administrator))
      .set(admin)
      .send({ roles: ['editor'] });
    expect(demote.body).toEqual({
      code: 'rest_user_invalid_role',
      message: 'Sorry, you are not allowed to give users that role.',
      data: { status: 403 },
    });
    expect((await stored(TEST_USER_IDS.administrator))!.roles).toEqual(['administrator']);
  });

  test('the stored roles decide, not the header: a demoted administrator loses administrator rights at once', async () => {
    await request(app)
      .post(path(TEST_USER_IDS.editor))
      .set(admin)
      .send({ roles: ['administrator'] });
    const elevated = asRole('editor', undefined, { id: TEST_USER_IDS.editor });
    expect((await request(app).get(`${U}?context=edit`).set(elevated)).status).toBe(200);
    await request(app)
      .post(path(TEST_USER_IDS.editor))
      .set(admin)
      .send({ roles: ['subscriber'] });
    const claimsAdmin = asRole('administrator', undefined, { id: TEST_USER_IDS.editor });
    expect((await request(app).get(`${U}?context=edit`).set(claimsAdmin)).status).toBe(403);
  });

  test('username fixed, email and slug must be free, password re-hashed', async () => {
    const p = path(TEST_USER_IDS.author);
    expect((await request(app).post(p).set(author).send({ username: 'author' })).status).toBe(200);
    expect((await request(app).post(p).set(author).send({ username: 'writer' })).body).toEqual({
      code: 'rest_user_invalid_argument',
      message: "Username isn't editable.",
      data: { status: 400 },
    });
    expect((await request(app).post(p).set(author).send({ email: 'EDITOR@example.com' })).body).toEqual({
      code: 'rest_user_invalid_email',
      message: 'Invalid email address.',
      data: { status: 400 },
    });
    expect((await request(app).post(p).set(author).send({ slug: 'editor' })).body).toEqual({
      code: 'rest_user_invalid_slug',
      message: 'Invalid slug.',
      data: { status: 400 },
    });
    const before = (await stored(TEST_USER_IDS.author))!.password_hash;
    const changed = await request(app)
      .post(p)
      .set(author)
      .send({ password: 'a new secret', email: 'writer@example.com', slug: 'the-writer' });
    expect(changed.body).toMatchObject({
      email: 'writer@example.com',
      slug: 'the-writer',
      link: 'http://loom.test/author/the-writer/',
    });
    const after = (await stored(TEST_USER_IDS.author))!;
    expect(after.password_hash).not.toBe(before);
    expect(await verifyPassword('a new secret', after.password_hash)).toBe(true);
  });
});

describe('deleting users', () => {
  const del = (id: number, query: string, who = admin) => request(app).delete(`${U}/${id}${query}`).set(who);

  test('reassign is required; force is required (501); only delete_users may delete', async () => {
    const missing = await del(TEST_USER_IDS.author, '?force=true');
    expect(missing.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): reassign',
      data: { status: 400, params: ['reassign'] },
    });
    const noForce = await del(TEST_USER_IDS.author, '?reassign=1');
    expect(noForce.status).toBe(501);
    expect(noForce.body).toEqual({
      code: 'rest_trash_not_supported',
      message: "Users do not support trashing. Set 'force=true' to delete.",
      data: { status: 501 },
    });
    const byEditor = await del(TEST_USER_IDS.author, '?force=true&reassign=1', editor);
    expect(byEditor.body).toEqual({
      code: 'rest_user_cannot_delete',
      message: 'Sorry, you are not allowed to delete this user.',
      data: { status: 403 },
    });
    const self = await del(TEST_USER_IDS.author, '?force=true&reassign=false', author);
    expect(self.status).toBe(403);
    const bad = await del(TEST_USER_IDS.author, '?force=true&reassign=nobody');
    expect(bad.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { reassign: 'Invalid user parameter(s).' } },
    });
    expect(await stored(TEST_USER_IDS.author)).not.toBeNull();
  });

  test('reassign to another user moves every post; the answer is {deleted, previous} in edit context', async () => {
    await post(TEST_USER_IDS.author, 'publish', 'post', 101);
    await post(TEST_USER_IDS.author, 'draft', 'page', 102);
    await post(TEST_USER_IDS.author, 'publish', 'nav_menu_item', 103);
    const self = await del(TEST_USER_IDS.author, `?force=true&reassign=${TEST_USER_IDS.author}`);
    expect(self.body).toEqual({
      code: 'rest_user_invalid_reassign',
      message: 'Invalid user ID for reassignment.',
      data: { status: 400 },
    });
    expect((await del(TEST_USER_IDS.author, '?force=true&reassign=999')).body.code).toBe('rest_user_invalid_reassign');
    const r = await del(TEST_USER_IDS.author, `?force=1&reassign=${TEST_USER_IDS.editor}`);
    expect(r.status).toBe(200);
    expect(r.body.deleted).toBe(true);
    // The data alone, without links (WP_REST_Response::get_data()).
    expect(Object.keys(r.body.previous)).toEqual(EDIT_KEYS.filter((k) => k !== '_links'));
    expect(r.body.previous).toMatchObject({ id: TEST_USER_IDS.author, email: 'author@example.com' });
    expect(await stored(TEST_USER_IDS.author)).toBeNull();
    const posts = await store.collection('posts').find({}, { sort: { id: 1 } });
    expect(posts.map((p) => p.author)).toEqual([TEST_USER_IDS.editor, TEST_USER_IDS.editor, TEST_USER_IDS.editor]);
    expect((await request(app).get(`${U}/${TEST_USER_IDS.author}`).set(admin)).status).toBe(404);
  });

  test("reassign=false deletes the posts deleted with their author, keeps the rest, and the user's passwords go too", async () => {
    await post(TEST_USER_IDS.author, 'publish', 'post', 201);
    await post(TEST_USER_IDS.author, 'publish', 'page', 202);
    await post(TEST_USER_IDS.author, 'publish', 'nav_menu_item', 203);
    await post(TEST_USER_IDS.editor, 'publish', 'post', 204);
    await request(app).post(`${U}/me/application-passwords`).set(author).send({ name: 'phone' });
    const r = await request(app)
      .delete(`${U}/${TEST_USER_IDS.author}`)
      .set(admin)
      .send({ force: true, reassign: false });
    expect(r.status).toBe(200);
    const left = await store.collection('posts').find({}, { sort: { id: 1 } });
    expect(left.map((p) => p.id)).toEqual([203, 204]);
    expect(await store.collection('application_passwords').count({ user_id: TEST_USER_IDS.author })).toBe(0);
  });

  test("a deleted user's signed identity is nobody: anonymous from then on", async () => {
    const gone = await insertUser(store, 'temp', ['administrator']);
    expect((await request(app).get(`${U}/me`).set(as(gone))).status).toBe(200);
    await del(gone.id, '?force=true&reassign=false');
    const me = await request(app).get(`${U}/me`).set(as(gone));
    expect(me.body.code).toBe('rest_not_logged_in');
    const createAsGhost = await create({ username: 'ghost', email: 'ghost@example.com', password: 'x' }, as(gone));
    expect(createAsGhost.status).toBe(401);
  });
});

describe('identity of callers', () => {
  test('a signed identity for an id that was never a user cannot act (treated as anonymous)', async () => {
    const ghost = asRole('administrator', undefined, { id: 4242 });
    const r = await request(app).post('/rest/core/v2/categories').set(ghost).send({ name: 'Ghostly' });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('rest_cannot_create');
    expect((await request(app).get(`${U}/me`).set(ghost)).body.code).toBe('rest_not_logged_in');
  });
});
