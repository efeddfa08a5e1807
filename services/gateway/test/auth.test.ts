/**
 * Basic authentication with application passwords through the gateway, against the real core-content:
 * the signed identity services receive, WordPress's error codes, the cache, the throttle, and logs.
 */
import request from 'supertest';
import { verifyIdentity, TEST_SECRET, asRole } from '@loom/service-kit';
import type { Gateway } from '../src';
import {
  basic,
  captureLog,
  createAppPassword,
  createUser,
  freePort,
  revokeAppPassword,
  startCore,
  startCounter,
  startEcho,
  startGateway,
  type Echoed,
  type Running,
  type TestUser,
} from '@loom/testing';

const APP_PATH = '/_loom/auth/app-password';
const CACHE_MS = 300;

let core: Running;
let counter: Running & { count(path: string): number; reset(): void };
let echo: Running;
let gw: Gateway;
const logs = captureLog();
let editor: TestUser;
let editorApp: { uuid: string; password: string };
let subscriber: TestUser;
let subscriberApp: { uuid: string; password: string };

beforeAll(async () => {
  [core, echo] = await Promise.all([startCore(), startEcho()]);
  counter = await startCounter(core.url);
  gw = await startGateway(
    { upstreams: { 'core-content': counter.url, forms: echo.url }, log: logs.log },
    // Generous limits here (the throttle has its own gateway below); a short cache to observe expiry.
    {
      LOOM_AUTH_CACHE_MS: String(CACHE_MS),
      LOOM_AUTH_MAX_FAILURES: '1000',
      LOOM_AUTH_MAX_USER_FAILURES: '1000',
      LOOM_TRUST_PROXY: '1',
    },
  );
  editor = await createUser(core.url, 'editor');
  editorApp = await createAppPassword(core.url, editor);
  subscriber = await createUser(core.url, 'subscriber');
  subscriberApp = await createAppPassword(core.url, subscriber);
});
afterAll(async () => {
  gw.close();
  await Promise.all([counter.close(), echo.close()]);
  await core.close();
});

const identityAt = (r: request.Response) => {
  const header = (r.body as Echoed).headers['x-loom-identity'];
  if (typeof header !== 'string') return null;
  const v = verifyIdentity(header, TEST_SECRET, 60);
  if (!v.ok) throw new Error(v.reason);
  return v.user;
};

describe('success', () => {
  test('an editor creates a category with an application password; the service sees the editor', async () => {
    const r = await request(gw.app)
      .post('/rest/core/v2/categories')
      .set(basic(editor.login, editorApp.password))
      .send({ name: 'Made with Basic' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Made with Basic', taxonomy: 'category' });
    const me = await request(gw.app).get('/rest/core/v2/users/me').set(basic(editor.login, editorApp.password));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: editor.id, slug: editor.login });
  });

  test('the signed identity carries the user and the application password used; credentials are not forwarded', async () => {
    const r = await request(gw.app).get('/rest/formsA/v1/x').set(basic(editor.login, editorApp.password));
    expect(identityAt(r)).toMatchObject({
      id: editor.id,
      login: editor.login,
      roles: ['editor'],
      app_password: editorApp.uuid,
    });
    expect((r.body as Echoed).headers.authorization).toBeUndefined();
  });

  test('spaces (or none, or other separators) in the password and the email instead of the login all work', async () => {
    const bare = editorApp.password.replace(/ /g, '');
    expect(editorApp.password).toContain(' ');
    for (const [login, password] of [
      [editor.login, bare],
      [editor.login, editorApp.password],
      [editor.login, bare.replace(/(.{4})/g, '$1-')],
      [editor.email, editorApp.password],
    ]) {
      const r = await request(gw.app).get('/rest/formsA/v1/x').set(basic(login, password));
      expect([login, password, identityAt(r)?.id]).toEqual([login, password, editor.id]);
    }
  });

  test('a subscriber is authenticated but not allowed: 403 rest_cannot_create', async () => {
    const r = await request(gw.app)
      .post('/rest/core/v2/categories')
      .set(basic(subscriber.login, subscriberApp.password))
      .send({ name: 'Nope' });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('rest_cannot_create');
  });
});

