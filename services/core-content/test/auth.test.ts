import { createHash } from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import {
  AUTH_APP_PASSWORD_PATH,
  AUTH_LOGIN_PATH,
  AUTH_SESSION_END_PATH,
  AUTH_SESSION_PATH,
  authResponseSchema,
  INTERNAL_HEADER,
} from '@loom/contracts';
import { asRole, signInternal, TEST_SECRET, TEST_USER_IDS } from '@loom/service-kit';
import type { Store } from '@loom/store';
import {
  APP_PASSWORDS,
  USAGE_INTERVAL_MS,
  type AppPasswordDoc,
} from '../src/resources/application-passwords/repository';
import * as passwords from '../src/resources/users/passwords';
import { SESSION_TOKENS, type SessionDoc } from '../src/resources/users/sessions';
import { passwordOf, startCore } from './helpers';

let app: Awaited<ReturnType<typeof startCore>>['app'];
let store: Store;
let close: () => Promise<void>;
let logged: string[];

beforeEach(async () => {
  logged = [];
  // Everything the service logs, at every level, for the "no credentials in logs" checks.
  const log = pino({ level: 'trace' }, { write: (line: string) => void logged.push(line) });
  ({ app, store, close } = await startCore({ log }));
});
afterEach(() => close());

const internal = () => ({ [INTERNAL_HEADER]: signInternal(TEST_SECRET) });
const check = (path: string, body: unknown) =>
  request(app)
    .post(path)
    .set(internal())
    .send(body as object);
const appAuth = (username: string, password: string, ip?: string) =>
  check(AUTH_APP_PASSWORD_PATH, { username, password, ...(ip ? { ip } : {}) });

/** Creates an application password for the author through the REST API; returns it as shown (chunked). */
async function newAppPassword(name = 'client'): Promise<{ password: string; uuid: string }> {
  const r = await request(app)
    .post('/rest/core/v2/users/me/application-passwords')
    .set(asRole('author'))
    .send({ name });
  return { password: r.body.password, uuid: r.body.uuid };
}
const stored = async (uuid: string) => (await store.collection<AppPasswordDoc>(APP_PASSWORDS).findOne({ uuid }))!;

describe("application passwords (the gateway's Basic credentials)", () => {
  test("by login and by email (any case), spaced or not: {user} with the password's uuid; `recorded` when the use was written", async () => {
    const { password, uuid } = await newAppPassword();
    const user = { id: TEST_USER_IDS.author, login: 'author', name: 'author', roles: ['author'], app_password: uuid };
    // The first use records last_used (a write the gateway's answer cache must hear of); later ones, within a day, do not.
    let expected: object = { user, recorded: true };
    for (const [username, pw] of [
      ['author', password],
      ['AUTHOR@example.com', password],
      ['author', password.replace(/ /g, '')],
      ['author', password.replace(/ /g, '-')],
    ]) {
      const r = await appAuth(username!, pw!);
      expect(r.status).toBe(200);
      expect(r.body).toEqual(expected);
      expect(authResponseSchema.parse(r.body)).toEqual(expected);
      expect(r.headers['cache-control']).toBe('no-store');
      expected = { user };
    }
  });

  test("unknown login, unknown email, wrong password: 401 with WordPress's codes and messages", async () => {
    const { password } = await newAppPassword();
    expect((await appAuth('nobody', password)).body).toEqual({
      code: 'invalid_username',
      message: '<strong>Error</strong>: Unknown username. Check again or try your email address.',
      data: { status: 401 },
    });
    expect((await appAuth('nobody@example.com', password)).body).toEqual({
      code: 'invalid_email',
      message: '<strong>Error</strong>: Unknown email address. Check again or try your username.',
      data: { status: 401 },
    });
    const wrong = await appAuth('author', 'abcd efgh ijkl mnop qrst uvwx');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
      data: { status: 401 },
    });
  });

  test('the account password is not accepted here', async () => {
    await newAppPassword();
    const r = await appAuth('author', passwordOf('author'));
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('incorrect_password');
  });

  test('a user without application passwords: incorrect_password', async () => {
    expect((await appAuth('editor', 'abcd efgh ijkl mnop qrst uvwx')).body.code).toBe('incorrect_password');
  });

  test('use is recorded: last_used (GMT, no Z) and last_ip, at most once a day as WordPress', async () => {
    const { password, uuid } = await newAppPassword();
    expect(await stored(uuid)).toMatchObject({ last_used: null, last_ip: null });
    const before = Date.now();
    await appAuth('author', password, '203.0.113.9');
    const first = await stored(uuid);
    expect(first.last_used).toBeGreaterThanOrEqual(before);
    expect(first.last_ip).toBe('203.0.113.9');
    const listed = await request(app).get('/rest/core/v2/users/me/application-passwords').set(asRole('author'));
    expect(listed.body[0].last_used).toBe(new Date(first.last_used!).toISOString().slice(0, 19));
    expect(listed.body[0].last_ip).toBe('203.0.113.9');

    await appAuth('author', password, '198.51.100.7');
    expect(await stored(uuid)).toMatchObject({ last_used: first.last_used, last_ip: '203.0.113.9' });
    // A day later the next use is recorded again.
    await store
      .collection(APP_PASSWORDS)
      .updateOne({ uuid }, { $set: { last_used: first.last_used! - USAGE_INTERVAL_MS - 1 } });
    await appAuth('author', password, '198.51.100.7');
    const later = await stored(uuid);
    expect(later.last_ip).toBe('198.51.100.7');
    expect(later.last_used).toBeGreaterThanOrEqual(before);
  });

  test('a revoked (deleted) application password fails immediately; the others keep working', async () => {
    const a = await newAppPassword('a');
    const b = await newAppPassword('b');
    expect((await appAuth('author', a.password)).status).toBe(200);
    await request(app).delete(`/rest/core/v2/users/me/application-passwords/${a.uuid}`).set(asRole('author'));
    expect((await appAuth('author', a.password)).body.code).toBe('incorrect_password');
    expect((await appAuth('author', b.password)).body.user.app_password).toBe(b.uuid);
  });
});

