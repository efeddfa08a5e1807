import request from 'supertest';
import { asRole, signIdentity, TEST_SECRET, TEST_USER_IDS } from '@loom/service-kit';
import { IDENTITY_HEADER } from '@loom/contracts';
import type { Store } from '@loom/store';
import {
  APP_PASSWORDS,
  AppPasswordRepository,
  type AppPasswordDoc,
} from '../src/resources/application-passwords/repository';
import { normalizeAppPassword } from '../src/resources/application-passwords/secret';
import { startCore } from './helpers';

let app: Awaited<ReturnType<typeof startCore>>['app'];
let store: Store;
let close: () => Promise<void>;

const admin = asRole('administrator');
const editor = asRole('editor');
const author = asRole('author');

beforeEach(async () => {
  ({ app, store, close } = await startCore());
});
afterEach(() => close());

const base = (user: number | 'me') => `/rest/core/v2/users/${user}/application-passwords`;
const create = (user: number | 'me', body: Record<string, unknown>, who: Record<string, string> = author) =>
  request(app).post(base(user)).set(who).send(body);
const storedAll = () => store.collection<AppPasswordDoc>(APP_PASSWORDS).find({});
/** The identity the gateway signs after checking an application password. */
const viaAppPassword = (id: number, uuid: string, role: 'author' | 'editor' = 'author') =>
  ({ [IDENTITY_HEADER]: signIdentity({ id, login: role, roles: [role], app_password: uuid }, TEST_SECRET) }) as Record<
    string,
    string
  >;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const GMT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

describe('creating', () => {
  test('201 with the password once: 24 characters in groups of four; only a salted hash is stored', async () => {
    const r = await create('me', { name: 'Phone app' });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual([
      'uuid',
      'app_id',
      'name',
      'created',
      'last_used',
      'last_ip',
      'password',
      '_links',
    ]);
    expect(r.body).toMatchObject({ app_id: '', name: 'Phone app', last_used: null, last_ip: null });
    expect(r.body.uuid).toMatch(UUID);
    expect(r.body.created).toMatch(GMT);
    expect(r.body.password).toMatch(/^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/);
    const self = `http://loom.test${base(TEST_USER_IDS.author)}/${r.body.uuid}`;
    expect(r.headers.location).toBe(self);
    expect(r.body._links).toEqual({ self: [{ href: self }] });

    const [doc] = await storedAll();
    expect(doc).toMatchObject({ uuid: r.body.uuid, user_id: TEST_USER_IDS.author, name: 'Phone app' });
    expect(doc!.password).toMatch(/^sha256\$[\w-]{22}\$[\w-]{43}$/);
    const raw = normalizeAppPassword(r.body.password);
    expect(JSON.stringify(doc)).not.toContain(raw);
    expect(await new AppPasswordRepository(store).verify(TEST_USER_IDS.author, raw)).toMatchObject({
      uuid: r.body.uuid,
    });

    // Never shown again.
    const again = await request(app)
      .get(`${base('me')}/${r.body.uuid}?context=edit`)
      .set(author);
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('password');
  });

  test('names: unique per user regardless of case (409), sanitized, required', async () => {
    expect((await create('me', { name: 'CLI' })).status).toBe(201);
    const dup = await create('me', { name: 'cli' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      code: 'application_password_duplicate_name',
      message: 'Each application name should be unique.',
      data: { status: 409 },
    });
    // Another user may use the same name.
    expect((await create('me', { name: 'CLI' }, editor)).status).toBe(201);
    const missing = await create('me', {});
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['name'] } });
    const blank = await create('me', { name: '   ' });
    expect(blank.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { details: { name: { code: 'rest_invalid_pattern' } } },
    });
    const tags = await create('me', { name: '<b></b>' });
    expect(tags.body).toEqual({
      code: 'application_password_empty_name',
      message: 'An application name is required to create an application password.',
      data: { status: 400 },
    });
    expect((await storedAll()).length).toBe(2);
  });

  test('app_id: a uuid or empty; anything else is a 400', async () => {
    const appId = '6ba7b810-9dad-51d1-80b4-00c04fd430c8';
    const r = await create('me', { name: 'With id', app_id: appId });
    expect(r.body.app_id).toBe(appId);
    const bad = await create('me', { name: 'Bad id', app_id: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });
});

describe('reading, updating, deleting', () => {
  test('list in view context (sample 50), read one, 404 for an unknown uuid', async () => {
    const a = (await create('me', { name: 'one' })).body;
    await create('me', { name: 'two' });
    const list = await request(app).get(base('me')).set(author);
    expect(list.status).toBe(200);
    expect(list.headers.allow).toBe('GET, POST, DELETE');
    expect(list.body.map((i: { name: string }) => i.name)).toEqual(['one', 'two']);
    expect(Object.keys(list.body[0])).toEqual(['uuid', 'app_id', 'name', 'created', 'last_used', 'last_ip', '_links']);
    const embed = await request(app)
      .get(`${base(TEST_USER_IDS.author)}?context=embed`)
      .set(author);
    expect(Object.keys(embed.body[0])).toEqual(['uuid', 'app_id', 'name', '_links']);
    const one = await request(app)
      .get(`${base('me')}/${a.uuid}`)
      .set(author);
    expect(one.body).toMatchObject({ uuid: a.uuid, name: 'one' });
    const none = await request(app)
      .get(`${base('me')}/0b3c2e5e-0000-4000-8000-000000000000`)
      .set(author);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      code: 'rest_application_password_not_found',
      message: 'Application password not found.',
      data: { status: 404 },
    });
  });

  test('update renames (edit context, no password); app_id is not changed by an update', async () => {
    const a = (await create('me', { name: 'old' })).body;
    const r = await request(app)
      .put(`${base('me')}/${a.uuid}`)
      .set(author)
      .send({ name: 'new', app_id: '6ba7b810-9dad-51d1-80b4-00c04fd430c8' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ uuid: a.uuid, name: 'new', app_id: '' });
    expect(r.body).not.toHaveProperty('password');
  });

  test('delete one: {deleted, previous}; delete all: {deleted, count}', async () => {
    const a = (await create('me', { name: 'a' })).body;
    await create('me', { name: 'b' });
    await create('me', { name: 'c' });
    const one = await request(app)
      .delete(`${base('me')}/${a.uuid}`)
      .set(author);
    expect(one.status).toBe(200);
    expect(one.body.deleted).toBe(true);
    expect(one.body.previous).toMatchObject({ uuid: a.uuid, name: 'a' });
    expect(one.body.previous).not.toHaveProperty('password');
    expect(
      (
        await request(app)
          .delete(`${base('me')}/${a.uuid}`)
          .set(author)
      ).status,
    ).toBe(404);
    const all = await request(app).delete(base(TEST_USER_IDS.author)).set(author);
    expect(all.body).toEqual({ deleted: true, count: 2 });
    expect((await request(app).delete(base('me')).set(author)).body).toEqual({ deleted: true, count: 0 });
    expect(await storedAll()).toEqual([]);
  });
});