describe('failures: 401 with WordPress codes and WWW-Authenticate', () => {
  const expect401 = (r: request.Response, code: string, message: string) => {
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code, message, data: { status: 401 } });
    expect(r.headers['www-authenticate']).toBe('Basic realm="Loom"');
    // The REST headers of any /rest answer.
    expect(r.headers['x-robots-tag']).toBe('noindex');
    expect(r.headers['access-control-expose-headers']).toBeDefined();
  };

  test('wrong password, unknown login, unknown email', async () => {
    expect401(
      await request(gw.app).get('/rest/core/v2/categories').set(basic(editor.login, 'abcd abcd abcd abcd abcd abcd')),
      'incorrect_password',
      'The provided password is an invalid application password.',
    );
    expect401(
      await request(gw.app).get('/rest/core/v2/categories').set(basic('nobody-here', editorApp.password)),
      'invalid_username',
      '<strong>Error</strong>: Unknown username. Check again or try your email address.',
    );
    expect401(
      await request(gw.app).get('/rest/core/v2/categories').set(basic('nobody@loom.test', editorApp.password)),
      'invalid_email',
      '<strong>Error</strong>: Unknown email address. Check again or try your username.',
    );
  });

  test("the account's login password is not an application password", async () => {
    const r = await request(gw.app).get('/rest/core/v2/categories').set(basic(editor.login, editor.password));
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('incorrect_password');
  });

  test('checked on every /rest request, as WordPress does before routing: index, batch, unknown routes', async () => {
    const wrong = basic(editor.login, 'wrong');
    for (const [method, path] of [
      ['get', '/rest/'],
      ['post', '/rest/batch/v1'],
      ['get', '/rest/nope/v1'],
      ['get', '/?rest_route=/core/v2/categories'],
    ] as const) {
      const r = await request(gw.app)[method](path).set(wrong);
      expect([path, r.status, r.body.code]).toEqual([path, 401, 'incorrect_password']);
    }
    // Batch answers (207) only callers who authenticated.
    const ok = await request(gw.app)
      .post('/rest/batch/v1')
      .set(basic(editor.login, editorApp.password))
      .send({ requests: [] });
    expect(ok.status).toBe(207);
  });

  test('a Basic header that cannot be read is a 401 of its own; other schemes are ignored (anonymous)', async () => {
    for (const h of ['Basic', 'Basic %%%', `Basic ${Buffer.from('no colon').toString('base64')}`]) {
      const r = await request(gw.app).get('/rest/core/v2/categories').set('Authorization', h);
      expect([h, r.status, r.body.code, r.headers['www-authenticate']]).toEqual([
        h,
        401,
        'loom_malformed_authorization',
        'Basic realm="Loom"',
      ]);
    }
    const bearer = await request(gw.app).get('/rest/formsA/v1/x').set('Authorization', 'Bearer abc');
    expect(bearer.status).toBe(200);
    expect(identityAt(bearer)).toBeNull();
    expect((bearer.body as Echoed).headers.authorization).toBeUndefined();
    const create = await request(gw.app)
      .post('/rest/core/v2/categories')
      .set('Authorization', 'Bearer abc')
      .send({ name: 'x' });
    expect([create.status, create.body.code]).toEqual([401, 'rest_cannot_create']);
  });

  test('an error keeps the REST conventions: _envelope, CORS', async () => {
    const r = await request(gw.app)
      .get('/rest/core/v2/categories?_envelope')
      .set(basic(editor.login, 'wrong'))
      .set('Origin', 'https://app.example');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 401,
      body: { code: 'incorrect_password' },
      headers: { 'WWW-Authenticate': 'Basic realm="Loom"' },
    });
    expect(r.headers['access-control-allow-origin']).toBe('https://app.example');
  });
});