describe('account passwords (the authorize-application page)', () => {
  test('by login or email: {user} without app_password', async () => {
    for (const username of ['editor', 'Editor@Example.com']) {
      const r = await check(AUTH_LOGIN_PATH, { username, password: passwordOf('editor') });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        user: { id: TEST_USER_IDS.editor, login: 'editor', name: 'editor', roles: ['editor'] },
      });
    }
  });

  test("wrong password, unknown login or email, empty fields: 401 with WordPress's codes; application passwords refused", async () => {
    const { password } = await newAppPassword();
    const viaApp = await check(AUTH_LOGIN_PATH, { username: 'author', password });
    expect(viaApp.body).toEqual({
      code: 'incorrect_password',
      message:
        '<strong>Error</strong>: The password you entered for the username <strong>author</strong> is incorrect.',
      data: { status: 401 },
    });
    const byEmail = await check(AUTH_LOGIN_PATH, { username: 'author@example.com', password: 'nope' });
    expect(byEmail.body.message).toBe(
      '<strong>Error</strong>: The password you entered for the email address <strong>author@example.com</strong> is incorrect.',
    );
    const unknown = await check(AUTH_LOGIN_PATH, { username: '<i>x</i>', password: 'nope' });
    expect(unknown.body).toEqual({
      code: 'invalid_username',
      message:
        '<strong>Error</strong>: The username <strong>&lt;i&gt;x&lt;/i&gt;</strong> is not registered on this site. If you are unsure of your username, try your email address instead.',
      data: { status: 401 },
    });
    expect((await check(AUTH_LOGIN_PATH, { username: 'who@example.com', password: 'nope' })).body).toEqual({
      code: 'invalid_email',
      message: 'Unknown email address. Check again or try your username.',
      data: { status: 401 },
    });
    expect((await check(AUTH_LOGIN_PATH, { username: '', password: 'x' })).body.code).toBe('empty_username');
    expect((await check(AUTH_LOGIN_PATH, { username: 'editor', password: '' })).body.code).toBe('empty_password');
  });

  test('an unknown login costs a password hash too, so timing does not tell which logins exist', async () => {
    const spy = jest.spyOn(passwords, 'verifyAgainstDummy');
    try {
      await check(AUTH_LOGIN_PATH, { username: 'nobody', password: 'x' });
      expect(spy).toHaveBeenCalledTimes(1);
      await check(AUTH_LOGIN_PATH, { username: 'editor', password: 'x' });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('site sessions (the sign-in cookie)', () => {
  const editor = { id: TEST_USER_IDS.editor, login: 'editor', name: 'editor', roles: ['editor'] };
  const signIn = async (ttl_s = 3600) => {
    const r = await check(AUTH_LOGIN_PATH, {
      username: 'editor',
      password: passwordOf('editor'),
      ip: '192.0.2.7',
      session: { ttl_s, ua: 'Test browser' },
    });
    expect(r.status).toBe(200);
    return r.body as { user: object; session: { token: string; expiration: number } };
  };
  const live = (user_id: number, token: string) => check(AUTH_SESSION_PATH, { user_id, token });

  test('a login asked for one starts it: a 43-character token, kept only as its SHA-256, with expiry, address, browser', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { user, session } = await signIn();
    expect(user).toEqual(editor);
    expect(session.token).toMatch(/^[\w-]{43}$/);
    expect(session.expiration - before).toBeGreaterThanOrEqual(3600);
    expect(session.expiration - before).toBeLessThanOrEqual(3601);
    const docs = await store.collection<SessionDoc>(SESSION_TOKENS).find({ user_id: editor.id });
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ expiration: session.expiration, ip: '192.0.2.7', ua: 'Test browser' });
    expect(JSON.stringify(docs)).not.toContain(session.token);
    // Without `session`, a login check starts none.
    const plain = await check(AUTH_LOGIN_PATH, { username: 'editor', password: passwordOf('editor') });
    expect(plain.body).toEqual({ user: editor });
    expect(await store.collection(SESSION_TOKENS).count({})).toBe(1);
  });

  test('live for its user only, until it ends; ending it twice says it was over', async () => {
    const { session } = await signIn();
    expect((await live(editor.id, session.token)).body).toEqual({ user: editor });
    expect((await live(TEST_USER_IDS.author, session.token)).body).toEqual({ user: null });
    expect((await live(editor.id, `${session.token.slice(1)}x`)).body).toEqual({ user: null });
    const end = await check(AUTH_SESSION_END_PATH, { user_id: editor.id, token: session.token });
    expect([end.status, end.body]).toEqual([200, { ended: true }]);
    expect((await live(editor.id, session.token)).body).toEqual({ user: null });
    expect((await check(AUTH_SESSION_END_PATH, { user_id: editor.id, token: session.token })).body).toEqual({
      ended: false,
    });
  });

  test('an expired session is over, and goes when its user next signs in', async () => {
    const { session } = await signIn(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await live(editor.id, session.token)).body).toEqual({ user: null });
    await signIn();
    expect(await store.collection(SESSION_TOKENS).count({ user_id: editor.id })).toBe(1);
  });

  test("the user's current roles, not the ones at sign-in; a password change or the user's deletion ends them all", async () => {
    const first = await signIn();
    const second = await signIn();
    const promoted = await request(app)
      .post(`/rest/core/v2/users/${editor.id}`)
      .set(asRole('administrator'))
      .send({ roles: ['administrator'] });
    expect(promoted.status).toBe(200);
    expect((await live(editor.id, first.session.token)).body.user.roles).toEqual(['administrator']);
    const changed = await request(app)
      .post(`/rest/core/v2/users/${editor.id}`)
      .set(asRole('administrator'))
      .send({ password: 'another-Password-1' });
    expect(changed.status).toBe(200);
    for (const { session } of [first, second])
      expect((await live(editor.id, session.token)).body).toEqual({ user: null });

    const third = (
      await check(AUTH_LOGIN_PATH, { username: 'editor', password: 'another-Password-1', session: { ttl_s: 60 } })
    ).body as { session: { token: string } };
    expect((await live(editor.id, third.session.token)).body.user).toMatchObject({ id: editor.id });
    const gone = await request(app)
      .delete(`/rest/core/v2/users/${editor.id}?force=true&reassign=${TEST_USER_IDS.administrator}`)
      .set(asRole('administrator'));
    expect(gone.status).toBe(200);
    expect((await live(editor.id, third.session.token)).body).toEqual({ user: null });
    expect(await store.collection(SESSION_TOKENS).count({ user_id: editor.id })).toBe(0);
  });

  test('malformed requests are 400s; the endpoints need the internal proof', async () => {
    for (const body of [{ user_id: 0, token: 'x' }, { user_id: 2 }, { user_id: 2, token: '' }, { session: 1 }]) {
      expect((await check(AUTH_SESSION_PATH, body)).status).toBe(400);
    }
    const login = await check(AUTH_LOGIN_PATH, {
      username: 'editor',
      password: passwordOf('editor'),
      session: { ttl_s: 0 },
    });
    expect(login.status).toBe(400);
    for (const path of [AUTH_SESSION_PATH, AUTH_SESSION_END_PATH]) {
      const r = await request(app)
        .post(path)
        .send({ user_id: editor.id, token: 'x'.repeat(43) });
      expect(r.status).toBe(403);
    }
  });
});