describe('who may manage whose passwords', () => {
  test('anonymous: `me` is rest_not_logged_in 401; a user id is rest_cannot_* 401', async () => {
    expect((await request(app).get(base('me'))).body).toEqual({
      code: 'rest_not_logged_in',
      message: 'You are not currently logged in.',
      data: { status: 401 },
    });
    expect((await request(app).get(base(TEST_USER_IDS.author))).body).toEqual({
      code: 'rest_cannot_list_application_passwords',
      message: 'Sorry, you are not allowed to list application passwords for this user.',
      data: { status: 401 },
    });
  });

  test("another user (even an editor) gets 403 with each route's own code; unknown users 404", async () => {
    const mine = (await create('me', { name: 'mine' })).body;
    const other = base(TEST_USER_IDS.author);
    const cases: Array<[request.Test, string]> = [
      [request(app).get(other).set(editor), 'rest_cannot_list_application_passwords'],
      [request(app).post(other).set(editor).send({ name: 'x' }), 'rest_cannot_create_application_passwords'],
      [request(app).delete(other).set(editor), 'rest_cannot_delete_application_passwords'],
      [request(app).get(`${other}/${mine.uuid}`).set(editor), 'rest_cannot_read_application_password'],
      [
        request(app).post(`${other}/${mine.uuid}`).set(editor).send({ name: 'x' }),
        'rest_cannot_edit_application_password',
      ],
      [request(app).delete(`${other}/${mine.uuid}`).set(editor), 'rest_cannot_delete_application_password'],
    ];
    for (const [req, code] of cases) {
      const r = await req;
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(code);
    }
    expect((await storedAll()).map((i) => i.name)).toEqual(['mine']);
    const unknown = await request(app).get(base(999)).set(admin);
    expect(unknown.body).toEqual({ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } });
  });

  test("administrators manage anyone's", async () => {
    const made = await create(TEST_USER_IDS.author, { name: 'set up by admin' }, admin);
    expect(made.status).toBe(201);
    expect((await request(app).get(base(TEST_USER_IDS.author)).set(admin)).body).toHaveLength(1);
    expect(
      (
        await request(app)
          .delete(`${base(TEST_USER_IDS.author)}/${made.body.uuid}`)
          .set(admin)
      ).status,
    ).toBe(200);
  });
});

describe('introspect', () => {
  test('with an application password in the identity: that password', async () => {
    const a = (await create('me', { name: 'in use' })).body;
    const r = await request(app)
      .get(`${base('me')}/introspect`)
      .set(viaAppPassword(TEST_USER_IDS.author, a.uuid));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ uuid: a.uuid, name: 'in use' });
    expect(r.body).not.toHaveProperty('password');
  });

  test('without one: rest_no_authenticated_app_password 404', async () => {
    const r = await request(app)
      .get(`${base('me')}/introspect`)
      .set(author);
    expect(r.body).toEqual({
      code: 'rest_no_authenticated_app_password',
      message: 'Cannot introspect Application Password.',
      data: { status: 404 },
    });
  });

  test('for another user: 403; anonymous me: 401', async () => {
    const r = await request(app)
      .get(`${base(TEST_USER_IDS.editor)}/introspect`)
      .set(admin);
    expect(r.body).toEqual({
      code: 'rest_cannot_introspect_app_password_for_non_authenticated_user',
      message: 'The authenticated Application Password can only be introspected for the current user.',
      data: { status: 403 },
    });
    expect((await request(app).get(`${base('me')}/introspect`)).status).toBe(401);
  });

  test('a revoked application password makes its signed identity nobody at once', async () => {
    const a = (await create('me', { name: 'soon revoked' })).body;
    const who = viaAppPassword(TEST_USER_IDS.author, a.uuid);
    expect((await request(app).get('/rest/core/v2/users/me').set(who)).status).toBe(200);
    await request(app)
      .delete(`${base('me')}/${a.uuid}`)
      .set(author);
    expect((await request(app).get('/rest/core/v2/users/me').set(who)).body.code).toBe('rest_not_logged_in');
  });

  test('DELETE on introspect falls through to the uuid route, as WordPress routes it', async () => {
    const r = await request(app)
      .delete(`${base('me')}/introspect`)
      .set(author);
    expect(r.body.code).toBe('rest_application_password_not_found');
  });
});