describe('client identity headers', () => {
  test('a client cannot pass its own identity header, even a validly signed one', async () => {
    const anon = await request(gw.app)
      .post('/rest/core/v2/categories')
      .set(asRole('administrator'))
      .send({ name: 'Forged' });
    expect([anon.status, anon.body.code]).toEqual([401, 'rest_cannot_create']);
    const echoed = await request(gw.app).get('/rest/formsA/v1/x').set(asRole('administrator'));
    expect(identityAt(echoed)).toBeNull();
    // With credentials, the gateway's identity replaces the client's.
    const mixed = await request(gw.app)
      .get('/rest/formsA/v1/x')
      .set(asRole('administrator'))
      .set(basic(subscriber.login, subscriberApp.password));
    expect(identityAt(mixed)).toMatchObject({ id: subscriber.id, roles: ['subscriber'] });
  });
});

describe('cache', () => {
  test('a success is reused within the TTL; failures are never cached', async () => {
    const user = await createUser(core.url, 'author');
    const app = await createAppPassword(core.url, user);
    counter.reset();
    const creds = basic(user.login, app.password);
    expect((await request(gw.app).get('/rest/formsA/v1/x').set(creds)).status).toBe(200);
    expect((await request(gw.app).get('/rest/formsA/v1/x').set(creds)).status).toBe(200);
    // Same password written differently: same normalised credentials, same entry.
    expect(
      (
        await request(gw.app)
          .get('/rest/formsA/v1/x')
          .set(basic(user.login, app.password.replace(/ /g, '')))
      ).status,
    ).toBe(200);
    expect(counter.count(APP_PATH)).toBe(1);

    const wrong = basic(user.login, 'not it');
    await request(gw.app).get('/rest/formsA/v1/x').set(wrong);
    await request(gw.app).get('/rest/formsA/v1/x').set(wrong);
    expect(counter.count(APP_PATH)).toBe(3);
  });

  test('concurrent first requests share one check', async () => {
    const user = await createUser(core.url, 'author');
    const app = await createAppPassword(core.url, user);
    counter.reset();
    const rs = await Promise.all(
      Array.from({ length: 8 }, () => request(gw.app).get('/rest/formsA/v1/x').set(basic(user.login, app.password))),
    );
    expect(rs.map((r) => identityAt(r)?.id)).toEqual(Array(8).fill(user.id));
    expect(counter.count(APP_PATH)).toBe(1);
  });

  test(`a revoked password stops working within the TTL (${CACHE_MS} ms here)`, async () => {
    const user = await createUser(core.url, 'editor');
    const app = await createAppPassword(core.url, user);
    const creds = basic(user.login, app.password);
    expect((await request(gw.app).get('/rest/formsA/v1/x').set(creds)).status).toBe(200); // now cached
    await revokeAppPassword(core.url, user, app.uuid);
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < CACHE_MS + 2000) {
      status = (await request(gw.app).get('/rest/formsA/v1/x').set(creds)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe(401);
    // The TTL, plus one poll and one request of slack.
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(CACHE_MS + 500);
  });
});

describe('re-check ahead of expiry', () => {
  const TTL = 2000;
  const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));
  const waitFor = async (cond: () => boolean) => {
    for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  test('past half the TTL a request is answered from the cache and the entry renewed in the background', async () => {
    const g = await startGateway(
      { upstreams: { 'core-content': counter.url, forms: echo.url } },
      { LOOM_AUTH_CACHE_MS: String(TTL) },
    );
    try {
      const user = await createUser(core.url, 'author');
      const creds = basic(user.login, (await createAppPassword(core.url, user)).password);
      counter.reset();
      const t0 = Date.now();
      expect((await request(g.app).get('/rest/formsA/v1/x').set(creds)).status).toBe(200);
      expect(counter.count(APP_PATH)).toBe(1);
      await sleepUntil(t0 + TTL * 0.55);
      expect((await request(g.app).get('/rest/formsA/v1/x').set(creds)).status).toBe(200);
      await waitFor(() => counter.count(APP_PATH) === 2);
      expect(counter.count(APP_PATH)).toBe(2);
      // Past the first check's expiry: the renewed entry answers, no request waits for a check.
      await sleepUntil(t0 + TTL * 1.05);
      expect(identityAt(await request(g.app).get('/rest/formsA/v1/x').set(creds))?.id).toBe(user.id);
      expect(counter.count(APP_PATH)).toBe(2);
    } finally {
      g.close();
    }
  });

  test('a background re-check that is refused drops the entry: a revoked password stops before its TTL', async () => {
    const g = await startGateway(
      { upstreams: { 'core-content': counter.url, forms: echo.url } },
      { LOOM_AUTH_CACHE_MS: String(TTL) },
    );
    try {
      const user = await createUser(core.url, 'editor');
      const app = await createAppPassword(core.url, user);
      const creds = basic(user.login, app.password);
      counter.reset();
      const t0 = Date.now();
      expect((await request(g.app).get('/rest/formsA/v1/x').set(creds)).status).toBe(200);
      await revokeAppPassword(core.url, user, app.uuid);
      await sleepUntil(t0 + TTL * 0.55);
      // Served from the stale entry while the re-check runs; once it is refused the next request checks again.
      expect((await request(g.app).get('/rest/formsA/v1/x').set(creds)).status).toBe(200);
      await waitFor(() => counter.count(APP_PATH) === 2);
      await new Promise((r) => setTimeout(r, 20));
      const after = await request(g.app).get('/rest/formsA/v1/x').set(creds);
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('incorrect_password');
      expect(Date.now() - t0).toBeLessThan(TTL);
    } finally {
      g.close();
    }
  });
});