describe('the endpoints themselves', () => {
  test('no or a bad x-loom-internal proof: 403, whatever the body', async () => {
    for (const path of [AUTH_APP_PASSWORD_PATH, AUTH_LOGIN_PATH]) {
      const none = await request(app)
        .post(path)
        .send({ username: 'editor', password: passwordOf('editor') });
      expect(none.status).toBe(403);
      expect(none.body).toEqual({
        code: 'loom_internal_only',
        message: 'This endpoint is for Loom services only.',
        data: { status: 403 },
      });
      const forged = await request(app)
        .post(path)
        .set(INTERNAL_HEADER, signInternal('not-the-secret'))
        .send({ username: 'editor', password: passwordOf('editor') });
      expect(forged.status).toBe(403);
    }
  });

  test('not reachable under /rest (the gateway proxies only /rest)', async () => {
    const r = await request(app)
      .post(`/rest${AUTH_APP_PASSWORD_PATH}`)
      .set(internal())
      .send({ username: 'a', password: 'b' });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('rest_no_route');
  });

  test("malformed or incomplete bodies are 400s in WordPress's shape", async () => {
    const bad = await request(app)
      .post(AUTH_LOGIN_PATH)
      .set(internal())
      .set('content-type', 'application/json')
      .send('{"username":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400 },
    });
    const missing = await check(AUTH_APP_PASSWORD_PATH, { username: 'editor' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { password: expect.any(String) } },
    });
  });

  test('no password, application password, session token or hash ever reaches the logs', async () => {
    const { password, uuid } = await newAppPassword();
    const secrets = [
      password,
      password.replace(/ /g, ''),
      passwordOf('editor'),
      'wrong-password-value',
      'NewUserPassword123',
    ];
    await appAuth('author', password, '192.0.2.1');
    await appAuth('author', password.replace(/ /g, ''));
    await appAuth('author', 'wrong-password-value');
    await appAuth('nobody', password);
    await check(AUTH_LOGIN_PATH, { username: 'editor', password: passwordOf('editor') });
    await check(AUTH_LOGIN_PATH, { username: 'editor', password: 'wrong-password-value' });
    await request(app)
      .post('/rest/core/v2/users')
      .set(asRole('administrator'))
      .send({ username: 'newbie', email: 'newbie@example.com', password: 'NewUserPassword123' });
    await request(app)
      .post(AUTH_LOGIN_PATH)
      .set(internal())
      .set('content-type', 'application/json')
      .send(`{"username":"editor","password":"${passwordOf('editor')}"`);
    // A site session's token, and what the store keeps of it.
    const login = await check(AUTH_LOGIN_PATH, {
      username: 'editor',
      password: passwordOf('editor'),
      session: { ttl_s: 60 },
    });
    const { token } = (login.body as { session: { token: string } }).session;
    await check(AUTH_SESSION_PATH, { user_id: TEST_USER_IDS.editor, token });
    await check(AUTH_SESSION_END_PATH, { user_id: TEST_USER_IDS.editor, token });
    secrets.push(token, createHash('sha256').update(token).digest('hex'));
    const hashes = [
      (await stored(uuid)).password,
      ...(await store.collection('users').find({})).map((u) => String(u.password_hash)),
    ];
    const all = logged.join('');
    expect(logged.length).toBeGreaterThan(5);
    for (const s of [...secrets, ...hashes]) expect(all).not.toContain(s);
    expect(all).not.toMatch(/scrypt\$|sha256\$/);
  });
});