describe('core-content unavailable', () => {
  test('Basic requests get 503 loom_service_unavailable; anonymous ones are unaffected', async () => {
    const down = await startGateway({
      upstreams: { 'core-content': `http://127.0.0.1:${await freePort()}`, forms: echo.url },
    });
    try {
      const r = await request(down.app).get('/rest/formsA/v1/x').set(basic(editor.login, editorApp.password));
      expect([r.status, r.body.code]).toEqual([503, 'loom_service_unavailable']);
      expect(r.headers['www-authenticate']).toBeUndefined();
      expect((await request(down.app).get('/rest/formsA/v1/x')).status).toBe(200);
    } finally {
      down.close();
    }
  });
});

describe('internal endpoints are not reachable through the gateway', () => {
  test('/_loom/auth/* answers 404 however it is addressed', async () => {
    for (const path of [
      '/_loom/auth/app-password',
      '/_loom/auth/login',
      '/rest/_loom/auth/login',
      '/rest/core/v2/../../_loom/auth/login',
      '/rest/core/v2/%2e%2e/%2e%2e/_loom/auth/login',
      '/?rest_route=/core/v2/../../_loom/auth/login',
    ]) {
      const r = await request(gw.app).post(path).send({ username: editor.login, password: editor.password });
      expect([path, r.status]).toEqual([path, 404]);
    }
  });
});

describe('throttle', () => {
  let tgw: Gateway;
  let user: TestUser;
  let app: { uuid: string; password: string };
  beforeAll(async () => {
    tgw = await startGateway(
      { upstreams: { 'core-content': counter.url, forms: echo.url } },
      {
        LOOM_AUTH_MAX_FAILURES: '3',
        LOOM_AUTH_MAX_USER_FAILURES: '5',
        LOOM_AUTH_WINDOW_MS: '60000',
        LOOM_TRUST_PROXY: '1',
      },
    );
    user = await createUser(core.url, 'editor');
    app = await createAppPassword(core.url, user);
  });
  afterAll(() => tgw.close());
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  test('after N failures from an address: 429 with Retry-After, credentials not checked, other addresses unaffected', async () => {
    const wrong = basic(user.login, 'wrong password');
    for (let i = 0; i < 3; i++)
      expect((await request(tgw.app).get('/rest/formsA/v1/x').set(from('198.51.100.1')).set(wrong)).status).toBe(401);
    counter.reset();
    const refused = await request(tgw.app)
      .get('/rest/formsA/v1/x')
      .set(from('198.51.100.1'))
      .set(basic(user.login, app.password));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'loom_too_many_attempts',
      message: 'Too many failed login attempts. Please try again later.',
      data: { status: 429 },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(counter.count(APP_PATH)).toBe(0); // not even the right password was checked

    // Anonymous requests from the address still work; other addresses are not affected.
    expect((await request(tgw.app).get('/rest/formsA/v1/x').set(from('198.51.100.1'))).status).toBe(200);
    const other = await request(tgw.app)
      .get('/rest/formsA/v1/x')
      .set(from('198.51.100.2'))
      .set(basic(user.login, app.password));
    expect(other.status).toBe(200);
    expect(identityAt(other)?.id).toBe(user.id);
  });

  test('a burst of parallel guesses cannot outrun the limit', async () => {
    counter.reset();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(tgw.app)
          .get('/rest/')
          .set(from('198.51.100.9'))
          .set(basic(`ghost-burst-${i}`, `guess-${i}`)),
      ),
    );
    expect(counter.count(APP_PATH)).toBeLessThanOrEqual(3);
    expect(guesses.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(9);
  });

  test('malformed headers count as failures', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await request(tgw.app).get('/rest/').set(from('198.51.100.3')).set('Authorization', 'Basic !')).status,
      ).toBe(401);
    expect(
      (await request(tgw.app).get('/rest/').set(from('198.51.100.3')).set('Authorization', 'Basic !')).status,
    ).toBe(429);
  });

  test('IPv6 clients are counted by /64', async () => {
    const wrong = basic('ghost-v6', 'nope'); // its own login, so that only the address limit is in play
    for (let i = 1; i <= 3; i++)
      expect(
        (
          await request(tgw.app)
            .get('/rest/')
            .set(from(`2001:db8:aa:bb::${i}`))
            .set(wrong)
        ).status,
      ).toBe(401);
    expect((await request(tgw.app).get('/rest/').set(from('2001:db8:aa:bb:ffff::9')).set(wrong)).status).toBe(429);
    expect((await request(tgw.app).get('/rest/').set(from('2001:db8:aa:bc::1')).set(wrong)).status).toBe(401);
  });

  test('failures on one login from many addresses lock that login only', async () => {
    const target = await createUser(core.url, 'author');
    const targetApp = await createAppPassword(core.url, target);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await request(tgw.app)
            .get('/rest/')
            .set(from(`203.0.113.${i}`))
            .set(basic(target.login.toUpperCase(), `guess${i}`))
        ).status,
      ).toBe(401);
    const locked = await request(tgw.app)
      .get('/rest/')
      .set(from('203.0.113.50'))
      .set(basic(target.login, targetApp.password));
    expect(locked.status).toBe(429);
    expect(
      (await request(tgw.app).get('/rest/').set(from('203.0.113.50')).set(basic(user.login, app.password))).status,
    ).toBe(200);
  });

  test('without LOOM_TRUST_PROXY, X-Forwarded-For does not let a client change its address', async () => {
    const strict = await startGateway(
      { upstreams: { 'core-content': counter.url, forms: echo.url } },
      { LOOM_AUTH_MAX_FAILURES: '2', LOOM_AUTH_MAX_USER_FAILURES: '100' },
    );
    try {
      for (let i = 0; i < 2; i++)
        await request(strict.app)
          .get('/rest/')
          .set(from(`192.0.2.${i}`))
          .set(basic(user.login, 'wrong'));
      expect(
        (await request(strict.app).get('/rest/').set(from('192.0.2.99')).set(basic(user.login, 'wrong'))).status,
      ).toBe(429);
    } finally {
      strict.close();
    }
  });
});

describe('logs', () => {
  test('no credential ever appears in the gateway log', async () => {
    const secretish = [editorApp.password, editorApp.password.replace(/ /g, ''), 'wrong-guess-xyz', editor.password];
    const headers = [
      basic(editor.login, editorApp.password),
      basic(editor.login, 'wrong-guess-xyz'),
      basic(editor.login, editor.password),
    ];
    for (const h of headers) {
      await request(gw.app).get('/rest/core/v2/categories').set(h);
      await request(gw.app).post('/rest/core/v2/categories').set(h).send({ name: 'Logged?' });
    }
    const text = JSON.stringify(logs.lines());
    expect(logs.lines().length).toBeGreaterThan(0);
    for (const s of [
      ...secretish,
      ...headers.map((h) => h.Authorization),
      ...headers.map((h) => h.Authorization.slice(6)),
    ])
      expect(text).not.toContain(s);
  });
});
